// The queue paces its requests to what the service allows, on a fake clock: at most two at once,
// none that it knows will be refused, and the waits a 429 or an exhausted window ask for.
import { describe, expect, it } from 'vitest';
import type { Queue } from '../../../../lib/jobs/queue';
import { DEFAULT_WINDOW_MS, WINDOW_MARGIN_MS } from '../../../../lib/jobs/queue/pacer';
import { itemReport } from '../../../../lib/jobs/schema';

import {
  deletes,
  type FakeClock,
  fakeClock,
  fakeService,
  itemStates,
  START,
  storedJob,
  storedPacing,
  testQueue,
  until,
  urls,
} from './harness';

/** Requests per window of `windowMs`, from `start`: how many reached the service in each. */
function perWindow(times: number[], windowStarts: number[]) {
  return windowStarts.map((start, index) => {
    const end = windowStarts[index + 1] ?? Number.POSITIVE_INFINITY;
    return times.filter((time) => time >= start && time < end).length;
  });
}

describe('requests in flight', () => {
  it('are at most two, however many items wait', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const ids = service.seed(urls(6));
    const queue = testQueue({ clock, service });
    service.hold();
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes(ids) });
    await until(() => expect(service.heldCount).toBe(2));
    expect(service.log).toHaveLength(2);
    // Each answer lets exactly one more go.
    for (let answered = 1; answered <= 4; answered++) {
      service.release();
      await until(() => expect(service.log).toHaveLength(2 + answered));
      expect(service.inFlight).toBeLessThanOrEqual(2);
    }
    service.hold(false);
    service.release(true);
    await queue.idle();
    expect(service.maxInFlight).toBe(2);
    expect(await itemStates(id)).toEqual(Array(6).fill('done'));
    expect((await storedJob(id)).state).toBe('done');
  });

  it('is one when the service says one request is left', async () => {
    const clock = fakeClock();
    // A limit of 3 with X-RateLimit-Reset on every answer: after two answers, one is left.
    const service = fakeService({ clock, limit: 3, windowMs: 10_000, resetOnEveryAnswer: true });
    const ids = service.seed(urls(5));
    const queue = testQueue({ clock, service });
    service.hold();
    await queue.enqueue({ kind: 'delete', items: deletes(ids) });
    await until(() => expect(service.heldCount).toBe(2));
    service.release(true);
    // Remaining 1: one request goes, not two, though two could be in flight.
    await until(() => expect(service.heldCount).toBe(1));
    await queue.enqueue({ kind: 'delete', items: deletes([999]) });
    expect(service.log).toHaveLength(3);
    service.hold(false);
    service.release(true);
    await queue.idle();
    // Remaining 0: nothing more until the window ends.
    expect(service.log).toHaveLength(3);
    expect(service.count('DELETE', 429)).toBe(0);
  });
});

describe('an exhausted window', () => {
  it('is waited out until X-RateLimit-Reset, with no request refused', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock, limit: 4, windowMs: 10_000, resetOnEveryAnswer: true });
    const ids = service.seed(urls(10));
    const queue = testQueue({ clock, service });
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes(ids) });
    await queue.idle();
    expect(service.log).toHaveLength(4);
    const job = await storedJob(id);
    // The job says when it goes on: the reset the service named.
    expect(job.resumeAt).toBe(START + 10_000);
    expect(job.state).toBe('running');

    await clock.advance(9_999, queue.idle);
    expect(service.log).toHaveLength(4);
    await clock.advance(1, queue.idle);
    expect(service.log).toHaveLength(8);
    await clock.advance(10_000, queue.idle);
    expect(service.log).toHaveLength(10);
    expect(service.count('DELETE', 429)).toBe(0);
    expect(await itemStates(id)).toEqual(Array(10).fill('done'));
  });

  it('without a reset in the answers (as Laravel): 100 creates at 60 a minute, 100 requests, no 429', async () => {
    const clock = fakeClock();
    // 60 a minute, and only a 429 would say when the window ends.
    const service = fakeService({ clock, limit: 60 });
    const queue = testQueue({ clock, service });
    const items = urls(100, 'https://create.example/page').map((url) => ({
      type: 'create' as const,
      url,
      privacy: 0 as const,
    }));
    const { id } = await queue.enqueue({ kind: 'create', items });
    await queue.idle();
    // The window is spent: the job waits for its assumed end (a minute from its first request).
    expect(service.count('POST')).toBe(60);
    const waiting = await storedJob(id);
    expect(waiting.resumeAt).toBe(START + DEFAULT_WINDOW_MS + WINDOW_MARGIN_MS);
    await runUntilDone(clock, queue, id);
    expect(await itemStates(id)).toEqual(Array(100).fill('done'));
    expect(service.count('POST')).toBe(100);
    expect(service.count('POST', 429)).toBe(0);
    expect(service.count('POST', 201)).toBe(100);
    // Each URL once.
    expect(new Set(service.log.map((entry) => entry.form.get('url'))).size).toBe(100);
    // The floor the limit sets (one window), and the margin: nothing more.
    const times = service.log.map((entry) => entry.at);
    expect(Math.max(...times) - Math.min(...times)).toBe(DEFAULT_WINDOW_MS + WINDOW_MARGIN_MS);
    expect(perWindow(times, [START, START + DEFAULT_WINDOW_MS])).toEqual([60, 40]);
  });

  it('shorter than a minute and not said: waited out as a minute, never refused', async () => {
    // Changed from "one 429 says when, and the window is known from then on": the pacer no longer
    // sends a request to be refused to learn a window's end; it assumes a minute.
    const clock = fakeClock();
    const service = fakeService({ clock, limit: 8, windowMs: 3000 });
    const ids = service.seed(urls(30));
    const queue = testQueue({ clock, service });
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes(ids) });
    await runUntilDone(clock, queue, id);
    expect(await itemStates(id)).toEqual(Array(30).fill('done'));
    expect(service.count('DELETE', 429)).toBe(0);
    expect(service.count('DELETE', 200)).toBe(30);
    // 8 a window, and a new window every assumed minute (and its margin).
    const minute = DEFAULT_WINDOW_MS + WINDOW_MARGIN_MS;
    const starts = [0, 1, 2, 3].map((n) => START + n * minute);
    expect(
      perWindow(
        service.log.map((entry) => entry.at),
        starts,
      ),
    ).toEqual([8, 8, 8, 6]);
  });

  it('longer than a minute: a 429 says when, and the learned window holds the next one', async () => {
    const clock = fakeClock();
    // Laravel's `perMinutes(2, 8)`: no reset in the answers, and a window longer than assumed.
    const service = fakeService({ clock, limit: 8, windowMs: 120_000 });
    const ids = service.seed(urls(30));
    const queue = testQueue({ clock, service });
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes(ids) });
    await runUntilDone(clock, queue, id);
    expect(await itemStates(id)).toEqual(Array(30).fill('done'));
    expect(service.count('DELETE', 200)).toBe(30);
    // The check of the assumed minute is refused and names the window's end.
    const refusals = service.log.filter((entry) => entry.status === 429).map((entry) => entry.at);
    expect(refusals[0]).toBe(START + DEFAULT_WINDOW_MS + WINDOW_MARGIN_MS);
    const learned = 120_500;
    // The next window is paced by what was learned: 8 requests, no 429. After that quiet window
    // the length is forgotten (it may be stale), and the next check learns it again: one 429 in
    // the third window, alone.
    const second = START + learned;
    const third = second + learned + WINDOW_MARGIN_MS;
    const answered = service.log.filter((entry) => entry.status === 200).map((entry) => entry.at);
    expect(perWindow(answered, [START, second, third])).toEqual([8, 8, 14]);
    expect(refusals).toEqual([START + DEFAULT_WINDOW_MS + WINDOW_MARGIN_MS, expect.any(Number)]);
    expect(refusals[1]).toBeGreaterThan(third + DEFAULT_WINDOW_MS);
    expect(await storedPacing()).toMatchObject({ limit: 8 });
  });
});

