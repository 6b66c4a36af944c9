// The queue under faults: fast-check draws jobs (creates, updates, deletes, an export) and
// sequences of faults — the worker stopping at each step of an item, storage writes failing
// (for a passing reason, or refused as storage is full), the service failing each operation (an
// answer lost, a report made under another path), the browser's clock jumping ahead or back, the
// settings changing mid-job, two alarms at once, Cancel
// at each step — and every scenario must keep the invariants (faults-harness.ts checks them):
// no create sent twice unless the service provably did not take it, no request to a service a
// job was not made for, every job at an end in bounded time, no key stored, storage bounded, a
// done item never undone; and a full storage ends the jobs it refused to grow, saying so, without
// trying again and again.
//
// A fixed seed, so every run checks the same scenarios; FAULT_SEED=<seed> explores others and
// replays a failure (a failure prints its seed); FAULT_RUNS=<n> runs more (or fewer) scenarios.
// FAULT_TALLY=1 runs every scenario of each property and prints how many kept the invariants,
// and what the others broke.
//
// The properties are checked by the files faults*.property.test.ts, each property by one of them:
// four files that run side by side rather than one that takes a worker for a minute and more.
import fc from 'fast-check';
import { afterAll, afterEach, beforeEach, describe, it, vi } from 'vitest';
import {
  type Fault,
  forgetWorkers,
  type JobSpec,
  runScenario,
  type Scenario,
  SERVICE_FAULTS,
  SETTINGS_CHANGES,
  type SettingsChange,
  STEPS,
} from './faults-harness';

const SEED = Number(process.env.FAULT_SEED ?? 20_261_207);
const NUM_RUNS = Number(process.env.FAULT_RUNS ?? 200);
const TALLY = process.env.FAULT_TALLY === '1';

/** Which file checks a property (`stops`: faults.property.test.ts itself). */
export type FaultFile = 'stops' | 'storage' | 'service' | 'clock';

/**
 * Fakes the client's deadline timers and quiets the queue's warnings around each test of the file
 * that calls it, and lets the workers' context go after its last: called by each file, as the
 * unit files share their worker's modules and hooks registered while this module loads would
 * belong to the first file only.
 */
export function useFaultClock(): void {
  const { warn } = console;
  beforeEach(() => {
    // The client's deadline timers only (a timeout is let run out): the queue has a fake clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The queue warns of every failed write; thousands of scenarios would bury the report.
    console.warn = () => {};
  });
  afterEach(() => {
    vi.useRealTimers();
    console.warn = warn;
  });
  afterAll(forgetWorkers);
}

// ---------------------------------------------------------------------------------------------
// Jobs: at most three, of up to six items (four creates), at most one export.

const jobSpec: fc.Arbitrary<JobSpec> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    count: fc.integer({ min: 1, max: 4 }),
    privacy: fc.constantFrom(0 as const, 1 as const),
  }),
  fc.record({
    kind: fc.constantFrom('reanalyze' as const, 'privacy' as const, 'delete' as const),
    count: fc.integer({ min: 1, max: 6 }),
  }),
  fc.record({
    kind: fc.constant('deleteProjects' as const),
    count: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('export' as const), reports: fc.integer({ min: 0, max: 25 }) }),
);

const jobs = fc
  .array(jobSpec, { minLength: 1, maxLength: 3 })
  .map((list) =>
    list.filter(
      (job, at) =>
        job.kind !== 'export' || list.findIndex((other) => other.kind === 'export') === at,
    ),
  );

/** Jobs that always hold a create: where the "never twice" invariant has something to say. */
const jobsWithCreates = fc
  .tuple(
    jobSpec.filter((job) => job.kind === 'create'),
    jobs,
  )
  .map(([create, others]) => [create, ...others].slice(0, 3));

// ---------------------------------------------------------------------------------------------
// Faults: each aimed at one of the first requests (those of the scenario's items).

const request = fc.integer({ min: 1, max: 10 });
const step = fc.constantFrom(...STEPS);

