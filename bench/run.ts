// `npm run bench` (flags and exit code: README.md): prints one table, writes bench/results.json.
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { type RunningService, startService } from '../server/service';
import * as budget from './budgets';
import { extensionBytes } from './bytes';
import {
  BUILD_DIR,
  buildForBench,
  command,
  type Lab,
  openBoundWorker,
  openLab,
  showPage,
} from './lab';
import * as measure from './measures';

const { OWN_COST_GOAL_MS, REQUESTS: MAX, WORKER_START_GOAL_MS } = budget;
const RESULTS = resolve(import.meta.dirname, 'results.json');
const BYTES_ONLY = process.argv.includes('--bytes');
const QUEUE = !process.argv.includes('--no-queue');
const WATCH = !process.argv.includes('--no-watch');
/** Only the Issues tab's rows (after the build and the lab's start). */
const ISSUES_ONLY = process.argv.includes('--issues');
/** Only Add pages' reads (after the build and the lab's start). */
const ADD_PAGES_ONLY = process.argv.includes('--add-pages');
/** Only the service worker's start (after the build and the lab's start). */
const WORKER_START_ONLY = process.argv.includes('--worker-start');
/** Only the pace of creates by job size (after the build and the lab's start). */
const CREATE_PACE_ONLY = process.argv.includes('--create-pace');
/** Only the popup's and the workspace's times (after the build and the lab's start). */
const TIMES_ONLY = process.argv.includes('--times');
/** Starts of the service worker (after one uncounted round). */
const RUNS = 20;
/**
 * Openings of each page in each worker state (after one uncounted round): 16 rounds per order.
 * Medians of 24 moved by up to 16 ms from one run of the same code to the next (README.md).
 */
const TIME_RUNS = 16 * measure.ORDERS.length;
/** A page's status asked of the worker, running or stopped (after one uncounted). */
const STATUS_RUNS = 10;

type Unit = 'kB' | 'ms' | 's' | '×' | '';

interface Row {
  section: string;
  measure: string;
  value: number;
  unit: Unit;
  budget?: string;
  status?: 'ok' | 'OVER';
}

const rows: Row[] = [];
let section = '';

const format = (value: number, unit: Unit) =>
  unit === 'kB' || unit === 's'
    ? `${(value / 1000).toFixed(2)} ${unit}`
    : unit === 'ms'
      ? `${value.toFixed(1)} ms`
      : `${value.toFixed(unit ? 2 : 0)}${unit}`;

/** A row; with `max`, a budget (`exact`: the value must equal it). */
function row(measure: string, value: number, unit: Unit, max?: number, exact = false) {
  const entry: Row = { section, measure, value: Math.round(value * 1000) / 1000, unit };
  if (max !== undefined) {
    entry.budget = `${exact ? '=' : '≤'} ${format(max, unit)}`;
    entry.status = (exact ? value === max : value <= max) ? 'ok' : 'OVER';
  }
  rows.push(entry);
}

/** A job's rows from the limited service's log: requests `sent` (all `ok`), 429s, pacing. */
function limitedRows(job: measure.LimitedJob, sent: string, ok: string, items: number) {
  row(sent, job.sent, '', items, true);
  row(ok, job.ok, '', items, true);
  row('429 answers', job.refused, '', budget.JOBS.refused);
  row("the limit's floor (its first window)", job.floorMs, 's');
  row('first request → last', job.totalMs, 's');
  row('first request → last / floor', job.totalMs / job.floorMs, '×', budget.JOBS.toFloorRatio);
}

function printTable() {
  rows.forEach((r, index) => {
    if (r.section !== rows[index - 1]?.section) console.log(`— ${r.section}`);
    const value = format(r.value, r.unit).padStart(10);
    const limit = (r.budget ?? '').padEnd(11);
    console.log(`  ${r.measure.padEnd(52)} ${value}  ${limit} ${r.status ?? ''}`.trimEnd());
  });
}

