// The popup's own create, watched by the queue: stored as a running job while it is out, looked
// for when its answer is lost (before anything is said), and never sent twice.

import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSiteReportClient } from '../../../../lib/api';
import { DEFAULT_ANALYSIS_TIMEOUT_MS } from '../../../../lib/api/client';
import { QUEUE_ALARM } from '../../../../lib/jobs/queue';
import { RECONCILE_DELAY_MS } from '../../../../lib/jobs/queue/reconcile';
import { isListed } from '../../../../lib/jobs/schema';
import { serviceOf } from '../../../../lib/jobs/service';
import {
  fakeClock,
  fakeService,
  START,
  storedJobs,
  TEST_API_KEY,
  TEST_BASE_URL,
  testQueue,
  until,
  wire,
} from './harness';

/** A create of unknown fate is looked for until no analysis of it could still be under way. */
const LAST_LOOK_MS = DEFAULT_ANALYSIS_TIMEOUT_MS + RECONCILE_DELAY_MS;

const URL_A = 'https://example.com/a';

async function setup() {
  const clock = fakeClock();
  const service = fakeService({ clock });
  let baseUrl = TEST_BASE_URL;
  const queue = testQueue({
    clock,
    service,
    saved: () => ({ baseUrl, apiKey: TEST_API_KEY, service }),
  });
  const client = createSiteReportClient({
    baseUrl: TEST_BASE_URL,
    apiKey: TEST_API_KEY,
    fetch: (input, init) => service.fetch(input, init),
    sleep: async () => undefined,
    now: clock.now,
  });
  const jobService = await serviceOf(TEST_BASE_URL, TEST_API_KEY, 'a1');
  const watched = () =>
    queue.watchedCreate({ url: URL_A, privacy: 0 }, jobService, () =>
      client.reports.create({ url: URL_A }),
    );
  /** The settings name another service from now on: the create's job is held. */
  const saveOtherService = async () => {
    baseUrl = 'https://other.example/api/v1';
  };
  return { clock, service, queue, watched, saveOtherService };
}

