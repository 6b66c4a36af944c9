// What the queue's tests run on: a fake clock (timers run only when a test moves it, so no test
// sleeps), a service in memory that throttles with the local service's own limiter and answers
// like a Laravel deployment, and the real API client talking to it through a fake fetch.
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { keptPlanOf } from '../../../../lib/account/plans';
import { createSiteReportClient } from '../../../../lib/api';
import type { RateInfo } from '../../../../lib/api/rate-info';
import { createQueue, type Queue } from '../../../../lib/jobs/queue';
import type { QueueEffects } from '../../../../lib/jobs/queue/context';
import type { Pacing } from '../../../../lib/jobs/queue/pacer';
import { parseStoredPacing } from '../../../../lib/jobs/queue/service-pacers';
import { type Job, type JobService, parseStoredJobs } from '../../../../lib/jobs/schema';
import { paceKey, serviceOf } from '../../../../lib/jobs/service';
import { createRateLimiter } from '../../../../server/rate-limit';

export const START = 1_800_000_000_000;

export function fakeClock(start = START) {
  let time = start;
  const timers = new Set<{ at: number; run: () => void }>();
  return {
    now: () => time,
    setTimer(run: () => void, ms: number) {
      const timer = { at: time + ms, run };
      timers.add(timer);
      return () => void timers.delete(timer);
    },
    /** When the next timer is due, if any. */
    next: () => Math.min(...[...timers].map((timer) => timer.at)),
    /** Moves the clock by `ms`, running the timers due on the way, each followed by `settle`. */
    async advance(ms: number, settle: () => Promise<void> = async () => {}) {
      const end = time + ms;
      for (;;) {
        const due = [...timers].filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers.delete(due);
        time = Math.max(time, due.at);
        due.run();
        await settle();
      }
      time = end;
      await settle();
    },
  };
}
export type FakeClock = ReturnType<typeof fakeClock>;

export interface LoggedRequest {
  method: string;
  path: string;
  status: number | 'network';
  /** Fake time it reached the service. */
  at: number;
  form: URLSearchParams;
}

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** The service handles the request all the same (a gateway's 502 or 504 after it acted). */
  handled?: boolean;
  /** The address the service stores for a create, as it ends on after redirects. */
  storedUrl?: string;
}

export interface FakeServiceOptions {
  clock: FakeClock;
  /** Requests per window (0: no limit). */
  limit?: number;
  windowMs?: number;
  /** Send X-RateLimit-Reset with every answer (Laravel sends it only with a 429). */
  resetOnEveryAnswer?: boolean;
  /** Addresses whose creates the service stores under another (where its fetch ends). */
  redirects?: Record<string, string>;
  /** Creates it takes before every create is the quota's 422 (default: no quota). */
  quota?: number;
  /** What a PUT or DELETE of a missing report answers: 404 (default) or Laravel's 403. */
  missingReport?: 403 | 404;
}

export const QUOTA_REFUSAL = {
  status: 422,
  body: { message: { url: ['You created too many reports.'] }, status: 422 },
};

/** A report as the service sends it. */
export function wire(id: number, url: string, fields: Record<string, unknown> = {}) {
  return {
    id,
    url,
    project: new URL(url).host,
    result: 'good',
    score: 90,
    privacy: 0,
    password: false,
    generated_at: '2026-11-20T09:15:02.000000Z',
    created_at: '2026-11-20T09:14:58.000000Z',
    updated_at: '2026-11-20T09:15:02.000000Z',
    ...fields,
  };
}