/** The Issues tab's rows: its table and a check's pages (medians of 5), the store's size. */
async function issuesRows(lab: Lab) {
  const { reports, checks, tableMs, pagesMs, storeReports } = budget.ISSUES;
  console.log(`Issues: ${reports} reports × ${checks} checks…`);
  section = `Issues: ${reports} kept reports × ${checks} checks, median of 5`;
  const times = await measure.issuesTable(lab, reports, checks, 5);
  row('Issues tab clicked → table shown, goal', times.tableMs, 'ms', tableMs);
  row("a check's Pages failing clicked → pages listed, goal", times.pagesMs, 'ms', pagesMs);
  section = `Issues: the kept analyses of ${storeReports} reports × ${checks} checks`;
  const size = await measure.issuesStoreSize(lab, storeReports, checks);
  row("storage used (Chromium's estimate)", size.usageBytes, 'kB');
  row('their values as JSON', size.jsonBytes, 'kB');
}

/** Add pages' rows: a sitemap and a pasted list of the same addresses, read (medians of 5). */
async function addPagesRows(lab: Lab) {
  const { urls, goalMs } = budget.ADD_PAGES;
  console.log(`Add pages: ${urls} addresses read in the workspace…`);
  section = `Add pages: ${urls} addresses, click → count shown, median of 5`;
  const audit = await measure.addPagesReads(lab, urls);
  row('a sitemap (fetched from loopback, read as it streams), goal', audit.sitemapMs, 'ms', goalMs);
  row('a pasted list, goal', audit.listMs, 'ms', goalMs);
}

/** Creates of a small job, a big audit, and a small job with a finished big audit kept. */
async function createPaceRows(lab: Lab) {
  const { small, audit, counted, afterAudit } = budget.JOB_PACE;
  console.log(`Queue: creates of jobs of ${small} and ${audit}, and beside an audit (2 minutes)…`);
  section = 'Queue: first create → last of the counted, per create (a service without limit)';
  const smallMs = await measure.createPace(lab, { creates: small, counted });
  row(`a job of ${small} creates, ${counted} counted`, smallMs, 'ms');
  const auditMs = await measure.createPace(lab, { creates: audit, counted, kind: 'audit' });
  row(`an audit of ${audit} pages, its first ${counted}`, auditMs, 'ms');
  const pages = budget.JOBS.keptAudit;
  const keptMs = await measure.withKeptAudit(
    lab,
    pages,
    () => measure.createPace(lab, { ...afterAudit, audit: true }),
    { endsJob: true },
  );
  const { creates, counted: first } = afterAudit;
  row(`a job of ${creates} creates, its first ${first}, a ${pages}-page audit kept`, keptMs, 'ms');
}

/** The service worker stopped, then a first message until its answer (median of RUNS). */
async function workerStartRow(lab: Lab) {
  console.log('Service worker start, and its bound in a Chromium of its own…');
  section = `Service worker: stopped → first message answered, median of ${RUNS}`;
  const bound = await openBoundWorker();
  try {
    const started = await measure.workerStarts({ background: lab, bound }, RUNS);
    row('bound: a worker that only answers', started.bound, 'ms');
    row('the background, goal', started.background, 'ms', WORKER_START_GOAL_MS);
    row('own cost (background − bound)', started.background - started.bound, 'ms');
  } finally {
    await bound.ext.close();
  }
  const pages = budget.JOBS.keptAudit;
  const kept = await measure.withKeptAudit(lab, pages, () =>
    measure.workerStarts({ background: lab }, RUNS),
  );
  row(
    `the same, a finished ${pages}-page audit kept, goal`,
    kept.background,
    'ms',
    WORKER_START_GOAL_MS,
  );
  section = `A page's status (getStatus with its address), median of ${STATUS_RUNS}`;
  const page = 'https://status.example/page';
  await keptAuditRows(lab, 'worker stopped (its start included)', (stopped) =>
    measure.pageStatus(lab, page, STATUS_RUNS, { stopped }),
  );
  section = `The workspace on Reports: navigation start → rows, median of ${STATUS_RUNS}`;
  await keptAuditRows(lab, 'worker stopped', (stopped) =>
    measure.workspaceRows(lab, STATUS_RUNS, { stopped }),
  );
}

