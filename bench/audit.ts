// Add pages in the browser: a sitemap of 50,000 addresses read (fetched from a loopback server,
// parsed with the page's DOMParser, deduplicated) and a pasted list of as many parsed, each from
// the click until the preview says "50,000 addresses". Reported, not gated (goal ≤ 500 ms).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { inWindow, type Lab, median } from './lab';

export const AUDIT_URLS = 50_000;
export const AUDIT_GOAL_MS = 500;

const addresses = (count: number) =>
  Array.from({ length: count }, (_, n) => `https://audit.example/section-${n % 40}/page-${n}`);

function sitemapOf(urls: string[]): string {
  const entries = urls.map((url) => `<url><loc>${url}</loc><lastmod>2026-11-01</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/** From a click on the button named `button` until the page shows `shown`, in ms. */
async function timeClick(page: Page, button: string, shown: string): Promise<number> {
  await page.evaluate((name) => {
    const target = [...document.querySelectorAll('button')].find(
      (node) => node.textContent === name,
    );
    if (!target) throw new Error(`No button ${name}`);
    sessionStorage.setItem('benchClick', String(performance.now()));
    target.click();
  }, button);
  const ended = await page.waitForFunction(
    (text) =>
      document.body.innerText.includes(text) &&
      performance.now() - Number(sessionStorage.getItem('benchClick')),
    shown,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await ended.jsonValue()) as number;
}

/** Medians of `runs` reads of a sitemap and of a pasted list, each of AUDIT_URLS addresses. */
export async function auditParseTimes(lab: Lab, runs = 5) {
  const urls = addresses(AUDIT_URLS);
  const body = sitemapOf(urls);
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'application/xml',
      'Access-Control-Allow-Origin': '*',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const sitemapUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sitemap.xml`;
  const shown = `${AUDIT_URLS.toLocaleString('en')} addresses`;
  try {
    return await inWindow(lab, 'sidepanel.html#tab=add-pages', async (page) => {
      await page.getByRole('textbox', { name: 'Sitemap address', exact: true }).fill(sitemapUrl);
      const paste = (text: string) =>
        // As a paste would (Playwright's fill is slow for 2 MB).
        page.evaluate((value) => {
          const area = document.querySelector('textarea');
          if (!area) throw new Error('No text area');
          area.value = value;
          area.dispatchEvent(new Event('input', { bubbles: true }));
        }, text);
      /** Shows a one-address preview, so that the timed read's count is a new one. */
      const reset = async () => {
        await paste('https://audit.example/');
        await timeClick(page, 'Read list', '1 address');
      };
      const sitemap: number[] = [];
      const list: number[] = [];
      // One uncounted round first (the view's code and the JIT warm up).
      for (let run = 0; run <= runs; run++) {
        await reset();
        const a = await timeClick(page, 'Read sitemap', shown);
        await reset();
        await paste(urls.join('\n'));
        const b = await timeClick(page, 'Read list', shown);
        if (run > 0) {
          sitemap.push(a);
          list.push(b);
        }
      }
      return { sitemapMs: median(sitemap), listMs: median(list) };
    });
  } finally {
    server.close();
  }
}
