// The background's one queue for many requests (bulk actions, exports, queued creates), put
// together from its parts: the loop that sends what the pacer allows (dispatch.ts), what becomes
// of each answer (outcomes.ts), the commands the pages send (lifecycle.ts), the timer and alarm
// that wake it (alarms.ts), and a new worker's first look at what a stopped one left
// (recovery.ts). Everything that matters is in storage (store.ts), so any worker goes on.
import type { RateInfo } from '../../api/rate-info';
import { createWakeups, QUEUE_ALARM } from './alarms';
import { createContext } from './context';
import { createDispatcher } from './dispatch';
import type { QueueEnvironment } from './environment';
import { createJobCommands } from './lifecycle';
import { createSender } from './outcomes';
import { createRecovery } from './recovery';

export function createQueue(env: QueueEnvironment) {
  const ctx = createContext(env);
  const recovery = createRecovery(ctx);
  const wakeups = createWakeups(env, () => void dispatcher.pump());
  const dispatcher = createDispatcher(ctx, { recovery, wakeups, send: (d) => send(d) });
  const send = createSender(ctx, dispatcher.pump);
  const { pump, idle } = dispatcher;

  return {
    ...createJobCommands(ctx, { recovery, pump }),

    /**
     * What the service said of its rate limit to one of the pages' own requests (a single
     * action), so a job does not spend a request it knows will be refused. Kept in memory, read
     * nothing: a woken worker answers first; the next step stores it.
     */
    noteRateInfo(info: RateInfo): void {
      recovery.note(info);
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
