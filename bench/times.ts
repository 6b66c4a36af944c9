// What the bench times in the browser (README.md): the popup and the workspace against their floor
// and bound, the worker's start, Add pages' reads and the Watched tab's history read.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import {
  afterWarmUp,
  command,
  inWindow,
  type Lab,
  markAt,
  median,
  sleep,
  stopWorker,
  writeLabFile,
} from './lab';

export interface Timed {
  name: 'popup' | 'workspace';
  path: string;
  mark: string;
  /** The bound's reads: expressions giving promises, made at once. */
  reads: string[];
  reset?: () => Promise<void>;
}

/** The page's tab, as the popup and the workspace find it: three calls at once. */
const TAB_READS = [
  'chrome.tabs.getCurrent()',
  "chrome.tabs.query({ active: true, lastFocusedWindow: true, windowType: 'normal' })",
  "chrome.windows.getLastFocused({ windowTypes: ['normal'] })",
];

/** The popup's content: the page's address and its cached rating (getStatus, after the tab). */
export const POPUP: Timed = {
  name: 'popup',
  path: 'popup.html',
  mark: 'content',
  reads: [
    `Promise.all([${TAB_READS.join(', ')}]).then(async ([, front, focused]) => {
  const [tab] = front.length ? front : await chrome.tabs.query({ active: true, windowId: focused.id });
  return chrome.runtime.sendMessage({ type: 'getStatus', url: tab.url, tabId: tab.id });
})`,
  ],
};

/** The workspace's Reports rows as the service answers: its first page, through the worker. */
export const WORKSPACE: Timed = {
  name: 'workspace',
  path: 'sidepanel.html#tab=reports',
  mark: 'rows',
  // The list it last showed is kept in storage.session; a fresh opening has none.
  reset: () => chrome.storage.session.clear(),
  reads: [
    ...TAB_READS,
    "chrome.runtime.sendMessage({ type: 'getStatus' })",
    `chrome.runtime.sendMessage({ type: 'listReports', params: { sortBy: 'id', sort: 'desc', perPage: 10, page: 1 } })
  .then((answer) => answer.data.items.length > 0 || Promise.reject(new Error('No reports')))`,
  ],
};

/** Writes `<name>-floor.html` and `<name>-bound.html` from what the page shows at its mark. */
async function writeFloorAndBound(lab: Lab, timed: Timed, shown: RegExp): Promise<void> {
  if (timed.reset) await lab.control.evaluate(timed.reset);
  const html = await inWindow(lab, timed.path, async (page) => {
    await markAt(page, timed.mark);
    await sleep(300);
    return page.evaluate(() => {
      const root = document.documentElement.cloneNode(true) as HTMLElement;
      for (const element of root.querySelectorAll('script, link[rel="modulepreload"]')) {
        element.remove();
      }
      return root.outerHTML;
    });
  });
  if (!shown.test(html)) throw new Error(`${timed.path} set its mark without ${shown} shown`);
  const mark = `performance.mark(${JSON.stringify(timed.mark)})`;
  for (const [kind, script] of [
    ['floor', `${mark};`],
    ['bound', `Promise.all([\n${timed.reads.join(',\n')},\n]).then(() => ${mark});`],
  ]) {
    const file = `${timed.name}-${kind}`;
    const tag = `<script type="module" src="/${file}.js"></script>`;
    await writeLabFile(`${file}.js`, `${script}\n`);
    const doc = html.replace('<head>', `<head>${tag}`);
    await writeLabFile(`${file}.html`, `<!doctype html>\n${doc}\n`);
  }
}

const KINDS = ['floor', 'bound', 'page'] as const;
type Times = Record<(typeof KINDS)[number], number>;

/**
 * The page's floor and bound written (`shown` must be in what it shows), then medians of `runs`
 * rounds of the floor, the bound and the page, worker running and stopped.
 */
