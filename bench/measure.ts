// The benchmark's measurements in the browser: time to content, the Reports view's first page,
// API requests counted from the service's own log, and the service worker's start and heap.
import type { Page } from 'playwright-core';
import type { RequestLogEntry, RunningService } from '../server/service';
import {
  type ContentMark,
  connectTo,
  contentMark,
  type Lab,
  message,
  openWindow,
  readTiming,
  stopWorker,
  withToolbarPopup,
  workerSession,
} from './lab';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const RATING_WORDS = /^(Good|Decent|Bad)$/;

/** Waits until no API request has reached the service for `quietMs` (at most `maxMs`). */
export async function settle(
  service: RunningService,
  quietMs = 1_000,
  maxMs = 15_000,
): Promise<void> {
  const end = Date.now() + maxMs;
  let count = service.apiRequests().length;
  let since = Date.now();
  while (Date.now() < end) {
    await sleep(50);
    const now = service.apiRequests().length;
    if (now !== count) {
      count = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      return;
    }
  }
}

/** When a logged request reached the service, in ms. */
export const arrival = (entry: RequestLogEntry) => Date.parse(entry.time);

/** Shows `url` in the normal window's tab, the page the popup acts on. */
export async function showPage(lab: Lab, url: string): Promise<void> {
  await lab.mainTab.goto(url, { waitUntil: 'load' });
}

/** Opens popup.html or a floor (lab.ts) in its own window and reads its 'content' mark. */
async function openAndMark(
  lab: Lab,
  path: string,
  expect?: { address: string },
): Promise<ContentMark> {
  const page = await openWindow(lab, path);
  try {
    const mark = await contentMark(page);
    if (expect) {
      const word = await page.locator('.rating-word').first().textContent({ timeout: 1_000 });
      if (!mark.text.includes(expect.address) || !RATING_WORDS.test(word?.trim() ?? '')) {
        throw new Error(
          `${path} set its content mark without the address and the cached rating on screen`,
        );
      }
    }
    return mark;
  } finally {
    await page.close();
  }
}

/** Times to content (ms, navigation start → the 'content' mark): medians and every sample. */
export interface PopupTimes {
  floorMs: number;
  /** The bound: the floor that first waits for the popup's reads (floor-reads.html, lab.ts). */
  readsMs: number;
  /** The worker was running when the popup opened. */
  warmMs: number;
  /** The worker had been stopped (as after 30 s idle) when the popup opened. */
  coldMs: number;
  samples: { floor: number[]; reads: number[]; warm: number[]; cold: number[] };
}

export interface TimeToContent {
  opens: number;
  /** Opened as a click on the toolbar button opens it (action.openPopup). */
  toolbar: PopupTimes;
  /**
   * Opened as its own window (windows.create). The window's tab is a tab like any: its events
   * wake a stopped worker (tabs.onUpdated), which then starts beside the page, floor included.
   */
  window: PopupTimes;
}

/** The text on screen, and the first rating word in it. */
const READ_TEXT = `(() => {
  const word = document.querySelector('.rating-word');
  return { text: document.body.textContent || '', word: word ? word.textContent.trim() : '' };
})()`;

/** Opens `path` as the toolbar popup; the time to its content mark. */
async function toolbarMark(lab: Lab, path: string, expect?: { address: string }): Promise<number> {
  return withToolbarPopup(lab, path, async (evaluate) => {
    const ms = await evaluate<number>(readTiming('content'));
    const seen = await evaluate<{ text: string; word: string }>(READ_TEXT);
    if (expect && (!seen.text.includes(expect.address) || !RATING_WORDS.test(seen.word))) {
      throw new Error(
        `${path} set its content mark without the address and the cached rating on screen`,
      );
    }
    return ms;
  });
}

/**
 * One round of openings, each way: the floor, the bound (the floor after the popup's reads), the
 * popup with the worker awake, then stopped.
 */
type Opener = (path: string, expect?: { address: string }) => Promise<number>;

async function popupTimes(
  lab: Lab,
  open: Opener,
  address: string,
  opens: number,
): Promise<PopupTimes> {
  const samples = {
    floor: [] as number[],
    reads: [] as number[],
    warm: [] as number[],
    cold: [] as number[],
  };
  for (let round = -1; round < opens; round++) {
    const floor = await open('floor.html');
    const reads = await open('floor-reads.html');
    await message(lab, { type: 'getStatus' });
    const warm = await open('popup.html', { address });
    await sleep(300);
    await stopWorker(lab);
    const cold = await open('popup.html', { address });
    await sleep(300);
    if (round < 0) continue;
    samples.floor.push(floor);
    samples.reads.push(reads);
    samples.warm.push(warm);
    samples.cold.push(cold);
  }
  return {
    floorMs: median(samples.floor),
    readsMs: median(samples.reads),
    warmMs: median(samples.warm),
    coldMs: median(samples.cold),
    samples,
  };
}

/**
 * Median time from navigation start to the 'content' mark, over `opens` openings of each page
 * in turn (the floor, its bound with the popup's reads, the popup with the worker awake, the
 * popup with the worker stopped), after one
 * uncounted warm-up round: from the toolbar button, then as a window. The main tab must show
 * `address`, whose rating is cached.
 */
