// The world the queue's fault suite runs in: two services (each its own origin and keys), the
// settings the queue's environment hands out a client for, workers that can be stopped at any
// step (a stopped worker's promises never go on: its requests, timers, alarms and storage writes
// hang), storage whose writes can fail, and a driver that moves the fake clock, rings the alarm
// as the browser would and starts a new worker for it. Every request is logged with where it went
// and what became of it, so the invariants can be checked afterwards. Storage can also be full:
// a write past its quota is refused, as Chrome refuses it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as macrotask } from 'node:timers/promises';
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSiteReportClient } from '../../../../lib/api';
import { MAX_OPEN_CREATE_PAGES } from '../../../../lib/jobs/open-creates';
import { createQueue, type Queue } from '../../../../lib/jobs/queue';
import { QUEUE_ALARM } from '../../../../lib/jobs/queue/alarms';
import type { QueueEnvironment } from '../../../../lib/jobs/queue/context';
import { EXPORT_KEPT_MS } from '../../../../lib/jobs/queue/store';
import type { JobKind, JobService, RequestedOp } from '../../../../lib/jobs/schema';
import { paceKey, serviceOf } from '../../../../lib/jobs/service';
import { pageOf } from '../../../../lib/url-parts';
import { type FakeService, fakeClock, fakeService, recordedEffects, type wire } from './harness';

const ORIGIN_A = 'https://a.example';
const ORIGIN_B = 'https://b.example';
/** The keys by name: the names are what messages show. */
const KEYS = {
  A1: 'sr_live_faultKeyA1_0123456789',
  A2: 'sr_live_faultKeyA2_9876543210',
  B: 'sr_live_faultKeyB_5555555555',
} as const;
type KeyName = keyof typeof KEYS;
const VALID_KEYS: Record<string, KeyName[]> = { [ORIGIN_A]: ['A1', 'A2'], [ORIGIN_B]: ['B'] };

interface Settings {
  origin: string;
  key: KeyName;
}
const INITIAL_SETTINGS: Settings = { origin: ORIGIN_A, key: 'A1' };
/** What each settings change makes of the settings (A with key A1 at first). */
export const SETTINGS_CHANGES = {
  service: { origin: ORIGIN_B, key: 'A1' },
  key: { origin: ORIGIN_A, key: 'A2' },
  both: { origin: ORIGIN_B, key: 'B' },
} as const satisfies Record<string, Settings>;
export type SettingsChange = keyof typeof SETTINGS_CHANGES;

/** The client's limit for each attempt; a request that times out hangs until it passes. */
const TIMEOUT_MS = 15_000;
/** A storage outage ('always'): every write fails this long (fake time) after the first. */
const OUTAGE_MS = 10 * 60_000;
/** A full storage ('full'): what it holds once full, beyond what it held then (characters). */
const QUOTA_ROOM = 300;
/** How a failing write fails: for a passing reason, or for a full storage (Chrome's words). */
const PASSING_FAILURE = 'IO error: .../LOCK: Resource temporarily unavailable';
const QUOTA_FAILURE = 'Resource::kQuotaBytes quota exceeded';
/** After the first jobs are queued, how long (fake time) they have to end. */
const TIME_BUDGET_MS = 3 * 60 * 60_000;
/** More requests than this in one scenario: the queue does not stop. */
const MAX_REQUESTS = 120;
/** Macrotask turns with nothing happening: the queue is at rest until the clock moves. */
const QUIET_TURNS = 3;
/** Macrotask turns of one settling at most: more is a queue that never rests. */
const MAX_TURNS = 20_000;
/** When settings that changed come back, if they do. */
const SETTINGS_BACK_MS = 5 * 60_000;

// ---------------------------------------------------------------------------------------------
// Scenarios

/**
 * The steps of an item's request: before it reaches the service (the item is stored as running),
 * after the service acted but before the client has the answer, after the answer is stored.
 */
export type Step = 'beforeSend' | 'afterSend' | 'afterRecord';
export const STEPS: Step[] = ['beforeSend', 'afterSend', 'afterRecord'];

/** What the service (or the network in front of it) does to one request. */
export const SERVICE_FAULTS = [
  /** The connection resets before the request reaches the service. */
  'reset',
  /** The service acts, then the connection resets: the answer is lost. */
  'resetAfterHandling',
  /** No answer before the client's deadline; the service never saw it. */
  'timeout',
  /** The service acts, but its answer comes after the client's deadline. */
  'timeoutAfterHandling',
  /** A gateway's 503: the service never saw it. */
  '503',
  /** The service acts, and a gateway answers 502 (it made the report). */
  '502AfterHandling',
  /** The service fails with a 500 while acting: it may have made the report. */
  '500AfterHandling',
  /** A 429 with a short Retry-After, before the service acts. */
  '429',
  /** From this request on, the export's pages are empty and each says there is a next one. */
  'emptyPagesWithNext',
  /**
   * The service makes the report under another path (where its fetch ended: `/en/…`), then the
   * connection resets: the answer is lost, and the report is not under the address asked for.
   */
  'movedAfterHandling',
] as const;
export type ServiceFault = (typeof SERVICE_FAULTS)[number];

