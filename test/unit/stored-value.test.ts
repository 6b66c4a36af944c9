// The workspace reads storage.local values once and then follows their changes.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { watchStoredValue } from '../../lib/stored-value';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('watchStoredValue', () => {
  it('gives the value now and after each change of its key in storage.local', async () => {
    await fakeBrowser.storage.local.set({ jobs: 1 });
    const listener = vi.fn();
    const stop = watchStoredValue(fakeBrowser.storage, 'jobs', listener);
    await settle();
    expect(listener).toHaveBeenLastCalledWith(1);
    await fakeBrowser.storage.local.set({ other: 2 });
    await fakeBrowser.storage.local.set({ jobs: 3 });
    expect(listener.mock.calls).toEqual([[1], [3]]);
    await fakeBrowser.storage.local.remove('jobs');
    // Gone (the fake says null where a browser leaves newValue out).
    expect(listener.mock.lastCall?.[0] ?? undefined).toBeUndefined();
    stop();
    await fakeBrowser.storage.local.set({ jobs: 4 });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('ignores the same key in another area', async () => {
    const listener = vi.fn();
    watchStoredValue(fakeBrowser.storage, 'jobs', listener);
    await settle();
    await fakeBrowser.storage.session.set({ jobs: 5 });
    expect(listener.mock.calls).toEqual([[undefined]]);
  });

  it('does not let a slow first read overwrite a newer change', async () => {
    let answer = (_: Record<string, unknown>) => {};
    const storage = {
      local: { get: () => new Promise<Record<string, unknown>>((resolve) => (answer = resolve)) },
      onChanged: fakeBrowser.storage.onChanged,
    };
    const listener = vi.fn();
    watchStoredValue(storage, 'jobs', listener);
    await fakeBrowser.storage.local.set({ jobs: 'new' });
    answer({ jobs: 'old' });
    await settle();
    expect(listener.mock.calls).toEqual([['new']]);
  });
});