export function fakeService({
  clock,
  limit = 0,
  windowMs = 60_000,
  resetOnEveryAnswer,
  redirects = {},
  quota,
  missingReport = 404,
}: FakeServiceOptions) {
  let created = 0;
  const limiter = limit > 0 ? createRateLimiter(limit, windowMs, clock.now) : null;
  const reports = new Map<number, ReturnType<typeof wire>>();
  let nextId = 1;
  const log: LoggedRequest[] = [];
  const held: (() => void)[] = [];
  let holding = false;
  let inFlight = 0;
  let maxInFlight = 0;
  /**
   * Decides a request's fate before the service handles it: a reply of its own (not counted by
   * the limiter), 'lost' (handled, but the answer never arrives), or undefined (handled).
   */
  let script: (method: string, path: string) => Reply | 'lost' | 'dropped' | undefined = () =>
    undefined;

  function handle(method: string, path: string, form: URLSearchParams): Reply {
    const [, resource, key] = (path.split('?')[0] ?? '').split('/');
    if (method === 'POST' && resource === 'reports') {
      if (quota !== undefined && created >= quota) return QUOTA_REFUSAL;
      created += 1;
      const id = nextId++;
      const sent = form.get('url') ?? '';
      const report = wire(id, redirects[sent] ?? sent, {
        privacy: Number(form.get('privacy') ?? 0),
        password: form.has('password'),
        created_at: new Date(clock.now()).toISOString(),
      });
      reports.set(id, report);
      return { status: 201, body: { data: report, status: 201 } };
    }
    if (method === 'GET' && resource === 'reports' && !key) {
      const query = new URL(`https://x${path}`).searchParams;
      const perPage = Number(query.get('per_page') ?? 25);
      const page = Number(query.get('page') ?? 1);
      // The service's search finds the text anywhere in the address, ignoring case.
      const search = query.get('search')?.toLowerCase();
      const all = [...reports.values()].filter(
        (report) => search === undefined || report.url.toLowerCase().includes(search),
      );
      if (query.get('sort') === 'desc') all.reverse();
      const lastPage = Math.max(1, Math.ceil(all.length / perPage));
      return {
        status: 200,
        body: {
          data: all.slice((page - 1) * perPage, page * perPage),
          links: { next: page < lastPage ? `?page=${page + 1}` : null },
          meta: { current_page: page, per_page: perPage, last_page: lastPage, total: all.length },
          status: 200,
        },
      };
    }
    const notFound = { status: 404, body: { message: 'Resource not found.', status: 404 } };
    if (resource === 'reports') {
      const report = reports.get(Number(key));
      if (method === 'GET')
        return report ? { status: 200, body: { data: report, status: 200 } } : notFound;
      if (!report) {
        return missingReport === 403
          ? { status: 403, body: { message: 'This action is unauthorized.' } }
          : notFound;
      }
      if (method === 'DELETE') {
        reports.delete(report.id);
        return { status: 200, body: { id: report.id, object: 'report', deleted: true } };
      }
      if (method === 'PUT') {
        if (form.has('privacy')) report.privacy = Number(form.get('privacy'));
        if (form.has('password')) report.password = true;
        return { status: 200, body: { data: report, status: 200 } };
      }
    }
    if (resource === 'projects' && method === 'DELETE') {
      const name = decodeURIComponent(key ?? '');
      const inProject = [...reports.values()].filter((report) => report.project === name);
      if (inProject.length === 0) return notFound;
      for (const report of inProject) reports.delete(report.id);
      return { status: 200, body: { id: name, object: 'project', deleted: true } };
    }
    return notFound;
  }

  async function fetch(input: string, init: RequestInit): Promise<Response> {
    const url = new URL(input);
    const path = `${url.pathname.replace('/api/v1', '')}${url.search}`;
    const method = init.method ?? 'GET';
    const form = new URLSearchParams(typeof init.body === 'string' ? init.body : '');
    const entry: LoggedRequest = { method, path, status: 0, at: clock.now(), form };
    log.push(entry);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const scripted = script(method, path);
      if (scripted === 'dropped') {
        entry.status = 'network';
        throw new TypeError('Failed to fetch');
      }
      const headers: Record<string, string> = {};
      let reply: Reply;
      if (scripted && scripted !== 'lost') {
        if (scripted.handled) {
          const made = new URLSearchParams(form);
          if (scripted.storedUrl) made.set('url', scripted.storedUrl);
          handle(method, path, made);
        }
        reply = scripted;
      } else {
        const decision = limiter?.hit('key');
        if (decision) {
          headers['X-RateLimit-Limit'] = String(decision.limit);
          headers['X-RateLimit-Remaining'] = String(decision.remaining);
          if (resetOnEveryAnswer || !decision.allowed) {
            headers['X-RateLimit-Reset'] = String(decision.resetAt);
          }
        }
        if (decision && !decision.allowed) {
          headers['Retry-After'] = String(decision.retryAfterSeconds);
          reply = { status: 429, body: { message: 'Too Many Attempts.' } };
        } else {
          reply = handle(method, path, form);
        }
      }
      if (holding) await new Promise<void>((release) => held.push(release));
      if (scripted === 'lost') {
        entry.status = 'network';
        throw new TypeError('Failed to fetch');
      }
      entry.status = reply.status;
      return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json', ...headers, ...reply.headers },
      });
    } finally {
      inFlight -= 1;
    }
  }

  return {
    fetch,
    log,
    reports,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    /** Seeds reports for `urls`; their ids. */
    seed(urls: string[]): number[] {
      return urls.map((url) => {
        const id = nextId++;
        reports.set(id, wire(id, url));
        return id;
      });
    },
    /** Answers are kept back (the service has already acted) until released. */
    hold(on = true) {
      holding = on;
    },
    /** Lets the oldest kept-back answer (or all) go. */
    release(all = false) {
      for (const release of held.splice(0, all ? held.length : 1)) release();
    },
    get heldCount() {
      return held.length;
    },
    script(next: typeof script) {
      script = next;
    },
    count: (method: string, status?: number | 'network') =>
      log.filter(
        (entry) => entry.method === method && (status === undefined || entry.status === status),
      ).length,
  };
}
export type FakeService = ReturnType<typeof fakeService>;

/** What the settings hold: a service's address and key, and the fake service at that address. */
export interface SavedService {
  baseUrl: string;
  apiKey: string;
  service: FakeService;
}

export const TEST_BASE_URL = 'https://service.example/api/v1';
export const TEST_API_KEY = 'queue-test-key-0123';