export async function timeAgainstBound(lab: Lab, timed: Timed, shown: RegExp, runs: number) {
  await writeFloorAndBound(lab, timed, shown);
  const path = (kind: string) => (kind === 'page' ? timed.path : `${timed.name}-${kind}.html`);
  const open = async (stopped: boolean) => {
    const taken = { floor: 0, bound: 0, page: 0 };
    for (const kind of KINDS) {
      if (stopped) await stopWorker(lab);
      else await command(lab, { type: 'getStatus' });
      if (timed.reset) await lab.control.evaluate(timed.reset);
      taken[kind] = (await inWindow(lab, path(kind), (page) => markAt(page, timed.mark))).ms;
      await sleep(200);
    }
    return taken;
  };
  const rounds = await afterWarmUp(runs, async () => ({
    running: await open(false),
    stopped: await open(true),
  }));
  const medians = (times: Times[]) =>
    Object.fromEntries(KINDS.map((kind) => [kind, median(times.map((t) => t[kind]))])) as Times;
  return {
    running: medians(rounds.map((round) => round.running)),
    stopped: medians(rounds.map((round) => round.stopped)),
  };
}

/** The stopped worker to its answer to a first message (getStatus from bench.html): median. */
export async function workerStart(lab: Lab, runs: number): Promise<number> {
  const samples = await afterWarmUp(runs, async () => {
    await stopWorker(lab);
    return lab.control.evaluate(async () => {
      const start = performance.now();
      const reply = await chrome.runtime.sendMessage({ type: 'getStatus' });
      if (!(reply as { ok?: boolean })?.ok) throw new Error('The worker did not answer getStatus');
      return performance.now() - start;
    });
  });
  return median(samples);
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

/** Add pages: medians of `runs` reads of a sitemap and of a pasted list, each of `count` addresses. */
export async function addPagesReads(lab: Lab, count: number, runs = 5) {
  const urls = Array.from(
    { length: count },
    (_, n) => `https://audit.example/section-${n % 40}/page-${n}`,
  );
  const entries = urls.map((url) => `<url><loc>${url}</loc><lastmod>2026-11-01</lastmod></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  const headers = {
    'Content-Type': 'application/xml',
    'Access-Control-Allow-Origin': '*',
    'Content-Length': Buffer.byteLength(body),
  };
  const server = createServer((_req, res) => res.writeHead(200, headers).end(body));
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const sitemapUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sitemap.xml`;
  const shown = `${count.toLocaleString('en')} addresses`;
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

/**
 * Reading one report's `records` in an extension page, median of `runs`: the history's own query
 * (IndexedDB, as lib/watch/history.ts reads it for the Watched tab).
 */
export async function historyRead(lab: Lab, records: number, runs: number) {
  const read = await lab.control.evaluate(
    // No named functions inside: the page gets this function's text without the bundler's helpers.
    async ({ service, id, count, runs: times }) => {
      const opening = indexedDB.open('site-report-history', 1);
      // Made as lib/watch/history.ts makes it, when nothing opened it yet.
      opening.onupgradeneeded = () => {
        const store = opening.result.createObjectStore('records', { autoIncrement: true });
        store.createIndex('report', ['service', 'reportId', 'at']);
        store.createIndex('at', 'at');
        store.createIndex('service', 'service');
      };
      const db = await new Promise<IDBDatabase>((done, fail) => {
        opening.onsuccess = () => done(opening.result);
        opening.onerror = () => fail(opening.error);
      });
      const tx = db.transaction('records', 'readwrite');
      for (let n = 0; n < count; n++) {
        tx.objectStore('records').add({
          service,
          reportId: id,
          url: 'https://example.com/',
          at: 1_800_000_000_000 + n * 86_400_000,
          result: 'good',
          score: 80 + (n % 20),
          failed: [{ key: 'title', importance: 'high' }],
        });
      }
      await new Promise((done) => {
        tx.oncomplete = done;
      });
      const range = IDBKeyRange.bound([service, id, -Infinity], [service, id, Infinity]);
      const read: number[] = [];
      for (let run = 0; run < times; run++) {
        const start = performance.now();
        const index = db.transaction('records').objectStore('records').index('report');
        const getting = index.getAll(range);
        const found = await new Promise<unknown[]>((done, fail) => {
          getting.onsuccess = () => done(getting.result);
          getting.onerror = () => fail(getting.error);
        });
        read.push(performance.now() - start);
        if (found.length !== count) throw new Error(`${found.length} records read`);
      }
      db.close();
      return read;
    },
    { service: lab.service.baseUrl, id: 999_999, count: records, runs },
  );
  return median(read);
}