const stop = fc.record({ type: fc.constant('stop' as const), request, step });
const storage = fc.record({
  type: fc.constant('storage' as const),
  write: fc.integer({ min: 1, max: 16 }),
  mode: fc.constantFrom('once' as const, 'always' as const),
});
const quota = fc.record({
  type: fc.constant('quota' as const),
  write: fc.integer({ min: 1, max: 16 }),
  mode: fc.constantFrom('once' as const, 'full' as const),
});
const service = fc.record({
  type: fc.constant('service' as const),
  request,
  fault: fc.constantFrom(...SERVICE_FAULTS),
});
const settings = fc.record({
  type: fc.constant('settings' as const),
  request,
  step: fc.constantFrom(...STEPS, 'picked' as const),
  change: fc.constantFrom(...(Object.keys(SETTINGS_CHANGES) as SettingsChange[])),
  back: fc.boolean(),
});
const alarms = fc.record({ type: fc.constant('alarms' as const), request, step });
const cancel = fc.record({ type: fc.constant('cancel' as const), request, step });

/** Answers lost after the service acted, the report made under the asked or another path. */
const lostAnswer = fc.record({
  type: fc.constant('service' as const),
  request,
  fault: fc.constantFrom(
    'resetAfterHandling' as const,
    'timeoutAfterHandling' as const,
    '502AfterHandling' as const,
    'movedAfterHandling' as const,
  ),
});
const moved = fc.record({
  type: fc.constant('service' as const),
  request,
  fault: fc.constant('movedAfterHandling' as const),
});
/** The browser's clock jumps up to two days ahead or back (a corrected clock, a time zone bug). */
const clockJump = fc.record({
  type: fc.constant('clock' as const),
  request,
  jumpMs: fc.integer({ min: -2 * 86_400_000, max: 2 * 86_400_000 }).filter((ms) => ms !== 0),
});

const anyFault: fc.Arbitrary<Fault> = fc.oneof(
  stop,
  storage,
  service,
  settings,
  alarms,
  cancel,
  clockJump,
);

function scenarios(jobList: fc.Arbitrary<JobSpec[]>, fault: fc.Arbitrary<Fault>) {
  return fc.record({
    jobs: jobList,
    faults: fc.array(fault, { minLength: 1, maxLength: 3 }),
    retryFailed: fc.boolean(),
  });
}

// ---------------------------------------------------------------------------------------------

/** How many scenarios each fault struck in (a fault aimed past the last request never does). */
function coverage(struck: Map<string, number>): string {
  return [...struck]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([label, count]) => `${label} ${count}`)
    .join(', ');
}

export async function check(name: string, arbitrary: fc.Arbitrary<Scenario>) {
  const struck = new Map<string, number>();
  let runs = 0;
  let failed = 0;
  const broken = new Map<string, { count: number; example: string }>();
  let previous = '';
  const property = fc.asyncProperty(arbitrary, async (scenario) => {
    const result = await runScenario(scenario);
    const before = previous;
    previous = JSON.stringify(scenario);
    runs += 1;
    for (const label of new Set(result.struck)) struck.set(label, (struck.get(label) ?? 0) + 1);
    if (result.violations.length === 0) return;
    failed += 1;
    if (TALLY && (await runScenario(scenario)).violations.length === 0) {
      // A scenario must fail the same way on its own: otherwise one scenario leaks into the next.
      console.log(`does not fail again on its own: ${previous}\n  after ${before}`);
    }
    if (TALLY) {
      for (const kind of new Set(result.violations.map(kindOf))) {
        const seen = broken.get(kind) ?? {
          count: 0,
          example: `${JSON.stringify(scenario)}\n      → ${result.violations.join('; ')}`,
        };
        broken.set(kind, { ...seen, count: seen.count + 1 });
      }
      return;
    }
    throw new Error(`FAULT_SEED=${SEED}: ${result.violations.join('; ')}`);
  });
  const details = await fc.check(property, { numRuns: NUM_RUNS, seed: SEED });
  console.log(
    `${name}: ${runs} scenarios run, ${runs - failed} kept the invariants, ${failed} did not` +
      `${!TALLY && failed > 0 ? ' (the first failure, then its shrinking)' : ''} (FAULT_SEED=${SEED})` +
      `\n  struck: ${coverage(struck)}`,
  );
  for (const [kind, { count, example }] of broken)
    console.log(`  ${count}× ${kind}\n    e.g. ${example}`);
  if (details.failed) {
    const message = details.errorInstance instanceof Error ? details.errorInstance.message : '';
    const report = `${name} failed. FAULT_SEED=${SEED}\n${message}\n${fc.defaultReportMessage(details) ?? ''}`;
    console.log(report);
    throw new Error(report);
  }
}

