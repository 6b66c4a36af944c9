// `npm run bench` (flags: --bytes, --no-queue, --no-watch; README.md): prints one table and
// writes it to bench/results.json. Exits non-zero only when something could not be measured.
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { type RunningService, startService } from '../server/service';
import { AUDIT_GOAL_MS, AUDIT_URLS, auditParseTimes } from './audit';
import * as budget from './budgets';
import { extensionBytes } from './bytes';
import { BUILD_DIR, buildForBench, connectTo, type Lab, message, openLab, showPage } from './lab';
import * as requests from './requests';
import { POPUP, timeAgainstBound, WORKSPACE, workerStart, writeFloorAndBound } from './times';
import { historyRead, watchRun } from './watch';

const { OWN_COST_GOAL_MS, REQUESTS: MAX } = budget;
const RESULTS = resolve(import.meta.dirname, 'results.json');
const BYTES_ONLY = process.argv.includes('--bytes');
const QUEUE = !process.argv.includes('--no-queue');
const WATCH = !process.argv.includes('--no-watch');
/** Openings of each page in each worker state (after one uncounted round). */
const RUNS = 20;

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
function limitedRows(job: requests.LimitedJob, sent: string, ok: string, max: budget.JobBudget) {
  row(sent, job.sent, '', max.items, true);
  row(ok, job.ok, '', max.items, true);
  row('429 answers', job.refused, '', max.refused);
  row("the limit's floor (its first window)", job.floorMs, 's');
  row('first request → last', job.totalMs, 's');
  row('first request → last / floor', job.totalMs / job.floorMs, '×', max.toFloorRatio);
}

function printTable() {
  rows.forEach((r, index) => {
    if (r.section !== rows[index - 1]?.section) console.log(`— ${r.section}`);
    const value = format(r.value, r.unit).padStart(10);
    console.log(
      `  ${r.measure.padEnd(52)} ${value}  ${(r.budget ?? '').padEnd(11)} ${r.status ?? ''}`.trimEnd(),
    );
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  console.log('Building the production extension (.output/bench-chrome-mv3)…');
  await buildForBench();
  section = 'Bytes: gzip of the first load; loaded later by import() apart';
  for (const [name, size] of Object.entries(extensionBytes(BUILD_DIR))) {
    const max = budget.BYTE_BUDGETS[name as budget.ByteBudgetName];
    row(`${name}, ${size.firstLoad.length} file(s)`, size.firstLoadGzip, 'kB', max);
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
    lab = await openLab();
    browser = (await lab.cdp.send('Browser.getVersion')).product;
    await connectTo(lab, service);
    await showPage(lab, samples.good);
    const input = { url: samples.good, privacy: 0 };
    const created = await message<{ ok: boolean }>(lab, { type: 'createReport', input });
    if (!created.ok) throw new Error(`Not created: ${JSON.stringify(created)}`);

    for (const [timed, shown] of [
      [POPUP, new RegExp(samples.good.replace(/[.?]/g, '\\$&'))],
      [WORKSPACE, /site-\d\.example/],
    ] as const) {
      console.log(`${timed.name}: its floor, bound and page, ${RUNS} times each way…`);
      await writeFloorAndBound(lab, timed, shown);
      const times = await timeAgainstBound(lab, timed, RUNS);
      section = `${timed.name}: navigation start → mark '${timed.mark}', median of ${RUNS}`;
      for (const state of ['running', 'stopped'] as const) {
        const { floor, bound, page } = times[state];
        row(`worker ${state}: floor (static page)`, floor, 'ms');
        row(`worker ${state}: bound (floor + browser reads)`, bound, 'ms');
        row(`worker ${state}: ${timed.name}`, page, 'ms');
        row(`worker ${state}: own cost (page − bound), goal`, page - bound, 'ms', OWN_COST_GOAL_MS);
        row(`worker ${state}: page / bound`, page / bound, '×');
      }
    }

    console.log('API requests…');
    section = 'API requests reaching the service (its own log)';
    await showPage(lab, samples.good);
    const popup = await requests.popupRequests(lab, service);
    row('popup opened, rating cached: before content', popup.before, '', MAX.popupBeforeContent);
    row('popup opened, rating cached: after content', popup.after, '', MAX.popupAfterContent);
    const tabs = await requests.tabSwitchRequests(lab, service, samples.good, samples.decent);
    const switched = `10 tab switches + 4 navigations (badge "${tabs.badge}")`;
    row(switched, tabs.requests, '', MAX.tabSwitchAndNavigation);
    const create = await requests.createRequests(lab, service, samples.bad);
    row('create from the popup: POSTs', create.posts, '', MAX.create, true);
    row('create from the popup: other requests', create.others, '');
    const reports = await requests.reportsRequests(lab, service);
    row('popup Reports view: first page', reports, '', MAX.reportsFirstPage);
    const { firstRows, afterRows } = await requests.workspaceRequests(lab, service);
    row('workspace on Reports: first rows', firstRows, '', MAX.workspaceFirstRows);
    row('workspace: rows selected, tabs switched', afterRows, '', MAX.workspaceSelectionAndTabs);

    console.log('Service worker start…');
    section = 'Service worker';
    row(`stopped → first message answered, median of ${RUNS}`, await workerStart(lab, RUNS), 'ms');

    console.log(`Add pages: ${AUDIT_URLS} addresses read in the workspace…`);
    section = `Add pages: ${AUDIT_URLS} addresses, click → count shown, median of 5`;
    const audit = await auditParseTimes(lab);
    row('a sitemap (fetched from loopback, DOMParser), goal', audit.sitemapMs, 'ms', AUDIT_GOAL_MS);
    row('a pasted list, goal', audit.listMs, 'ms', AUDIT_GOAL_MS);

    if (QUEUE) {
      const creates = budget.QUEUE.items;
      console.log(`Queue: ${creates} creates at ${requests.LIMIT} a minute (over a minute)…`);
      section = `Queue: ${creates} creates, limit ${requests.LIMIT} a minute (service log)`;
      const queue = await requests.queueCreates(lab, service, creates);
      limitedRows(queue, 'POST /reports', 'of them answered 201', budget.QUEUE);
    }

    console.log("Watching: one report's history read…");
    section = `Watching: one report's ${budget.HISTORY.records} records, median of ${RUNS}`;
    const readMs = await historyRead(lab, service, budget.HISTORY.records, RUNS);
    row('read from IndexedDB (its query)', readMs, 'ms', budget.HISTORY.readMs);
    if (WATCH) {
      const pages = budget.WATCH_RUN.items;
      console.log(`Watching: a run of ${pages} pages at ${requests.LIMIT} a minute (8+ minutes)…`);
      section = `Watching: a run of ${pages} pages, limit ${requests.LIMIT} a minute (service log)`;
      const run = await watchRun(lab, service, pages);
      limitedRows(run, 'PUT /reports/{id} (results=1)', 'of them answered 200', budget.WATCH_RUN);
    }
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
