// The benchmark's measurements of the workspace's Reports tab (sidepanel.html, opened as its own
// window like the popup): time from opening to its first rows against a static floor, the API
// requests the first rows, selecting and switching tabs cost, and the time to render a page of
// 100 rows. The tab sets the User Timing entries read here (components/reports/
// rows-mark.ts): the marks 'rows' (the first rows: the list as last shown, kept in
// storage.session, or the service's answer if that is in first) and 'rows-fresh' (the service's),
// and the measure 'rows-100'. Each opening after the first finds the list it last showed kept.
import type { Page } from 'playwright-core';
import type { RunningService } from '../server/service';
import {
  inSidePanel,
  type Lab,
  message,
  openSidePanel,
  openWindow,
  readTiming,
  setSidePanel,
  stopWorker,
  withToolbarPopup,
} from './lab';
import { median, settle } from './measure';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const REPORTS = 'sidepanel.html#tab=reports';

/** ms from navigation start to the page's User Timing entry `name` (a mark or a measure's end). */
async function timing(page: Page, name: string): Promise<{ start: number; duration: number }> {
  await page.waitForFunction((entry) => performance.getEntriesByName(entry).length > 0, name, {
    timeout: 15_000,
    polling: 20,
  });
  return page.evaluate((entry) => {
    const found = performance.getEntriesByName(entry)[0] as PerformanceEntry;
    return { start: found.startTime, duration: found.duration };
  }, name);
}

/** Opens `path` in its own window; ms from navigation start to each mark of `names`. */
async function openAndTime(lab: Lab, path: string, names: string[]): Promise<number[]> {
  const page = await openWindow(lab, path);
  try {
    const times: number[] = [];
    for (const name of names) times.push((await timing(page, name)).start);
    return times;
  } finally {
    await page.close();
  }
}

const ROWS = ['rows', 'rows-fresh'];

type Samples<K extends string> = Record<K, number[]>;

function samplesOf<K extends string>(keys: readonly K[]): Samples<K> {
  return Object.fromEntries(keys.map((key) => [key, [] as number[]])) as Samples<K>;
}

function mediansOf<K extends string>(samples: Samples<K>): Record<K, number> {
  return Object.fromEntries(
    Object.entries<number[]>(samples).map(([key, values]) => [key, median(values)]),
  ) as Record<K, number>;
}

/**
 * The bounds (lab.ts): the floor once it has read the kept list from storage.session, and once
 * the service worker has answered the first page's request, running or stopped before.
 */
const BOUND_KEYS = ['keptRead', 'requestWarm', 'requestCold'] as const;
type Bounds = Record<(typeof BOUND_KEYS)[number], number>;

/**
 * One round of the bounds, each opened by `open` and timed to its 'rows' mark: the kept list's
 * read, the request with the worker running, and with it stopped just before.
 */
async function boundsRound(lab: Lab, open: (path: string) => Promise<number>): Promise<Bounds> {
  const keptRead = await open('workspace-floor-kept.html');
  await message(lab, { type: 'getStatus' });
  const requestWarm = await open('workspace-floor-request.html');
  await sleep(300);
  await stopWorker(lab);
  const requestCold = await open('workspace-floor-request.html');
  await sleep(300);
  return { keptRead, requestWarm, requestCold };
}

const WINDOW_KEYS = [
  'floor',
  ...BOUND_KEYS,
  'warm',
  'warmFresh',
  'cold',
  'coldFresh',
  'unkept',
] as const;

export interface WorkspaceFirstRows {
  opens: number;
  /**
   * Medians, ms. `warm`: the worker was running when the workspace opened; `cold`: it had been
   * stopped just before. Without a suffix, to the first rows (the list as last shown); `Fresh`,
   * to the service's rows. `unkept`: the worker running, nothing kept (as at the first opening
   * in a browser session), to the first rows, the service's. `keptRead`, `requestWarm`,
   * `requestCold`: the bounds (BOUND_KEYS).
   */
  ms: Record<(typeof WINDOW_KEYS)[number], number>;
  samples: Samples<(typeof WINDOW_KEYS)[number]>;
}

/**
 * Median time from navigation start to the 'rows' and 'rows-fresh' marks over `opens` openings
 * of each page in turn (the floor, the bounds, the workspace with the worker awake, the workspace
 * with it stopped, the workspace with the worker awake and nothing kept), after one uncounted
 * round. The service's rows need one request; the floor has its rows in its markup.
 */
