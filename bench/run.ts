// `npm run bench`: builds the production extension, measures it (bytes, time to content,
// requests, service worker) and prints one table, also written to bench/results.json.
// Talks only to 127.0.0.1. Exits 0 whatever the numbers are (timings are noisy and never gate;
// byte budgets are enforced by `npm test`), and non-zero only when something could not be measured.
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { type RunningService, startService } from '../server/service';
import {
  BYTE_BUDGETS,
  type ByteBudgetName,
  POPUP_TO_FLOOR_RATIO,
  QUEUE_BUDGET,
  REQUEST_BUDGETS,
  WORKSPACE_TO_FLOOR_RATIO,
} from './budgets';
import { BENCH_CHROME_DIR, buildAndZip, type ZipSize } from './build';
import { type ExtensionBytes, extensionBytes } from './bytes';
import { connectTo, type Lab, message, openLab, prepareLabDir } from './lab';
import {
  createRequests,
  popupOpenRequests,
  reportsFirstPage,
  showPage,
  tabSwitchRequests,
  timeToContent,
  withService,
  workerHeap,
  workerStart,
} from './measure';
import { QUEUE_LIMIT, queueCreates } from './queue';
import {
  hundredRows,
  sidePanelFirstRows,
  workspaceFirstRows,
  workspaceRequests,
} from './workspace';

const RESULTS = resolve(import.meta.dirname, 'results.json');
/** `npm run bench -- --bytes`: build and print the byte sizes only (nothing is written). */
const BYTES_ONLY = process.argv.includes('--bytes');
/** `npm run bench -- --no-queue`: leave out the queue's 100 creates (over a minute). */
const QUEUE = !process.argv.includes('--no-queue');

type Status = 'ok' | 'OVER' | '';

interface Row {
  section: string;
  measure: string;
  value: number;
  unit: 'B' | 'ms' | 'requests' | 'ratio';
  shown: string;
  budget: string;
  status: Status;
}

const rows: Row[] = [];

function row(
  section: string,
  measure: string,
  value: number,
  unit: Row['unit'],
  shown: string,
  budget = '',
  ok?: boolean,
) {
  const status: Status = ok === undefined ? '' : ok ? 'ok' : 'OVER';
  rows.push({ section, measure, value, unit, shown, budget, status });
}

/**
 * Rows of the workspace's times against their floor, both within the budget: to the first rows
 * (the list kept from the opening before, or the service's answer if that was in sooner), and to
 * the service's rows.
 */
function firstRowsAgainstFloor(
  section: string,
  floorMs: number,
  openings: (readonly [label: string, firstMs: number, freshMs: number])[],
) {
  const limit = floorMs * WORKSPACE_TO_FLOOR_RATIO;
  const budget = `≤ ${WORKSPACE_TO_FLOOR_RATIO}× floor = ${ms(limit)}`;
  for (const [label, firstMs, freshMs] of openings) {
    const first = `${label}: first rows (kept, or answered if sooner)`;
    row(section, first, firstMs, 'ms', ratioOf(firstMs, floorMs), budget, firstMs <= limit);
    const fresh = `${label}: the service's rows`;
    row(section, fresh, freshMs, 'ms', ratioOf(freshMs, floorMs), budget, freshMs <= limit);
  }
}

/**
 * Rows of the workspace's bounds (lab.ts), shown beside its floor: what a page that shows nothing
 * before those answers takes at least. Not budgeted.
 */
function workspaceBoundRows(
  section: string,
  floorMs: number,
  bounds: { keptRead: number; requestWarm: number; requestCold: number },
) {
  for (const [label, value] of [
    ['bound: the floor after reading the kept list (storage.session)', bounds.keptRead],
    ["bound: the floor after the first page's request, worker running", bounds.requestWarm],
    ["bound: the floor after the first page's request, worker stopped", bounds.requestCold],
  ] as const) {
    row(section, label, value, 'ms', ratioOf(value, floorMs));
  }
}

