// `npx tsx bench/trace.ts [--no-build]`: where the workspace's opening time goes, as the bench
// opens it (sidepanel.html#tab=reports in its own window, storage.session cleared), with the
// worker running and stopped. For each it writes a Chromium performance trace
// (.output/trace-workspace-<state>.json, for DevTools' Performance panel) and prints, from
// navigation start: the scripts compiled and evaluated, the main thread's tasks over 3 ms, the
// files fetched, and the browser calls the page awaited (sendMessage by type, storage reads, tab
// queries), each with its start and end, up to the mark 'rows'.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type RunningService, startService } from '../server/service';
import {
  buildForBench,
  command,
  inWindow,
  type Lab,
  markAt,
  openLab,
  sleep,
  stopWorker,
} from './lab';
import { WORKSPACE } from './measures';
import {
  addSelfTimes,
  CPU_PROFILE_CATEGORY,
  ms,
  runTraceScript,
  short,
  type TraceEvent,
  traced,
} from './tracing';

const OUT = resolve(import.meta.dirname, '../.output');
/** Besides the timeline: the files' loading, and the CPU profile. */
const CATEGORIES = ['loading', CPU_PROFILE_CATEGORY];

/**
 * Runs in every page before its scripts: notes each browser call the page waits on (start, end,
 * in ms from navigation start) in `__calls`. The polyfill calls chrome.* with callbacks.
 */
function recordCalls() {
  const calls: { what: string; start: number; end?: number }[] = [];
  Object.assign(globalThis, { __calls: calls });
  // Chromium has `browser` too now, which the polyfill then uses as it is.
  const apis = new Set(
    [(globalThis as { chrome?: object }).chrome, (globalThis as { browser?: object }).browser]
      .filter(Boolean)
      .map((api) => api as Record<string, Record<string, unknown>>),
  );
  const wrap = (path: string, label: (args: unknown[]) => string = () => path) => {
    for (const api of apis) wrapIn(api, path, label);
  };
  const wrapIn = (api: object, path: string, label: (args: unknown[]) => string) => {
    const names = path.split('.');
    const method = names.pop() as string;
    let owner = api as Record<string, unknown> | undefined;
    for (const name of names) owner = owner?.[name] as Record<string, unknown> | undefined;
    const original = owner?.[method];
    if (!owner || typeof original !== 'function' || '__wrapped' in original) return;
    owner[method] = function (this: unknown, ...args: unknown[]) {
      const call: (typeof calls)[number] = { what: label(args), start: performance.now() };
      calls.push(call);
      const done = () => {
        call.end = performance.now();
      };
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        args[args.length - 1] = (...results: unknown[]) => {
          done();
          return last(...results);
        };
      }
      const result = original.apply(this, args);
      if (result instanceof Promise) result.then(done, done);
      return result;
    };
    Object.assign(owner[method] as object, { __wrapped: true });
  };
  wrap('runtime.sendMessage', (args) => {
    const message = args.find((arg) => typeof arg === 'object' && arg !== null) as {
      type?: string;
    };
    return `sendMessage ${message?.type ?? '?'}`;
  });
  for (const area of ['session', 'local', 'sync']) wrap(`storage.${area}.get`);
  for (const call of [
    'tabs.getCurrent',
    'tabs.query',
    'windows.getLastFocused',
    'windows.getCurrent',
  ])
    wrap(call);
}

type Calls = { what: string; start: number; end?: number }[];

/** Opens the workspace as the bench does; its calls, resources and mark. */
async function openWorkspace(lab: Lab) {
  await lab.control.evaluate(() => chrome.storage.session.clear());
  return inWindow(lab, WORKSPACE.path, async (page) => {
    const mark = await markAt(page, WORKSPACE.mark);
    await sleep(300);
    const calls = await page.evaluate(() => (globalThis as unknown as { __calls: Calls }).__calls);
    return { mark: mark.ms, calls };
  });
}