export async function workspaceFirstRows(lab: Lab, opens = 10): Promise<WorkspaceFirstRows> {
  const samples = samplesOf(WINDOW_KEYS);
  /** A floor or bound in its own window: its 'rows' mark. */
  const rowsIn = async (path: string) => (await openAndTime(lab, path, ['rows']))[0] as number;
  for (let round = -1; round < opens; round++) {
    const floor = await rowsIn('workspace-floor.html');
    const bounds = await boundsRound(lab, rowsIn);
    await message(lab, { type: 'getStatus' });
    const [warm, warmFresh] = await openAndTime(lab, REPORTS, ROWS);
    await sleep(300);
    await stopWorker(lab);
    const [cold, coldFresh] = await openAndTime(lab, REPORTS, ROWS);
    await sleep(300);
    await lab.control.evaluate(() => chrome.storage.session.remove('workspaceLastPage'));
    await message(lab, { type: 'getStatus' });
    const [unkept] = await openAndTime(lab, REPORTS, ['rows-fresh']);
    await sleep(300);
    if (round < 0) continue;
    const taken = { floor, ...bounds, warm, warmFresh, cold, coldFresh, unkept };
    for (const key of WINDOW_KEYS) samples[key].push(taken[key] as number);
  }
  return { opens, ms: mediansOf(samples), samples };
}

export interface WorkspaceRequests {
  /** From opening the workspace until the service heard nothing for a second. */
  firstRows: number;
  firstRowsPaths: string[];
  /** Check boxes clicked (one by one, Shift+click, Select all) and keys pressed. */
  selectionChanges: number;
  /** The workspace's tabs chosen in turn (Open tabs, Activity, back to Reports). */
  tabSwitches: number;
  /** API requests for all of those, until the service heard nothing for a second. */
  afterFirstRows: number;
  afterPaths: string[];
}

