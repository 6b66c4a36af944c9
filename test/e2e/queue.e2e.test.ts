// The background's queue in real Chromium, against the local service throttling at 8 requests
// per 3 seconds: a job of 30 deletes goes through with at most one refused request, and a job
// goes on after the service worker is stopped — woken by its alarm at the end of a wait, or by the
// next message when it was stopped mid-request. Not told when a window ends, the queue assumes a
// minute (as Laravel's limits are per minute and say nothing of it on successes); here the
// service names the end with every answer (`rateResetOnSuccess`), so the short window is used.
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, RequestedOp } from '../../lib/jobs/schema';
import { poll, type Stack, startStack, the } from './flows';

const API_KEY = 'queue-e2e-key-0001';
const RATE_LIMIT = 8;
const RATE_WINDOW_MS = 3000;

let stack: Stack | undefined;
let page: Page | undefined;
let cdp: CDPSession | undefined;
/** The extension's service worker as CDP last reported it. */
let workerStatus = 'unknown';
/** While set, the service holds its answers to DELETEs back until it settles. */
let deletesHeld: Promise<void> | undefined;

beforeAll(async () => {
  stack = await startStack({
    service: {
      apiKeys: [API_KEY],
      rateLimit: RATE_LIMIT,
      rateWindowMs: RATE_WINDOW_MS,
      // X-RateLimit-Reset with the successes too: else each window would be waited out as a minute.
      rateResetOnSuccess: true,
      // Each answer takes a while, as a real service's does.
      latencyMs: 200,
      gate: ({ method }) => (method === 'DELETE' ? deletesHeld : undefined),
    },
  });
  // An extension page to talk to the background from, as the workspace does.
  page = await stack.ext.openTab('options.html');
  cdp = await stack.ext.context.newCDPSession(page);
  const extensionOrigin = `chrome-extension://${stack.ext.extensionId}/`;
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) {
      if (version.scriptURL.startsWith(extensionOrigin)) workerStatus = version.runningStatus;
    }
  });
  await cdp.send('ServiceWorker.enable');
});

afterAll(async () => {
  await cdp?.detach().catch(() => undefined);
  await stack?.close();
});

/** Sends a message to the background from the extension page, as a page's `send` does. */
function ask<T>(message: unknown): Promise<{ ok: boolean; data?: T; error?: unknown }> {
  return the(page, 'The page').evaluate((request) => chrome.runtime.sendMessage(request), message);
}

async function enqueue(kind: Job['kind'], items: RequestedOp[]): Promise<string> {
  const answer = await ask<{ id: string }>({ type: 'enqueueJob', kind, items });
  if (!answer.ok || !answer.data) throw new Error(`Not queued: ${JSON.stringify(answer.error)}`);
  return answer.data.id;
}

/** The job as storage.local holds it, read by the page (which does not wake the worker). */
function storedJob(id: string): Promise<Job | undefined> {
  return the(page, 'The page').evaluate(async (jobId) => {
    const { jobs } = await chrome.storage.local.get('jobs');
    return (jobs as { jobs: Job[] } | undefined)?.jobs.find((job) => job.id === jobId);
  }, id);
}

async function seedReports(count: number, tag: string): Promise<number[]> {
  const { service } = the(stack, 'The stack');
  return service.seed(
    Array.from({ length: count }, (_, index) => ({
      url: `https://${tag}.example/page-${index + 1}`,
      result: 'good' as const,
    })),
  );
}

const deletesOf = (ids: number[]): RequestedOp[] => ids.map((id) => ({ type: 'deleteReport', id }));

/** Stops every service worker, as Chrome does to an idle one, and waits until it has stopped. */
async function stopWorker() {
  await the(cdp, 'CDP').send('ServiceWorker.stopAllWorkers');
  await poll(() => workerStatus, 'the service worker stopped').toBe('stopped');
}

