// The queue's share of the accounts' life: an upgrade gives the jobs and pacing an earlier version
// kept under the service's base URL to the first account; removing an account removes its jobs.
import { isFinished } from '../schema';
import { paceKey } from '../service';
import { announce, type QueueContext, type QueueEvent } from './context';
import type { Recovery } from './recovery';
import { exportKeys } from './store';

export function createAccountCommands(
  ctx: QueueContext,
  { recovery, pump }: { recovery: Recovery; pump: () => Promise<void> },
) {
  const { store, pacer, passwords, inFlight } = ctx;

  return {
    /** Jobs and pacing kept for the service at `from` by an earlier version become `to`'s. */
    async adoptAccount(from: string, to: string): Promise<void> {
      const events: QueueEvent[] = [];
      await store.update((state) => {
        // Before the first look, which would hold a job without an account as another's.
        for (const job of state.jobs) {
          if (job.service && job.service.account === undefined && job.service.url === from) {
            job.service.account = to;
          }
        }
        recovery.restore(state, events);
        pacer.rename(from, paceKey({ account: to, url: from }));
        state.pacing = pacer.snapshot();
      });
      await announce(ctx, events);
      await pump();
    },

    /** Removes the jobs and pacing of a removed account: how many unfinished jobs went. */
    async dropAccount(account: string): Promise<number> {
      const events: QueueEvent[] = [];
      const gone = await store.update((state) => {
        recovery.restore(state, events);
        const dropped = state.jobs.filter((job) => job.service?.account === account);
        state.jobs = state.jobs.filter((job) => !dropped.includes(job));
        for (const job of dropped) state.removed.push(...exportKeys(job));
        pacer.forgetAccount(account);
        state.pacing = pacer.snapshot();
        return dropped;
      });
      for (const dispatch of inFlight.values()) {
        if (gone.some((job) => job.id === dispatch.jobId)) dispatch.controller.abort();
      }
      await Promise.all(gone.map((job) => passwords.forget(job.id)));
      await announce(ctx, events);
      return gone.filter((job) => !isFinished(job)).length;
    },
  };
}
