// Waits too long for a timer or a job: a page's Retry-After is bounded, and a timer never gets a
// delay that setTimeout cannot hold (it would fire at once).
import { describe, expect, it } from 'vitest';
import { createWakeups, MAX_TIMER_MS } from '../../../../lib/jobs/queue/alarms';
import type { QueueEnvironment } from '../../../../lib/jobs/queue/context';
import { MAX_RETRY_AFTER_SECONDS } from '../../../../lib/jobs/schema';
import { Request } from '../../../../lib/messaging/protocol';
import { fakeClock, fakeService, START, storedJob, testQueue } from './harness';

const DAY_S = 86_400;

describe('a wait handed in with a job', () => {
  it('is refused by the protocol beyond an hour', () => {
    const request = (retryAfterSeconds: number) =>
      Request.safeParse({
        type: 'enqueueJob',
        kind: 'delete',
        items: [{ type: 'deleteReport', id: 1 }],
        retryAfterSeconds,
      }).success;
    expect(request(MAX_RETRY_AFTER_SECONDS)).toBe(true);
    expect(request(DAY_S)).toBe(false);
  });

  it('holds the queue an hour at most', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const queue = testQueue({ clock, service });
    const { id, resumeAt } = await queue.enqueue({
      kind: 'delete',
      items: [{ type: 'deleteReport', id: 1 }],
      retryAfterSeconds: DAY_S,
    });
    expect(resumeAt).toBe(START + MAX_RETRY_AFTER_SECONDS * 1000);
    expect((await storedJob(id)).resumeAt).toBe(START + MAX_RETRY_AFTER_SECONDS * 1000);
  });
});

describe('a timer', () => {
  it('never gets a delay beyond what setTimeout holds', () => {
    const delays: number[] = [];
    const env = {
      now: () => START,
      setTimer: (_run: () => void, ms: number) => {
        delays.push(ms);
        return () => {};
      },
    } as unknown as QueueEnvironment;
    const wakeups = createWakeups(env, () => {});
    wakeups.schedule(START + 30 * DAY_S * 1000, true);
    wakeups.schedule(START + 5000, true);
    expect(delays).toEqual([MAX_TIMER_MS, 5000]);
  });
});
