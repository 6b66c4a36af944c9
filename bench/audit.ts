// Add pages in the browser: a sitemap of AUDIT_URLS addresses read and a pasted list of as many
// parsed, each from the click until the preview shows their count (README.md).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterWarmUp, inWindow, type Lab, median } from './lab';

export const AUDIT_URLS = 50_000;
export const AUDIT_GOAL_MS = 500;

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
  const urls = Array.from(
    { length: AUDIT_URLS },
    (_, n) => `https://audit.example/section-${n % 40}/page-${n}`,
  );
  const entries = urls.map((url) => `<url><loc>${url}</loc><lastmod>2026-11-01</lastmod></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
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
      // Each timed read starts from a one-address preview, so that its count is a new one.
      const reset = async () => {
        await paste('https://audit.example/');
        await timeClick(page, 'Read list', '1 address');
      };
      const rounds = await afterWarmUp(runs, async () => {
        await reset();
        const sitemapMs = await timeClick(page, 'Read sitemap', shown);
        await reset();
        await paste(urls.join('\n'));
        return { sitemapMs, listMs: await timeClick(page, 'Read list', shown) };
      });
      return {
        sitemapMs: median(rounds.map((round) => round.sitemapMs)),
        listMs: median(rounds.map((round) => round.listMs)),
      };
    });
  } finally {
    server.close();
  }
}
