// The background queue under the service's rate limit: one job of 100 creates (sent from an
// extension page as the workspace sends it, `enqueueJob`) against a service that allows 60 a
// minute and, as Laravel, says nothing of when its window ends until it refuses a request. What
// reached the service is read from its own log, never from the extension.
import { type RunningService, startService } from '../server/service';
import { QUEUE_BUDGET } from './budgets';
import { connectTo, type Lab, message } from './lab';
import { arrival, settle } from './measure';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Requests allowed per window, and the window (a fixed one from its first request). */
export const QUEUE_LIMIT = 60;
export const QUEUE_WINDOW_MS = 60_000;
/** Longest wait for the job to finish. */
const JOB_TIMEOUT_MS = 240_000;

export interface QueueRun {
  creates: number;
  limit: number;
  windowMs: number;
  /** POST /api/v1/reports that reached the service. */
  posts: number;
  /** Of them, answered 201. */
  created: number;
  /** API requests answered 429 (any). */
  refused: number;
  /** API requests other than the creates (the extension's own, during the job). */
  others: number;
  /** From the first API request's arrival to the last's. */
  totalMs: number;
  /**
   * The least time the limit allows: the last request cannot arrive before the window that
   * the first one opened has ended (`windowMs` per `limit` requests, after the first window).
   */
  floorMs: number;
  ratio: number;
  /** Requests that arrived in the first window, and how long they took. */
  firstWindow: { requests: number; ms: number };
  /**
   * Requests after the first window ended: how long after its end the first of them arrived (the
   * wait's margin and the wake-up), and the last.
   */
  afterWindow: { requests: number; firstMs: number; ms: number };
  /** From enqueueJob to the job stored as finished. */
  jobMs: number;
  jobState: string;
  itemStates: Record<string, number>;
}

interface StoredJob {
  id: string;
  state: string;
  items: { state: string }[];
}

/** The job as storage.local holds it, read by the control page (which does not wake the worker). */
function storedJob(lab: Lab, id: string): Promise<StoredJob | undefined> {
  return lab.control.evaluate(async (jobId) => {
    const { jobs } = await chrome.storage.local.get('jobs');
    const list = (jobs as { jobs?: StoredJob[] } | undefined)?.jobs ?? [];
    return list.find((job) => job.id === jobId);
  }, id);
}

/**
 * Connects the extension to a service limited to QUEUE_LIMIT a minute (its analysis is of its own
 * sample page, so a create answers at once), queues one job of `creates` creates of distinct
 * addresses, waits for it to finish and reads the service's log; then connects back to `home`.
 */
export async function queueCreates(
  lab: Lab,
  home: RunningService,
  creates = QUEUE_BUDGET.posts,
): Promise<QueueRun> {
  const service = await startService({
    port: 0,
    serveSamples: true,
    rateLimit: QUEUE_LIMIT,
    rateWindowMs: QUEUE_WINDOW_MS,
  });
  try {
    const page = service.sampleUrls?.good;
    if (!page) throw new Error('The service did not serve its sample pages.');
    await connectTo(lab, service);
    // Whatever the new connection asks goes first; then a fresh log and a fresh window.
    await settle(service, 1_000, 10_000);
    service.resetRequests();
    service.resetRateLimits();

    const items = Array.from({ length: creates }, (_, index) => ({
      type: 'create',
      url: `${page}?page=${index + 1}`,
      privacy: 0,
    }));
    const started = Date.now();
    const answer = await message<{ ok: boolean; data?: { id: string }; error?: unknown }>(lab, {
      type: 'enqueueJob',
      kind: 'create',
      items,
    });
    if (!answer.ok || !answer.data) {
      throw new Error(`The job was not queued: ${JSON.stringify(answer.error)}`);
    }
    const { id } = answer.data;
    let job = await storedJob(lab, id);
    while (!job || !['done', 'failed', 'cancelled'].includes(job.state)) {
      if (Date.now() - started > JOB_TIMEOUT_MS) {
        throw new Error(`The queue's job did not finish in ${JOB_TIMEOUT_MS / 1000} s.`);
      }
      await sleep(250);
      job = await storedJob(lab, id);
    }
    const jobMs = Date.now() - started;
    await settle(service, 1_000, 10_000);

    const entries = service.apiRequests();
    const posts = entries.filter(
      (entry) => entry.method === 'POST' && /^\/api\/v1\/reports\/?$/.test(entry.path),
    );
    const times = entries.map(arrival);
    const first = Math.min(...times);
    const last = Math.max(...times);
    const windowEnd = first + QUEUE_WINDOW_MS;
    const inFirst = times.filter((time) => time < windowEnd);
    const after = times.filter((time) => time >= windowEnd);
    const floorMs = Math.ceil(creates / QUEUE_LIMIT - 1) * QUEUE_WINDOW_MS;
    const itemStates: Record<string, number> = {};
    for (const item of job.items) itemStates[item.state] = (itemStates[item.state] ?? 0) + 1;
    return {
      creates,
      limit: QUEUE_LIMIT,
      windowMs: QUEUE_WINDOW_MS,
      posts: posts.length,
      created: posts.filter((entry) => entry.status === 201).length,
      refused: entries.filter((entry) => entry.status === 429).length,
      others: entries.length - posts.length,
      totalMs: last - first,
      floorMs,
      ratio: floorMs > 0 ? (last - first) / floorMs : Number.NaN,
      firstWindow: {
        requests: inFirst.length,
        ms: inFirst.length ? Math.max(...inFirst) - first : 0,
      },
      afterWindow: {
        requests: after.length,
        firstMs: after.length ? Math.min(...after) - windowEnd : 0,
        ms: after.length ? Math.max(...after) - windowEnd : 0,
      },
      jobMs,
      jobState: job.state,
      itemStates,
    };
  } finally {
    await connectTo(lab, home).catch(() => undefined);
    await service.close().catch(() => undefined);
  }
}