function summarize(events: TraceEvent[], mark: number) {
  const rows = events.find((e) => e.name === WORKSPACE.mark && e.cat.includes('user_timing'));
  if (!rows) return console.log('  (no mark in the trace)');
  const pid = rows.pid;
  const start = events.find(
    (e) =>
      e.pid === pid &&
      e.name === 'navigationStart' &&
      String(e.args?.data?.documentLoaderURL ?? '').includes('sidepanel.html'),
  );
  const main = events.find(
    (e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  if (!start || !main) return console.log('  (no navigation start in the trace)');
  const at = (e: TraceEvent) => (e.ts - start.ts) / 1000;
  const end = at(rows);
  console.log(`  mark '${WORKSPACE.mark}' at ${ms(mark)} ms (trace: ${ms(end)} ms)`);
  const before = events.filter(
    (e) => e.pid === pid && e.tid === main.tid && e.ph === 'X' && at(e) >= 0 && at(e) <= end,
  );
  const scripts = ['v8.compileModule', 'v8.compile', 'EvaluateScript', 'v8.evaluateModule'];
  console.log('  scripts (start, ms):');
  for (const e of before.filter((e) => scripts.includes(e.name))) {
    const data = e.args?.data ?? {};
    const file = short(data.url ?? data.fileName ?? e.args?.fileName);
    console.log(`    ${ms(at(e))} ${ms((e.dur ?? 0) / 1000)}  ${e.name} ${file}`);
  }
  console.log('  main thread tasks over 3 ms (start, ms):');
  for (const e of before.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 3000)) {
    const inside = before
      .filter((c) => c !== e && c.ts >= e.ts && c.ts < e.ts + (e.dur ?? 0) && (c.dur ?? 0) > 1000)
      .map((c) => `${c.name} ${((c.dur ?? 0) / 1000).toFixed(1)}`)
      .slice(0, 6);
    console.log(`    ${ms(at(e))} ${ms((e.dur ?? 0) / 1000)}  ${inside.join(', ')}`);
  }
  console.log('  files fetched (request sent, finished):');
  const sent = events.filter((e) => e.pid === pid && e.name === 'ResourceSendRequest');
  for (const e of sent) {
    const id = e.args?.data?.requestId;
    const done = events.find((f) => f.name === 'ResourceFinish' && f.args?.data?.requestId === id);
    console.log(
      `    ${ms(at(e))} ${ms(done ? at(done) : Number.NaN)}  ${short(e.args?.data?.url)}`,
    );
  }
  console.log('  CPU profile before the mark, self time by function (top 25):');
  for (const [name, self] of selfTimes(events, pid, main.tid, start.ts, rows.ts).slice(0, 25))
    console.log(`    ${ms(self)}  ${name}`);
  const busy = before.filter((e) => e.name === 'RunTask').reduce((s, e) => s + (e.dur ?? 0), 0);
  console.log(`  main thread busy before the mark: ${ms(busy / 1000)} ms of ${ms(end)}`);
}

/** Self time (ms) by function and line, from the V8 CPU profile of thread `tid`, in [from, to] (µs). */
function selfTimes(events: TraceEvent[], pid: number, tid: number, from: number, to: number) {
  const totals = new Map<string, number>();
  addSelfTimes(events, { pid, tid }, from, to, totals);
  return [...totals].sort((a, b) => b[1] - a[1]);
}

async function main() {
  if (!process.argv.includes('--no-build')) await buildForBench();
  let lab: Lab | undefined;
  let service: RunningService | undefined;
  try {
    service = await startService({ port: 0, serveSamples: true, rateLimit: 0 });
    await service.seed(
      Array.from({ length: 30 }, (_, index) => ({
        url: `https://site-${index % 4}.example/list-${index}`,
        result: (['good', 'decent', 'bad'] as const)[index % 3],
      })),
    );
    lab = await openLab(service);
    // tsx names functions with a helper of its own, which the page lacks.
    const helper = 'const __name = (target) => target;';
    await lab.ext.context.addInitScript({ content: `${helper}\n(${recordCalls})();` });
    for (const state of ['running', 'stopped'] as const) {
      const prepare = () =>
        state === 'stopped' ? stopWorker(lab as Lab) : command(lab as Lab, { type: 'getStatus' });
      // Uncounted openings: the code and the JIT warm up, as in the bench.
      for (let round = 0; round < 3; round++) {
        await prepare();
        await openWorkspace(lab);
      }
      await prepare();
      let opened: Awaited<ReturnType<typeof openWorkspace>> | undefined;
      const events = await traced(lab, CATEGORIES, async () => {
        opened = await openWorkspace(lab as Lab);
      });
      if (!opened) throw new Error('The workspace did not open');
      const file = resolve(OUT, `trace-workspace-${state}.json`);
      await writeFile(file, JSON.stringify({ traceEvents: events }));
      console.log(`\nworker ${state} (${file}):`);
      summarize(events, opened.mark);
      console.log('  browser calls awaited (start, end):');
      const { calls, mark } = opened;
      for (const call of calls.filter((c) => c.start <= mark))
        console.log(`    ${ms(call.start)} ${ms(call.end ?? Number.NaN)}  ${call.what}`);
    }
  } finally {
    await lab?.ext.close().catch(() => undefined);
    await service?.close().catch(() => undefined);
  }
}

runTraceScript(main);
