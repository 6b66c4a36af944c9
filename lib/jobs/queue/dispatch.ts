// The queue's loop: jobs in order, at most MAX_IN_FLIGHT requests, each when the pacer allows.
// A pick is stored as running before it is sent, so a stopped worker's successor knows.

import type { Job } from '../schema';
import { isFinished } from '../schema';
import { paceKey } from '../service';
import type { Wakeups } from './alarms';
import {
  announce,
  type Dispatch,
  finishIfDone,
  keyOf,
  type QueueContext,
  type QueueEvent,
  toReconcile,
  warn,
} from './context';
import { RECONCILE_DELAY_MS } from './reconcile';
import type { Recovery } from './recovery';
import { StorageFullError } from './store';

/** While the browser is offline, how often to look again. */
const OFFLINE_RECHECK_MS = 5_000;
/** The longest back-off after failures (outcomes.ts: 2 s, doubled for each of up to 3 tries). */
const MAX_BACKOFF_MS = 10_000;
/** After a step failed (its write, say), when to try again. */
const STEP_RETRY_MS = 5_000;
/** Steps tried again (later each time) while storage is too full to end a job either. */
const MAX_FULL_STEPS = 3;

/**
 * The first item not under way that is to be sent (waiting) or looked for (an unknown create
 * whose time has come), of the first job that may go on; else when the next look is due. A look
 * set further ahead than one delay (the clock was set back since) is moved to one delay ahead.
 */
/** An item is under way while its request is out, and until its answer is written. */
function nextWaiting(
  jobs: Job[],
  underWay: (key: string) => boolean,
  quotaRefused: ReadonlySet<string>,
  now: number,
) {
  let due: number | undefined;
  for (const job of jobs) {
    // A cancelled job's create that was under way may yet have made its report: it is looked for.
    if ((isFinished(job) && job.state !== 'cancelled') || job.state === 'paused') continue;
    // A job without a service is held at the first look (recovery.ts).
    if (!job.service) continue;
    const noCreates = quotaRefused.has(paceKey(job.service));
    for (const [index, item] of job.items.entries()) {
      if (underWay(keyOf(job.id, index))) continue;
      if (item.state === 'waiting' && noCreates && item.op.type === 'create') continue;
      if (item.state === 'waiting') return { job, index, item, service: job.service };
      if (!toReconcile(item) || item.reconcileAt === undefined) continue;
      // Set at most one delay ahead: further, the clock was set back since, and it is moved.
      item.reconcileAt = Math.min(item.reconcileAt, now + RECONCILE_DELAY_MS);
      if (item.reconcileAt <= now) return { job, index, item, service: job.service };
      due = Math.min(due ?? item.reconcileAt, item.reconcileAt);
    }
  }
  return { due };
}

export interface DispatchParts {
  recovery: Recovery;
  wakeups: Wakeups;
  /** Sends one picked request and records its outcome (outcomes.ts). */
  send(dispatch: Dispatch): Promise<void>;
}

export function createDispatcher(ctx: QueueContext, { recovery, wakeups, send }: DispatchParts) {
  const { env, store, pacer, inFlight } = ctx;
  let pumping: Promise<void> | undefined;
  let again = false;
  /** Steps in a row that storage was too full to write anything of. */
  let fullSteps = 0;
  const sends = new Set<Promise<void>>();

  /** Sends what the limits allow; one step at a time (see pump). */
  async function step() {
    const events: QueueEvent[] = [];
    const picks: Dispatch[] = [];
    const stepped = store.update((state) => {
      recovery.restore(state, events);
      let until: number | undefined;
      const now = env.now();
      for (;;) {
        const next = nextWaiting(
          state.jobs,
          (key) => inFlight.has(key) || ctx.unrecorded.has(key),
          ctx.quotaRefused,
          now,
        );
        if (!next.job) {
          if (next.due !== undefined) until = Math.min(until ?? next.due, next.due);
          break;
        }
        // A back-off lasts seconds: one ending later was set before the clock was set back.
        ctx.backoffUntil = Math.min(ctx.backoffUntil, now + MAX_BACKOFF_MS);
        if (now < ctx.backoffUntil) {
          until = ctx.backoffUntil;
          break;
        }
        if (!env.isOnline()) {
          ctx.backoffUntil = until = now + OFFLINE_RECHECK_MS;
          break;
        }
        const decision = pacer.for(paceKey(next.service)).decide(inFlight.size);
        if (!decision.send) {
          until = decision.until;
          break;
        }
        const { job, index, item, service } = next;
        // An unknown create is looked for, not sent: it stays unknown until that answer.
        if (item.state === 'waiting') {
          item.state = 'running';
          if (item.op.type === 'create') item.sentAt = now;
        }
        job.state = 'running';
        job.startedAt ??= now;
        const dispatch = {
          jobId: job.id,
          index,
          item: { ...item },
          service,
          single: job.items.length === 1,
          controller: new AbortController(),
        };
        inFlight.set(keyOf(job.id, index), dispatch);
        picks.push(dispatch);
      }
      let work = inFlight.size > 0 || ctx.unrecorded.size > 0;
      for (const job of state.jobs) {
        finishIfDone(job, events, env.now());
        if (isFinished(job) || job.state === 'paused') continue;
        const waits = job.items.some((item) => item.state === 'waiting');
        work ||= waits || job.items.some(toReconcile);
        if (waits && until !== undefined) job.resumeAt = until;
        else delete job.resumeAt;
      }
      state.pacing = pacer.snapshot();
      return { until, work };
    });
    const { until, work } = await stepped.catch(async (error) => {
      // Not recorded as sent, so not sent: the next step picks them again.
      for (const { jobId, index } of picks) inFlight.delete(keyOf(jobId, index));
      if (error instanceof StorageFullError) {
        // The jobs this step would have grown ended (store.ts); the others go on. When nothing
        // could be written, tried a few times; then only freeing storage helps (a page's next
        // action, or the next worker, steps again).
        await announce(
          ctx,
          error.ended.map((job) => ({ job })),
        );
        fullSteps = error.ended.length > 0 ? 0 : fullSteps + 1;
        if (fullSteps === 0) wakeups.schedule(env.now(), true);
        else if (fullSteps <= MAX_FULL_STEPS) {
          wakeups.schedule(env.now() + STEP_RETRY_MS * 2 ** fullSteps, true);
        }
      } else {
        wakeups.schedule(env.now() + STEP_RETRY_MS, true);
      }
      throw error;
    });
    fullSteps = 0;
    for (const dispatch of picks) {
      const sent = send(dispatch);
      sends.add(sent);
      void sent.finally(() => sends.delete(sent));
    }
    wakeups.schedule(until, work);
    await announce(ctx, events);
  }

  /** Runs steps until nothing new is asked for; calls while one runs ask for one more step. */
  function pump(): Promise<void> {
    again = true;
    if (!pumping) {
      pumping = (async () => {
        while (again) {
          again = false;
          try {
            await step();
          } catch (error) {
            warn('go on', error);
          }
        }
      })().finally(() => {
        pumping = undefined;
        if (again) void pump();
      });
    }
    return pumping;
  }

  return {
    pump,

    /** Resolves when no step runs and no request is under way (for tests). */
    async idle(): Promise<void> {
      while (pumping || sends.size > 0) await Promise.all([pumping, ...sends]);
    },
  };
}
