// A new worker's first look at what a stopped one left 'running': reads, updates and deletes go
// again, creates become of unknown fate (never sent twice). Jobs stored by an older version do not
// say which account they were made for: they are held.
import type { RateInfo } from '../../api/rate-info';
import { isFinished } from '../schema';
import { keyOf, type QueueContext, type QueueEvent } from './context';
import { fateUnknown } from './items';
import { holdForOtherService } from './other-service';
import type { QueueState } from './store';

/** Facts heard before the first look that are kept for it; the newest are what count. */
const MAX_EARLY_FACTS = 20;

export function createRecovery({ env, pacer, inFlight, unrecorded }: QueueContext) {
  const now = () => env.now();
  let restored = false;
  const early: { info: RateInfo; account: string }[] = [];

  return {
    /**
     * Inside every change to the stored state: the pacing once per worker; items each time, as the
     * first change's write may have failed. An item 'running' that this worker neither sends nor
     * has an answer to was left by a stopped one.
     */
    restore(state: QueueState, events: QueueEvent[]) {
      if (!restored) {
        restored = true;
        pacer.restore(state.pacing);
        for (const { info, account } of early.splice(0)) pacer.for(account).note(info);
      }
      for (const job of state.jobs) {
        if (!job.service?.account && !isFinished(job)) holdForOtherService(job);
        job.items.forEach((item, index) => {
          const key = keyOf(job.id, index);
          if (item.state !== 'running' || inFlight.has(key) || unrecorded.has(key)) return;
          if (item.op.type === 'create') {
            item.state = 'unknown';
            item.error = fateUnknown();
            // Looked for at once, and again until no analysis of it could still be under way;
            // one sent by an older version has no send time to look from.
            if (item.sentAt !== undefined) item.reconcileAt = now();
            else events.push({ job, item, stage: 'finished' });
          } else {
            item.state = 'waiting';
          }
        });
      }
    },

    /** Tells the account's pacer what its answer said, now or, before the first look, at it. */
    note(info: RateInfo, account: string) {
      if (restored) {
        pacer.for(account).note(info);
        return;
      }
      if (early.push({ info, account }) > MAX_EARLY_FACTS) early.shift();
    },
  };
}

export type Recovery = ReturnType<typeof createRecovery>;
