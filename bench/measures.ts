// The bench's measures in the browser (README.md): times, and API requests from the service's log.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { DEFAULT_RATE_WINDOW_MS, type RunningService, startService } from '../server/service';
import {
  afterWarmUp,
  command,
  connectTo,
  inWindow,
  type Lab,
  markAt,
  median,
  showPage,
  sleep,
  stopWorker,
  type WorkerLab,
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
    // Its status: the settings summary the background stores.
    "chrome.storage.local.get('settingsSummary')",
    `chrome.runtime.sendMessage({ type: 'listReports', params: { sortBy: 'id', sort: 'desc', perPage: 10, page: 1 } })
  .then((answer) => answer.data.items.length > 0 || Promise.reject(new Error('No reports')))`,
  ],
};

type Mark = Awaited<ReturnType<typeof markAt>>;

/**
 * Opens the page afresh in its own window, the worker first made `ready` (stopped, or running);
 * `use` runs once the page has set its mark. The reset comes before `ready`: clearing storage wakes
 * a stopped worker (storage.onChanged), which would then start ahead of the opening.
 */
async function atMark<T>(
  lab: Lab,
  timed: Timed,
  use: (page: Page, at: Mark) => Promise<T>,
  ready?: () => Promise<void>,
) {
  if (timed.reset) await lab.control.evaluate(timed.reset);
  await ready?.();
  return inWindow(lab, timed.path, async (page) => use(page, await markAt(page, timed.mark)));
}

