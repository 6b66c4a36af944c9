// A new worker's first look at the stored queue. A worker that stopped left its requests
// 'running': reads, updates and deletes are read back as waiting (sent again), creates as of
// unknown fate (the service may have made them: never sent again). What the pacer knew comes back
// too, with the rate-limit facts heard before this first look (answers to the pages' own
// requests, which a woken worker answers before it reads the queue's storage).
import type { RateInfo } from '../../api/rate-info';
import { keyOf, type QueueContext, type QueueEvent } from './context';
import { fateUnknown } from './items';
import type { QueueState } from './store';

/** Facts heard before the first look that are kept for it; the newest are what count. */
const MAX_EARLY_FACTS = 20;

export function createRecovery({ pacer, inFlight }: QueueContext) {
  let restored = false;
  const early: RateInfo[] = [];

  return {
    /** Once per worker, inside the first change to the stored state. */
    restore(state: QueueState, events: QueueEvent[]) {
      if (restored) return;
      restored = true;
      pacer.restore(state.pacing);
      for (const info of early.splice(0)) pacer.note(info);
      for (const job of state.jobs) {
        job.items.forEach((item, index) => {
          if (item.state !== 'running' || inFlight.has(keyOf(job.id, index))) return;
          if (item.op.type === 'create') {
            item.state = 'unknown';
            item.error = fateUnknown();
            events.push({ job, item, stage: 'finished' });
          } else {
            item.state = 'waiting';
          }
        });
      }
    },

    /** Tells the pacer what an answer said, now or, before the first look, at it. */
    note(info: RateInfo) {
      if (restored) {
        pacer.note(info);
        return;
      }
      if (early.push(info) > MAX_EARLY_FACTS) early.shift();
    },
  };
}

export type Recovery = ReturnType<typeof createRecovery>;
