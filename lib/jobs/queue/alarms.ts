// When the queue looks again: a timer for the end of a wait, and the `queue` alarm for a worker
// that stops meanwhile. Each alarm move is a browser call, so one well ahead is left alone.
import type { QueueEnvironment } from './context';

export const QUEUE_ALARM = 'queue';
/** While requests are under way, the alarm that resumes a worker stopped meanwhile. */
export const HEARTBEAT_MS = 30_000;
/** setTimeout's longest delay: a longer one fires at once. A wait beyond it is looked at again. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** `wake`: what runs when the timer or the alarm rings (the queue's pump). */
export function createWakeups(env: QueueEnvironment, wake: () => void) {
  let cancelTimer: (() => void) | undefined;
  /** When the alarm is set for; NaN: not known (a new worker). */
  let alarmAt: number | undefined = Number.NaN;

  return {
    /** A timer for `until` (the end of a wait), and the alarm while there is `work`. */
    schedule(until: number | undefined, work: boolean) {
      cancelTimer?.();
      cancelTimer = undefined;
      const now = env.now();
      if (until !== undefined) {
        cancelTimer = env.setTimer(
          () => {
            cancelTimer = undefined;
            wake();
          },
          Math.min(Math.max(0, until - now), MAX_TIMER_MS),
        );
      }
      const alarms = env.alarms;
      if (!alarms) return;
      if (!work) {
        if (alarmAt !== undefined) void Promise.resolve(alarms.clear(QUEUE_ALARM)).catch(() => {});
        alarmAt = undefined;
        return;
      }
      const when = until ?? now + HEARTBEAT_MS;
      const ahead = alarmAt !== undefined && alarmAt > now + HEARTBEAT_MS / 2;
      if (
        alarmAt !== undefined &&
        (Math.abs(alarmAt - when) < 1000 || (until === undefined && ahead))
      ) {
        return;
      }
      alarmAt = when;
      void Promise.resolve(alarms.create(QUEUE_ALARM, { when })).catch(() => {});
    },

    /** The alarm rang: it is set no more. */
    alarmRang() {
      alarmAt = undefined;
    },
  };
}

export type Wakeups = ReturnType<typeof createWakeups>;