/**
 * The account of a saved address and key: the test's own is `a1`; any other address or key is
 * another account, which is the only one there is while it is saved (as when the user removed
 * one account and added another).
 */
export function accountIdOf(baseUrl: string, apiKey: string): string {
  if (baseUrl === TEST_BASE_URL && apiKey === TEST_API_KEY) return 'a1';
  // Never the key itself: storage must not hold it.
  let hash = 7;
  for (const char of `${baseUrl} ${apiKey}`) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `a${hash.toString(36)}`;
}

export interface TestQueueOptions {
  clock: FakeClock;
  service: FakeService;
  connected?: () => boolean;
  /** The saved service and key, read at each request (default: `service`, with the test key). */
  saved?: () => SavedService;
  online?: () => boolean;
  effects?: QueueEffects;
}

/** What a test sees of the effects: every call, in order. */
export function recordedEffects() {
  const calls: [string, ...unknown[]][] = [];
  const effects: QueueEffects = {
    async create(client, input, serviceUrl) {
      const made = await client.reports.create(input);
      await effects.remember([made], serviceUrl, input.url);
      return made;
    },
    remember: async (reports) => void calls.push(['remember', reports.map((r) => r.id)]),
    forget: async (target) => void calls.push(['forget', target]),
    tabCreate: async (stage, item, single) =>
      void calls.push(['tabCreate', stage, item.tabId, item.state, single]),
    jobFinished: async (job) => void calls.push(['jobFinished', job.id, job.state]),
    keptPlan: keptPlanOf,
  };
  return { calls, effects };
}

let jobIds = 0;

/** A queue as the worker makes it, on the fake browser's storage and alarms. */
export function testQueue({
  clock,
  service,
  connected = () => true,
  saved = () => ({ baseUrl: TEST_BASE_URL, apiKey: TEST_API_KEY, service }),
  online = () => true,
  effects,
}: TestQueueOptions): Queue {
  // Each key's fingerprint is made once, as the worker's client source does: a digest for each
  // request would finish in no set order, and the requests of one step would go in any order.
  const services = new Map<string, Promise<JobService>>();
  const serviceOnce = (baseUrl: string, apiKey: string, account: string) => {
    const key = JSON.stringify([baseUrl, apiKey, account]);
    const known = services.get(key) ?? serviceOf(baseUrl, apiKey, account);
    services.set(key, known);
    return known;
  };
  return createQueue({
    // For a job of an account that is not saved (gone), the saved one's: the job is held.
    async getClient(_account, onRateInfo: (info: RateInfo, account: string) => void) {
      if (!connected()) return null;
      const { baseUrl, apiKey, service: target } = saved();
      const account = accountIdOf(baseUrl, apiKey);
      const client = createSiteReportClient({
        baseUrl,
        apiKey,
        fetch: (input, init) => target.fetch(input, init),
        sleep: async () => undefined,
        now: clock.now,
        onRateInfo: (info) => onRateInfo(info, paceKey({ account, url: baseUrl })),
      });
      return { client, service: await serviceOnce(baseUrl, apiKey, account) };
    },
    async accounts() {
      const { baseUrl, apiKey } = saved();
      return [{ id: accountIdOf(baseUrl, apiKey), serviceUrl: baseUrl }];
    },
    now: clock.now,
    setTimer: clock.setTimer,
    alarms: fakeBrowser.alarms,
    isOnline: online,
    effects: effects ?? recordedEffects().effects,
    newId: () => `job-${++jobIds}`,
  });
}

/** What the stored pacing says of the account of `serviceUrl` and `apiKey`. */
export async function storedPacing(
  serviceUrl = TEST_BASE_URL,
  apiKey = TEST_API_KEY,
): Promise<Pacing | undefined> {
  const { queuePacing } = await fakeBrowser.storage.local.get('queuePacing');
  const key = paceKey({ account: accountIdOf(serviceUrl, apiKey), url: serviceUrl });
  return parseStoredPacing(queuePacing).services.find(({ service }) => service === key)?.pacing;
}

export async function storedJobs(): Promise<Job[]> {
  return parseStoredJobs((await fakeBrowser.storage.local.get('jobs')).jobs);
}

export async function storedJob(id: string): Promise<Job> {
  const job = (await storedJobs()).find((candidate) => candidate.id === id);
  if (!job) throw new Error(`No stored job ${id}`);
  return job;
}

/** The items' states of a job, in order. */
export async function itemStates(id: string): Promise<string[]> {
  return (await storedJob(id)).items.map((item) => item.state);
}

/** Waits until `check` passes (no sleeping on a fixed time). */
export const until = (check: () => unknown | Promise<unknown>) =>
  vi.waitFor(check, { timeout: 5000, interval: 5 });

export const deletes = (ids: number[]) => ids.map((id) => ({ type: 'deleteReport' as const, id }));

export const urls = (count: number, prefix = 'https://site.example/page') =>
  Array.from({ length: count }, (_, index) => `${prefix}-${index + 1}`);
