// Read details: a job of reads (GET /reports/{id}), paced like the others; each answer goes to what
// the background remembers (the kept analyses among it), a report gone is forgotten.
import { describe, expect, it } from 'vitest';
import {
  fakeClock,
  fakeService,
  itemStates,
  recordedEffects,
  storedJob,
  testQueue,
  urls,
} from '../jobs/queue/harness';

describe('a details job', () => {
  it('reads each report once, remembers each answer, forgets a gone one', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const { calls, effects } = recordedEffects();
    const queue = testQueue({ clock, service, effects });
    const ids = service.seed(urls(3));
    const GONE = 9999;
    const { id } = await queue.enqueue({
      kind: 'details',
      items: [...ids, GONE].map((reportId) => ({ type: 'read' as const, id: reportId })),
    });
    await queue.idle();
    expect(await itemStates(id)).toEqual(['done', 'done', 'done', 'failed']);
    expect((await storedJob(id)).state).toBe('failed');
    expect(service.log.map(({ method, path }) => `${method} ${path}`)).toEqual(
      [...ids, GONE].map((reportId) => `GET /reports/${reportId}`),
    );
    expect(calls.filter(([name]) => name === 'remember')).toEqual(
      ids.map((r) => ['remember', [r]]),
    );
    expect(calls).toContainEqual(['forget', { id: GONE }]);
  });

  it('is refused with operations of another kind', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const queue = testQueue({ clock, service });
    await expect(
      queue.enqueue({ kind: 'details', items: [{ type: 'deleteReport', id: 1 }] }),
    ).rejects.toThrow();
  });
});
