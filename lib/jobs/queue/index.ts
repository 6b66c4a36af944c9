// The queue (bulk actions, exports, queued creates), made from what it runs on. Everything that
// matters is stored, so any worker goes on; making it reads nothing, so a woken worker answers at
// once. The background's one queue is lib/background/queue.ts.
import type { RateInfo } from '../../api/rate-info';
import { paceKey } from '../service';
import { createAccountCommands } from './accounts';
import { createWakeups, QUEUE_ALARM } from './alarms';
import { createContext, type QueueEnvironment } from './context';
import { createDispatcher } from './dispatch';
import { createJobCommands } from './lifecycle';
import { createSender } from './outcomes';
import { createRecovery } from './recovery';
import { createWatchedCreates } from './watched-create';

export { QUEUE_ALARM };

export function createQueue(env: QueueEnvironment) {
  const ctx = createContext(env);
  const recovery = createRecovery(ctx);
  const wakeups = createWakeups(env, () => void dispatcher.pump());
  const dispatcher = createDispatcher(ctx, { recovery, wakeups, send: (d) => send(d) });
  const send = createSender(ctx, dispatcher.pump);
  const { pump, idle } = dispatcher;

  return {
    ...createJobCommands(ctx, { recovery, pump }),
    ...createAccountCommands(ctx, { recovery, pump }),

    /** A page's own create, stored as a job while it is out (watched-create.ts). */
    watchedCreate: createWatchedCreates(ctx, { recovery, pump }),

    /**
     * What the service said of a rate limit (`key`: paceKey's, of the account and address) to a
     * page's own request, so a job does not spend a request it knows will be refused. Kept in
     * memory; the next step stores it.
     */
    noteRateInfo(info: RateInfo, key: string): void {
      recovery.note(info, key);
    },

    /**
     * Whether a page's single read (the address bar's search) may go for `key` (paceKey's, of
     * the account and address) now, by its pacing; its answer then tells the pacer like any
     * page's request.
     */
    async mayRead(key: string): Promise<boolean> {
      // A step restores the pacing a stopped worker stored, and sends what the jobs may.
      await pump();
      const sending = [...ctx.inFlight.values()].filter(
        (d) => d.service && paceKey(d.service) === key,
      );
      return ctx.pacer.for(key).allows(sending.length);
    },

    /** The worker started, the alarm rang or a page asked something: go on with the work. */
    wake(): Promise<void> {
      return pump();
    },

    handleAlarm(alarm: { name: string }): Promise<void> | undefined {
      if (alarm.name !== QUEUE_ALARM) return undefined;
      wakeups.alarmRang();
      return pump();
    },

    /** Resolves when no step runs and no request is under way (for tests). */
    idle,
  };
}

export type Queue = ReturnType<typeof createQueue>;