describe('a watched create', () => {
  it('is stored as a running job while it is out, then done with its report', async () => {
    const { service, watched } = await setup();
    service.hold();
    const answer = watched();
    await until(async () => expect((await storedJobs())[0]?.items[0]?.state).toBe('running'));
    const [job] = await storedJobs();
    expect(job).toMatchObject({ kind: 'create', state: 'running' });
    expect(job?.items[0]).toMatchObject({ op: { url: URL_A }, sentAt: START });
    service.hold(false);
    service.release(true);
    await expect(answer).resolves.toMatchObject({ id: 1, url: URL_A });
    expect((await storedJobs())[0]).toMatchObject({
      state: 'done',
      items: [{ state: 'done', report: { id: 1 } }],
    });
  });

  it("sets the queue's alarm while it is out, so a stopped worker is started again to look", async () => {
    const { service, watched } = await setup();
    service.hold();
    void watched().catch(() => undefined);
    await until(async () => expect((await storedJobs())[0]?.items[0]?.state).toBe('running'));
    await until(async () => expect(await fakeBrowser.alarms.get(QUEUE_ALARM)).toBeTruthy());
    service.hold(false);
    service.release(true);
  });

  it('whose answer was lost answers the report it made, found by a lookup, sent once', async () => {
    const { clock, service, queue, watched } = await setup();
    service.script((method) => (method === 'POST' ? 'lost' : undefined));
    const answer = watched();
    let settled = false;
    void answer.finally(() => {
      settled = true;
    });
    await until(async () => expect((await storedJobs())[0]?.items[0]?.state).toBe('unknown'));
    // Nothing is said before the lookup.
    expect(settled).toBe(false);
    await clock.advance(RECONCILE_DELAY_MS, queue.idle);
    await expect(answer).resolves.toMatchObject({ id: 1, url: URL_A });
    expect(service.count('POST')).toBe(1);
    expect(service.reports.size).toBe(1);
  });

  it('whose answer was lost, and that made nothing, stays of unknown outcome: never "safe to send"', async () => {
    const { clock, service, queue, watched } = await setup();
    service.script((method) => (method === 'POST' ? { status: 504, body: 'Gateway' } : undefined));
    const answer = watched();
    answer.catch(() => undefined);
    await until(async () => expect((await storedJobs())[0]?.items[0]?.state).toBe('unknown'));
    await clock.advance(LAST_LOOK_MS, queue.idle);
    await expect(answer).rejects.toMatchObject({ data: { reason: 'fateUnknown' } });
    expect((await storedJobs())[0]?.items[0]?.state).toBe('unknown');
    expect(service.count('POST')).toBe(1);
  });

  it('held for another service while its report is looked for: the page gets an answer', async () => {
    const { clock, service, queue, watched, saveOtherService } = await setup();
    service.script((method) => (method === 'POST' ? { status: 504, body: 'Gateway' } : undefined));
    const answer = watched();
    answer.catch(() => undefined);
    await until(async () => expect((await storedJobs())[0]?.items[0]?.state).toBe('unknown'));
    // The settings now name another service: the job waits, and is not looked for.
    await saveOtherService();
    await clock.advance(RECONCILE_DELAY_MS, queue.idle);
    await expect(answer).rejects.toMatchObject({ data: { reason: 'fateUnknown' } });
    expect(service.count('POST')).toBe(1);
  });

  it('cancelled while it is out, and its answer lost: still looked for, and found', async () => {
    const { clock, service, queue, watched } = await setup();
    service.hold();
    service.script((method) => (method === 'POST' ? 'lost' : undefined));
    const answer = watched();
    await until(async () => expect((await storedJobs())[0]?.items[0]?.state).toBe('running'));
    const jobId = (await storedJobs())[0]?.id as string;
    await queue.cancel(jobId);
    service.hold(false);
    service.release(true);
    await until(async () => expect((await storedJobs())[0]?.items[0]?.state).toBe('unknown'));
    await clock.advance(RECONCILE_DELAY_MS, queue.idle);
    await expect(answer).resolves.toMatchObject({ id: 1, url: URL_A });
    expect(service.count('POST')).toBe(1);
  });

  it('refused for the rate limit leaves no job behind: it was not made, and the page may queue it', async () => {
    const { service, watched } = await setup();
    service.script((method) =>
      method === 'POST'
        ? { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '5' } }
        : undefined,
    );
    await expect(watched()).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(await storedJobs()).toEqual([]);
    expect(service.count('POST')).toBe(1);
  });

  it('refused by the service fails at once with its error, stored as failed', async () => {
    const { service, watched } = await setup();
    service.script((method) =>
      method === 'POST'
        ? { status: 422, body: { message: { url: ['The url is bad.'] }, status: 422 } }
        : undefined,
    );
    await expect(watched()).rejects.toMatchObject({ kind: 'validation' });
    expect((await storedJobs())[0]?.items[0]).toMatchObject({
      state: 'failed',
      error: { kind: 'validation' },
    });
  });

  it('left running by a stopped worker is looked for by the next one', async () => {
    const { clock, service, queue } = await setup();
    // The worker stops while the create is out: its answer never comes to this queue, though the
    // service made the report.
    const jobService = await serviceOf(TEST_BASE_URL, TEST_API_KEY, 'a1');
    void queue.watchedCreate({ url: URL_A, privacy: 0 }, jobService, () => new Promise(() => {}));
    await until(async () => expect((await storedJobs())[0]?.items[0]?.state).toBe('running'));
    const createdAt = new Date(clock.now()).toISOString();
    service.reports.set(1, wire(1, URL_A, { created_at: createdAt }));
    // A new worker: its queue did not send the create, so its fate is unknown and looked for.
    const successor = testQueue({ clock, service });
    await successor.wake();
    await successor.idle();
    await until(async () =>
      expect((await storedJobs())[0]?.items[0]).toMatchObject({
        state: 'done',
        report: { id: 1 },
      }),
    );
    expect(service.count('GET')).toBeGreaterThanOrEqual(1);
    expect(service.count('POST')).toBe(0);
  });
});

describe('done watched creates', () => {
  it('are not listed in Activity, and the next one takes their place', async () => {
    const { watched } = await setup();
    await watched();
    let jobs = await storedJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ watched: true, state: 'done' });
    expect(jobs.filter(isListed)).toEqual([]);
    await watched();
    jobs = await storedJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.items[0]?.report).toMatchObject({ id: 2 });
  });
});
