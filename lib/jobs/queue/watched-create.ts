// A create that a page sends itself (the popup's Create), watched by the queue: it is stored as a
// running one-item job before it is sent, so a reopened popup shows it under way and a stopped
// worker's successor looks for what it made. An answer lost (a timeout, a dropped connection, a
// gateway's 5xx) is looked for (findMade) before anything is said: never a second report.

import type * as z from 'zod/mini';
import type { ErrorData, Report, ReportSummary } from '../../api/model';
import { toSummary } from '../../api/model';
import { ExplainedError, errorData } from '../../errors';
import { followItem } from '../../follow-item';
import type { CreateOp, Job, JobItem, JobService } from '../schema';
import { itemReport, jobsItem, parseStoredJobs } from '../schema';
import { accountOf } from '../service';
import {
  announce,
  finishIfDone,
  isOpen,
  keyOf,
  type QueueContext,
  type QueueEvent,
  warn,
} from './context';
import { fateUnknown, verdictOf } from './items';
import { RECONCILE_DELAY_MS } from './reconcile';
import type { Recovery } from './recovery';

export interface WatchedCreateParts {
  recovery: Recovery;
  pump(): Promise<void>;
}

type CreateInput = Omit<z.infer<typeof CreateOp>, 'type'>;

/**
 * The stored item once it is no longer open (done, failed, of unknown fate), undefined if gone;
 * or as it stands when its job is held (for another service, a rejected key): it is looked for
 * when the job goes on, and the page is told now that its outcome is unknown.
 */
function settled(jobId: string, index: number): Promise<JobItem | undefined> {
  return new Promise((resolve) => {
    let unfollow: (() => void) | undefined;
    let over = false;
    const stop = (item: JobItem | undefined) => {
      over = true;
      unfollow?.();
      resolve(item);
    };
    unfollow = followItem(jobsItem, (stored) => {
      if (over) return;
      const job = parseStoredJobs(stored).find((candidate) => candidate.id === jobId);
      const item = job?.items[index];
      if (!item || !isOpen(item) || job?.state === 'paused') stop(item);
    });
    if (over) unfollow();
  });
}

export function createWatchedCreates(ctx: QueueContext, { recovery, pump }: WatchedCreateParts) {
  const { env, store, inFlight, unrecorded } = ctx;

  /** Writes the create's outcome into its item; whether it is left to be looked for. */
  async function record(jobId: string, outcome: { report: Report } | { error: unknown }) {
    const events: QueueEvent[] = [];
    const unknown = await store.update((state) => {
      const job = state.jobs.find((candidate) => candidate.id === jobId);
      const stored = job?.items[0];
      if (!job || stored?.state !== 'running') return false;
      let lookFor = false;
      if ('report' in outcome) {
        stored.state = 'done';
        stored.report = toSummary(outcome.report);
      } else {
        const verdict = verdictOf(stored.op, outcome.error, 0);
        if (verdict.next === 'waiting') {
          // Provably not made (a 429): nothing to show or retry here; the page may queue it.
          state.jobs = state.jobs.filter((other) => other.id !== jobId);
          return false;
        }
        lookFor = verdict.next === 'unknown';
        stored.state = lookFor ? 'unknown' : 'failed';
        stored.error = 'error' in verdict ? verdict.error : errorData(outcome.error);
        if (lookFor) stored.reconcileAt = env.now() + RECONCILE_DELAY_MS;
      }
      finishIfDone(job, events, env.now());
      return lookFor;
    });
    await announce(ctx, events);
    return unknown;
  }

  /**
   * Sends `create` as one stored job for `service`: the report it made, found again when its
   * answer was lost; otherwise its error (the service's, or that its fate is unknown).
   */
  return async function watchedCreate(
    input: CreateInput,
    service: JobService,
    create: () => Promise<Report>,
  ): Promise<ReportSummary> {
    const now = env.now();
    const jobId = env.newId?.() ?? crypto.randomUUID();
    const key = keyOf(jobId, 0);
    const item: JobItem = { op: { type: 'create', ...input }, state: 'running', sentAt: now };
    const job: Job = {
      id: jobId,
      kind: 'create',
      state: 'running',
      createdAt: now,
      startedAt: now,
      service,
      items: [item],
      watched: true,
    };
    // Under way from before it is stored: a look at the stored jobs leaves it alone.
    inFlight.set(key, {
      jobId,
      index: 0,
      item,
      service,
      single: true,
      controller: new AbortController(),
    });
    try {
      await store.update((state) => {
        recovery.restore(state, []);
        // Done ones were shown by their page: this one takes their place.
        state.jobs = state.jobs.filter((other) => !(other.watched && other.state === 'done'));
        state.jobs.push(job);
      });
      // A step of the queue sets its alarm: a worker stopped meanwhile is started again to look.
      void pump();
    } catch (error) {
      // Not stored, so not watched: it is sent all the same, as the user asked.
      warn('store a create', error);
      inFlight.delete(key);
      return toSummary(await create());
    }

    let outcome: { report: Report } | { error: unknown };
    try {
      outcome = { report: await create() };
    } catch (error) {
      outcome = { error };
    }
    unrecorded.add(key);
    inFlight.delete(key);
    let lookFor = false;
    try {
      lookFor = await record(jobId, outcome);
    } catch (error) {
      // Left 'running': the next worker's first look makes it unknown and looks for it.
      warn('record a create', error);
      if ('report' in outcome) return toSummary(outcome.report);
      if (verdictOf(item.op, outcome.error, 0).next === 'unknown') {
        throw new ExplainedError(fateUnknown());
      }
      throw outcome.error;
    } finally {
      unrecorded.delete(key);
    }
    if ('report' in outcome) return toSummary(outcome.report);
    if (!lookFor) throw outcome.error;

    // The queue looks for it when its time comes (and a successor worker, if this one stops).
    void pump();
    const found = await settled(jobId, 0);
    const report = found?.state === 'done' ? itemReport(found) : undefined;
    if (report) {
      // Stored as done a moment before the queue remembers it: remembered here too, so whoever
      // asked finds it in the cache (the tab's badge) as soon as this answers.
      await env.effects.remember([report], accountOf(service), input.url).catch(() => undefined);
      return report;
    }
    // Refused (not a lost answer): what went wrong can be said, and a new create is safe.
    if (found?.state === 'failed') throw outcome.error;
    const unknown: ErrorData = found?.error ?? fateUnknown();
    throw new ExplainedError(unknown);
  };
}

export type WatchedCreate = ReturnType<typeof createWatchedCreates>;