describe('the queue', () => {
  it('deletes 30 reports at 8 per 3 seconds with at most one refused request', async () => {
    const { service } = the(stack, 'The stack');
    const ids = await seedReports(30, 'thirty');
    service.resetRequests();
    const started = Date.now();
    const id = await enqueue('delete', deletesOf(ids));
    await poll(async () => (await storedJob(id))?.state, 'the job finished', 50_000).toBe('done');
    const elapsed = Date.now() - started;
    const job = await storedJob(id);
    expect(job?.items.map((item) => item.state)).toEqual(Array(30).fill('done'));
    const deletes = service.apiRequests().filter((entry) => entry.method === 'DELETE');
    const refused = deletes.filter((entry) => entry.status === 429).length;
    console.info(`30 deletes: ${elapsed} ms, ${refused} refused with 429`);
    expect(refused).toBeLessThanOrEqual(1);
    expect(deletes.filter((entry) => entry.status === 200)).toHaveLength(30);
    // Each delete reached the service once, or twice when the first was refused.
    expect(deletes).toHaveLength(30 + refused);
    // 30 requests at 8 a window take at least three waits for the window to end.
    expect(elapsed).toBeGreaterThan(3 * RATE_WINDOW_MS);
  });

  it('goes on after the worker is stopped while it waits: its alarm wakes it', async () => {
    const { service } = the(stack, 'The stack');
    const ids = await seedReports(20, 'alarm');
    const id = await enqueue('delete', deletesOf(ids));
    // Wait until it waits out the window: some done, none under way, a time to go on.
    await poll(
      async () => {
        const job = await storedJob(id);
        const states = job?.items.map((item) => item.state) ?? [];
        return (
          job?.resumeAt !== undefined &&
          states.includes('done') &&
          states.includes('waiting') &&
          !states.includes('running')
        );
      },
      'the job waiting for the window',
      20_000,
    ).toBe(true);
    await stopWorker();
    const stopped = await storedJob(id);
    expect(stopped?.state).toBe('running');
    const alarms = await the(page, 'The page').evaluate(() => chrome.alarms.getAll());
    expect(alarms).toEqual([
      expect.objectContaining({ name: 'queue', scheduledTime: stopped?.resumeAt }),
    ]);
    // Nothing but the alarm wakes the worker now.
    await poll(async () => (await storedJob(id))?.state, 'the job finished', 30_000).toBe('done');
    expect((await storedJob(id))?.items.every((item) => item.state === 'done')).toBe(true);
    expect(
      service.apiRequests().filter((entry) => entry.status === 429).length,
    ).toBeLessThanOrEqual(1);
  });

  it('goes on after the worker is stopped mid-request: the next message wakes it', async () => {
    const { service } = the(stack, 'The stack');
    // A fresh window: four deletes fit, so no wait (and no early alarm) is due.
    service.resetRateLimits();
    const ids = await seedReports(4, 'message');
    // The service answers no delete until the worker is stopped: it stops with an item running.
    let release = () => {};
    deletesHeld = new Promise((resolve) => {
      release = resolve;
    });
    const id = await enqueue('delete', deletesOf(ids));
    try {
      await poll(
        async () => (await storedJob(id))?.items.some((item) => item.state === 'running'),
        'an item under way',
      ).toBe(true);
      await stopWorker();
      const stopped = await storedJob(id);
      expect(stopped?.items.map((item) => item.state)).toContain('running');
    } finally {
      deletesHeld = undefined;
      release();
    }
    // A page asks something (the popup's first question): the woken worker answers, then goes on
    // with the job.
    const answer = await ask({ type: 'getStatus' });
    expect(answer.ok).toBe(true);
    // Well before the heartbeat alarm (30 s) could have done it.
    await poll(async () => (await storedJob(id))?.state, 'the job finished', 15_000).toBe('done');
    expect((await storedJob(id))?.items.every((item) => item.state === 'done')).toBe(true);
    // The step that ends the job writes it, then clears the alarm.
    await poll(
      () => the(page, 'The page').evaluate(() => chrome.alarms.getAll()),
      'the queue alarm cleared',
    ).toEqual([]);
  });
});
