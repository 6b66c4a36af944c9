// A sample site to audit (Add pages): 30 pages the service can analyse, a sitemap index of two
// sitemaps (the second gzipped), a robots.txt naming the index, a broken sitemap, an index that
// loops, an index one of whose sitemaps is gone (404), a sitemap whose body never ends, and a
// page that redirects to itself for ever. Served with CORS, as a page of the extension fetches
// them.
import { gzipSync } from 'node:zlib';
import { SAMPLE_NAMES, type SampleName, samplePage } from './samples';

export const SITE_PAGE_COUNT = 30;
/** The sitemaps split the pages here: 1–15 in the plain one, 16–30 in the gzipped one. */
const FIRST_SITEMAP_PAGES = 15;

export const SAMPLE_SITE_PATHS = {
  index: '/site/sitemap-index.xml',
  plain: '/site/sitemap-pages.xml',
  gzipped: '/site/sitemap-more.xml.gz',
  broken: '/site/broken-sitemap.xml',
  loop: '/site/loop-index.xml',
  /** An index naming the plain sitemap and one that is not there (404). */
  staleIndex: '/site/stale-index.xml',
  gone: '/site/gone-sitemap.xml',
  /** Its first bytes come, the rest never does. */
  stalled: '/site/stalled-sitemap.xml',
  /** What a sitemap address behind a login answers: an HTML page. */
  login: '/site/login',
  /** A page that redirects to `?limit=10` of itself, again and again: the service cannot fetch
   * it, and its fetch error names that address. */
  redirectLoop: '/site/reports',
  robots: '/robots.txt',
} as const;

/** The address of page `n` (1-based) of the site at `origin`. */
export const sitePageUrl = (origin: string, n: number) => `${origin}/site/page-${n}`;

/** Which sample page `n` shows: good, decent and bad in turn. */
const sampleOf = (n: number): SampleName =>
  SAMPLE_NAMES[(n - 1) % SAMPLE_NAMES.length] as SampleName;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(origin: string, from: number, to: number): string {
  const urls = [];
  for (let n = from; n <= to; n++) urls.push(`  <url><loc>${sitePageUrl(origin, n)}</loc></url>`);
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

function sitemapIndex(locs: string[]): string {
  const entries = locs.map((loc) => `  <sitemap><loc>${loc}</loc></sitemap>`).join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries}\n</sitemapindex>\n`;
}

export type SiteAnswer =
  | {
      type: string;
      body: string | Buffer;
      /** Send `body` as the start of the answer, and never end it. */
      stall?: boolean;
    }
  | { location: string };

/** What the sample site answers at `path`, or null when it has nothing there. */
export function sampleSiteAnswer(path: string, origin: string): SiteAnswer | null {
  const xml = (body: string) => ({ type: 'application/xml; charset=utf-8', body });
  switch (path) {
    case SAMPLE_SITE_PATHS.robots:
      return {
        type: 'text/plain; charset=utf-8',
        body: `User-agent: *\nAllow: /\n\nSitemap: ${origin}${SAMPLE_SITE_PATHS.index}\n`,
      };
    case SAMPLE_SITE_PATHS.index:
      return xml(
        sitemapIndex([
          `${origin}${SAMPLE_SITE_PATHS.plain}`,
          `${origin}${SAMPLE_SITE_PATHS.gzipped}`,
        ]),
      );
    case SAMPLE_SITE_PATHS.plain:
      return xml(urlset(origin, 1, FIRST_SITEMAP_PAGES));
    case SAMPLE_SITE_PATHS.gzipped:
      return {
        type: 'application/gzip',
        body: gzipSync(urlset(origin, FIRST_SITEMAP_PAGES + 1, SITE_PAGE_COUNT)),
      };
    case SAMPLE_SITE_PATHS.broken:
      return xml(
        `${XML_HEAD}<urlset xmlns="${NS}">\n  <url><loc>${origin}/site/page-1</loc>\n  <url>\n`,
      );
    case SAMPLE_SITE_PATHS.login:
      return {
        type: 'text/html; charset=utf-8',
        body: '<!DOCTYPE html>\n<html lang="en"><head><title>Sign in</title></head><body><form method="post"><label>E-mail <input name="email"></label><label>Password <input name="password" type="password"></label><button>Sign in</button></form></body></html>\n',
      };
    case SAMPLE_SITE_PATHS.loop:
      return xml(sitemapIndex([`${origin}${SAMPLE_SITE_PATHS.loop}`]));
    case SAMPLE_SITE_PATHS.redirectLoop:
      return { location: `${origin}${SAMPLE_SITE_PATHS.redirectLoop}?limit=10` };
    case SAMPLE_SITE_PATHS.staleIndex:
      return xml(
        sitemapIndex([`${origin}${SAMPLE_SITE_PATHS.gone}`, `${origin}${SAMPLE_SITE_PATHS.plain}`]),
      );
    case SAMPLE_SITE_PATHS.stalled:
      return { ...xml(`${XML_HEAD}<urlset xmlns="${NS}">\n`), stall: true };
  }
  const page = /^\/site\/page-(\d{1,3})$/.exec(path);
  const n = Number(page?.[1]);
  if (page && n >= 1 && n <= SITE_PAGE_COUNT) {
    return { type: 'text/html; charset=utf-8', body: samplePage(sampleOf(n), origin) };
  }
  return null;
}
