// The queue under faults (faults-properties.ts): when the worker stops at each step of an item;
// and the scenarios a seed once found broken. The other faults are checked beside this file, in
// faults-storage, faults-service and faults-clock.property.test.ts.
import { describe, expect, it } from 'vitest';
import { runScenario, type Scenario } from './faults-harness';
import { checkProperties, useFaultClock } from './faults-properties';

useFaultClock();
checkProperties('stops');

// Scenarios a seed once found broken, kept whatever the seed.
const FOUND: Scenario[] = [
  // A lookup for a lost create was sent again and again while its answer could not be written.
  {
    jobs: [
      { kind: 'create', count: 1, privacy: 0 },
      { kind: 'export', reports: 0 },
    ],
    faults: [
      { type: 'service', request: 1, fault: 'reset' },
      { type: 'storage', write: 4, mode: 'always' },
    ],
    retryFailed: false,
  },
];

describe('scenarios found before', () => {
  it.each(FOUND)('keeps the invariants: %j', async (scenario) => {
    expect((await runScenario(scenario)).violations).toEqual([]);
  });
});
