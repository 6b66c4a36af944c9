// While a long request is out, the worker calls a cheap extension API every 25 s, and stops when
// the last such request settles.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeepAlive, KEEP_ALIVE_INTERVAL_MS } from '../../../lib/service/keep-alive';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('keep-alive', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pings every 25 s while a request is out, and not after it settled', async () => {
    const ping = vi.fn(async () => ({ os: 'linux' }));
    const hold = createKeepAlive({ ping });
    const request = deferred<string>();
    const held = hold(request.promise);

    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_INTERVAL_MS - 1);
    expect(ping).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ping).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_INTERVAL_MS * 3);
    expect(ping).toHaveBeenCalledTimes(4);

    request.resolve('answer');
    await expect(held).resolves.toBe('answer');
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_INTERVAL_MS * 4);
    expect(ping).toHaveBeenCalledTimes(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps one timer for requests out together, until the last one settles', async () => {
    const ping = vi.fn(async () => undefined);
    const hold = createKeepAlive({ ping });
    const first = deferred<number>();
    const second = deferred<number>();
    const heldFirst = hold(first.promise);
    const heldSecond = hold(second.promise);
    expect(vi.getTimerCount()).toBe(1);

    first.reject(new Error('timeout'));
    await expect(heldFirst).rejects.toThrow('timeout');
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_INTERVAL_MS);
    expect(ping).toHaveBeenCalledTimes(1);

    second.resolve(2);
    await heldSecond;
    expect(vi.getTimerCount()).toBe(0);

    // A later request starts pinging again.
    const third = deferred<number>();
    void hold(third.promise);
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_INTERVAL_MS);
    expect(ping).toHaveBeenCalledTimes(2);
    third.resolve(3);
  });

  it('goes on when a ping fails', async () => {
    const ping = vi.fn(async () => {
      throw new Error('no such API');
    });
    const hold = createKeepAlive({ ping });
    const request = deferred<string>();
    const held = hold(request.promise);
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_INTERVAL_MS * 2);
    expect(ping).toHaveBeenCalledTimes(2);
    request.resolve('fine');
    await expect(held).resolves.toBe('fine');
  });

  it('calls runtime.getPlatformInfo by default', async () => {
    const { browser } = await import('wxt/browser');
    const getPlatformInfo = vi
      .spyOn(browser.runtime, 'getPlatformInfo')
      .mockResolvedValue({ os: 'linux', arch: 'x86-64' } as never);
    const hold = createKeepAlive();
    const request = deferred<void>();
    const held = hold(request.promise);
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_INTERVAL_MS);
    expect(getPlatformInfo).toHaveBeenCalledTimes(1);
    request.resolve();
    await held;
  });
});