export type Fault =
  /** The worker stops at `step` of the `request`th request (1-based, counting every request). */
  | { type: 'stop'; request: number; step: Step }
  /** The `write`th storage write fails: once, or every write for OUTAGE_MS. */
  | { type: 'storage'; write: number; mode: 'once' | 'always' }
  /**
   * The `write`th storage write is refused for the quota: once, or from then on (storage is
   * 'full': any write that makes it hold more than then, and QUOTA_ROOM, is refused).
   */
  | { type: 'quota'; write: number; mode: 'once' | 'full' }
  | { type: 'service'; request: number; fault: ServiceFault }
  /**
   * The settings change; `back`: they are changed back SETTINGS_BACK_MS later. At step 'picked',
   * `request` counts picked items: the change comes once an item is stored as running, before
   * its client is made.
   */
  | {
      type: 'settings';
      request: number;
      step: Step | 'picked';
      change: SettingsChange;
      back: boolean;
    }
  /** Two alarms ring at once. */
  | { type: 'alarms'; request: number; step: Step }
  /** The user cancels the job the request is for. */
  | { type: 'cancel'; request: number; step: Step }
  /**
   * The browser's clock jumps by `jumpMs` (ahead or back) before the `request`th request; the
   * service's clock does not (it dates its reports by its own).
   */
  | { type: 'clock'; request: number; jumpMs: number };

export type JobSpec =
  | { kind: 'create'; count: number; privacy: 0 | 1 }
  | { kind: 'reanalyze' | 'privacy' | 'delete'; count: number }
  | { kind: 'deleteProjects'; count: number }
  /** An export of `reports` reports (seeded), ten a page. */
  | { kind: 'export'; reports: number };

export interface Scenario {
  jobs: JobSpec[];
  faults: Fault[];
  /** When the jobs have come to rest, the user presses Retry failed on every failed job. */
  retryFailed: boolean;
}

// ---------------------------------------------------------------------------------------------
// What happened

type Answer = number | 'network' | 'timeout';

export interface SentRequest {
  seq: number;
  worker: number;
  origin: string;
  key: KeyName;
  method: string;
  /** Path and query below the API's base. */
  path: string;
  /** A create's address. */
  address?: string;
  /** The service acted on it (a key it refused is not acted on). */
  reached: boolean;
  /** A create that made a report. */
  made: boolean;
  /** What the client got; undefined: nothing (its worker stopped first). */
  answer?: Answer;
}

/**
 * A job as the test knows it: what it is for, and which service it was made for (the settings
 * when it was queued, or what it records, once it records it).
 */
interface TrackedJob {
  id: string;
  madeFor: Settings;
  /** What in a request names this job's items (addresses, report ids, project names). */
  tokens: { paths: string[]; queries: string[]; addresses: string[] };
  /** The queue accepted it (enqueue resolved). */
  accepted: boolean;
  /** When it was queued, by the browser's clock. */
  queuedAt: number;
  kind: JobKind;
}

const keyName = (key: string) =>
  (Object.entries(KEYS).find(([, value]) => value === key)?.[0] as KeyName | undefined) ??
  (key as KeyName);

const describeService = ({ origin, key }: Settings) => `${origin} (key ${key})`;

const hang = <T>() => new Promise<T>(() => {});

/**
 * The service of a key at an address, its key's digest made once for all scenarios: the
 * background keeps it with its client (lib/service/client-source.ts), and a digest for each client
 * took a tenth of the suite's time. It comes a macrotask turn later, as a digest did: the queue's
 * concurrent work interleaves as it did with a digest each time.
 */
const servicesMade = new Map<string, Promise<JobService>>();
async function serviceFor(baseUrl: string, key: KeyName, account: string): Promise<JobService> {
  const id = `${baseUrl} ${key} ${account}`;
  let made = servicesMade.get(id);
  if (!made) {
    made = serviceOf(baseUrl, KEYS[key], account);
    servicesMade.set(id, made);
  }
  const service = { ...(await made) };
  await macrotask();
  return service;
}

/** Which worker (its generation) a piece of work belongs to; one for all scenarios. */
const context = new AsyncLocalStorage<number>();
/**
 * After a file's scenarios: the workers' context no longer kept. While it is, every promise made
 * in the process costs twice and more, and the unit files that run next in this worker pay it.
 * The next scenario keeps it again.
 */
export function forgetWorkers(): void {
  context.disable();
}

/** Workers are numbered across scenarios, so that no scenario takes another's for its own. */
let generations = 0;

interface Worker {
  generation: number;
  queue: Queue;
}

// ---------------------------------------------------------------------------------------------

export interface ScenarioResult {
  /** What broke an invariant; empty when all held. */
  violations: string[];
  /** The faults that struck, as `type:detail:method` (`storage:mode`): what was tried. */
  struck: string[];
  /** Every request, in the order it was sent. */
  log: SentRequest[];
  /** The most storage held at once (characters of JSON), and its bound. */
  stored: { most: number; bound: number };
}

export async function runScenario(scenario: Scenario): Promise<ScenarioResult> {
  const world = createWorld(scenario);
  try {
    return await world.run();
  } finally {
    world.dispose();
  }
}