/** Writes `<name>-floor.html` and `<name>-bound.html` from what the page shows at its mark. */
async function writeFloorAndBound(lab: Lab, timed: Timed, shown: RegExp): Promise<void> {
  const html = await atMark(lab, timed, async (page) => {
    await sleep(300);
    return page.evaluate(() => {
      const root = document.documentElement.cloneNode(true) as HTMLElement;
      for (const element of root.querySelectorAll('script, link[rel="modulepreload"]'))
        element.remove();
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
    await writeLabFile(`${file}.js`, `${script}\n`);
    const doc = html.replace('<head>', `<head><script type="module" src="/${file}.js"></script>`);
    await writeLabFile(`${file}.html`, `<!doctype html>\n${doc}\n`);
  }
}

const KINDS = ['floor', 'bound', 'page'] as const;
type Kind = (typeof KINDS)[number];
type Times = Record<Kind, number>;

/**
 * The six orders of the three kinds, one per round in turn: an opening is slower or faster after
 * some kinds than after others (README.md), so each kind comes first, and after each other one,
 * as often.
 */
export const ORDERS: readonly (readonly Kind[])[] = [
  ['floor', 'bound', 'page'],
  ['floor', 'page', 'bound'],
  ['bound', 'floor', 'page'],
  ['bound', 'page', 'floor'],
  ['page', 'floor', 'bound'],
  ['page', 'bound', 'floor'],
];

/** A generator of numbers in [0, 1) from `seed`: the same rounds give the same interval. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * The 95% interval of the own cost (median page − median bound): the rounds resampled with
 * replacement, each round whole (its floor, bound and page were opened one after the other).
 */
export function ownCostInterval(rounds: readonly Times[], resamples = 2_000): [number, number] {
  const random = seededRandom(rounds.length);
  const costs: number[] = [];
  for (let step = 0; step < resamples; step++) {
    const sample = rounds.map(() => rounds[Math.floor(random() * rounds.length)] as Times);
    costs.push(median(sample.map((r) => r.page)) - median(sample.map((r) => r.bound)));
  }
  costs.sort((a, b) => a - b);
  const at = (share: number) => costs[Math.round(share * (costs.length - 1))] ?? Number.NaN;
  return [at(0.025), at(0.975)];
}

/**
 * Medians of the floor, the bound and the page, worker running and stopped, and the own cost's
 * 95% interval (README.md); `runs` is best a multiple of the six orders.
 */
export async function timeAgainstBound(lab: Lab, timed: Timed, shown: RegExp, runs: number) {
  await writeFloorAndBound(lab, timed, shown);
  const path = (kind: string) => (kind === 'page' ? timed.path : `${timed.name}-${kind}.html`);
  let round = 0;
  const open = async (stopped: boolean) => {
    const taken = { floor: 0, bound: 0, page: 0 };
    const ready = async () => {
      if (stopped) await stopWorker(lab);
      else await command(lab, { type: 'getStatus' });
    };
    for (const kind of ORDERS[round % ORDERS.length] ?? KINDS) {
      const opening = { ...timed, path: path(kind) };
      taken[kind] = await atMark(lab, opening, async (_, at) => at.ms, ready);
      await sleep(200);
    }
    return taken;
  };
  const rounds = await afterWarmUp(runs, async () => {
    const taken = { running: await open(false), stopped: await open(true) };
    round += 1;
    return taken;
  });
  const summary = (state: 'running' | 'stopped') => {
    const taken = rounds.map((r) => r[state]);
    const medians = Object.fromEntries(KINDS.map((k) => [k, median(taken.map((t) => t[k]))]));
    return { ...(medians as Times), interval: ownCostInterval(taken) };
  };
  return { running: summary('running'), stopped: summary('stopped') };
}

/** Waits until no API request has reached the service for `quietMs` (at most `maxMs`). */
async function settle(service: RunningService, quietMs = 1_000, maxMs = 15_000) {
  const end = Date.now() + maxMs;
  let [count, since] = [service.apiRequests().length, Date.now()];
  while (Date.now() < end && Date.now() - since < quietMs) {
    await sleep(50);
    const now = service.apiRequests().length;
    if (now !== count) [count, since] = [now, Date.now()];
  }
}

/** Settles, then empties the log: what comes next is counted. */
async function countFromNow(service: RunningService, quietMs: number) {
  await settle(service, quietMs);
  service.resetRequests();
}

/** The popup on the main tab's cached page, worker running then stopped: the worst counts. */
export async function popupRequests(lab: Lab) {
  const worst = { before: 0, after: 0 };
  for (const stopped of [false, true]) {
    if (stopped) await stopWorker(lab);
    await countFromNow(lab.service, 300);
    const mark = await atMark(lab, POPUP, async (_, at) => {
      await settle(lab.service);
      return at;
    });
    const entries = lab.service.apiRequests();
    const before = entries.filter((entry) => Date.parse(entry.time) <= mark.at).length;
    worst.before = Math.max(worst.before, before);
    worst.after = Math.max(worst.after, entries.length - before);
  }
  return worst;
}

/** The popup closed: the main tab (on `cached`) and a second tab switched, then navigated. */
export async function tabSwitchRequests(lab: Lab, cached: string, other: string) {
  const second = await lab.ext.context.newPage();
  try {
    await second.goto(other);
    await showPage(lab, cached);
    await countFromNow(lab.service, 500);
    for (let round = 0; round < 5; round++) {
      await second.bringToFront();
      await lab.mainTab.bringToFront();
    }
    await showPage(lab, other);
    await second.goto(cached);
    await showPage(lab, cached);
    await second.goto(other);
    await sleep(1_500);
    const badge = await lab.control.evaluate(async (address) => {
      const tab = (await chrome.tabs.query({})).find((t: { url?: string }) => t.url === address);
      return tab?.id === undefined ? '' : chrome.action.getBadgeText({ tabId: tab.id });
    }, cached);
    return { requests: lab.service.apiRequests().length, badge };
  } finally {
    await second.close();
  }
}

/** The popup's Create report on `url` (no report yet): POSTs, and other requests. */
export async function createRequests(lab: Lab, url: string) {
  await showPage(lab, url);
  return inWindow(lab, 'popup.html', async (page) => {
    const create = page.getByRole('button', { name: 'Create report', exact: true });
    await create.waitFor();
    await countFromNow(lab.service, 500);
    await create.click();
    const rating = page.locator('.outcome .rating-word').filter({ hasText: /^(Good|Decent|Bad)$/ });
    await rating.first().waitFor({ timeout: 30_000 });
    await settle(lab.service, 2_000);
    const entries = lab.service.apiRequests();
    const posts = entries.filter((entry) => entry.method === 'POST').length;
    return { posts, others: entries.length - posts };
  });
}

/** The popup's Reports view opened: the requests until a second without any. */
export async function reportsRequests(lab: Lab): Promise<number> {
  return atMark(lab, POPUP, async (page) => {
    await countFromNow(lab.service, 500);
    await page.getByRole('tab', { name: 'Reports', exact: true }).click();
    await page.locator('[aria-label="Reports"] li').first().waitFor();
    await settle(lab.service);
    return lab.service.apiRequests().length;
  });
}

/** The workspace opened on Reports until its rows; then rows selected and its tabs switched. */
export async function workspaceRequests(lab: Lab) {
  await countFromNow(lab.service, 300);
  return atMark(lab, WORKSPACE, async (page) => {
    await settle(lab.service);
    const firstRows = lab.service.apiRequests().length;
    lab.service.resetRequests();
    const boxes = page.getByRole('checkbox', { name: /^Select http/ });
    for (const index of [0, 2, 4]) await boxes.nth(index).click();
    await boxes.nth(8).click({ modifiers: ['Shift'] });
    const all = page.getByRole('checkbox', { name: 'Select all on this page', exact: true });
    await all.click();
    await all.click();
    await boxes.nth(1).focus();
    for (const key of ['Space', 'ArrowDown', 'Shift+ArrowDown', 'Space'])
      await page.keyboard.press(key);
    for (const name of ['Open tabs', 'Activity', 'Reports'])
      await page.getByRole('tab', { name, exact: true }).click();
    await boxes.first().waitFor();
    await settle(lab.service);
    return { firstRows, afterRows: lab.service.apiRequests().length };
  });
}

/** getStatus sent from bench.html (for `url`'s page when one is given) until its answer, in ms. */
function timeStatus(lab: Pick<Lab, 'control'>, url?: string): Promise<number> {
  return lab.control.evaluate(async (address) => {
    const start = performance.now();
    const reply = await chrome.runtime.sendMessage({
      type: 'getStatus',
      ...(address !== undefined && { url: address }),
    });
    if (!(reply as { ok?: boolean })?.ok) throw new Error('The worker did not answer getStatus');
    return performance.now() - start;
  }, url);
}

/** A stopped worker's start: from a first message (getStatus from bench.html) to its answer. */
async function timeWorkerStart(lab: WorkerLab): Promise<number> {
  await stopWorker(lab);
  return timeStatus(lab);
}

/** Each lab's worker started `runs` times, the labs taking turns in each round: the medians. */
export async function workerStarts<Name extends string>(
  labs: Record<Name, WorkerLab>,
  runs: number,
): Promise<Record<Name, number>> {
  const named = Object.entries(labs) as [Name, WorkerLab][];
  const rounds = await afterWarmUp(runs, async () => {
    const taken = new Map<Name, number>();
    for (const [name, lab] of named) taken.set(name, await timeWorkerStart(lab));
    return taken;
  });
  const medianOf = (name: Name) => median(rounds.map((round) => round.get(name) ?? Number.NaN));
  return Object.fromEntries(named.map(([name]) => [name, medianOf(name)])) as Record<Name, number>;
}

/** The worker stopped, or running with the queue's step after its last answer over. */
async function workerAt(lab: Lab, stopped: boolean): Promise<void> {
  if (stopped) return stopWorker(lab);
  await command(lab, { type: 'getStatus' });
  // The queue takes a step once the answers are out (handlers.ts): a second for it to end.
  await sleep(1_000);
}

/**
 * A page's status (getStatus with the page's address) from the running worker, or from a stopped
 * one (its start included): median.
 */
export async function pageStatus(lab: Lab, url: string, runs: number, { stopped = false } = {}) {
  const samples = await afterWarmUp(runs, async () => {
    await workerAt(lab, stopped);
    return timeStatus(lab, url);
  });
  return median(samples);
}

/**
 * The workspace opened on Reports, from navigation start to its rows (the mark), worker running or
 * stopped: median.
 */
export async function workspaceRows(lab: Lab, runs: number, { stopped = false } = {}) {
  const ready = () => workerAt(lab, stopped);
  const samples = await afterWarmUp(runs, () =>
    atMark(lab, WORKSPACE, async (_, at) => at.ms, ready),
  );
  return median(samples);
}

/**
 * `measure` with a finished audit of `pages` done creates kept in storage.local's jobs, then the
 * jobs stored before put back. It has just finished, the newest finished job: the queue
 * keeps it until another job finishes (MAX_FINISHED_ITEMS), its reports for 10 minutes.
 */
export async function withKeptAudit<T>(
  lab: Lab,
  pages: number,
  measure: () => Promise<T>,
  { endsJob = false } = {},
) {
  // The worker stopped first each time: a step of its queue under way would write the jobs it read.
  await stopWorker(lab);
  const before = await lab.control.evaluate(
    async ({ count, id }) => {
      const { jobs, openCreates } = await chrome.storage.local.get(['jobs', 'openCreates']);
      const now = Date.now();
      const items = Array.from({ length: count }, (_, n) => ({
        op: {
          type: 'create',
          url: `https://audit.example/section-${n % 40}/page-${n}`,
          privacy: 0,
        },
        state: 'done',
        report: {
          id: 500_000 + n,
          rating: 'decent',
          score: 64,
          generatedAt: '2026-11-20T09:15:02Z',
        },
      }));
      const audit = {
        id,
        kind: 'audit',
        state: 'done',
        createdAt: now - 3_600_000,
        finishedAt: now,
        service: { url: 'http://127.0.0.1:1/api/v1', key: '0'.repeat(64) },
        items,
      };
      const kept = (jobs as { jobs?: unknown[] } | undefined)?.jobs ?? [];
      // As the queue stores it, with the pages of its creates waiting, sent or of unknown fate:
      // the audit adds none to those stored with the jobs before (none when there were no jobs).
      const pages = openCreates ?? (kept.length === 0 ? [] : undefined);
      await chrome.storage.local.set({
        jobs: { version: 1, jobs: [...kept, audit] },
        ...(pages !== undefined && { openCreates: pages }),
      });
      return { jobs: jobs ?? null, openCreates: openCreates ?? null };
    },
    { count: pages, id: KEPT_AUDIT_ID },
  );
  try {
    const measured = await measure();
    // A job that ends drops the audit (MAX_FINISHED_ITEMS): such a measure looks for it itself.
    await stopWorker(lab);
    if (!endsJob && !(await auditKept(lab))) {
      throw new Error('The kept audit was no longer stored when measured.');
    }
    return measured;
  } finally {
    await stopWorker(lab);
    await lab.control.evaluate(async (values) => {
      for (const [key, value] of Object.entries(values)) {
        if (value === null) await chrome.storage.local.remove(key);
        else await chrome.storage.local.set({ [key]: value });
      }
    }, before);
  }
}

const KEPT_AUDIT_ID = 'bench-kept-audit';

/** Whether the audit withKeptAudit stored is stored still. */
function auditKept(lab: Lab): Promise<boolean> {
  return lab.control.evaluate(async (id) => {
    const { jobs } = await chrome.storage.local.get('jobs');
    return ((jobs as { jobs?: { id?: string }[] })?.jobs ?? []).some((job) => job.id === id);
  }, KEPT_AUDIT_ID);
}

/**
 * A job of `creates` creates (an audit when `kind` says so) on the lab's service, which has no
 * limit: the time between its first `counted` POSTs, per create. With `audit`, a kept audit
 * (withKeptAudit) must be stored still once they are out. Then the job is cancelled and cleared.
 */
export async function createPace(
  lab: Lab,
  { creates, counted, kind = 'create', audit = false }: CreatePace,
): Promise<number> {
  const { service } = lab;
  const posts = () => service.apiRequests().filter((entry) => entry.method === 'POST');
  await countFromNow(service, 300);
  const items = Array.from({ length: creates }, (_, n) => ({
    type: 'create',
    url: `${service.url}/samples/good?pace=${kind}-${creates}-${n}`,
    privacy: 0,
  }));
  const { id } = await command<{ id: string }>(lab, { type: 'enqueueJob', kind, items });
  const deadline = Date.now() + 600_000;
  while (posts().length < counted) {
    if (Date.now() > deadline) throw new Error(`${counted} creates were not sent in 10 minutes.`);
    await sleep(50);
  }
  // The log is in the order the answers ended (two may be under way): their arrivals, sorted.
  const arrived = posts()
    .slice(0, counted)
    .map((entry) => Date.parse(entry.time));
  const [first, last] = [Math.min(...arrived), Math.max(...arrived)];
  if (audit && !(await auditKept(lab))) {
    throw new Error('The kept audit was no longer stored when the creates were sent.');
  }
  await command(lab, { type: 'cancelJob', id });
  const ended = Date.now() + 60_000;
  for (;;) {
    const jobs = await command<{ id: string; state: string }[]>(lab, { type: 'getJobs' });
    const state = jobs.find((job) => job.id === id)?.state;
    if (state === 'done' || state === 'failed' || state === 'cancelled') break;
    if (Date.now() > ended) throw new Error('The job did not end a minute after it was cancelled.');
    await sleep(100);
  }
  await command(lab, { type: 'clearJob', id });
  return (last - first) / (counted - 1);
}

interface CreatePace {
  creates: number;
  counted: number;
  kind?: 'create' | 'audit';
  audit?: boolean;
}

/** From a click on the button named `button` until the page shows `shown`, in ms. */
async function timeClick(page: Page, button: string, shown: string): Promise<number> {
  await page.evaluate((name) => {
    const target = [...document.querySelectorAll('button')].find((el) => el.textContent === name);
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

/** Add pages: medians of 5 reads of a sitemap and of a pasted list, each of `count` addresses. */
export async function addPagesReads(lab: Lab, count: number) {
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
      const rounds = await afterWarmUp(5, async () => {
        await reset();
        const sitemapMs = await timeClick(page, 'Read sitemap', shown);
        await reset();
        await paste(urls.join('\n'));
        return { sitemapMs, listMs: await timeClick(page, 'Read list', shown) };
      });
      const of = (read: 'sitemapMs' | 'listMs') => median(rounds.map((round) => round[read]));
      return { sitemapMs: of('sitemapMs'), listMs: of('listMs') };
    });
  } finally {
    server.close();
  }
}

/** One report's `records` read in an extension page as lib/watch/history.ts reads them: median. */
export async function historyRead(lab: Lab, records: number, runs: number) {
  const read = await lab.control.evaluate(
    // No named functions inside: the page gets this function's text without the bundler's helpers.
    async ({ service, id, count, runs: times }) => {
      const opening = indexedDB.open('site-report-history', 3);
      // Made as lib/watch/history-db.ts makes it (version 3), when nothing opened it yet.
      opening.onupgradeneeded = (event) => {
        const db = opening.result;
        if (event.oldVersion < 1) {
          const store = db.createObjectStore('records', { autoIncrement: true });
          store.createIndex('report', ['service', 'reportId', 'at']);
          store.createIndex('at', 'at');
          store.createIndex('service', 'service');
        }
        if (event.oldVersion < 2) {
          const analyses = db.createObjectStore('analyses', { keyPath: ['owner', 'reportId'] });
          analyses.createIndex('owner', 'owner');
          analyses.createIndex('seen', ['owner', 'seenAt']);
        }
        if (event.oldVersion < 3) {
          db.createObjectStore('summaries', { keyPath: 'owner' });
          opening.transaction
            ?.objectStore('analyses')
            .createIndex('fails', 'fails', { multiEntry: true });
        }
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
      await new Promise((done) => tx.addEventListener('complete', done));
      const range = IDBKeyRange.bound([service, id, -Infinity], [service, id, Infinity]);
      const read: number[] = [];
      for (let run = 0; run < times; run++) {
        const start = performance.now();
        const getting = db
          .transaction('records')
          .objectStore('records')
          .index('report')
          .getAll(range);
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

/** API requests a minute the second service allows (for the queue and the watched pages). */
export const LIMIT = 60;

/** A job of `items` on the second service; `prepare` gives the message that starts it. */
export async function limitedJob(
  lab: Lab,
  items: number,
  counted: RegExp,
  okStatus: number,
  prepare: (service: RunningService) => Promise<{ type: string; [key: string]: unknown }>,
) {
  const service = await startService({ port: 0, serveSamples: true, rateLimit: LIMIT });
  try {
    await connectTo(lab, service);
    await settle(service, 1_000, 10_000);
    const start = await prepare(service);
    service.resetRequests();
    service.resetRateLimits();
    const { id } = await command<{ id: string }>(lab, start);
    const deadline = Date.now() + 900_000;
    let state = '';
    while (!['done', 'failed', 'cancelled'].includes(state)) {
      if (Date.now() > deadline) throw new Error('The job did not finish in 15 minutes.');
      await sleep(250);
      state = await lab.control.evaluate(async (jobId) => {
        const { jobs } = await chrome.storage.local.get('jobs');
        const list = (jobs as { jobs?: { id: string; state: string }[] } | undefined)?.jobs;
        return list?.find((each) => each.id === jobId)?.state ?? '';
      }, id);
    }
    await settle(service, 1_000, 10_000);
    const entries = service.apiRequests();
    const times = entries.map((entry) => Date.parse(entry.time));
    const sent = entries.filter((entry) => counted.test(`${entry.method} ${entry.path}`));
    return {
      sent: sent.length,
      ok: sent.filter((entry) => entry.status === okStatus).length,
      refused: entries.filter((entry) => entry.status === 429).length,
      totalMs: Math.max(...times) - Math.min(...times),
      // The window the first request opens: the 61st cannot come sooner.
      floorMs: Math.ceil(items / LIMIT - 1) * DEFAULT_RATE_WINDOW_MS,
    };
  } finally {
    await connectTo(lab, lab.service).catch(() => undefined);
    await service.close().catch(() => undefined);
  }
}

export type LimitedJob = Awaited<ReturnType<typeof limitedJob>>;

/** One job of `creates` creates (enqueueJob, as the workspace sends it). */
export const queueCreates = (lab: Lab, creates: number) =>
  limitedJob(lab, creates, /^POST \/api\/v1\/reports\/?$/, 201, async (service) => {
    const items = Array.from({ length: creates }, (_, index) => ({
      type: 'create',
      url: `${service.url}/samples/good?page=${index + 1}`,
      privacy: 0,
    }));
    return { type: 'enqueueJob', kind: 'create', items };
  });

/** `pages` reports of watched sample pages, watched, and one run of them ("Run now"). */
export const watchRun = (lab: Lab, pages: number) =>
  limitedJob(lab, pages, /^PUT /, 200, async (service) => {
    const urls = Array.from({ length: pages }, (_, n) => `${service.url}/samples/watch/p${n}`);
    const ids = await service.seed(urls.map((url) => ({ url, result: 'good' as const })));
    const reports = ids.map((id, index) => ({ id, url: urls[index] }));
    await command(lab, { type: 'watchReports', reports });
    return { type: 'runWatchNow' };
  });

/**
 * Kept analyses seeded straight into the extension's IndexedDB (as lib/issues/analyses.ts keeps
 * them): `reports` reports of `checks` checks each for `owner`, in place of what it had, about 3
 * in 10 of each failing, with the checks failing before (so that the table's Change is computed)
 * and, with `history`, that earlier analysis in the history; and the owner's summary, as
 * lib/watch/issues-summary.ts counts them. Opened as lib/watch/history-db.ts opens it (version 3)
 * when nothing opened it yet.
 */
function seedAnalyses(page: Page, owner: string, reports: number, checks: number, history = true) {
  // No named functions inside: the page gets this function's text without the bundler's helpers.
  return page.evaluate(
    async ({ owner, reports, checks, history }) => {
      const opening = indexedDB.open('site-report-history', 3);
      opening.onupgradeneeded = (event) => {
        const db = opening.result;
        if (event.oldVersion < 1) {
          const records = db.createObjectStore('records', { autoIncrement: true });
          records.createIndex('report', ['service', 'reportId', 'at']);
          records.createIndex('at', 'at');
          records.createIndex('service', 'service');
        }
        if (event.oldVersion < 2) {
          const analyses = db.createObjectStore('analyses', { keyPath: ['owner', 'reportId'] });
          analyses.createIndex('owner', 'owner');
          analyses.createIndex('seen', ['owner', 'seenAt']);
        }
        if (event.oldVersion < 3) {
          db.createObjectStore('summaries', { keyPath: 'owner' });
          opening.transaction
            ?.objectStore('analyses')
            .createIndex('fails', 'fails', { multiEntry: true });
        }
      };
      const db = await new Promise<IDBDatabase>((done, fail) => {
        opening.onsuccess = () => done(opening.result);
        opening.onerror = () => fail(opening.error);
      });
      const importances = ['high', 'medium', 'low'] as const;
      const at = 1_800_000_000_000;
      const tx = db.transaction(['analyses', 'records', 'summaries'], 'readwrite');
      const whose = IDBKeyRange.bound([owner, -Infinity], [owner, Infinity]);
      tx.objectStore('analyses').delete(whose);
      type Tally = Record<'failing' | 'newlyFailing' | 'fixed' | 'high' | 'medium' | 'low', number>;
      const counts: Record<string, Tally> = {};
      for (let id = 1; id <= reports; id++) {
        const failed = [];
        const passed = [];
        const before = [];
        for (let c = 0; c < checks; c++) {
          const key = `check_${c}`;
          const importance = importances[c % 3] ?? 'low';
          const failing = (id * 7 + c * 13) % 10 < 3;
          const failedBefore = (id + c) % 4 === 0;
          if (failing) failed.push({ key, importance, passed: false, errors: ['missing'] });
          else passed.push(key);
          if (failedBefore) before.push({ key, importance });
          if (!failing && !failedBefore) continue;
          counts[key] ??= { failing: 0, newlyFailing: 0, fixed: 0, high: 0, medium: 0, low: 0 };
          const tally = counts[key];
          // Counted once as failing, or once as fixed (failing before, passing now).
          tally[importance]++;
          if (failing) tally.failing++;
          if (failing && !failedBefore) tally.newlyFailing++;
          if (!failing && failedBefore) tally.fixed++;
        }
        tx.objectStore('analyses').put({
          owner,
          reportId: id,
          url: `https://bench.example/page-${id}`,
          rating: 'decent',
          score: 60,
          at,
          seenAt: at,
          failed,
          passed,
          before,
          fails: failed.map((check) => `${owner} ${check.key}`),
        });
        if (history) {
          tx.objectStore('records').add({
            service: owner,
            reportId: id,
            url: `https://bench.example/page-${id}`,
            at: at - 86_400_000,
            result: 'decent',
            score: 60,
            failed: before,
          });
        }
      }
      tx.objectStore('summaries').put({ owner, reports, known: reports, checks: counts });
      await new Promise((done, fail) => {
        tx.addEventListener('complete', done);
        tx.addEventListener('error', () => fail(tx.error));
      });
      db.close();
    },
    { owner, reports, checks, history },
  );
}

const ISSUES_TABLE = 'table[aria-label="Checks failing across pages"] tbody tr';

/**
 * The Issues tab over `reports` kept reports of `checks` checks: from the click on its tab (the
 * workspace open on Reports) until the table's rows are in the document, and from a click on a
 * row's "Pages failing …" until its pages are listed; medians of `runs`, after one uncounted round.
 */
export async function issuesTable(lab: Lab, reports: number, checks: number, runs: number) {
  // Kept under the account in use, whose local id the workspace reads them by.
  const owner = await lab.control.evaluate(async () => {
    const { accountInUse } = await chrome.storage.local.get('accountInUse');
    if (typeof accountInUse !== 'string') throw new Error('No account in use');
    return accountInUse;
  });
  await seedAnalyses(lab.control, owner, reports, checks);
  const table: number[] = [];
  const pages: number[] = [];
  await afterWarmUp(runs, async () => {
    await inWindow(lab, 'sidepanel.html#tab=reports', async (page) => {
      const tab = page.getByRole('tab', { name: 'Issues', exact: true });
      await tab.waitFor();
      await page.evaluate(() => sessionStorage.setItem('benchClick', String(performance.now())));
      await tab.click();
      // The seeded checks' rows, each over every seeded report ("… of 10,000").
      const shown = await page.waitForFunction(
        ({ rows, checks, reports }) =>
          [...document.querySelectorAll(rows)].filter((row) =>
            row.textContent?.includes(` of ${reports.toLocaleString('en')}`),
          ).length >= checks && performance.now() - Number(sessionStorage.getItem('benchClick')),
        { rows: ISSUES_TABLE, checks, reports },
        { polling: 'raf', timeout: 30_000 },
      );
      table.push((await shown.jsonValue()) as number);
      await page.evaluate(() => {
        const button = [...document.querySelectorAll('button')].find((el) =>
          el.textContent?.startsWith('Pages failing'),
        );
        if (!button) throw new Error('No Pages failing button');
        sessionStorage.setItem('benchClick', String(performance.now()));
        button.click();
      });
      const listed = await page.waitForFunction(
        () =>
          document.querySelector('section.failing-pages li') !== null &&
          performance.now() - Number(sessionStorage.getItem('benchClick')),
        undefined,
        { polling: 'raf', timeout: 30_000 },
      );
      pages.push((await listed.jsonValue()) as number);
    });
  });
  // afterWarmUp drops the first round of what it returns; these lists hold it too.
  return { tableMs: median(table.slice(1)), pagesMs: median(pages.slice(1)) };
}

/**
 * The store's size for `reports` reports of `checks` checks of one owner: the page's storage use
 * before and after they are written (Chromium's estimate), and their values' JSON size.
 */
export async function issuesStoreSize(lab: Lab, reports: number, checks: number) {
  // An account's local id, as the analyses are kept under (not the account in use's).
  const owner = 'a99';
  const usage = () =>
    lab.control.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  const before = await usage();
  await seedAnalyses(lab.control, owner, reports, checks, false);
  const after = await usage();
  const json = await lab.control.evaluate(async (who) => {
    const opening = indexedDB.open('site-report-history', 3);
    const db = await new Promise<IDBDatabase>((done, fail) => {
      opening.onsuccess = () => done(opening.result);
      opening.onerror = () => fail(opening.error);
    });
    const getting = db.transaction('analyses').objectStore('analyses').index('owner').getAll(who);
    const all = await new Promise<unknown[]>((done, fail) => {
      getting.onsuccess = () => done(getting.result);
      getting.onerror = () => fail(getting.error);
    });
    db.close();
    return {
      count: all.length,
      bytes: all.reduce<number>((sum, value) => sum + JSON.stringify(value).length, 0),
    };
  }, owner);
  if (json.count !== reports) throw new Error(`${json.count} analyses stored`);
  return { usageBytes: after - before, jsonBytes: json.bytes };
}
