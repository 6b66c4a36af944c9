// Time from navigation start to a page's User Timing mark, against a floor and a bound, with the
// service worker running and stopped; and the stopped worker's start.
//
// The floor is the page as it shows once its mark is set (its markup and stylesheets, without
// its scripts), saved as a static page whose one module script sets the same mark. The bound is
// that page whose script first makes, all at once, the browser reads the page must wait for
// before it can show that content, and sets the mark when they are answered. What the page takes
// beyond its bound is its own cost: loading, running and rendering its code.
import {
  inWindow,
  type Lab,
  markAt,
  median,
  message,
  sleep,
  stopWorker,
  writeLabFile,
} from './lab';

export interface Timed {
  name: 'popup' | 'workspace';
  path: string;
  /** The mark the page sets once its content is in the document. */
  mark: string;
  /** The bound's reads: expressions giving promises, made at once. */
  reads: string[];
  /** Run in the lab's own page before each opening: what the page would find kept goes. */
  reset?: () => Promise<void>;
}

/** The workspace shows the list it last showed at once (storage.session); a fresh opening has none. */
const forgetKeptList = () => chrome.storage.session.clear();

/** The page's tab, as the popup and the workspace find it: three calls at once. */
const TAB_READS = [
  'chrome.tabs.getCurrent()',
  "chrome.tabs.query({ active: true, lastFocusedWindow: true, windowType: 'normal' })",
  "chrome.windows.getLastFocused({ windowTypes: ['normal'] })",
];

/**
 * The page's tab as the pages find it (in its own window, the popup asks for the active tab of
 * the last-focused normal window after), then the background's status for it (getStatus).
 */
const TAB_THEN_STATUS = `Promise.all([${TAB_READS.join(', ')}]).then(async ([, front, focused]) => {
  const [tab] = front.length ? front : await chrome.tabs.query({ active: true, windowId: focused.id });
  return chrome.runtime.sendMessage({ type: 'getStatus', url: tab.url, tabId: tab.id });
})`;

/** The popup's content: the page's address and its cached rating. */
export const POPUP: Timed = {
  name: 'popup',
  path: 'popup.html',
  mark: 'content',
  reads: [TAB_THEN_STATUS],
};

/** The workspace's Reports rows as the service answers: its first page, through the worker. */
const FIRST_PAGE = { sortBy: 'id', sort: 'desc', perPage: 10, page: 1 };
export const WORKSPACE: Timed = {
  name: 'workspace',
  path: 'sidepanel.html#tab=reports',
  mark: 'rows',
  reset: forgetKeptList,
  reads: [
    ...TAB_READS,
    "chrome.runtime.sendMessage({ type: 'getStatus' })",
    `chrome.runtime.sendMessage({ type: 'listReports', params: ${JSON.stringify(FIRST_PAGE)} })
  .then((answer) => answer.data.items.length > 0 || Promise.reject(new Error('No reports')))`,
  ],
};

/**
 * Opens the page once, and from what it shows at its mark (which must match `shown`) writes its
 * floor and its bound into the lab: `<name>-floor.html` and `<name>-bound.html`.
 */
export async function writeFloorAndBound(lab: Lab, timed: Timed, shown: RegExp): Promise<void> {
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
/** Medians, ms from navigation start to the mark. */
export type Times = Record<(typeof KINDS)[number], number>;

/**
 * `runs` rounds (after one uncounted): with the worker running, then stopped just before each
 * opening, the floor, the bound and the page, each opened in its own window.
 */
export async function timeAgainstBound(lab: Lab, timed: Timed, runs: number) {
  const path = (kind: string) => (kind === 'page' ? timed.path : `${timed.name}-${kind}.html`);
  const samples = { running: [] as Times[], stopped: [] as Times[] };
  for (let round = -1; round < runs; round++) {
    for (const state of ['running', 'stopped'] as const) {
      const taken = { floor: 0, bound: 0, page: 0 };
      for (const kind of KINDS) {
        if (state === 'stopped') await stopWorker(lab);
        else await message(lab, { type: 'getStatus' });
        if (timed.reset) await lab.control.evaluate(timed.reset);
        taken[kind] = (await inWindow(lab, path(kind), (page) => markAt(page, timed.mark))).ms;
        await sleep(200);
      }
      if (round >= 0) samples[state].push(taken);
    }
  }
  const medians = (rounds: Times[]) =>
    Object.fromEntries(KINDS.map((kind) => [kind, median(rounds.map((r) => r[kind]))])) as Times;
  return { running: medians(samples.running), stopped: medians(samples.stopped) };
}

/** The stopped worker to its answer to a first message (getStatus from bench.html): median. */
export async function workerStart(lab: Lab, runs: number): Promise<number> {
  const samples: number[] = [];
  for (let round = -1; round < runs; round++) {
    await stopWorker(lab);
    const ms = await lab.control.evaluate(async () => {
      const start = performance.now();
      const reply = await chrome.runtime.sendMessage({ type: 'getStatus' });
      if (!(reply as { ok?: boolean })?.ok) throw new Error('The worker did not answer getStatus');
      return performance.now() - start;
    });
    if (round >= 0) samples.push(ms);
  }
  return median(samples);
}