function createWorld(scenario: Scenario) {
  fakeBrowser.reset();
  vi.clearAllTimers();
  const clock = fakeClock();
  const services: Record<string, FakeService> = {
    [ORIGIN_A]: fakeService({ clock }),
    [ORIGIN_B]: fakeService({ clock }),
  };
  // Another service's reports share ids with the first one's: a delete sent there does harm.
  services[ORIGIN_B]?.seed(Array.from({ length: 30 }, (_, at) => `https://other.example/${at}`));
  let settings: Settings = { ...INITIAL_SETTINGS };
  const log: SentRequest[] = [];
  const violations: string[] = [];
  const struck: string[] = [];
  const tracked = new Map<string, TrackedJob>();
  /** The key each fingerprint a job may record stands for. */
  const fingerprints = new Map<string, KeyName>();
  const { effects } = recordedEffects();
  /** This scenario's workers not stopped; any other's work (an earlier scenario's too) hangs. */
  const alive = new Set<number>();
  const stopped = (generation: number) => !alive.has(generation);
  let live: Worker | undefined;
  let jobIds = 0;
  let writes = 0;
  /** Items picked to be sent, counted as their running state is stored. */
  let picks = 0;
  let outageUntil: number | undefined;
  /** Once storage is full: the most it holds (characters of JSON). */
  let quota: number | undefined;
  /** Items stored as done (job:index): they stay done while their job is kept. */
  const doneItems = new Set<string>();
  /** Jobs a write refused for the quota would have grown, and those stored as ended for it. */
  const grownWhenFull = new Set<string>();
  const endedFull = new Set<string>();
  /** Jobs a refused write would have ended: storage had no room even for that. */
  const triedToEnd = new Set<string>();
  let refusedForQuota = 0;
  let hangingTimeouts = 0;
  /** Counts what the queue does (requests, writes, calls, timers): settle() waits for it to stop. */
  let activity = 0;
  /** Clients being made: settle() waits for each, however long its key's digest takes. */
  const making = new Set<Promise<unknown>>();
  let mostStored = 0;
  let overBound = false;
  let requestsOverLimit = false;
  /** Faults waiting for a request's outcome to be recorded. */
  const afterRecord: { fault: Fault; worker: number; request: SentRequest }[] = [];

  // Storage: writes of a stopped worker never happen; writes can fail; each write is checked.
  const local = fakeBrowser.storage.local;
  const { set, remove } = local;
  const originalSet = set.bind(local);
  const originalRemove = remove.bind(local);
  const originalGet = local.get.bind(local);
  // Replaced by hand, not spied on: a spy would keep every value written, run after run.
  local.set = async (items) => {
    activity += 1;
    const worker = context.getStore();
    if (worker !== undefined && stopped(worker)) return hang();
    writes += 1;
    const failure = scenario.faults.find(
      (fault) => fault.type === 'storage' && fault.write === writes,
    );
    if (failure?.type === 'storage' && failure.mode === 'always') {
      outageUntil = clock.now() + OUTAGE_MS;
    }
    if (failure?.type === 'storage') struck.push(`storage:${failure.mode}`);
    if (failure || (outageUntil !== undefined && clock.now() < outageUntil)) {
      throw new Error(PASSING_FAILURE);
    }
    const full = scenario.faults.find((fault) => fault.type === 'quota' && fault.write === writes);
    if (full?.type === 'quota') {
      struck.push(`quota:${full.mode}`);
      if (full.mode === 'full') quota = (await storedLength()) + QUOTA_ROOM;
    }
    if (full?.type === 'quota' || (quota !== undefined && (await storedLength(items)) > quota)) {
      refusedForQuota += 1;
      if ('jobs' in items) await noteGrown(items.jobs);
      throw new Error(QUOTA_FAILURE);
    }
    const { recorded, picked } =
      'jobs' in items ? await changesOf(items.jobs) : { recorded: false, picked: [] };
    await originalSet(items);
    if ('jobs' in items) checkDone(items.jobs);
    await checkStorage();
    for (const op of picked) {
      picks += 1;
      for (const fault of scenario.faults) {
        if (fault.type !== 'settings' || fault.step !== 'picked' || fault.request !== picks) {
          continue;
        }
        struck.push(`settings:${fault.change}:picked:${op}`);
        changeSettings(fault);
      }
    }
    if (recorded && worker !== undefined) {
      // The request was answered, and this write records an answer (its own, as a rule).
      for (const armed of [...afterRecord]) {
        if (armed.worker !== worker || armed.request.answer === undefined) continue;
        afterRecord.splice(afterRecord.indexOf(armed), 1);
        if (!stopped(worker)) applyAt(armed.fault, worker, armed.request);
      }
      if (stopped(worker)) return hang();
    }
  };
  local.remove = async (keys) => {
    activity += 1;
    const worker = context.getStore();
    if (worker !== undefined && stopped(worker)) return hang();
    await originalRemove(keys);
  };

  /**
   * What a write of the jobs does: records an answer (an item that was running no longer is),
   * and picks items to send (the operations of those now running that were not).
   */
  async function changesOf(next: unknown) {
    const items = (value: unknown) => {
      const jobs = (
        value as { jobs?: { id: string; items: { state: string; op: { type: string } }[] }[] }
      )?.jobs;
      return new Map(
        (jobs ?? []).flatMap((job) =>
          job.items.map((item, index) => [`${job.id}:${index}`, item] as const),
        ),
      );
    };
    const before = items((await originalGet('jobs')).jobs);
    const after = items(next);
    const running = (item: { state: string } | undefined) => item?.state === 'running';
    return {
      recorded: [...before].some(([at, item]) => running(item) && !running(after.get(at))),
      picked: [...after]
        .filter(([at, item]) => running(item) && !running(before.get(at)))
        .map(([, item]) => item.op.type),
    };
  }

  /** What storage.local holds as JSON, with `items` written. */
  async function storedLength(items: Record<string, unknown> = {}) {
    return recordJson({ ...(await originalGet(null)), ...items }).length;
  }

  type StoredJobs = {
    jobs?: {
      id: string;
      state: string;
      error?: { reason?: string };
      items: { state: string }[];
    }[];
  };

  /** A write refused for the quota: the jobs it changes and leaves open are to end saying so. */
  async function noteGrown(next: unknown) {
    const stored = new Map(
      ((await originalGet('jobs')).jobs as StoredJobs | undefined)?.jobs?.map((job) => [
        job.id,
        JSON.stringify(job),
      ]) ?? [],
    );
    for (const job of (next as StoredJobs | undefined)?.jobs ?? []) {
      const ends = ['done', 'failed', 'cancelled'].includes(job.state);
      if (ends && job.items.every((item) => item.state !== 'running')) triedToEnd.add(job.id);
      const was = stored.get(job.id);
      if (was === undefined || was === JSON.stringify(job)) continue;
      if (!['done', 'failed', 'cancelled'].includes(job.state)) grownWhenFull.add(job.id);
    }
  }

  /** A done item is never stored as anything else (while its job is kept). */
  function checkDone(next: unknown) {
    for (const job of (next as StoredJobs | undefined)?.jobs ?? []) {
      if (job.state === 'failed' && job.error?.reason === 'storageFull') endedFull.add(job.id);
      job.items.forEach((item, index) => {
        const key = `${job.id}:${index}`;
        if (item.state === 'done') doneItems.add(key);
        else if (doneItems.has(key)) note(`${key} was done, then stored as ${item.state}`);
      });
    }
  }

  /**
   * A list of the pages of the creates waiting, sent or of unknown fate, stored beside the jobs,
   * is theirs: a page's status that trusts it misses no create of its page. (None, or "many",
   * makes the status read the jobs.)
   */
  function checkOpenCreates(local: Record<string, unknown>) {
    if (!Array.isArray(local.openCreates)) return;
    const pages = new Set<string>();
    for (const job of (local.jobs as StoredJobs | undefined)?.jobs ?? []) {
      for (const item of job.items as { state: string; op?: { type: string; url?: string } }[]) {
        const open = ['waiting', 'running', 'unknown'].includes(item.state);
        const page = open && item.op?.type === 'create' ? pageOf(item.op.url) : null;
        if (page) pages.add(page);
      }
    }
    const stored = JSON.stringify(local.openCreates);
    const theirs = pages.size > MAX_OPEN_CREATE_PAGES ? 'many' : [...pages].sort();
    if (stored !== JSON.stringify(theirs)) {
      note(`the pages of the open creates are stored as ${stored}, not as the jobs have them`);
    }
  }

  async function checkStorage() {
    const local = await originalGet(null);
    checkOpenCreates(local);
    // As JSON.stringify([local, session]).
    const localJson = recordJson(local);
    const stored = `[${localJson},${JSON.stringify(await fakeBrowser.storage.session.get())}]`;
    for (const [name, key] of Object.entries(KEYS)) {
      if (stored.includes(key)) note(`key ${name} is stored`);
    }
    const bound = storageBound();
    mostStored = Math.max(mostStored, stored.length);
    if (stored.length > bound && !overBound) {
      overBound = true;
      note(`storage holds ${stored.length} characters, over its bound of ${bound}`);
    }
  }

  /** Under twice what the jobs need: a fixed part, each item, each report an export brings. */
  function storageBound(): number {
    let bound = 3_000;
    for (const job of scenario.jobs) {
      bound +=
        job.kind === 'export'
          ? 600 * (Math.ceil(job.reports / 10) + 1) + 250 * job.reports
          : 600 * job.count;
    }
    return bound;
  }

  function note(violation: string) {
    if (!violations.includes(violation)) violations.push(violation);
  }

  // Workers

  /** How far the browser's clock is from the service's (clock jumps). */
  let skew = 0;
  const browserNow = () => clock.now() + skew;

  function startWorker(): Worker {
    const generation = ++generations;
    alive.add(generation);
    const env: QueueEnvironment = {
      async accounts() {
        const id = `${settings.origin} ${String(settings.key)}`.replace(/\W/g, '');
        return [{ id, serviceUrl: `${settings.origin}/api/v1` }];
      },
      // The saved settings' client: a job of other settings (an account that is gone) is held.
      async getClient(_account, onRateInfo) {
        if (stopped(generation)) return hang();
        // Awaited by settle(): a key's first digest runs off the main thread and may take any
        // number of macrotask turns on a busy machine.
        const made = (async () => {
          const { origin, key } = settings;
          const baseUrl = `${origin}/api/v1`;
          const account = `${origin} ${String(key)}`.replace(/\W/g, '');
          const client = createSiteReportClient({
            baseUrl,
            apiKey: KEYS[key],
            fetch: (input, init) => serve(generation, input, init),
            sleep: async () => undefined,
            now: browserNow,
            onRateInfo: (info) => onRateInfo(info, paceKey({ account, url: baseUrl })),
          });
          const service = await serviceFor(baseUrl, key, account);
          fingerprints.set(service.key, key);
          return { client, service };
        })();
        making.add(made);
        try {
          return await made;
        } finally {
          making.delete(made);
          activity += 1;
        }
      },
      now: browserNow,
      setTimer(run, ms) {
        if (stopped(generation)) return () => {};
        return clock.setTimer(() => {
          activity += 1;
          if (!stopped(generation)) track(context.run(generation, run));
        }, ms);
      },
      alarms: {
        create: (name, info) =>
          stopped(generation) ? undefined : fakeBrowser.alarms.create(name, info),
        clear: (name) => (stopped(generation) ? undefined : fakeBrowser.alarms.clear(name)),
      },
      isOnline: () => true,
      effects,
      newId() {
        const id = `job-${++jobIds}`;
        const spec = scenario.jobs[jobIds - 1];
        if (spec)
          tracked.set(id, {
            id,
            madeFor: { ...settings },
            tokens: tokensOf(jobIds),
            accepted: false,
            queuedAt: browserNow(),
            kind: spec.kind as JobKind,
          });
        return id;
      },
    };
    const worker: Worker = {
      generation,
      queue: context.run(generation, () => createQueue(env)),
    };
    live = worker;
    return worker;
  }

  const workerNow = () => live ?? startWorker();

  /** Something the worker was asked (by a page, the alarm, a settings change). */
  function ask<T>(worker: Worker, call: (queue: Queue) => Promise<T>): Promise<T> {
    const asked = context.run(worker.generation, () => call(worker.queue));
    track(asked);
    return asked;
  }

  /** Counts a call's start and end as activity; its failure is the queue's to show. */
  function track(work: unknown) {
    if (!(work instanceof Promise)) return;
    activity += 1;
    void work
      .catch(() => undefined)
      .finally(() => {
        activity += 1;
      });
  }

  function stop(generation: number) {
    alive.delete(generation);
    if (live?.generation === generation) live = undefined;
  }

  // The services

  let sent = 0;
  let emptyPagesFrom: number | undefined;

  async function serve(generation: number, input: string, init: RequestInit): Promise<Response> {
    activity += 1;
    if (stopped(generation)) return hang();
    const url = new URL(input);
    const method = init.method ?? 'GET';
    const auth = new Headers(init.headers).get('Authorization') ?? '';
    const key = keyName(auth.replace(/^Bearer /, ''));
    const form = new URLSearchParams(typeof init.body === 'string' ? init.body : '');
    const request: SentRequest = {
      seq: ++sent,
      worker: generation,
      origin: url.origin,
      key,
      method,
      path: `${url.pathname.replace('/api/v1', '')}${url.search}`,
      address: form.get('url') ?? undefined,
      reached: false,
      made: false,
    };
    log.push(request);
    if (sent > MAX_REQUESTS) {
      requestsOverLimit = true;
      return hang();
    }
    const at = (step: Step) => {
      for (const fault of scenario.faults) {
        if (!('request' in fault) || fault.request !== request.seq) continue;
        if (fault.type === 'service' || fault.type === 'clock') continue;
        if (fault.step !== step) continue;
        if (step === 'afterRecord') afterRecord.push({ fault, worker: generation, request });
        else applyAt(fault, generation, request);
      }
    };
    for (const fault of scenario.faults) {
      if (fault.type !== 'clock' || fault.request !== request.seq) continue;
      struck.push(`clock:${fault.jumpMs > 0 ? 'ahead' : 'back'}:${method}`);
      skew += fault.jumpMs;
    }
    at('beforeSend');
    at('afterRecord');
    if (stopped(generation)) return hang();

    const fault = scenario.faults.find(
      (candidate) => candidate.type === 'service' && candidate.request === request.seq,
    );
    const serviceFault = fault?.type === 'service' ? fault.fault : undefined;
    if (serviceFault) struck.push(`service:${serviceFault}:${method}`);
    if (serviceFault === 'emptyPagesWithNext') emptyPagesFrom ??= request.seq;
    const service = services[url.origin];
    /** What the client gets: an answer, or none ('network': reset; 'timeout': past its deadline). */
    let outcome: Response | 'network' | 'timeout';
    if (serviceFault === 'reset' || serviceFault === 'timeout') {
      outcome = serviceFault === 'reset' ? 'network' : 'timeout';
    } else if (serviceFault === '503') {
      outcome = answer(503, { message: 'Service Unavailable' });
    } else if (serviceFault === '429') {
      outcome = answer(429, { message: 'Too Many Attempts.' }, { 'Retry-After': '2' });
    } else if (!service || !VALID_KEYS[url.origin]?.includes(key)) {
      outcome = answer(401, { message: 'Unauthenticated.' });
    } else if (method === 'GET' && /^\/reports(\?|$)/.test(request.path)) {
      request.reached = true;
      const exportPage = jobOf(request)?.tokens.queries.length;
      outcome =
        emptyPagesFrom !== undefined && exportPage
          ? emptyPageWithNext(url.searchParams)
          : listAnswer([...service.reports.values()], url.searchParams);
    } else {
      request.reached = true;
      const before = new Set(service.reports.keys());
      const asked = form.get('url');
      const body =
        serviceFault === 'movedAfterHandling' && method === 'POST' && asked && URL.canParse(asked)
          ? movedBody(form, asked)
          : init.body;
      outcome = await service.fetch(input, { ...init, body, signal: undefined });
      request.made = method === 'POST' && [...service.reports.keys()].some((id) => !before.has(id));
      if (serviceFault === 'resetAfterHandling' || serviceFault === 'movedAfterHandling') {
        outcome = 'network';
      } else if (serviceFault === 'timeoutAfterHandling') outcome = 'timeout';
      else if (serviceFault === '502AfterHandling') {
        outcome = answer(502, { message: 'Bad Gateway' });
      } else if (serviceFault === '500AfterHandling') {
        outcome = answer(500, { message: 'Server Error' });
      }
    }
    at('afterSend');
    if (stopped(generation)) return hang();
    activity += 1;
    if (outcome === 'network') {
      request.answer = 'network';
      throw new TypeError('Failed to fetch');
    }
    if (outcome === 'timeout') {
      // Like fetch: it ends only when the client's deadline aborts it.
      hangingTimeouts += 1;
      await new Promise<void>((resolve) => {
        if (init.signal?.aborted) resolve();
        init.signal?.addEventListener('abort', () => resolve(), { once: true });
      });
      hangingTimeouts -= 1;
      request.answer = 'timeout';
      throw new DOMException('The operation was aborted.', 'AbortError');
    }
    request.answer = outcome.status;
    return outcome;
  }

  function applyAt(fault: Fault, generation: number, request: SentRequest) {
    const worker = live?.generation === generation ? live : undefined;
    const detail =
      fault.type === 'settings'
        ? `${fault.change}:${fault.step}`
        : 'step' in fault
          ? fault.step
          : '';
    struck.push(`${fault.type}:${detail}:${request.method}`);
    switch (fault.type) {
      case 'stop':
        stop(generation);
        return;
      case 'cancel': {
        const id = jobOf(request)?.id;
        if (worker && id) ask(worker, (queue) => queue.cancel(id));
        return;
      }
      case 'alarms':
        if (!worker) return;
        ask(worker, (queue) => queue.handleAlarm({ name: QUEUE_ALARM }) ?? Promise.resolve());
        ask(worker, (queue) => queue.handleAlarm({ name: QUEUE_ALARM }) ?? Promise.resolve());
        return;
      case 'settings':
        changeSettings(fault);
        return;
      default:
        return;
    }
  }

  function changeSettings({ change, back }: { change: SettingsChange; back: boolean }) {
    settingsAre(SETTINGS_CHANGES[change]);
    if (back) clock.setTimer(() => settingsAre(INITIAL_SETTINGS), SETTINGS_BACK_MS);
  }

  /** New settings: the background hears of it (a storage change wakes a stopped worker). */
  function settingsAre(next: Settings) {
    settings = { ...next };
    ask(workerNow(), (queue) => queue.settingsChanged());
  }

  // Which job a request is for

  function tokensOf(jobNumber: number): TrackedJob['tokens'] {
    const spec = scenario.jobs[jobNumber - 1];
    const tokens: TrackedJob['tokens'] = { paths: [], queries: [], addresses: [] };
    if (!spec) return tokens;
    for (const op of opsOf(jobNumber - 1)) {
      if (op.type === 'create') tokens.addresses.push(new URL(op.url).host);
      else if (op.type === 'update' || op.type === 'deleteReport') {
        tokens.paths.push(`/reports/${op.id}`);
      } else if (op.type === 'deleteProject') tokens.paths.push(`/projects/${op.name}`);
      else if (op.type === 'listPage') tokens.queries.push(`project=${op.params.project}`);
    }
    return tokens;
  }

  function jobOf(request: SentRequest): TrackedJob | undefined {
    const path = request.path.split('?')[0] ?? '';
    const query = request.path.split('?')[1] ?? '';
    const text = `${request.address ?? ''} ${decodeURIComponent(request.path)}`;
    for (const job of tracked.values()) {
      const { paths, queries, addresses } = job.tokens;
      if (paths.includes(path)) return job;
      if (queries.some((token) => query.split('&').includes(token))) return job;
      if (addresses.some((host) => text.includes(host))) return job;
    }
    return undefined;
  }

  // The jobs' operations, made once: seeds the first service with what they act on.

  const ops: RequestedOp[][] = [];
  const seedA = (list: string[]) => services[ORIGIN_A]?.seed(list) ?? [];
  scenario.jobs.forEach((spec, at) => {
    const name = `j${at + 1}`;
    const hosts = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, item) => `${prefix}${name}-${item + 1}.example`);
    switch (spec.kind) {
      case 'create':
        ops.push(
          hosts(spec.count, 'c').map((host) => ({
            type: 'create',
            url: `https://${host}/`,
            privacy: spec.privacy,
          })),
        );
        return;
      case 'reanalyze':
      case 'privacy':
      case 'delete': {
        const ids = seedA(hosts(spec.count, 'r').map((host) => `https://${host}/`));
        ops.push(
          ids.map((id) =>
            spec.kind === 'delete'
              ? { type: 'deleteReport', id }
              : spec.kind === 'privacy'
                ? { type: 'update', id, privacy: 1 }
                : { type: 'update', id, results: true },
          ),
        );
        return;
      }
      case 'deleteProjects': {
        const names = hosts(spec.count, 'p');
        seedA(names.flatMap((host) => [`https://${host}/a`, `https://${host}/b`]));
        ops.push(names.map((host) => ({ type: 'deleteProject', name: host })));
        return;
      }
      case 'export':
        seedA(
          Array.from({ length: spec.reports }, (_, item) => `https://x${name}.example/${item}`),
        );
        ops.push([{ type: 'listPage', params: { project: `x${name}.example`, perPage: 10 } }]);
        return;
    }
  });
  function opsOf(at: number): RequestedOp[] {
    return ops[at] ?? [];
  }

  // Running

  /**
   * Waits until nothing happens any more without the clock moving: a few macrotask turns (each
   * runs every microtask) with no request, storage write or call. A request that times out is let
   * time out. The queue's idle() is not enough: a send may wait on the clock (to write again).
   */
  async function settle(): Promise<void> {
    let quiet = 0;
    for (let turn = 0; turn < MAX_TURNS; turn++) {
      if (making.size > 0) {
        // Not a turn of the queue's own: wait for the clients being made, as long as they take.
        await Promise.allSettled(making);
        turn -= 1;
        quiet = 0;
        continue;
      }
      const before = activity;
      await macrotask();
      if (activity !== before) quiet = 0;
      else if (hangingTimeouts > 0) {
        vi.advanceTimersByTime(TIMEOUT_MS);
        quiet = 0;
      } else if (++quiet >= QUIET_TURNS || requestsOverLimit) return;
    }
    note('the queue never comes to rest');
  }

  /** Moves the clock as far as TIME_BUDGET_MS, ringing the alarm when it is due. */
  async function runUntilRest(end: number) {
    for (let round = 0; round < 1_000; round++) {
      await settle();
      if (requestsOverLimit || violations.includes('the queue never comes to rest')) return;
      const alarm = await fakeBrowser.alarms.get(QUEUE_ALARM);
      const timer = clock.next();
      // Alarms are set by the browser's clock.
      const next = Math.min(timer, (alarm?.scheduledTime ?? Number.POSITIVE_INFINITY) - skew);
      if (!Number.isFinite(next) || next > end) return;
      await clock.advance(Math.max(0, next - clock.now()), settle);
      const due = await fakeBrowser.alarms.get(QUEUE_ALARM);
      if (due && due.scheduledTime <= browserNow()) {
        // The browser rings it once (and starts a worker for it when none runs).
        await fakeBrowser.alarms.clear(QUEUE_ALARM);
        const worker = workerNow();
        ask(worker, (queue) => queue.handleAlarm({ name: QUEUE_ALARM }) ?? Promise.resolve());
      }
    }
  }

  async function run(): Promise<ScenarioResult> {
    for (const [at, spec] of scenario.jobs.entries()) {
      const worker = workerNow();
      const queued = ask(worker, (queue) =>
        queue.enqueue({ kind: spec.kind as JobKind, items: opsOf(at) }),
      );
      void queued.then(
        ({ id }) => {
          const job = tracked.get(id);
          if (job) job.accepted = true;
        },
        () => undefined,
      );
      // Until it is queued, or its worker stopped (the page then gets no answer).
      await settle();
    }
    const end = clock.now() + TIME_BUDGET_MS;
    await runUntilRest(end);
    if (scenario.retryFailed && !requestsOverLimit) {
      for (const job of await storedJobsRaw()) {
        if (job.state === 'failed') ask(workerNow(), (queue) => queue.retryFailed(job.id));
      }
      await runUntilRest(end + TIME_BUDGET_MS);
    }
    await checkStorage();
    await checkEnd();
    await checkFull();
    checkCreates();
    checkServices();
    return { violations, struck, log, stored: { most: mostStored, bound: storageBound() } };
  }

  async function storedJobsRaw() {
    const raw = (await originalGet('jobs')).jobs as
      | {
          jobs?: {
            id: string;
            state: string;
            pause?: unknown;
            service?: unknown;
            items: { state: string }[];
          }[];
        }
      | undefined;
    return raw?.jobs ?? [];
  }

  // The invariants

  /** Every job ends: done, failed, cancelled, or paused with a reason; nothing left running. */
  async function checkEnd() {
    if (requestsOverLimit) {
      note(`more than ${MAX_REQUESTS} requests: the queue does not stop`);
    }
    const stored = await storedJobsRaw();
    for (const job of tracked.values()) {
      const found = stored.find((candidate) => candidate.id === job.id);
      if (!found) {
        // An export nobody took is dropped an hour after it finished, by the browser's clock.
        const exportExpired =
          job.kind === 'export' && browserNow() >= job.queuedAt + EXPORT_KEPT_MS;
        if (job.accepted && !exportExpired) note(`${job.id} was queued but is gone`);
        continue;
      }
      const ended = ['done', 'failed', 'cancelled'].includes(found.state);
      // Storage too full to end it saying so: left as it was, the queue no longer trying.
      const cannotEnd = triedToEnd.has(job.id) && !endedFull.has(job.id);
      if (!ended && !cannotEnd && !(found.state === 'paused' && found.pause)) {
        note(`${job.id} is still ${found.state} (items: ${itemSummary(found.items)})`);
      } else if (ended && found.items.some((item) => item.state === 'running')) {
        note(`${job.id} is ${found.state} with an item still running`);
      }
      checkRecordedService(job, found.service);
    }
  }

  /**
   * A full storage ends each job a refused write would have grown, saying so (or tries to, when
   * even that does not fit), unless a later write had room and it got done; and it is not tried
   * without end.
   */
  async function checkFull() {
    const stored = await storedJobsRaw();
    for (const id of grownWhenFull) {
      // Written after all (storage had room again), and done.
      if (stored.find((job) => job.id === id)?.state === 'done') continue;
      if (tracked.get(id)?.accepted && !endedFull.has(id) && !triedToEnd.has(id)) {
        note(`${id} was not ended when storage was full`);
      }
    }
    // A few for each job (a refused write, the write ending it, a few tries when neither fits);
    // a queue trying again and again over the hours would make hundreds.
    const most = 10 * (scenario.jobs.length + 1) * (scenario.retryFailed ? 2 : 1);
    if (refusedForQuota > most) {
      note(`${refusedForQuota} writes refused for the quota: tried again and again`);
    }
  }

  /** Where the job records the service it was made for: its origin, never its key. */
  /**
   * Where the job records the service it was made for, that is what it was made for (the
   * settings may change while it is queued): its origin, and a fingerprint of its key, never the
   * key. A fingerprint is told apart by `fingerprints` (filled where clients are made).
   */
  function checkRecordedService(job: TrackedJob, service: unknown) {
    if (service === undefined) return;
    // Either shape: { origin, keyHash } or { url, key } (a base URL and the key's fingerprint).
    const recorded = service as { origin?: string; keyHash?: string; url?: string; key?: string };
    const url = recorded.origin ?? recorded.url ?? '';
    const fingerprint = recorded.keyHash ?? recorded.key;
    const keys = Object.values(KEYS);
    if (typeof fingerprint !== 'string' || keys.some((key) => fingerprint.includes(key))) {
      note(`${job.id} records no fingerprint of its key, or the key itself`);
      return;
    }
    job.madeFor = {
      origin: URL.canParse(url) ? new URL(url).origin : url,
      key: fingerprints.get(fingerprint) ?? job.madeFor.key,
    };
  }

  /** A create is sent again only after the service provably did not take it. */
  function checkCreates() {
    const byAddress = new Map<string, SentRequest[]>();
    for (const request of log) {
      if (request.method !== 'POST' || !request.address) continue;
      byAddress.set(request.address, [...(byAddress.get(request.address) ?? []), request]);
    }
    for (const [address, posts] of byAddress) {
      posts.forEach((post, at) => {
        for (const earlier of posts.slice(0, at)) {
          if (notTaken(earlier, post)) continue;
          note(
            `POST ${address} sent again (request ${post.seq}) after request ${earlier.seq}, ` +
              `which the service ${earlier.made ? 'made' : 'acted on'} and answered ${earlier.answer ?? 'nothing'}`,
          );
        }
      });
    }
  }

  function notTaken(earlier: SentRequest, later: SentRequest): boolean {
    if (!earlier.reached) return true;
    if (typeof earlier.answer === 'number' && earlier.answer >= 400 && earlier.answer < 500) {
      return true;
    }
    // Of unknown fate: looked for first, and the service had not made it.
    const looked = log.some(
      (request) =>
        request.seq > earlier.seq &&
        request.seq < later.seq &&
        request.origin === earlier.origin &&
        request.method === 'GET' &&
        typeof request.answer === 'number' &&
        request.answer < 300,
    );
    return looked && !earlier.made;
  }

  /** Every request went to the service (origin and key) its job was made for. */
  function checkServices() {
    for (const request of log) {
      const service = { origin: request.origin, key: request.key };
      const job = jobOf(request);
      const madeFor = job ? [job.madeFor] : [...tracked.values()].map((other) => other.madeFor);
      if (madeFor.some((it) => it.origin === service.origin && it.key === service.key)) continue;
      note(
        `${request.method} ${request.path.split('?')[0]} went to ${describeService(service)}, ` +
          `${job ? `${job.id} was made for ${describeService(job.madeFor)}` : 'no job was made for it'}`,
      );
    }
  }

  return {
    run,
    log,
    dispose() {
      local.set = set;
      local.remove = remove;
      alive.clear();
      vi.clearAllTimers();
    },
  };
}