export async function timeToContent(lab: Lab, address: string, opens = 20): Promise<TimeToContent> {
  const toolbar = await popupTimes(
    lab,
    (path, expect) => toolbarMark(lab, path, expect),
    address,
    opens,
  );
  const window = await popupTimes(
    lab,
    async (path, expect) => (await openAndMark(lab, path, expect)).ms,
    address,
    opens,
  );
  return { opens, toolbar, window };
}

/** Clicks the "Reports" tab and resolves with the ms until the list's first rows are shown. */
function clickReportsAndWait(page: Page): Promise<number> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const tab = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find(
          (element) => element.textContent?.trim() === 'Reports',
        );
        if (!tab) {
          reject(new Error('The popup has no Reports tab'));
          return;
        }
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (!document.querySelector('ul[aria-label="Reports"] > li')) return;
          observer.disconnect();
          resolve(performance.now() - start);
        });
        observer.observe(document.body, { childList: true, subtree: true });
        setTimeout(() => {
          observer.disconnect();
          reject(new Error('The Reports view showed no rows within 15 s'));
        }, 15_000);
        tab.click();
      }),
  );
}

export interface ReportsFirstPage {
  opens: number;
  ms: number;
  samples: number[];
  /** API requests from the click to the first page shown and the second after. */
  requests: number;
  paths: string[];
}

/** Opens the popup, waits for it to settle, then times the Reports view's first page. */
export async function reportsFirstPage(
  lab: Lab,
  service: RunningService,
  opens = 10,
): Promise<ReportsFirstPage> {
  const samples: number[] = [];
  let requests = 0;
  let paths: string[] = [];
  await lab.control.evaluate(() => chrome.storage.local.remove('popupState'));
  for (let round = -1; round < opens; round++) {
    const page = await openWindow(lab, 'popup.html');
    try {
      await contentMark(page);
      await settle(service, 500);
      service.resetRequests();
      const ms = await clickReportsAndWait(page);
      await settle(service, 1_000);
      const entries = service.apiRequests();
      if (round < 0) continue;
      samples.push(ms);
      if (entries.length >= requests) {
        requests = entries.length;
        paths = entries.map((entry) => `${entry.method} ${entry.path}`);
      }
    } finally {
      await page.close();
    }
  }
  return { opens, ms: median(samples), samples, requests, paths };
}

export interface PopupRequests {
  /** API requests that reached the service before the content mark (worst of the openings). */
  beforeContent: number;
  /** … and after it, until the service heard nothing for a second. */
  afterContent: number;
  paths: string[];
}

/** Opens the popup on a page with a cached rating `times` times; the worst counts. */
export async function popupOpenRequests(
  lab: Lab,
  service: RunningService,
  times = 3,
): Promise<PopupRequests> {
  const result: PopupRequests = { beforeContent: 0, afterContent: 0, paths: [] };
  for (let round = 0; round < times; round++) {
    // Half the openings find the worker stopped, as after a while without use.
    if (round % 2 === 1) await stopWorker(lab);
    await settle(service, 300);
    service.resetRequests();
    const page = await openWindow(lab, 'popup.html');
    let mark: ContentMark;
    try {
      mark = await contentMark(page);
      await settle(service, 1_000);
    } finally {
      await page.close();
    }
    const entries = service.apiRequests();
    const before = entries.filter((entry) => arrival(entry) <= mark.at).length;
    result.beforeContent = Math.max(result.beforeContent, before);
    result.afterContent = Math.max(result.afterContent, entries.length - before);
    if (entries.length >= result.paths.length) {
      result.paths = entries.map((entry) => `${entry.method} ${entry.path}`);
    }
  }
  return result;
}

export interface TabRequests {
  requests: number;
  switches: number;
  navigations: number;
  /** The badge of the main tab after it came back to the page with a cached rating. */
  badge: string;
}

/** Switches between two tabs and navigates both, popup closed; API requests in that time. */
export async function tabSwitchRequests(
  lab: Lab,
  service: RunningService,
  urls: { cached: string; others: string[] },
): Promise<TabRequests> {
  const second = await lab.ext.context.newPage();
  try {
    await second.goto(urls.others[0] ?? urls.cached);
    await lab.mainTab.goto(urls.cached);
    await settle(service, 500);
    service.resetRequests();
    let switches = 0;
    let navigations = 0;
    for (let round = 0; round < 5; round++) {
      await second.bringToFront();
      await lab.mainTab.bringToFront();
      switches += 2;
    }
    for (const url of [...urls.others, urls.cached]) {
      await lab.mainTab.goto(url, { waitUntil: 'load' });
      await second.goto(url === urls.cached ? (urls.others[0] ?? url) : urls.cached);
      navigations += 2;
      await sleep(100);
    }
    await lab.mainTab.bringToFront();
    await sleep(1_500);
    const requests = service.apiRequests().length;
    const badge = await lab.control.evaluate(async (address) => {
      const tabs = await chrome.tabs.query({});
      const tab = tabs.find((candidate: { url?: string }) => candidate.url === address);
      return tab?.id === undefined ? '' : chrome.action.getBadgeText({ tabId: tab.id });
    }, urls.cached);
    return { requests, switches, navigations, badge };
  } finally {
    await second.close();
  }
}

