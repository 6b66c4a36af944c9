// Deadlines, waits and cancellation behind each request and poll: all end when their signal aborts.
import { abortedError } from './errors';

/** Waits `ms`; may end early (resolve or reject) when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const timerSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, signal?.aborted ? 0 : ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** Waits `ms` with `sleep`, then fails as 'aborted' if `signal` aborted meanwhile. */
export async function pause(sleep: Sleep, ms: number, signal: AbortSignal | undefined) {
  // However an injected sleep ends, only the signal decides whether the caller goes on.
  await sleep(ms, signal).catch(() => undefined);
  if (signal?.aborted) throw abortedError();
}

/** An AbortController that follows `parent` and aborts by itself after `ms`. */
export function withDeadline(parent: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let expired = false;
  const follow = () => controller.abort();
  // setTimeout treats anything above 2^31 - 1 ms as 1 ms.
  const timer = setTimeout(
    () => {
      expired = !controller.signal.aborted;
      controller.abort();
    },
    Math.min(ms, 2 ** 31 - 1),
  );
  if (parent?.aborted) controller.abort();
  else parent?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    expired: () => expired,
    dispose() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', follow);
    },
  };
}

/** `work`, or an 'aborted' rejection as soon as `signal` aborts (after calling `onAbort`). */
export function unlessAborted<T>(
  work: Promise<T>,
  signal: AbortSignal,
  onAbort?: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => {
      onAbort?.();
      reject(abortedError());
    };
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
