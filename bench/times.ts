// Time from navigation start to a page's User Timing mark, against a floor and a bound (see
// README.md), with the service worker running and stopped; and the stopped worker's start.
import {
  afterWarmUp,
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
  /** Run in bench.html before each opening: what the page would find kept goes. */
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
const FIRST_PAGE = { sortBy: 'id', sort: 'desc', perPage: 10, page: 1 };
export const WORKSPACE: Timed = {
  name: 'workspace',
  path: 'sidepanel.html#tab=reports',
  mark: 'rows',
  // The list it last showed is kept in storage.session; a fresh opening has none.
  reset: () => chrome.storage.session.clear(),
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
type Times = Record<(typeof KINDS)[number], number>;

/**
 * Medians of `runs` rounds, ms from navigation start to the mark: with the worker running, then
 * stopped just before each opening, the floor, the bound and the page, each in its own window.
 */
export async function timeAgainstBound(lab: Lab, timed: Timed, runs: number) {
  const path = (kind: string) => (kind === 'page' ? timed.path : `${timed.name}-${kind}.html`);
  const open = async (stopped: boolean) => {
    const taken = { floor: 0, bound: 0, page: 0 };
    for (const kind of KINDS) {
      if (stopped) await stopWorker(lab);
      else await message(lab, { type: 'getStatus' });
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