/** Moves the fake clock from one wait's end to the next until the job is done. */
async function runUntilDone(clock: FakeClock, queue: Queue, id: string) {
  await queue.idle();
  for (let step = 0; step < 50 && (await storedJob(id)).state !== 'done'; step++) {
    await clock.advance(clock.next() - clock.now(), queue.idle);
  }
}

describe('a 429', () => {
  it('is waited out for its Retry-After, then the create is sent again exactly once', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    let refused = false;
    service.script((method) => {
      if (method !== 'POST' || refused) return undefined;
      refused = true;
      return {
        status: 429,
        body: { message: 'Too Many Attempts.' },
        headers: { 'Retry-After': '20', 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0' },
      };
    });
    const queue = testQueue({ clock, service });
    const { id, resumeAt } = await queue.enqueue({
      kind: 'create',
      items: [{ type: 'create', url: 'https://example.com/a', privacy: 0 }],
    });
    // The first try was refused at once: the answer already says when it goes on.
    await queue.idle();
    expect(service.count('POST')).toBe(1);
    expect(resumeAt ?? (await storedJob(id)).resumeAt).toBe(START + 20_000);
    expect(await itemStates(id)).toEqual(['waiting']);
    await clock.advance(19_999, queue.idle);
    expect(service.count('POST')).toBe(1);
    await clock.advance(1, queue.idle);
    expect(service.count('POST')).toBe(2);
    expect(service.count('POST', 201)).toBe(1);
    const [item] = (await storedJob(id)).items;
    expect(item?.state).toBe('done');
    expect(item && itemReport(item)).toMatchObject({ url: 'https://example.com/a' });
    await clock.advance(120_000, queue.idle);
    expect(service.count('POST')).toBe(2);
  });

  it('that a page already got holds the new job back for that long', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const queue = testQueue({ clock, service });
    const answer = await queue.enqueue({
      kind: 'create',
      items: [{ type: 'create', url: 'https://example.com/b', privacy: 1 }],
      retryAfterSeconds: 45,
    });
    expect(answer.resumeAt).toBe(START + 45_000);
    await clock.advance(44_999, queue.idle);
    expect(service.log).toEqual([]);
    await clock.advance(1, queue.idle);
    expect(service.count('POST', 201)).toBe(1);
  });
});

describe('a restarted worker', () => {
  it('keeps pacing from what the stored pacing says', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock, limit: 2, windowMs: 30_000, resetOnEveryAnswer: true });
    const ids = service.seed(urls(4));
    const first = testQueue({ clock, service });
    await first.enqueue({ kind: 'delete', items: deletes(ids.slice(0, 2)) });
    await first.idle();
    expect(service.log).toHaveLength(2);
    // A new worker with new work: the window is still spent, so it waits.
    const second = testQueue({ clock, service });
    const { id } = await second.enqueue({ kind: 'delete', items: deletes(ids.slice(2)) });
    await second.idle();
    expect(service.log).toHaveLength(2);
    expect((await storedJob(id)).resumeAt).toBe(START + 30_000);
    await clock.advance(30_000, second.idle);
    expect(service.log).toHaveLength(4);
    expect(service.count('DELETE', 429)).toBe(0);
  });
});
