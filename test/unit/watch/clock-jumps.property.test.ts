// Scheduled runs under a clock that jumps: fast-check draws a schedule, a time zone and a sequence
// of events — time passing (the alarm rings when its time has come), the clock set forward or back
// by a minute up to two years, the browser starting, the alarm ringing at any time — then sets the
// clock right and lets three slots come. Every scenario must keep:
// - a wake starts at most one run, of the latest slot that has come;
// - the alarm is always set for the next slot after the clock;
// - a slot runs again, or an earlier one after it, only after the clock was set back before it
//   (a slot recorded later than the clock is taken as recorded by a clock that was ahead);
// - once the clock is right again, after one wake, each of the next slots runs, once.
//
// A fixed seed, so every run checks the same scenarios; CLOCK_SEED=<seed> explores others and
// replays a failure (a failure prints its seed); CLOCK_RUNS=<n> runs more (or fewer) scenarios.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Schedule } from '../../../lib/watch/model';
import { runDueSlot, syncWatchAlarm } from '../../../lib/watch/runs';
import { latestSlot, nextSlot } from '../../../lib/watch/schedule';
import { emptyWatch, nextRunOf } from '../../../lib/watch/store';
import { page, runFakes, setWatch } from './run-fakes';

const SEED = Number(process.env.CLOCK_SEED ?? 20_261_120);
const NUM_RUNS = Number(process.env.CLOCK_RUNS ?? 200);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;
const START = Date.parse('2026-01-01T00:00:00Z');

type Event =
  | { kind: 'pass'; ms: number }
  | { kind: 'jump'; ms: number }
  | { kind: 'start' }
  | { kind: 'alarm' };

const schedule: fc.Arbitrary<Schedule> = fc.record({
  every: fc.constantFrom('daily' as const, 'weekly' as const),
  day: fc.integer({ min: 1, max: 7 }),
  hour: fc.integer({ min: 0, max: 23 }),
});

const zone = fc.constantFrom(
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
);

const magnitude = fc.oneof(
  fc.integer({ min: MINUTE, max: DAY }),
  fc.integer({ min: DAY, max: 2 * YEAR }),
);

const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ kind: fc.constant('pass' as const), ms: fc.integer({ min: MINUTE, max: 9 * DAY }) }),
  fc.record({
    kind: fc.constant('jump' as const),
    ms: fc.tuple(magnitude, fc.boolean()).map(([ms, back]) => (back ? -ms : ms)),
  }),
  fc.constant({ kind: 'start' as const }),
  fc.constant({ kind: 'alarm' as const }),
);

const scenario = fc.record({
  schedule,
  zone,
  /** When watching begins, after START. */
  begin: fc.integer({ min: 0, max: YEAR }),
  events: fc.array(event, { minLength: 1, maxLength: 14 }),
  /** The right time at the end, from when watching began (before it too). */
  right: fc.integer({ min: -60 * DAY, max: 400 * DAY }),
  /** How late after its slot the clock is looked at (the alarm rings late). */
  late: fc.array(fc.integer({ min: 0, max: HOUR }), { minLength: 3, maxLength: 3 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

interface Run {
  slot: number;
  step: number;
}

async function check({ schedule, zone, begin, events, right, late }: Scenario) {
  fakeBrowser.reset();
  const fakes = await runFakes();
  const deps = { ...fakes.deps, timeZone: zone };
  const runs: Run[] = [];
  /** The clock set back at a step, to `to`. */
  const setBack: { step: number; to: number }[] = [];
  let step = 0;

  const wake = async () => {
    const before = fakes.queued.length;
    await runDueSlot(deps);
    const now = fakes.clock();
    const started = fakes.queued.slice(before);
    expect(started.length).toBeLessThanOrEqual(1);
    for (const { slot } of started) {
      expect(slot).toBe(latestSlot(schedule, now, zone));
      runs.push({ slot: slot ?? Number.NaN, step });
    }
    expect(fakes.alarm()).toBe(nextSlot(schedule, now, zone));
  };
  const ringIfDue = async () => {
    const at = fakes.alarm();
    if (at !== undefined && at <= fakes.clock()) await wake();
  };
  const setClock = (to: number) => {
    if (to < fakes.clock()) setBack.push({ step, to });
    fakes.setClock(to);
  };

  const start = START + begin;
  fakes.setClock(start);
  await setWatch((watch) => {
    watch.reports = [page(1)];
    watch.schedule = schedule;
    watch.lastSlot = start;
  });
  await syncWatchAlarm(deps);

  for (const happening of events) {
    step++;
    if (happening.kind === 'pass' || happening.kind === 'jump') {
      setClock(fakes.clock() + happening.ms);
      await ringIfDue();
    } else await wake();
  }

  // The clock is right again; the browser starts (or anything else wakes the extension).
  step++;
  setClock(start + right);
  await wake();
  const settled = runs.length;
  let slot = fakes.clock();
  const expected: number[] = [];
  for (const delay of late) {
    step++;
    slot = nextSlot(schedule, slot, zone);
    expected.push(slot);
    setClock(slot + delay);
    await ringIfDue();
  }
  expect(runs.slice(settled).map((run) => run.slot)).toEqual(expected);

  // A slot again, or an earlier one, only after the clock was set back before it.
  for (const [at, later] of runs.entries()) {
    for (const earlier of runs.slice(0, at)) {
      if (later.slot > earlier.slot) continue;
      const back = setBack.some(
        ({ step, to }) => step > earlier.step && step <= later.step && to < later.slot,
      );
      expect(back, `slot ${later.slot} after ${earlier.slot}`).toBe(true);
    }
  }
}

describe('scheduled runs under clock jumps (property)', () => {
  it(`keep the run invariants in ${NUM_RUNS} scenarios`, { timeout: 600_000 }, async () => {
    await fc.assert(fc.asyncProperty(scenario, check), { seed: SEED, numRuns: NUM_RUNS });
  });

  it('a clock one year ahead, then corrected: the next slots run', async () => {
    await check({
      schedule: { every: 'daily', day: 1, hour: 6 },
      zone: 'Europe/Berlin',
      begin: 0,
      events: [
        { kind: 'jump', ms: YEAR },
        { kind: 'pass', ms: DAY },
      ],
      right: 2 * DAY,
      late: [0, MINUTE, HOUR],
    });
  });

  it('the next run shown is the next slot after now, also with a slot recorded a year ahead', () => {
    const schedule: Schedule = { every: 'daily', day: 1, hour: 6 };
    const watch = { ...emptyWatch(), reports: [page(1)], schedule, lastSlot: START + YEAR };
    expect(nextRunOf(watch, START, 'UTC')).toBe(START + 6 * HOUR);
  });
});
