// The pages' own requests (single actions: create, list…) tell the queue's pacer what the service
// said of its rate limit, so a job queued right after one hit the limit waits instead of spending
// a request the service will refuse. A woken worker still answers before it reads the queue.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSiteReportClient } from '../../../../lib/api';
import { createHandlerDeps } from '../../../../lib/background/deps';
import { handleMessage } from '../../../../lib/background/handlers';
import { setBackgroundQueue } from '../../../../lib/background/queue';

import { saveSettings } from '../../../../lib/settings';
import {
  deletes,
  type FakeClock,
  type FakeService,
  fakeClock,
  fakeService,
  START,
  storedJob,
  storedPacing,
  TEST_BASE_URL,
  testQueue,
  until,
  urls,
} from './harness';

let clock: FakeClock;
let service: FakeService;

function deps() {
  return createHandlerDeps({
    createClient: (options) =>
      createSiteReportClient({
        ...options,
        fetch: (input, init) => service.fetch(input, init),
        sleep: async () => undefined,
        now: clock.now,
      }),
    hasHostAccess: async () => true,
  });
}

const page = () => ({
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL('/sidepanel.html'),
});

/** A page's single action, as its `send` asks for it. */
const ask = (message: unknown) => handleMessage(message, page(), deps());

/** The service refuses the first create, saying when to come back. */
function refuseFirstCreate(retryAfter: string) {
  let refused = false;
  service.script((method) => {
    if (method !== 'POST' || refused) return undefined;
    refused = true;
    return {
      status: 429,
      body: { message: 'Too Many Attempts.' },
      headers: {
        'Retry-After': retryAfter,
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': '0',
      },
    };
  });
}

beforeEach(async () => {
  clock = fakeClock();
  await saveSettings({ serviceUrl: 'https://service.example/api/v1', apiKey: 'single-key-0123' });
});
afterEach(() => setBackgroundQueue(undefined));

describe('a single action the service answered', () => {
  it('with a 429: a job queued next waits out its Retry-After, sending nothing before', async () => {
    service = fakeService({ clock });
    const queue = testQueue({ clock, service });
    setBackgroundQueue(queue);
    refuseFirstCreate('30');
    const answer = await ask({ type: 'createReport', input: { url: 'https://example.com/a' } });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'rate_limited' } });

    const { id, resumeAt } = await queue.enqueue({
      kind: 'create',
      items: [{ type: 'create', url: 'https://example.com/b', privacy: 0 }],
    });
    expect(resumeAt).toBe(START + 30_000);
    await queue.idle();
    await clock.advance(29_999, queue.idle);
    expect(service.count('POST')).toBe(1);
    await clock.advance(1, queue.idle);
    expect(service.count('POST')).toBe(2);
    expect(service.count('POST', 429)).toBe(1);
    expect((await storedJob(id)).state).toBe('done');
  });

  it('with none left: a job queued next waits for the window to end, none refused', async () => {
    service = fakeService({ clock, limit: 2, windowMs: 20_000, resetOnEveryAnswer: true });
    const ids = service.seed(urls(3));
    const queue = testQueue({ clock, service });
    setBackgroundQueue(queue);
    // The queue's own request first: its pacer knows one is left.
    const first = await queue.enqueue({ kind: 'delete', items: deletes(ids.slice(0, 1)) });
    await queue.idle();
    expect((await storedJob(first.id)).state).toBe('done');
    // The page's list takes that one.
    const answer = await ask({ type: 'listReports', params: {} });
    expect(answer.ok).toBe(true);

    const { id, resumeAt } = await queue.enqueue({ kind: 'delete', items: deletes(ids.slice(1)) });
    expect(resumeAt).toBe(START + 20_000);
    await queue.idle();
    expect(service.count('DELETE')).toBe(1);
    await clock.advance(20_000, queue.idle);
    expect(service.count('DELETE', 200)).toBe(3);
    expect(service.log.filter((entry) => entry.status === 429)).toEqual([]);
    expect((await storedJob(id)).state).toBe('done');
  });
});

describe('a woken worker', () => {
  it('reads nothing but its own stored create before it answers; the step that follows stores what it heard', async () => {
    service = fakeService({ clock });
    setBackgroundQueue(testQueue({ clock, service }));
    refuseFirstCreate('45');
    // The keys each read asked for (null: everything).
    const reads: unknown[] = [];
    const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementation(((keys: unknown) => {
      reads.push(keys);
      return get(keys as string[]);
    }) as never);
    const answer = await ask({ type: 'createReport', input: { url: 'https://example.com/c' } });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'rate_limited' } });
    const keysRead = reads.flatMap((keys) => (keys == null ? ['everything'] : [keys].flat()));
    expect(keysRead.length).toBeGreaterThan(0);
    // The create is stored as a job while it is out (watched-create.ts); nothing else is read.
    expect(keysRead).not.toContain('everything');
    expect(keysRead.filter((key) => key !== 'jobs' && key !== 'queuePacing')).toEqual(
      keysRead.filter((key) => key !== 'jobs' && key !== 'queuePacing' && key !== 'everything'),
    );

    // The wake after the answer writes the pacing, which the next worker goes on from.
    await until(async () => {
      expect(await storedPacing()).toMatchObject({ blockedUntil: START + 45_000 });
    });
    const next = testQueue({ clock, service });
    const { resumeAt } = await next.enqueue({
      kind: 'create',
      items: [{ type: 'create', url: 'https://example.com/d', privacy: 0 }],
    });
    expect(resumeAt).toBe(START + 45_000);
    await next.idle();
    expect(service.count('POST')).toBe(1);
  });
});

describe("a page's single read asks the queue first", () => {
  it('is held back while the service refuses, and let through once its wait is over', async () => {
    const queue = testQueue({ clock, service });
    expect(await queue.mayRead(TEST_BASE_URL)).toBe(true);
    queue.noteRateInfo(
      { status: 429, limit: 60, remaining: 0, retryAfterSeconds: 30, sentAt: START, at: START },
      TEST_BASE_URL,
    );
    expect(await queue.mayRead(TEST_BASE_URL)).toBe(false);
    // Another service's limit is its own.
    expect(await queue.mayRead('https://other.example/api/v1')).toBe(true);
    await clock.advance(30_000, queue.idle);
    expect(await queue.mayRead(TEST_BASE_URL)).toBe(true);
  });
});
