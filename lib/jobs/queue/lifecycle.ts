// What the pages and the background ask of the queue: queue, cancel, retry, resume, clear, discard,
// take an export; and settings changes, which let paused jobs of the saved service go on.
import type { ErrorData, ErrorReason, ReportSummary } from '../../api/model';
import { errorWithText } from '../../error-text';
import { ExplainedError, NotConnectedError } from '../../errors';
import {
  isFinished,
  type Job,
  type JobKind,
  type JobService,
  KIND_OPS,
  MAX_RETRY_AFTER_SECONDS,
  maxJobItems,
  type RequestedOp,
} from '../schema';
import { paceKey, sameService } from '../service';
import { announce, type QueueContext, type QueueEvent } from './context';
import { followAccounts, isHeldForOtherService } from './other-service';
import type { Recovery } from './recovery';
import { exportKeys, type QueueState, readExport, removeExport } from './store';

export interface EnqueueInput {
  kind: JobKind;
  items: RequestedOp[];
  /** The tab a create is for, when its op does not name one. */
  tabId?: number;
  /** For privacy-2 creates and updates; kept in storage.session only. */
  password?: string;
  /** The account it is for (the background's own jobs); the account in use when missing. */
  account?: string;
  /** The service already asked to wait this long (a 429 the page got). */
  retryAfterSeconds?: number;
  /** A run of re-analyses of the watched pages (lib/watch/runs.ts). */
  watchRun?: Job['watchRun'];
}

function explained(kind: ErrorData['kind'], reason: ErrorReason, count?: number) {
  return new ExplainedError(errorWithText({ kind, reason, ...(count !== undefined && { count }) }));
}

function find(state: QueueState, id: string): Job {
  const job = state.jobs.find((candidate) => candidate.id === id);
  if (!job) throw explained('not_found', 'jobNotFound');
  return job;
}

const needsPassword = ({ items }: EnqueueInput) =>
  items.some((op) => 'privacy' in op && op.privacy === 2);

/** Throws what to answer to a job that cannot be queued. */
function check(input: EnqueueInput) {
  const { kind, items } = input;
  const most = maxJobItems(kind, input.watchRun !== undefined);
  if (items.length > most) throw explained('invalid_input', 'jobTooBig', most);
  if (
    items.length === 0 ||
    items.some((op) => !KIND_OPS[kind].includes(op.type)) ||
    (kind === 'export' && items.length !== 1)
  ) {
    throw explained('bad_message', 'badMessage');
  }
  if (needsPassword(input) && !input.password) {
    throw new ExplainedError(
      errorWithText({
        kind: 'invalid_input',
        fieldErrors: {
          password: ['A password is required when the report is password-protected.'],
        },
      }),
    );
  }
}

/** The job made from what a page asked for (checked), for the service saved now. */
function newJob(input: EnqueueInput, id: string, now: number, service: JobService): Job {
  return {
    id,
    kind: input.kind,
    state: 'waiting',
    createdAt: now,
    service,
    ...(input.watchRun && { watchRun: input.watchRun }),
    items: input.items.map((requested) => {
      if (requested.type !== 'create') return { op: requested, state: 'waiting' };
      const { tabId = input.tabId, ...op } = requested;
      return tabId === undefined ? { op, state: 'waiting' } : { op, state: 'waiting', tabId };
    }),
  };
}

/** A job held for another service goes on only when that service is saved again. */
function resumeJob(job: Job) {
  if (job.state !== 'paused' || isHeldForOtherService(job)) return;
  job.state = job.startedAt === undefined ? 'waiting' : 'running';
  delete job.pause;
}

export interface LifecycleParts {
  recovery: Recovery;
  /** Goes on with the work (dispatch.ts). */
  pump(): Promise<void>;
}