export interface CreateRequests {
  /** POST /reports that reached the service. */
  creates: number;
  /** GET /reports/{id} while waiting for the rating. */
  polls: number;
  /** API requests after the rating was on screen (polls after it are wasted). */
  afterRating: number;
  rating: string;
  ms: number;
  paths: string[];
}

/** Creates a report for `url` from the popup; the requests it took, from the service's log. */
export async function createRequests(
  lab: Lab,
  service: RunningService,
  url: string,
): Promise<CreateRequests> {
  await showPage(lab, url);
  const page = await openWindow(lab, 'popup.html');
  try {
    await contentMark(page);
    const create = page.getByRole('button', { name: 'Create report', exact: true });
    await create.waitFor();
    await settle(service, 500);
    service.resetRequests();
    const started = Date.now();
    await create.click();
    const word = page.locator('.outcome .rating-word').filter({ hasText: RATING_WORDS });
    await word.waitFor({ timeout: 30_000 });
    const shown = Date.now();
    const rating = (await word.textContent())?.trim() ?? '';
    await settle(service, 2_000);
    const entries = service.apiRequests();
    return {
      creates: entries.filter((entry) => entry.method === 'POST').length,
      polls: entries.filter((entry) => entry.method === 'GET' && arrival(entry) <= shown).length,
      afterRating: entries.filter((entry) => arrival(entry) > shown).length,
      rating,
      ms: shown - started,
      paths: entries.map((entry) => `${entry.method} ${entry.path}`),
    };
  } finally {
    await page.close();
  }
}

/** Connects the extension to `other` for the duration of `run`, then back to `home`. */
export async function withService<T>(
  lab: Lab,
  home: RunningService,
  other: RunningService,
  run: () => Promise<T>,
): Promise<T> {
  await connectTo(lab, other);
  try {
    return await run();
  } finally {
    await connectTo(lab, home);
  }
}

export interface WorkerStart {
  runs: number;
  ms: number;
  samples: number[];
}

/** A stopped worker to the first answered message (getStatus from an extension page). */
export async function workerStart(lab: Lab, runs = 10): Promise<WorkerStart> {
  const samples: number[] = [];
  for (let round = -1; round < runs; round++) {
    await stopWorker(lab);
    const answer = await lab.control.evaluate(async () => {
      const start = performance.now();
      const reply = (await chrome.runtime.sendMessage({ type: 'getStatus' })) as { ok?: boolean };
      return { ms: performance.now() - start, ok: reply?.ok === true };
    });
    if (!answer.ok) throw new Error('The worker did not answer getStatus');
    if (round >= 0) samples.push(answer.ms);
  }
  return { runs, ms: median(samples), samples };
}

export interface WorkerHeap {
  /** After a fresh start and one getStatus, after a GC. */
  startBytes: number;
  /** After listing `reports` reports (`perPage` 100), after a GC. */
  afterBytes: number;
  reports: number;
  cacheEntries: number;
}

async function heapUsed(lab: Lab): Promise<number> {
  const session = await workerSession(lab);
  try {
    await session.send('HeapProfiler.enable');
    await session.send('HeapProfiler.collectGarbage');
    const usage = await session.send<{ usedSize: number }>('Runtime.getHeapUsage');
    return usage.usedSize;
  } finally {
    await session.detach();
  }
}

/**
 * The worker's JS heap after a fresh start, and after the extension has seen `count` reports
 * (seeded on the service, listed through `listReports` 100 at a time) and cached their ratings.
 */
export async function workerHeap(
  lab: Lab,
  service: RunningService,
  count = 500,
): Promise<WorkerHeap> {
  await service.seed(
    Array.from({ length: count }, (_, index) => ({
      url: `https://site-${index % 25}.example/page-${index}`,
      result: (['good', 'decent', 'bad'] as const)[index % 3],
    })),
  );
  await stopWorker(lab);
  await message(lab, { type: 'getStatus' });
  const startBytes = await heapUsed(lab);
  let listed = 0;
  for (let page = 1; listed < count; page++) {
    const answer = await message<{ ok: boolean; data?: { items: unknown[] } }>(lab, {
      type: 'listReports',
      params: { perPage: 100, page },
    });
    if (!answer.ok || !answer.data || answer.data.items.length === 0) {
      throw new Error(`listReports page ${page} failed`);
    }
    listed += answer.data.items.length;
  }
  // Let the badge refresh that the cache change starts finish.
  await sleep(500);
  const afterBytes = await heapUsed(lab);
  const cacheEntries = await lab.control.evaluate(async () => {
    const { ratingCache } = await chrome.storage.local.get('ratingCache');
    return Object.keys((ratingCache as object | undefined) ?? {}).length;
  });
  return { startBytes, afterBytes, reports: listed, cacheEntries };
}
