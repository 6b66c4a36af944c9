// Local pages of known quality for the demo and end-to-end tests to report on. Served over plain
// http, so all of them fail the HTTPS check: good scores 90, decent 65, bad 25.
export const SAMPLE_NAMES = ['good', 'decent', 'bad'] as const;
export type SampleName = (typeof SAMPLE_NAMES)[number];

export const SAMPLE_SCORES: Record<SampleName, number> = { good: 90, decent: 65, bad: 25 };

const CUP_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160" viewBox="0 0 240 160">
<rect width="240" height="160" rx="12" fill="#f4ede4"/>
<path d="M70 60h84v40a34 34 0 0 1-34 34h-16a34 34 0 0 1-34-34z" fill="#6f4e37"/>
<path d="M154 70h10a16 16 0 0 1 0 32h-12" fill="none" stroke="#6f4e37" stroke-width="8"/>
<path d="M92 26c-8 10 8 14 0 24M112 22c-8 10 8 14 0 24M132 26c-8 10 8 14 0 24" fill="none" stroke="#b89b7a" stroke-width="5" stroke-linecap="round"/>
</svg>`;

export const SAMPLE_ASSETS: Record<string, { type: string; body: string }> = {
  '/samples/images/cup.svg': { type: 'image/svg+xml', body: CUP_SVG },
};

const STYLE = `<style>
body{font:16px/1.6 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#222}
header,footer{color:#666;font-size:.9rem}img{max-width:100%;height:auto;border-radius:8px}
</style>`;

/** The HTML of a sample page; `origin` makes its canonical link absolute. */
export function samplePage(name: SampleName, origin: string): string {
  switch (name) {
    case 'good':
      return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Northwind Coffee Roasters – Fresh Beans Weekly</title>
<meta name="description" content="Small-batch coffee roasted every Monday in Portland and shipped the same week. Single origins, house blends and brewing guides.">
<link rel="canonical" href="${origin}/samples/good">
${STYLE}
</head>
<body>
<header>Northwind Coffee Roasters · Portland</header>
<main>
<h1>Fresh coffee, roasted every Monday</h1>
<img src="/samples/images/cup.svg" width="240" height="160" alt="A cup of freshly brewed coffee">
<p>We roast in small batches and ship within three days, so the beans in your cup are never more
than a week old. Every bag names its farm, its altitude and the day it was roasted.</p>
<h2>This week's roasts</h2>
<ul>
<li>Ethiopia Guji – bergamot, peach, black tea</li>
<li>Colombia Huila – red apple, caramel, cocoa</li>
<li>House espresso – dark chocolate, hazelnut</li>
</ul>
<h2>Brewing guides</h2>
<p>New to pour-over? Our guides walk you through grind size, water temperature and timing for
the V60, the Chemex and the AeroPress.</p>
</main>
<footer>© Northwind Coffee Roasters</footer>
</body>
</html>
`;
    case 'decent':
      return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Harbor Street Bakery | Bread and Pastries</title>
${STYLE}
</head>
<body>
<header>Harbor Street Bakery</header>
<h1>Baked fresh every morning</h1>
<img src="/samples/images/cup.svg" width="240" height="160">
<p>Sourdough, croissants and seasonal tarts, out of the oven by seven. Open Tuesday to Sunday;
closed Mondays so the bakers can rest.</p>
<p>Order a birthday cake at least two days ahead at the counter or by phone.</p>
</body>
</html>
`;
    case 'bad':
      return `<html>
<head>
<meta name="robots" content="noindex, nofollow">
</head>
<body bgcolor="#ffff99">
<center>
<font size="6"><b>WELCOME TO MY HOMEPAGE!!!</b></font>
<br><img src="/samples/images/cup.svg"><img src="/samples/images/cup.svg">
<p><marquee>under construction</marquee></p>
<font size="2">best viewed in 800x600. you are visitor number 000042</font>
</center>
</body>
</html>
`;
  }
}

export function isSampleName(name: string): name is SampleName {
  return (SAMPLE_NAMES as readonly string[]).includes(name);
}

/**
 * Addresses that answer 301 to a sample, for reports that come back under another address than
 * the one sent. `old` redirects everyone; `moved` redirects only the analysis' own fetch (as
 * sites that canonicalise or treat bots differently do) and shows a browser the good page, so a
 * tab can stay on it while its report is stored under `/samples/good`.
 */
export const SAMPLE_REDIRECTS = {
  old: { to: 'good', onlyForAnalysis: false },
  moved: { to: 'good', onlyForAnalysis: true },
} as const satisfies Record<string, { to: SampleName; onlyForAnalysis: boolean }>;

/** Where a request for sample `name` is redirected to (a sample's name), or null for none. */
export function sampleRedirect(name: string, fromAnalysis: boolean): SampleName | null {
  if (!Object.hasOwn(SAMPLE_REDIRECTS, name)) return null;
  const { to, onlyForAnalysis } = SAMPLE_REDIRECTS[name as keyof typeof SAMPLE_REDIRECTS];
  return !onlyForAnalysis || fromAnalysis ? to : null;
}

/** The sample a browser is shown at `name`: a sample's own page, or what a redirect shows it. */
export function sampleShown(name: string): SampleName | null {
  if (isSampleName(name)) return name;
  return Object.hasOwn(SAMPLE_REDIRECTS, name)
    ? SAMPLE_REDIRECTS[name as keyof typeof SAMPLE_REDIRECTS].to
    : null;
}