/** The row of the popup's bound (lab.ts, floor-reads.html), shown beside its floor. */
function popupBoundRow(section: string, times: { floorMs: number; readsMs: number }) {
  row(
    section,
    "bound: the floor after the popup's reads (its tab, storage.local)",
    times.readsMs,
    'ms',
    ratioOf(times.readsMs, times.floorMs),
  );
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const MB = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
/** `value` ms, and its ratio to `floor`. */
const ratioOf = (value: number, floor: number) => `${ms(value)} (${(value / floor).toFixed(2)}×)`;

function bytesRows(bytes: ExtensionBytes, zips: ZipSize[]) {
  const pages: [ByteBudgetName, string][] = [
    ['popup', 'popup.html first load'],
    ['options', 'options.html first load'],
    ['workspace', 'sidepanel.html (workspace) first load'],
    ['background', 'background (service worker)'],
  ];
  for (const [name, label] of pages) {
    const size = bytes[name];
    const budget = BYTE_BUDGETS[name];
    row(
      'Bytes (gzip)',
      `${label}, ${size.firstLoad.length} file(s)`,
      size.firstLoadGzip,
      'B',
      kB(size.firstLoadGzip),
      `≤ ${kB(budget)}`,
      size.firstLoadGzip <= budget,
    );
    if (size.lazy.length > 0) {
      row(
        'Bytes (gzip)',
        `${name}: loaded later by import(), ${size.lazy.length} file(s)`,
        size.lazyGzip,
        'B',
        kB(size.lazyGzip),
      );
    }
  }
  for (const zip of zips) {
    row('Bytes (zip)', `${zip.name} zip (${zip.file})`, zip.bytes, 'B', kB(zip.bytes));
  }
}

function printTable() {
  const headers = ['Measure', 'Value', 'Budget', ''];
  const body = rows.map((entry) => [entry.measure, entry.shown, entry.budget, entry.status]);
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...body.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 1 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  let section = '';
  console.log(line(headers));
  for (const [index, entry] of rows.entries()) {
    if (entry.section !== section) {
      section = entry.section;
      console.log(`— ${section}`);
    }
    console.log(line(body[index] as string[]));
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  console.log('Building and zipping the production extension (.output/bench-*)…');
  const zips = await buildAndZip();
  const bytes = extensionBytes(BENCH_CHROME_DIR);
  bytesRows(bytes, zips);

  if (BYTES_ONLY) {
    printTable();
    return 0;
  }

  const labDir = await prepareLabDir(BENCH_CHROME_DIR);
  const services: RunningService[] = [];
  let lab: Lab | undefined;
  const details: Record<string, unknown> = { bytes, zips };
  try {
    const service = await startService({ port: 0, serveSamples: true, rateLimit: 0 });
    services.push(service);
    const slow = await startService({
      port: 0,
      serveSamples: true,
      rateLimit: 0,
      async: true,
      asyncDelayMs: 1500,
    });
    services.push(slow);
    const samples = service.sampleUrls;
    const slowSamples = slow.sampleUrls;
    if (!samples || !slowSamples) throw new Error('The service did not serve its sample pages.');
    await service.seed(
      Array.from({ length: 30 }, (_, index) => ({
        url: `https://site-${index % 4}.example/list-${index}`,
        result: (['good', 'decent', 'bad'] as const)[index % 3],
      })),
    );

    console.log('Launching Chromium with the extension…');
    lab = await openLab(labDir);
    details.browser = await lab.cdp
      .send('Browser.getVersion')
      .then((version) => version.product)
      .catch(() => lab?.control.evaluate(() => navigator.userAgent));
    await connectTo(lab, service);
    await showPage(lab, samples.good);
    const created = await message<{ ok: boolean; data?: { rating: string | null } }>(lab, {
      type: 'createReport',
      input: { url: samples.good, privacy: 0 },
    });
    if (!created.ok || !created.data?.rating) {
      throw new Error(`Could not create the cached report: ${JSON.stringify(created)}`);
    }

    console.log('Popup time to content (20 openings of each page)…');
    const content = await timeToContent(lab, samples.good, 20);
    details.timeToContent = content;
    const toolbarSection =
      'Popup time to content, opened from the toolbar button (median of 20, navigation start → content mark)';
    row(
      toolbarSection,
      'floor: static page, same stylesheets',
      content.toolbar.floorMs,
      'ms',
      ms(content.toolbar.floorMs),
    );
    popupBoundRow(toolbarSection, content.toolbar);
    for (const [label, value, ratio] of [
      ['popup, worker running', content.toolbar.warmMs, POPUP_TO_FLOOR_RATIO.workerRunning],
      [
        'popup, worker stopped before opening',
        content.toolbar.coldMs,
        POPUP_TO_FLOOR_RATIO.workerStopped,
      ],
    ] as const) {
      const limit = content.toolbar.floorMs * ratio;
      row(
        toolbarSection,
        label,
        value,
        'ms',
        ratioOf(value, content.toolbar.floorMs),
        `≤ ${ratio}× floor = ${ms(limit)}`,
        value <= limit,
      );
    }
    // A detached popup window: not how the popup opens from the toolbar, and its tab's events
    // wake a stopped worker, which then starts beside the page (the floor's too). Shown, not
    // budgeted.
    const windowSection =
      'Popup time to content, opened as its own window (median of 20; its tab wakes a stopped worker)';
    const { floorMs: windowFloor, warmMs, coldMs } = content.window;
    row(windowSection, 'floor: static page, same stylesheets', windowFloor, 'ms', ms(windowFloor));
    popupBoundRow(windowSection, content.window);
    row(windowSection, 'popup, worker running', warmMs, 'ms', ratioOf(warmMs, windowFloor));
    row(
      windowSection,
      'popup, worker stopped before opening',
      coldMs,
      'ms',
      ratioOf(coldMs, windowFloor),
    );

    console.log('Requests: popup open, tab switches and navigation…');
    const popupRequests = await popupOpenRequests(lab, service);
    details.popupRequests = popupRequests;
    const requestSection = 'API requests reaching the service (its own log)';
    row(
      requestSection,
      'popup open, cached rating: before content',
      popupRequests.beforeContent,
      'requests',
      String(popupRequests.beforeContent),
      `${REQUEST_BUDGETS.popupBeforeContent}`,
      popupRequests.beforeContent <= REQUEST_BUDGETS.popupBeforeContent,
    );
    row(
      requestSection,
      'popup open, cached rating: after content',
      popupRequests.afterContent,
      'requests',
      String(popupRequests.afterContent),
      `≤ ${REQUEST_BUDGETS.popupAfterContent}`,
      popupRequests.afterContent <= REQUEST_BUDGETS.popupAfterContent,
    );
    await showPage(lab, samples.good);
    const tabs = await tabSwitchRequests(lab, service, {
      cached: samples.good,
      others: [samples.decent, samples.bad],
    });
    details.tabSwitch = tabs;
    row(
      requestSection,
      `${tabs.switches} tab switches + ${tabs.navigations} navigations (badge "${tabs.badge}")`,
      tabs.requests,
      'requests',
      String(tabs.requests),
      `${REQUEST_BUDGETS.tabSwitchAndNavigation}`,
      tabs.requests <= REQUEST_BUDGETS.tabSwitchAndNavigation && tabs.badge !== '',
    );

    console.log('Reports view first page (10 openings)…');
    await showPage(lab, samples.good);
    const reports = await reportsFirstPage(lab, service, 10);
    details.reportsFirstPage = reports;
    row(
      requestSection,
      'Reports view first page',
      reports.requests,
      'requests',
      String(reports.requests),
      `${REQUEST_BUDGETS.reportsFirstPage}`,
      reports.requests <= REQUEST_BUDGETS.reportsFirstPage,
    );

    console.log('Requests: create, with the answer at once and with a slow analysis…');
    const create = await createRequests(lab, service, samples.bad);
    details.create = create;
    row(
      requestSection,
      `create, rated at once (${create.rating})`,
      create.creates + create.polls,
      'requests',
      `${create.creates} + ${create.polls} polls`,
      `${REQUEST_BUDGETS.create} + polls while null`,
      create.creates === REQUEST_BUDGETS.create && create.afterRating === 0 && create.polls === 0,
    );
    const slowCreate = await withService(lab, service, slow, () =>
      createRequests(lab as Lab, slow, slowSamples.good),
    );
    details.createAsync = slowCreate;
    row(
      requestSection,
      `create, analysis takes 1.5 s (${slowCreate.rating} after ${(slowCreate.ms / 1000).toFixed(1)} s)`,
      slowCreate.creates + slowCreate.polls,
      'requests',
      `${slowCreate.creates} + ${slowCreate.polls} polls, ${slowCreate.afterRating} after`,
      `${REQUEST_BUDGETS.create} + polls while null`,
      slowCreate.creates === REQUEST_BUDGETS.create && slowCreate.afterRating === 0,
    );

    const timingSection = 'Reports view (median of 10, click on "Reports" → first rows shown)';
    row(timingSection, 'Reports first page shown', reports.ms, 'ms', ms(reports.ms));

    console.log('Workspace: time to first rows (10 openings of each page), requests, 100 rows…');
    await showPage(lab, samples.good);
    const firstRows = await workspaceFirstRows(lab, 10);
    details.workspaceFirstRows = firstRows;
    const workspaceSection =
      'Workspace Reports tab (median of 10, navigation start → first rows in the document)';
    row(
      workspaceSection,
      'floor: static page, same stylesheets, 10 rows',
      firstRows.ms.floor,
      'ms',
      ms(firstRows.ms.floor),
    );
    workspaceBoundRows(workspaceSection, firstRows.ms.floor, firstRows.ms);
    firstRowsAgainstFloor(workspaceSection, firstRows.ms.floor, [
      ['workspace, worker running', firstRows.ms.warm, firstRows.ms.warmFresh],
      ['workspace, worker stopped before opening', firstRows.ms.cold, firstRows.ms.coldFresh],
    ]);
    const unkeptLimit = firstRows.ms.floor * WORKSPACE_TO_FLOOR_RATIO;
    row(
      workspaceSection,
      "workspace, worker running, nothing kept (a session's first opening): the service's rows",
      firstRows.ms.unkept,
      'ms',
      ratioOf(firstRows.ms.unkept, firstRows.ms.floor),
      `≤ ${WORKSPACE_TO_FLOOR_RATIO}× floor = ${ms(unkeptLimit)}`,
      firstRows.ms.unkept <= unkeptLimit,
    );
    const workspaceCalls = await workspaceRequests(lab, service);
    details.workspaceRequests = workspaceCalls;
    row(
      requestSection,
      'workspace opened on Reports: first rows',
      workspaceCalls.firstRows,
      'requests',
      String(workspaceCalls.firstRows),
      `${REQUEST_BUDGETS.workspaceFirstRows}`,
      workspaceCalls.firstRows <= REQUEST_BUDGETS.workspaceFirstRows,
    );
    row(
      requestSection,
      `workspace: ${workspaceCalls.selectionChanges} selection changes + ${workspaceCalls.tabSwitches} tab switches`,
      workspaceCalls.afterFirstRows,
      'requests',
      String(workspaceCalls.afterFirstRows),
      `${REQUEST_BUDGETS.workspaceSelectionAndTabs}`,
      workspaceCalls.afterFirstRows <= REQUEST_BUDGETS.workspaceSelectionAndTabs,
    );
    console.log('Workspace in the side panel (10 rounds)…');
    await showPage(lab, samples.good);
    const panel = await sidePanelFirstRows(lab, service, 10);
    details.sidePanelFirstRows = panel;
    const panelSection =
      "Workspace in Chrome's side panel (median of 10, the panel's navigation start → first rows)";
    row(
      panelSection,
      'floor: workspace-floor.html in the side panel',
      panel.ms.floor,
      'ms',
      ms(panel.ms.floor),
    );
    workspaceBoundRows(panelSection, panel.ms.floor, panel.ms);
    firstRowsAgainstFloor(panelSection, panel.ms.floor, [
      ["opened by the popup's Open workspace", panel.ms.fromPopup, panel.ms.fromPopupFresh],
      [
        "opened by the browser's side panel button, worker running",
        panel.ms.directWarm,
        panel.ms.directWarmFresh,
      ],
      [
        "opened by the browser's side panel button, worker stopped",
        panel.ms.directCold,
        panel.ms.directColdFresh,
      ],
    ]);
    row(
      requestSection,
      "side panel from the popup's Open workspace: first rows",
      panel.fromPopupRequests,
      'requests',
      String(panel.fromPopupRequests),
      `${REQUEST_BUDGETS.workspaceFirstRows}`,
      panel.fromPopupRequests <= REQUEST_BUDGETS.workspaceFirstRows,
    );

    const hundred = await hundredRows(lab, service, 10);
    details.hundredRows = hundred;
    row(
      workspaceSection,
      'a page of 100 rows: its reports in → its rows in the document (rows-100)',
      hundred.renderMs,
      'ms',
      ms(hundred.renderMs),
    );
    row(
      workspaceSection,
      'a page of 100 rows: navigation start → first rows (as last shown)',
      hundred.firstRowsMs,
      'ms',
      ms(hundred.firstRowsMs),
    );
    row(
      workspaceSection,
      "a page of 100 rows: navigation start → the service's rows",
      hundred.freshRowsMs,
      'ms',
      ms(hundred.freshRowsMs),
    );

    console.log('Service worker: start and heap…');
    const start = await workerStart(lab, 10);
    details.workerStart = start;
    row(
      'Service worker',
      'stopped → first answered message (median of 10)',
      start.ms,
      'ms',
      ms(start.ms),
    );
    const heap = await workerHeap(lab, service, 500);
    details.workerHeap = heap;
    row(
      'Service worker',
      'JS heap after start (after GC)',
      heap.startBytes,
      'B',
      MB(heap.startBytes),
    );
    row(
      'Service worker',
      `JS heap after ${heap.reports} reports listed (cache: ${heap.cacheEntries} entries)`,
      heap.afterBytes,
      'B',
      MB(heap.afterBytes),
    );

    if (QUEUE) {
      console.log(
        `Queue: ${QUEUE_BUDGET.posts} creates at ${QUEUE_LIMIT} a minute (over a minute; --no-queue leaves it out)…`,
      );
      const queue = await queueCreates(lab, service);
      details.queue = queue;
      const queueSection = `Queue: one job of ${queue.creates} creates, limit ${queue.limit} per ${queue.windowMs / 1000} s, no reset on successes (service log)`;
      row(
        queueSection,
        `POST /reports reaching the service (job ${queue.jobState})`,
        queue.posts,
        'requests',
        `${queue.posts} (${queue.created} created)`,
        `= ${QUEUE_BUDGET.posts}`,
        queue.posts === QUEUE_BUDGET.posts && queue.created === QUEUE_BUDGET.posts,
      );
      row(
        queueSection,
        '429 answers',
        queue.refused,
        'requests',
        String(queue.refused),
        `${QUEUE_BUDGET.refused}`,
        queue.refused <= QUEUE_BUDGET.refused,
      );
      row(
        queueSection,
        `floor: one window (${QUEUE_LIMIT} in it, the rest after it ends)`,
        queue.floorMs,
        'ms',
        seconds(queue.floorMs),
      );
      const queueLimit = queue.floorMs * QUEUE_BUDGET.toFloorRatio;
      row(
        queueSection,
        `total, first request → last (${queue.firstWindow.requests} in the first window, ${queue.afterWindow.requests} after)`,
        queue.totalMs,
        'ms',
        `${seconds(queue.totalMs)} (${queue.ratio.toFixed(3)}×)`,
        `≤ ${QUEUE_BUDGET.toFloorRatio}× floor = ${seconds(queueLimit)}`,
        queue.totalMs <= queueLimit,
      );
      row(
        queueSection,
        `the first window: its ${queue.firstWindow.requests} requests, first → last`,
        queue.firstWindow.ms,
        'ms',
        seconds(queue.firstWindow.ms),
      );
      row(
        queueSection,
        `after its end (${queue.windowMs / 1000} s after the first request): the next, and the last of ${queue.afterWindow.requests}`,
        queue.afterWindow.ms,
        'ms',
        `+${seconds(queue.afterWindow.firstMs)}, +${seconds(queue.afterWindow.ms)}`,
      );
    }
  } finally {
    await lab?.close().catch(() => undefined);
    for (const service of services) await service.close().catch(() => undefined);
  }

  console.log('');
  printTable();
  const over = rows.filter((entry) => entry.status === 'OVER');
  console.log(
    over.length === 0
      ? '\nEvery budget is met.'
      : `\nOver budget: ${over.map((entry) => entry.measure).join('; ')}.`,
  );
  await writeFile(
    RESULTS,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { node: process.version, cpus: availableParallelism(), browser: details.browser },
        durationSeconds: Math.round((Date.now() - started) / 1000),
        rows,
        details,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Written to ${RESULTS}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The benchmark could not measure:', error);
    process.exit(1);
  },
);