/** Each stored value's JSON, made once: a write stores a new value (the fake browser's copy). */
const jsonMade = new WeakMap<object, string>();

/**
 * JSON.stringify(record), from its values' JSON made once each: storage is checked after every
 * write, and most of what it holds has not changed since the write before.
 */
function recordJson(record: Record<string, unknown>): string {
  const entries: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    let json = typeof value === 'object' && value !== null ? jsonMade.get(value) : undefined;
    if (json === undefined) {
      json = JSON.stringify(value);
      if (typeof value === 'object' && value !== null) jsonMade.set(value, json);
    }
    entries.push(`${JSON.stringify(key)}:${json}`);
  }
  return `{${entries.join(',')}}`;
}

/** Items' states, in order, runs of one state counted: 'done ×119, running'. */
function itemSummary(items: { state: string }[]): string {
  const runs: { state: string; count: number }[] = [];
  for (const { state } of items) {
    const last = runs.at(-1);
    if (last?.state === state) last.count += 1;
    else runs.push({ state, count: 1 });
  }
  return runs.map(({ state, count }) => (count > 1 ? `${state} ×${count}` : state)).join(', ');
}

function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/**
 * A page of the reports list as the contract describes it: `search` in the address, `project`,
 * sorted by id (newest first unless `sort=asc`) or address.
 */