/** Opens the workspace on Reports, then selects and switches tabs; the requests each cost. */
export async function workspaceRequests(
  lab: Lab,
  service: RunningService,
): Promise<WorkspaceRequests> {
  await settle(service, 300);
  service.resetRequests();
  const page = await openWindow(lab, REPORTS);
  try {
    await timing(page, 'rows-fresh');
    await settle(service, 1_000);
    const first = service.apiRequests();
    service.resetRequests();

    const boxes = page.getByRole('checkbox', { name: /^Select http/ });
    let selectionChanges = 0;
    for (const index of [0, 2, 4]) {
      await boxes.nth(index).click();
      selectionChanges += 1;
    }
    await boxes.nth(8).click({ modifiers: ['Shift'] });
    await page.getByRole('checkbox', { name: 'Select all on this page', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select all on this page', exact: true }).click();
    await boxes.nth(1).focus();
    for (const key of ['Space', 'ArrowDown', 'Shift+ArrowDown', 'Shift+ArrowDown', 'Space']) {
      await page.keyboard.press(key);
    }
    selectionChanges += 8;
    let tabSwitches = 0;
    for (const name of ['Open tabs', 'Activity', 'Reports', 'Activity', 'Reports']) {
      await page.getByRole('tab', { name, exact: true }).click();
      tabSwitches += 1;
    }
    await boxes.first().waitFor();
    await settle(service, 1_000);
    const after = service.apiRequests();
    const paths = (entries: typeof after) =>
      entries.map((entry) => `${entry.method} ${entry.path}`);
    return {
      firstRows: first.length,
      firstRowsPaths: paths(first),
      selectionChanges,
      tabSwitches,
      afterFirstRows: after.length,
      afterPaths: paths(after),
    };
  } finally {
    await page.close();
  }
}

export interface HundredRows {
  opens: number;
  /**
   * The 'rows-100' measure: a page of 100 reports in (the list as last shown, or the service's
   * answer), to its 100 rows in the document.
   */
  renderMs: number;
  /** Navigation start to the 'rows' mark, with 100 rows on the page. */
  firstRowsMs: number;
  /** … and to the 'rows-fresh' mark. */
  freshRowsMs: number;
  samples: { render: number[]; firstRows: number[]; freshRows: number[] };
}

/**
 * Opens the workspace at 100 reports a page `opens` times (after one uncounted opening) and reads
 * how long the page of 100 rows took to render. Seeds reports until the service has 100.
 */
export async function hundredRows(
  lab: Lab,
  service: RunningService,
  opens = 10,
): Promise<HundredRows> {
  await service.seed(
    Array.from({ length: 100 }, (_, index) => ({
      url: `https://rows-${index % 7}.example/page-${index}?q=${'x'.repeat(index % 40)}`,
      result: (['good', 'decent', 'bad'] as const)[index % 3],
      privacy: (index % 3) as 0 | 1 | 2,
    })),
  );
  const samples = { render: [] as number[], firstRows: [] as number[], freshRows: [] as number[] };
  for (let round = -1; round < opens; round++) {
    const page = await openWindow(lab, `${REPORTS}&perPage=100`);
    try {
      const rows = await timing(page, 'rows');
      const fresh = await timing(page, 'rows-fresh');
      const render = await timing(page, 'rows-100');
      const count = await page.getByRole('checkbox', { name: /^Select http/ }).count();
      if (count !== 100) throw new Error(`The workspace showed ${count} rows, not 100`);
      if (round < 0) continue;
      samples.render.push(render.duration);
      samples.firstRows.push(rows.start);
      samples.freshRows.push(fresh.start);
    } finally {
      await page.close();
    }
  }
  return {
    opens,
    renderMs: median(samples.render),
    firstRowsMs: median(samples.firstRows),
    freshRowsMs: median(samples.freshRows),
    samples,
  };
}

/** The popup's content is on screen; then its Open workspace is clicked (a user gesture). */
const POPUP_CONTENT = readTiming('content');
const CLICK_OPEN_WORKSPACE = `(() => {
  const button = [...document.querySelectorAll('button')].find(
    (element) => element.textContent.trim() === 'Open workspace',
  );
  if (!button) throw new Error('The popup has no Open workspace button');
  button.click();
  return true;
})()`;

const PANEL_KEYS = [
  'floor',
  ...BOUND_KEYS,
  'fromPopup',
  'fromPopupFresh',
  'directWarm',
  'directWarmFresh',
  'directCold',
  'directColdFresh',
] as const;

export interface SidePanelFirstRows {
  opens: number;
  /**
   * Medians, ms. `floor`: workspace-floor.html in the side panel; `fromPopup`: opened by the
   * popup's Open workspace (the worker runs: the popup has just asked it); `directWarm`: by the
   * browser's side panel button, the worker running; `directCold`: the same, the worker stopped
   * just before. Without a suffix, to the first rows (the list as last shown); `Fresh`, to the
   * service's rows. `keptRead`, `requestWarm`, `requestCold`: the bounds (BOUND_KEYS), in the
   * side panel.
   */
  ms: Record<(typeof PANEL_KEYS)[number], number>;
  /** API requests from the click on Open workspace until the service heard nothing for 1 s. */
  fromPopupRequests: number;
  samples: Samples<(typeof PANEL_KEYS)[number]>;
}

/**
 * The workspace in Chrome's side panel, its home there (not a tab: no tabs.onUpdated): median
 * time from the panel's navigation start to the 'rows' and 'rows-fresh' marks over `opens`
 * rounds (after one uncounted), each opening in turn the floor, the bounds, the workspace from
 * the popup's Open workspace, and the workspace from the browser's side panel button with the
 * worker running, then stopped. The main tab must show a web page (the popup's Open workspace
 * puts the panel beside it).
 */
export async function sidePanelFirstRows(
  lab: Lab,
  service: RunningService,
  opens = 10,
): Promise<SidePanelFirstRows> {
  const samples = samplesOf(PANEL_KEYS);
  let fromPopupRequests = 0;
  const marks = (path: string, names: string[]) =>
    inSidePanel(lab, path, async (evaluate) => {
      const times: number[] = [];
      for (const name of names) times.push(await evaluate<number>(readTiming(name)));
      return times;
    });
  /** A floor or bound as the side panel's page, opened: its 'rows' mark. */
  const rowsIn = async (path: string) => {
    await setSidePanel(lab, path);
    await openSidePanel(lab);
    return (await marks(path, ['rows']))[0] as number;
  };
  try {
    for (let round = -1; round < opens; round++) {
      const floor = await rowsIn('workspace-floor.html');
      const bounds = await boundsRound(lab, rowsIn);

      await setSidePanel(lab, 'sidepanel.html');
      await withToolbarPopup(lab, 'popup.html', async (evaluate) => {
        await evaluate(POPUP_CONTENT);
        // The popup's quiet refresh of its cached rating is not the workspace's.
        await settle(service, 300);
        service.resetRequests();
        await evaluate(CLICK_OPEN_WORKSPACE, { userGesture: true, once: true });
      });
      const [fromPopup, fromPopupFresh] = await marks('sidepanel.html', ROWS);
      await settle(service, 1_000);
      const requests = service.apiRequests().length;

      await message(lab, { type: 'getStatus' });
      await sleep(300);
      await openSidePanel(lab);
      const [directWarm, directWarmFresh] = await marks('sidepanel.html', ROWS);
      await sleep(300);
      await stopWorker(lab);
      await openSidePanel(lab);
      const [directCold, directColdFresh] = await marks('sidepanel.html', ROWS);
      await sleep(300);
      if (round < 0) continue;
      fromPopupRequests = Math.max(fromPopupRequests, requests);
      const taken = {
        floor,
        ...bounds,
        fromPopup,
        fromPopupFresh,
        directWarm,
        directWarmFresh,
        directCold,
        directColdFresh,
      };
      for (const key of PANEL_KEYS) samples[key].push(taken[key] as number);
    }
  } finally {
    await setSidePanel(lab, 'sidepanel.html');
  }
  return { opens, ms: mediansOf(samples), fromPopupRequests, samples };
}