function kindOf(violation: string): string {
  if (violation.includes(' went to ')) return 'a request to another service';
  if (violation.startsWith('POST')) return 'a create sent twice';
  if (
    violation.includes('is still') ||
    violation.includes('still running') ||
    violation.includes('never comes to rest')
  ) {
    return 'a job not at an end';
  }
  if (violation.includes('requests: the queue does not stop')) return 'requests without end';
  if (violation.includes('key')) return 'a key stored';
  if (violation.includes('storage holds')) return 'storage over its bound';
  if (violation.includes('was done, then')) return 'a done item undone';
  if (violation.includes('when storage was full')) return 'a job not ended when storage was full';
  if (violation.includes('refused for the quota')) return 'writes refused again and again';
  return violation;
}

/** The properties: each draws jobs and the faults of its kind. */
const PROPERTIES: {
  name: string;
  title: string;
  scenarios: fc.Arbitrary<Scenario>;
  /** The test file that checks it: faults-<file>.property.test.ts, or faults.property.test.ts. */
  file: FaultFile;
}[] = [
  {
    name: 'worker stops',
    file: 'stops',
    title: 'when the worker stops before a send, after it, or after the answer is recorded',
    scenarios: scenarios(jobsWithCreates, stop),
  },
  {
    name: 'storage failures',
    file: 'storage',
    title: 'when a storage write fails, once or for a while',
    scenarios: scenarios(jobs, storage),
  },
  {
    name: 'storage full',
    file: 'storage',
    title: 'when storage is full: a write refused for the quota once, or from then on',
    scenarios: scenarios(jobs, quota),
  },
  {
    name: 'service failures',
    file: 'service',
    title: 'when the service answers 5xx, times out or resets, for each operation',
    scenarios: scenarios(jobsWithCreates, service),
  },
  {
    name: 'settings changes',
    file: 'storage',
    title: 'when the settings change mid-job: the service, the key, or both',
    scenarios: scenarios(jobs, settings),
  },
  {
    name: 'two alarms',
    file: 'storage',
    title: 'when two alarms ring together',
    scenarios: scenarios(jobs, alarms),
  },
  {
    name: 'cancel',
    file: 'storage',
    title: 'when Cancel comes at each step',
    scenarios: scenarios(jobs, cancel),
  },
  {
    name: 'redirected final addresses',
    file: 'service',
    title: 'when the service stores a created report under another path and its answer is lost',
    scenarios: scenarios(jobsWithCreates, moved),
  },
  {
    name: 'lost answers',
    file: 'service',
    title: 'when answers are lost after the service acted, with the user pressing Retry failed',
    scenarios: scenarios(jobsWithCreates, fc.oneof(lostAnswer, stop)),
  },
  {
    name: 'clock jumps',
    file: 'clock',
    title: "when the browser's clock jumps ahead or back, alone or with lost answers",
    scenarios: scenarios(jobsWithCreates, fc.oneof(clockJump, lostAnswer)),
  },
  {
    name: 'mixed faults',
    file: 'clock',
    title: 'under any sequence of these faults',
    scenarios: scenarios(jobsWithCreates, anyFault),
  },
];

/** The file's share of the properties, each a test under the same describe in every file. */
export function checkProperties(file: FaultFile): void {
  describe('the queue under faults keeps its invariants', () => {
    for (const { name, title, scenarios } of PROPERTIES.filter((entry) => entry.file === file)) {
      it(title, () => check(name, scenarios), 120_000);
    }
  });
}
