// What the trace scripts share (trace.ts: the workspace's opening; worker-trace.ts: the service
// worker's start): taking a Chromium performance trace through the lab's CDP session, and reading
// the V8 CPU profile in it.
import type { Lab } from './lab';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown>; fileName?: string };
}

/** The main thread's tasks, the scripts' compiling and running, and the User Timing marks. */
const TIMELINE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
];
/** The CPU profile's samples: they slow what is traced down several times. */
export const CPU_PROFILE_CATEGORY = 'disabled-by-default-v8.cpu_profiler';

/** The trace's events while `run` runs: the timeline's and the `more` categories'. */
export async function traced(
  lab: Lab,
  more: readonly string[],
  run: () => Promise<void>,
): Promise<TraceEvent[]> {
  const categories = [...TIMELINE_CATEGORIES, ...more].join(',');
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => {
    events.push(...(value as TraceEvent[]));
  };
  lab.cdp.on('Tracing.dataCollected', collect);
  await lab.cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  try {
    await run();
  } finally {
    const complete = new Promise((done) => lab.cdp.once('Tracing.tracingComplete', done));
    await lab.cdp.send('Tracing.end');
    await complete;
    lab.cdp.off('Tracing.dataCollected', collect);
  }
  return events;
}

export const ms = (value: number) => value.toFixed(1).padStart(7);
export const short = (url: unknown) =>
  String(url ?? '').replace(/^chrome-extension:\/\/[^/]+\//, '');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Adds the self time (ms) by function and line of the thread's CPU profile in [from, to] (µs). */
export function addSelfTimes(
  events: TraceEvent[],
  thread: { pid: number; tid: number },
  from: number,
  to: number,
  totals: Map<string, number>,
) {
  for (const profile of events.filter(
    (e) => e.name === 'Profile' && e.pid === thread.pid && e.tid === thread.tid,
  )) {
    const startTime = (profile.args?.data as { startTime?: number } | undefined)?.startTime;
    if (startTime === undefined) continue;
    const nodes = new Map<number, ProfileNode>();
    let time = startTime;
    for (const chunk of events) {
      if (chunk.name !== 'ProfileChunk' || chunk.pid !== thread.pid || chunk.id !== profile.id)
        continue;
      const data = chunk.args?.data as {
        cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
        timeDeltas?: number[];
      };
      for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const deltas = data.timeDeltas ?? [];
      (data.cpuProfile?.samples ?? []).forEach((sample, index) => {
        time += deltas[index] ?? 0;
        const frame = nodes.get(sample)?.callFrame;
        if (time < from || time > to || !frame) return;
        const key = `${frame.functionName || '(anonymous)'} ${short(frame.url)}:${frame.lineNumber + 1}`;
        // A sample stands for the time until the next one.
        totals.set(key, (totals.get(key) ?? 0) + (deltas[index + 1] ?? 0) / 1000);
      });
    }
  }
}

/** Runs a trace script's `main`, exiting 0 when it is done, or 1 with what went wrong. */
export function runTraceScript(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('The trace could not be taken:', error);
      process.exit(1);
    },
  );
}
