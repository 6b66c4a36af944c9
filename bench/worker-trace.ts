// `npx tsx bench/worker-trace.ts [--no-build] [--unminified] [--no-profile] [--runs N]`: where a stopped service
// worker's start goes, as the bench's --worker-start measures it (getStatus sent from bench.html
// to the stopped worker). For each of N starts it writes a Chromium performance trace
// (.output/trace-worker-start-<n>.json, for DevTools' Performance panel) and prints, from the
// message's sending: when the worker's script is compiled, run and done, the answer's arrival,
// and the worker thread's tasks; then the worker's CPU profile over all starts, self time by
// function (--unminified builds without minifying, so that the functions keep their names).
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type RunningService, startService } from '../server/service';
import { buildForBench, type Lab, openLab, stopWorker } from './lab';
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
const PROFILE = !process.argv.includes('--no-profile');
/** Besides the timeline; the profiler slows the start down several times: --no-profile for its phases. */
const CATEGORIES = ['ServiceWorker', 'extensions', ...(PROFILE ? [CPU_PROFILE_CATEGORY] : [])];

/** getStatus sent from bench.html to the stopped worker, between two User Timing marks. */
async function wake(lab: Lab): Promise<number> {
  return lab.control.evaluate(async () => {
    performance.mark('send');
    const reply = await chrome.runtime.sendMessage({ type: 'getStatus' });
    performance.mark('answered');
    if (!(reply as { ok?: boolean })?.ok) throw new Error('The worker did not answer getStatus');
    const [sent] = performance.getEntriesByName('send').slice(-1);
    const [answered] = performance.getEntriesByName('answered').slice(-1);
    return (answered?.startTime ?? 0) - (sent?.startTime ?? 0);
  });
}

/** The worker's thread: the one that compiled background.js. */
function workerThread(events: TraceEvent[]) {
  const compiled = events.find(
    (e) =>
      (e.name === 'v8.compile' || e.name === 'v8.run' || e.name === 'EvaluateScript') &&
      short(e.args?.data?.url ?? e.args?.fileName).endsWith('background.js'),
  );
  return compiled && { pid: compiled.pid, tid: compiled.tid };
}

interface Start {
  sent: number;
  answered: number;
  events: TraceEvent[];
}

function summarize({ sent, answered, events }: Start, totals: Map<string, number>) {
  const thread = workerThread(events);
  if (!thread) return console.log('  (no worker script in the trace)');
  const at = (e: TraceEvent) => (e.ts - sent) / 1000;
  const own = events.filter(
    (e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && at(e) >= 0,
  );
  console.log(`  answered at ${ms((answered - sent) / 1000)} ms (from the sending, ms):`);
  const scripts = ['v8.compile', 'v8.run', 'EvaluateScript', 'v8.produceCache', 'v8.consumeCache'];
  for (const e of own.filter((e) => scripts.includes(e.name))) {
    const file = short(e.args?.data?.url ?? e.args?.fileName);
    console.log(`    ${ms(at(e))} ${ms((e.dur ?? 0) / 1000)}  ${e.name} ${file}`);
  }
  console.log('  worker thread tasks over 0.5 ms before the answer (start, ms):');
  for (const e of own.filter(
    (e) => e.name === 'RunTask' && (e.dur ?? 0) > 500 && e.ts <= answered,
  )) {
    const inside = own
      .filter((c) => c !== e && c.ts >= e.ts && c.ts < e.ts + (e.dur ?? 0) && (c.dur ?? 0) > 300)
      .map((c) => `${c.name} ${((c.dur ?? 0) / 1000).toFixed(1)}`)
      .slice(0, 5);
    console.log(`    ${ms(at(e))} ${ms((e.dur ?? 0) / 1000)}  ${inside.join(', ')}`);
  }
  const busy = own
    .filter((e) => e.name === 'RunTask' && e.ts <= answered)
    .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  console.log(`  worker thread busy before the answer: ${ms(busy / 1000)} ms`);
  addSelfTimes(events, thread, sent, answered, totals);
}

function markTime(events: TraceEvent[], name: string): number | undefined {
  return events.filter((e) => e.name === name && e.cat.includes('user_timing')).at(-1)?.ts;
}

async function main() {
  const argument = (name: string) => process.argv[process.argv.indexOf(name) + 1];
  const runs = process.argv.includes('--runs') ? Number(argument('--runs')) : 5;
  if (!process.argv.includes('--no-build'))
    await buildForBench({ minify: !process.argv.includes('--unminified') });
  let lab: Lab | undefined;
  let service: RunningService | undefined;
  try {
    service = await startService({ port: 0, serveSamples: true, rateLimit: 0 });
    lab = await openLab(service);
    // Uncounted starts: the code cache and the JIT warm up, as in the bench.
    for (let round = 0; round < 3; round++) {
      await stopWorker(lab);
      await wake(lab);
    }
    const totals = new Map<string, number>();
    const timed: number[] = [];
    for (let run = 1; run <= runs; run++) {
      await stopWorker(lab);
      const events = await traced(lab, CATEGORIES, async () => {
        timed.push(await wake(lab as Lab));
      });
      const file = resolve(OUT, `trace-worker-start-${run}.json`);
      await writeFile(file, JSON.stringify({ traceEvents: events }));
      const sent = markTime(events, 'send');
      const answered = markTime(events, 'answered');
      console.log(`\nstart ${run} (${file}), measured ${ms(timed.at(-1) ?? 0)} ms:`);
      if (sent === undefined || answered === undefined) console.log('  (no marks in the trace)');
      else summarize({ sent, answered, events }, totals);
    }
    if (!PROFILE) return;
    console.log(`\nCPU profile of the worker until each answer, self time by function (mean):`);
    for (const [name, self] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`  ${ms(self / runs)}  ${name}`);
  } finally {
    await lab?.ext.close().catch(() => undefined);
    await service?.close().catch(() => undefined);
  }
}

runTraceScript(main);
