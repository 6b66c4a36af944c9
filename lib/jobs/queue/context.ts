// What the queue's parts share within one worker (index.ts puts them together): what it runs on,
// its store, pacer and effects, the requests under way, and the rules every part applies to a job.
import type { CreateReportInput, Plan, Report } from '../../api/model';
import type { RateInfo } from '../../api/rate-info';
import { isFinished, type Job, type JobItem, type JobService } from '../schema';
import type { QueueClient } from './items';
import type { JobAccount } from './other-service';
import { createServicePacers, type ServicePacers } from './service-pacers';
import { createJobStore, type JobStore, jobPasswords } from './store';

export type TabStage = 'queued' | 'sending' | 'finished';

/** What the queue's work shows outside it: the rating cache, badges, notifications. */
export interface QueueEffects {
  /**
   * Sends a create (the background's one create request, sendCreateRequest in
   * lib/background/service-answers.ts) and remembers its answer for `input.url` at the service at
   * `account`.
   */
  create(client: QueueClient, input: CreateReportInput, account: string): Promise<Report>;
  /**
   * Reports account `account`'s service answered with; `askedUrl`: for a create's report, the
   * address it was sent for (the service may give the one its fetch ended on).
   */
  remember(reports: readonly Report[], account: string, askedUrl?: string): Promise<void>;
  /** A report or project of account `account` that is gone (deleted, or found missing). */
  forget(target: { id: number } | { name: string }, account: string): Promise<void>;
  /** A create with a tab; `single`: it is its job's only item (notified on its own). */
  tabCreate(stage: TabStage, item: JobItem, single: boolean): Promise<void>;
  /** A job finished or was cancelled. */
  jobFinished(job: Job): Promise<void>;
  /**
   * The plan kept for `service` (from its GET /account): null when it tells none, undefined when
   * not known. Only asked for a create the service refused.
   */
  keptPlan?(service: JobService): Promise<Plan | null | undefined>;
  /**
   * A watch run re-analysed `report`: how it changed since the analysis before (and word of it
   * when it got worse); undefined when that is not known.
   */
  watchedAnalysis?(
    report: Report,
    account: string,
  ): Promise<NonNullable<JobItem['direction']> | undefined>;
}

export interface SavedClient {
  client: QueueClient;
  service: JobService;
}

/** What the queue runs on: the worker's come from the browser (lib/background/queue.ts), tests hand in fakes. */
export interface QueueEnvironment {
  /**
   * The client of `account` (of the account in use when undefined) and its service, read
   * together, telling `onRateInfo` of every answer with the account it came from. Null: that
   * account has no service URL or key. For an account that is gone: the account in use's.
   */
  getClient(
    account: string | undefined,
    onRateInfo: (info: RateInfo, account: string) => void,
  ): Promise<SavedClient | null>;
  /** The accounts there are: jobs of any other, or made at another address, are held. */
  accounts(): Promise<JobAccount[]>;
  now(): number;
  /** Runs `run` after `ms`; returns a function that cancels it. */
  setTimer(run: () => void, ms: number): () => void;
  alarms?: {
    create(name: string, info: { when: number }): unknown;
    clear(name: string): unknown;
  };
  isOnline(): boolean;
  effects: QueueEffects;
  newId?(): string;
}

/** A request under way: item `index` of job `jobId`, as it was when it was picked. */
export interface Dispatch {
  jobId: string;
  index: number;
  item: JobItem;
  /** The service its job was made for. */
  service: JobService | undefined;
  /** It is its job's only item. */
  single: boolean;
  controller: AbortController;
}

/** What a change leaves to show: a job that finished, or a create's new stage. */
export type QueueEvent = { job: Job; item?: JobItem; stage?: TabStage };

export interface QueueContext {
  env: QueueEnvironment;
  store: JobStore;
  passwords: typeof jobPasswords;
  /** The pacing of each service, the one a request goes to. */
  pacer: ServicePacers;
  effects: QueueEffects;
  /** The requests under way, by keyOf(job, index). */
  inFlight: Map<string, Dispatch>;
  /** Answered requests whose outcome is not written yet, by keyOf(job, index). */
  unrecorded: Set<string>;
  /** No request before this: the network failed, or the browser is offline. */
  backoffUntil: number;
  /**
   * Accounts (accountOf) whose quota refusal came but is not written yet: no create is sent to
   * them meanwhile. Writing it fails every waiting create of that service (outcomes.ts).
   */
  quotaRefused: Set<string>;
}

export function createContext(env: QueueEnvironment): QueueContext {
  return {
    env,
    store: createJobStore(env.now),
    passwords: jobPasswords,
    pacer: createServicePacers(env.now),
    effects: env.effects,
    inFlight: new Map(),
    unrecorded: new Set(),
    backoffUntil: 0,
    quotaRefused: new Set(),
  };
}

export const keyOf = (jobId: string, index: number) => `${jobId}:${index}`;

/** A create of unknown fate still to be looked for (see findMade): its job is not over yet. */
export const toReconcile = (item: JobItem) =>
  item.state === 'unknown' && item.reconcileAt !== undefined;

export const isOpen = (item: JobItem) =>
  item.state === 'waiting' || item.state === 'running' || toReconcile(item);

/** The kind of failure only: a storage error's message may quote what was being written. */
export function warn(what: string, error: unknown) {
  const kind = error instanceof Error ? error.name : typeof error;
  console.warn(`Site Report: the queue could not ${what} (${kind}).`);
}

/** Ends a job none of whose items is open any more: 'failed' when any failed or is unknown. */
export function finishIfDone(job: Job, events: QueueEvent[], now: number) {
  if (isFinished(job) || job.items.some(isOpen)) return;
  job.state = job.items.some((item) => item.state === 'failed' || item.state === 'unknown')
    ? 'failed'
    : 'done';
  job.finishedAt = now;
  delete job.resumeAt;
  delete job.pause;
  events.push({ job });
}

/** Shows what changes left to show, once they are stored; a failure to show stops nothing. */
export async function announce({ effects, passwords }: QueueContext, events: QueueEvent[]) {
  for (const { job, item, stage } of events) {
    try {
      if (item && stage) {
        if (item.tabId !== undefined && item.op.type === 'create') {
          await effects.tabCreate(stage, item, job.items.length === 1);
        }
      } else {
        await passwords.forget(job.id);
        await effects.jobFinished(job);
      }
    } catch (error) {
      warn('show an outcome', error);
    }
  }
}

// A watch run's item done: how its page changed since the analysis before (the effect records
// nothing of its own: the answer's history was written as it was remembered), kept on the item
// so Activity can sum up the run after a restart.
export async function noteRunItem(
  ctx: QueueContext,
  { jobId, index }: Pick<Dispatch, 'jobId' | 'index'>,
  report: Report,
  account: string,
): Promise<void> {
  try {
    const direction = await ctx.effects.watchedAnalysis?.(report, account);
    if (!direction) return;
    await ctx.store.update((state) => {
      const item = state.jobs.find((job) => job.id === jobId)?.items[index];
      if (item) item.direction = direction;
    });
  } catch (error) {
    warn('compare a watched page', error);
  }
}
