// The queue's loop: jobs in order, at most MAX_IN_FLIGHT requests, each when the pacer allows.
// A pick is stored as running before it is sent, so a stopped worker's successor knows.

import type { Job } from '../jobs';
import { isFinished } from '../jobs';
import type { Wakeups } from './alarms';
import {
  announce,
  type Dispatch,
  finishIfDone,
  keyOf,
  type QueueContext,
  type QueueEvent,
  warn,
} from './context';
import type { Recovery } from './recovery';

/** While the browser is offline, how often to look again. */
const OFFLINE_RECHECK_MS = 5_000;

/** The first waiting item not under way, of the first job that may go on. */
function nextWaiting(jobs: Job[], inFlight: ReadonlyMap<string, Dispatch>) {
  for (const job of jobs) {
    if (isFinished(job) || job.state === 'paused') continue;
    const index = job.items.findIndex(
      (item, at) => item.state === 'waiting' && !inFlight.has(keyOf(job.id, at)),
    );
    const item = job.items[index];
    // A job without a service is held at the first look (recovery.ts).
    if (item && job.service) return { job, index, item, service: job.service };
  }
  return undefined;
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
        const next = nextWaiting(state.jobs, inFlight);
        if (!next) break;
        if (now < ctx.backoffUntil) {
          until = ctx.backoffUntil;
          break;
        }
        if (!env.isOnline()) {
          ctx.backoffUntil = until = now + OFFLINE_RECHECK_MS;
          break;
        }
        const decision = pacer.for(next.service.url).decide(inFlight.size);
        if (!decision.send) {
          until = decision.until;
          break;
        }
        const { job, index, item, service } = next;
        item.state = 'running';
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
      let work = inFlight.size > 0;
      for (const job of state.jobs) {
        finishIfDone(job, events, env.now());
        if (isFinished(job) || job.state === 'paused') continue;
        const waits = job.items.some((item) => item.state === 'waiting');
        work ||= waits;
        if (waits && until !== undefined) job.resumeAt = until;
        else delete job.resumeAt;
      }
      state.pacing = pacer.snapshot();
      return { until, work };
    });
    const { until, work } = await stepped.catch((error) => {
      // Not recorded as sent, so not sent: the next step picks them again.
      for (const { jobId, index } of picks) inFlight.delete(keyOf(jobId, index));
      throw error;
    });
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
