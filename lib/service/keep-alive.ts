// Chrome stops an extension's service worker that waits over 30 s for a fetch's answer, or goes
// 30 s without an event or extension API call; each such call resets those timers. While a long
// request is out (a create, a re-analysis), a cheap call every 25 s keeps the worker alive, as
// Chrome's service-worker lifecycle guide shows.
import { browser } from 'wxt/browser';

export const KEEP_ALIVE_INTERVAL_MS = 25_000;

export interface KeepAliveOptions {
  /** A cheap extension API call. */
  ping?: () => Promise<unknown>;
  intervalMs?: number;
  setInterval?: (run: () => void, ms: number) => unknown;
  clearInterval?: (timer: unknown) => void;
}

/** `hold(work)`: pings while any held work is pending, and stops when the last one settles. */
export function createKeepAlive({
  ping = () => browser.runtime.getPlatformInfo(),
  intervalMs = KEEP_ALIVE_INTERVAL_MS,
  setInterval = (run, ms) => globalThis.setInterval(run, ms),
  clearInterval = (timer) =>
    globalThis.clearInterval(timer as ReturnType<typeof globalThis.setInterval>),
}: KeepAliveOptions = {}) {
  let pending = 0;
  let timer: unknown;

  function release() {
    pending -= 1;
    if (pending > 0) return;
    clearInterval(timer);
    timer = undefined;
  }

  return function hold<T>(work: Promise<T>): Promise<T> {
    pending += 1;
    // A failed ping is no reason to fail the request: the next one may work.
    timer ??= setInterval(
      () =>
        void Promise.resolve()
          .then(ping)
          .catch(() => undefined),
      intervalMs,
    );
    return work.finally(release);
  };
}

/** The background's one keep-alive, shared by every client it builds. */
export const keepWorkerAlive = createKeepAlive();