/** Four rows of `time`: worker running and stopped, with nothing kept, then the audit kept. */
async function keptAuditRows(
  lab: Lab,
  stoppedLabel: string,
  time: (stopped: boolean) => Promise<number>,
) {
  const pages = budget.JOBS.keptAudit;
  const both = async () => ({ running: await time(false), stopped: await time(true) });
  const none = await both();
  const kept = await measure.withKeptAudit(lab, pages, both);
  row('worker running, nothing kept', none.running, 'ms');
  row(`worker running, a finished ${pages}-page audit kept`, kept.running, 'ms');
  row(`${stoppedLabel}, nothing kept`, none.stopped, 'ms');
  row(`${stoppedLabel}, a finished ${pages}-page audit kept`, kept.stopped, 'ms');
}

async function main(): Promise<void> {
  const started = Date.now();
  console.log('Building the production extension (.output/bench-chrome-mv3)…');
  await buildForBench();
  section = 'Bytes: gzip of the first load; loaded later by import() apart';
  for (const [name, size] of Object.entries(extensionBytes(BUILD_DIR))) {
    const max = budget.BYTE_BUDGETS[name as budget.ByteBudgetName];
    row(`${name}, ${size.firstLoad.length} file(s)`, size.firstLoadGzip, 'kB', max);
    if (name !== 'background')
      row(`${name}, files loaded first`, size.firstLoad.length, '', budget.FIRST_LOAD_FILES);
    if (size.lazy.length)
      row(`${name}, by import(), ${size.lazy.length} file(s)`, size.lazyGzip, 'kB');
  }
  if (BYTES_ONLY) return printTable();

  let lab: Lab | undefined;
  let service: RunningService | undefined;
  let browser = '';
  try {
    service = await startService({ port: 0, serveSamples: true, rateLimit: 0 });
    const samples = service.sampleUrls;
    if (!samples) throw new Error('The service did not serve its sample pages.');
    await service.seed(
      Array.from({ length: 30 }, (_, index) => ({
        url: `https://site-${index % 4}.example/list-${index}`,
        result: (['good', 'decent', 'bad'] as const)[index % 3],
      })),
    );
    console.log('Launching Chromium with the extension…');
    lab = await openLab(service);
    browser = (await lab.cdp.send('Browser.getVersion')).product;
    await showPage(lab, samples.good);
    await command(lab, { type: 'createReport', input: { url: samples.good, privacy: 0 } });

    const only = (
      [
        [ISSUES_ONLY, issuesRows],
        [ADD_PAGES_ONLY, addPagesRows],
        [WORKER_START_ONLY, workerStartRow],
        [CREATE_PACE_ONLY, createPaceRows],
      ] as const
    ).find(([asked]) => asked)?.[1];
    if (only) {
      // Printed only: results.json keeps the last full run.
      await only(lab);
      console.log('');
      printTable();
      return;
    }

    for (const [timed, shown] of [
      [measure.POPUP, new RegExp(samples.good.replace(/[.?]/g, '\\$&'))],
      [measure.WORKSPACE, /site-\d\.example/],
    ] as const) {
      console.log(`${timed.name}: its floor, bound and page, ${TIME_RUNS} times each way…`);
      section = `${timed.name}: navigation start → mark '${timed.mark}', median of ${TIME_RUNS}`;
      const taken = await measure.timeAgainstBound(lab, timed, shown, TIME_RUNS);
      for (const state of ['running', 'stopped'] as const) {
        const { floor, bound, page, interval } = taken[state];
        row(`worker ${state}: floor (static page)`, floor, 'ms');
        row(`worker ${state}: bound (floor + browser reads)`, bound, 'ms');
        row(`worker ${state}: ${timed.name}`, page, 'ms');
        row(`worker ${state}: own cost (page − bound), goal`, page - bound, 'ms', OWN_COST_GOAL_MS);
        row(`worker ${state}: own cost, 95% interval from`, interval[0], 'ms');
        row(`worker ${state}: own cost, 95% interval to`, interval[1], 'ms');
        row(`worker ${state}: page / bound`, page / bound, '×');
      }
    }
    if (TIMES_ONLY) {
      // Printed only: results.json keeps the last full run.
      console.log('');
      printTable();
      return;
    }

    console.log('API requests…');
    section = 'API requests reaching the service (its own log)';
    await showPage(lab, samples.good);
    const popup = await measure.popupRequests(lab);
    row('popup opened, rating cached: before content', popup.before, '', MAX.popupBeforeContent);
    row('popup opened, rating cached: after content', popup.after, '', MAX.popupAfterContent);
    const tabs = await measure.tabSwitchRequests(lab, samples.good, samples.decent);
    const switched = `10 tab switches + 4 navigations (badge "${tabs.badge}")`;
    row(switched, tabs.requests, '', MAX.tabSwitchAndNavigation);
    const create = await measure.createRequests(lab, samples.bad);
    row('create from the popup: POSTs', create.posts, '', MAX.create, true);
    row('create from the popup: other requests', create.others, '');
    const reports = await measure.reportsRequests(lab);
    row('popup Reports view: first page', reports, '', MAX.reportsFirstPage);
    const { firstRows, afterRows } = await measure.workspaceRequests(lab);
    row('workspace on Reports: first rows', firstRows, '', MAX.workspaceFirstRows);
    row('workspace: rows selected, tabs switched', afterRows, '', MAX.workspaceSelectionAndTabs);

    await workerStartRow(lab);

    await addPagesRows(lab);

    if (QUEUE) {
      const creates = budget.JOBS.queue;
      console.log(`Queue: ${creates} creates at ${measure.LIMIT} a minute (over a minute)…`);
      section = `Queue: ${creates} creates, limit ${measure.LIMIT} a minute (service log)`;
      const queue = await measure.queueCreates(lab, creates);
      limitedRows(queue, 'POST /reports', 'of them answered 201', creates);
      await createPaceRows(lab);
    }

    const { records, readMs } = budget.HISTORY;
    console.log("Watching: one report's history read…");
    section = `Watching: one report's ${records} records, median of ${RUNS}`;
    const historyMs = await measure.historyRead(lab, records, RUNS);
    row('read from IndexedDB (its query)', historyMs, 'ms', readMs);
    if (WATCH) {
      const pages = budget.JOBS.watchRun;
      console.log(`Watching: a run of ${pages} pages at ${measure.LIMIT} a minute (8+ minutes)…`);
      section = `Watching: a run of ${pages} pages, limit ${measure.LIMIT} a minute (service log)`;
      const run = await measure.watchRun(lab, pages);
      limitedRows(run, 'PUT /reports/{id} (results=1)', 'of them answered 200', pages);
    }
    await issuesRows(lab);
  } finally {
    await lab?.ext.close().catch(() => undefined);
    await service?.close().catch(() => undefined);
  }

  console.log('');
  printTable();
  const machine = { node: process.version, cpus: availableParallelism(), browser };
  const seconds = Math.round((Date.now() - started) / 1000);
  const head = JSON.stringify({ date: new Date().toISOString(), machine, seconds });
  const lines = rows.map((entry) => JSON.stringify(entry)).join(',\n');
  await writeFile(RESULTS, `${head.slice(0, -1)},\n"rows":[\n${lines}\n]}\n`);
  console.log(`\nWritten to ${RESULTS}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('The benchmark could not measure:', error);
    process.exit(1);
  },
);