export function createJobCommands(ctx: QueueContext, { recovery, pump }: LifecycleParts) {
  const { env, store, pacer, passwords, effects, inFlight } = ctx;

  /** One stored change (after the worker's first look), then what it leaves to show. */
  async function changeJobs(edit: (state: QueueState, events: QueueEvent[]) => void) {
    const events: QueueEvent[] = [];
    await store.update((state) => {
      recovery.restore(state, events);
      edit(state, events);
      state.pacing = pacer.snapshot();
    });
    await announce(ctx, events);
  }

  /** The service of `account` (of the account in use when undefined), or null when not connected. */
  async function savedService(account?: string): Promise<JobService | null> {
    const saved = await env.getClient(account, (info, from) => recovery.note(info, from));
    return saved?.service ?? null;
  }

  /** Changes one job, then goes on with the work. */
  async function change(id: string, edit: (job: Job, events: QueueEvent[]) => void) {
    await changeJobs((state, events) => edit(find(state, id), events));
    await pump();
    return { id };
  }

  return {
    async enqueue(input: EnqueueInput): Promise<{ id: string; resumeAt?: number }> {
      check(input);
      const service = await savedService(input.account);
      if (!service || (input.account && service.account !== input.account)) {
        throw new NotConnectedError();
      }
      const now = env.now();
      const id = env.newId?.() ?? crypto.randomUUID();
      const job = newJob(input, id, now, service);
      if (needsPassword(input) && input.password) await passwords.keep(id, input.password);
      await changeJobs((state) => {
        const wait = Math.min(input.retryAfterSeconds ?? 0, MAX_RETRY_AFTER_SECONDS);
        if (wait > 0) pacer.for(paceKey(service)).holdUntil(now + wait * 1000);
        // Jobs wait for the user (a rejected key, no connection): a new one would be refused too.
        const pause = state.jobs.find(
          (other) =>
            other.state === 'paused' &&
            !isHeldForOtherService(other) &&
            sameService(other.service, service),
        )?.pause;
        if (pause) Object.assign(job, { state: 'paused', pause });
        state.jobs.push(job);
      });
      for (const item of job.items) {
        if (item.tabId === undefined) continue;
        await effects.tabCreate('queued', item, job.items.length === 1).catch(() => {});
      }
      await pump();
      const stored = (await store.read()).jobs.find((candidate) => candidate.id === id);
      return stored?.resumeAt === undefined ? { id } : { id, resumeAt: stored.resumeAt };
    },

    /** Stops the job: its waiting items are cancelled, requests under way end as they end. */
    cancel(id: string) {
      return change(id, (job, events) => {
        if (isFinished(job)) return;
        job.state = 'cancelled';
        job.finishedAt = env.now();
        delete job.resumeAt;
        delete job.pause;
        for (const item of job.items) {
          if (item.state !== 'waiting') continue;
          item.state = 'cancelled';
          events.push({ job, item, stage: 'finished' });
        }
        events.push({ job });
        for (const dispatch of inFlight.values()) {
          // A read is safe to abandon; a create or change is let finish and recorded.
          if (dispatch.jobId === id && dispatch.item.op.type === 'listPage') {
            dispatch.controller.abort();
          }
        }
      });
    },

    /**
     * Queues the job's failed items again; creates of unknown fate (which may have made their
     * report) only with `unknown`, when the user picked them, and never while still looked for.
     */
    async retryFailed(id: string, password?: string, { unknown = false } = {}) {
      if (password) await passwords.keep(id, password);
      return change(id, (job) => {
        let retried = false;
        for (const item of job.items) {
          const pickedUnknown =
            unknown &&
            item.state === 'unknown' &&
            item.op.type === 'create' &&
            item.reconcileAt === undefined;
          if (item.state !== 'failed' && !pickedUnknown) continue;
          item.state = 'waiting';
          delete item.error;
          delete item.tries;
          retried = true;
        }
        if (!retried || !isFinished(job)) return;
        job.state = job.startedAt === undefined ? 'waiting' : 'running';
        delete job.finishedAt;
        // Ended for a full storage: tried again, it says so again if storage is still full.
        if (job.error?.reason === 'storageFull') delete job.error;
      });
    },

    resume(id: string) {
      ctx.backoffUntil = 0;
      return change(id, resumeJob);
    },

    /** Removes a finished job, with its export. */
    async clear(id: string) {
      await store.update((state) => {
        const job = find(state, id);
        if (!isFinished(job)) throw explained('invalid_input', 'jobBusy');
        state.jobs = state.jobs.filter((other) => other !== job);
        state.removed.push(...exportKeys(job));
      });
      await passwords.forget(id);
      return { id };
    },

    /**
     * Removes a job held for another service (or finished), with its password and export; its
     * waiting creates are let go by their tabs.
     */
    async discard(id: string) {
      const events: QueueEvent[] = [];
      await store.update((state) => {
        const job = find(state, id);
        if (!isFinished(job) && !isHeldForOtherService(job)) {
          throw explained('invalid_input', 'jobBusy');
        }
        for (const item of job.items) {
          if (item.state !== 'waiting') continue;
          item.state = 'cancelled';
          if (item.op.type === 'create') events.push({ job, item, stage: 'finished' });
        }
        state.jobs = state.jobs.filter((other) => other !== job);
        state.removed.push(...exportKeys(job));
      });
      for (const dispatch of inFlight.values()) {
        if (dispatch.jobId === id && dispatch.item.op.type === 'listPage') {
          dispatch.controller.abort();
        }
      }
      await passwords.forget(id);
      await announce(ctx, events);
      return { id };
    },

    async jobs(): Promise<Job[]> {
      void pump();
      return (await store.read()).jobs;
    },

    /** The reports a finished export brought, in order; they are removed from storage. */
    async takeExport(id: string): Promise<ReportSummary[]> {
      const keys = await store.update((state) => {
        const job = find(state, id);
        if (!isFinished(job)) throw explained('invalid_input', 'jobBusy');
        return exportKeys(job);
      });
      if (keys.length === 0) return [];
      const reports = await readExport(keys);
      await removeExport(keys);
      return reports;
    },

    /**
     * The settings changed: jobs of an account that is gone are held, the others go on (a new
     * key may be accepted).
     */
    async settingsChanged() {
      ctx.backoffUntil = 0;
      const accounts = await env.accounts();
      await changeJobs((state) => {
        followAccounts(state.jobs, accounts);
        for (const job of state.jobs) resumeJob(job);
      });
      await pump();
    },
  };
}