function listAnswer(reports: ReturnType<typeof wire>[], query: URLSearchParams): Response {
  const search = query.get('search');
  const project = query.get('project');
  const found = reports.filter(
    (report) =>
      (!search || report.url.includes(search)) && (!project || report.project === project),
  );
  const byUrl = query.get('sort_by') === 'url';
  found.sort((a, b) => (byUrl ? a.url.localeCompare(b.url) : a.id - b.id));
  if (query.get('sort') !== 'asc') found.reverse();
  const perPage = Number(query.get('per_page') ?? 25);
  const page = Number(query.get('page') ?? 1);
  const lastPage = Math.max(1, Math.ceil(found.length / perPage));
  return answer(200, {
    data: found.slice((page - 1) * perPage, page * perPage),
    links: { next: page < lastPage ? `?page=${page + 1}` : null },
    meta: { current_page: page, per_page: perPage, last_page: lastPage, total: found.length },
    status: 200,
  });
}

/** A list page with no reports that says there is another. */
function emptyPageWithNext(query: URLSearchParams): Response {
  const page = Number(query.get('page') ?? 1);
  return answer(200, {
    data: [],
    links: { next: `?page=${page + 1}` },
    meta: { current_page: page, per_page: 10, last_page: page + 1, total: 0 },
    status: 200,
  });
}

/** A create's form with its address moved to another path (`/en/…`), as a fetch may end there. */
function movedBody(form: URLSearchParams, asked: string): string {
  const moved = new URL(asked);
  moved.pathname = `/en${moved.pathname}`;
  const body = new URLSearchParams(form);
  body.set('url', moved.href);
  return body.toString();
}
