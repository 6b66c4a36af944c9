import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { loadSettings } from '../../../lib/settings';
import {
  MANAGED_WAIT_MS,
  managedKeptItem,
  readManaged,
  replacedKeptPolicy,
} from '../../../lib/settings/managed';
import { isSettingsChange } from '../../../lib/settings/read';

/** storage.managed answering only when `answer` is called, as Chromium's does after a start. */
function slowManaged() {
  let answer: (policy: Record<string, unknown>) => void = () => undefined;
  const pending = new Promise<Record<string, unknown>>((resolve) => {
    answer = resolve;
  });
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockReturnValue(pending as never);
  return { answer };
}

/** How many storage.local changes from now on count as settings changes. */
function countSettingsChanges(): () => number {
  let count = 0;
  fakeBrowser.storage.onChanged.addListener((change, area) => {
    if (isSettingsChange(change, area)) count += 1;
  });
  return () => count;
}

/** Settles what is waiting on promises, the fake clock left where it is. */
const settle = () => vi.advanceTimersByTimeAsync(0);

afterEach(() => {
  vi.useRealTimers();
});

describe('the administrator’s policy, and the one kept', () => {
  it('uses a policy answering in time at a first read, and keeps it', async () => {
    await fakeBrowser.storage.managed.set({ notify: false });
    expect((await readManaged()).values).toEqual({ notify: false });
    await vi.waitFor(async () =>
      expect(await managedKeptItem.getValue()).toEqual({ notify: false }),
    );
  });

  it('takes the kept policy when storage.managed is slow, then keeps the one it answers', async () => {
    await managedKeptItem.setValue({ notify: false, defaultPrivacy: 1 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const managed = slowManaged();
    const settingsChanges = countSettingsChanges();

    const read = readManaged();
    await vi.advanceTimersByTimeAsync(MANAGED_WAIT_MS);
    expect((await read).values).toEqual({ notify: false, defaultPrivacy: 1 });

    managed.answer({ notify: true });
    await vi.waitFor(async () =>
      expect(await managedKeptItem.getValue()).toEqual({ notify: true }),
    );
    expect(settingsChanges()).toBe(1);
    // The next read, with the policy answering at once, has it.
    vi.mocked(fakeBrowser.storage.managed.get).mockResolvedValue({ notify: true } as never);
    expect((await loadSettings()).locked).toEqual(['notify']);
  });

  it('goes on without a policy when none is kept and storage.managed is slow, then applies it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const managed = slowManaged();
    const settingsChanges = countSettingsChanges();
    const read = readManaged();
    await vi.advanceTimersByTimeAsync(MANAGED_WAIT_MS);
    expect(await read).toEqual({ values: {}, presets: [] });
    managed.answer({ showBadge: false });
    await vi.waitFor(async () =>
      expect(await managedKeptItem.getValue()).toEqual({ showBadge: false }),
    );
    expect(settingsChanges()).toBe(1);
  });

  it('keeps a policy changed while the browser runs, and the next start begins with it', async () => {
    // Kept at this start; then the administrator changes the policy, and it answers in time.
    await managedKeptItem.setValue({ notify: false });
    await fakeBrowser.storage.managed.set({ notify: true, showBadge: false });
    const settingsChanges = countSettingsChanges();
    expect((await readManaged()).values).toEqual({ notify: true, showBadge: false });
    await vi.waitFor(async () =>
      expect(await managedKeptItem.getValue()).toEqual({ notify: true, showBadge: false }),
    );
    expect(settingsChanges()).toBe(1);

    // The next start, storage.managed slow again: the changed policy, not the one before it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    slowManaged();
    const read = readManaged();
    await vi.advanceTimersByTimeAsync(MANAGED_WAIT_MS);
    expect((await read).values).toEqual({ notify: true, showBadge: false });
  });

  it('writes nothing when the policy answering in time is the one kept', async () => {
    await managedKeptItem.setValue({ notify: false, defaultPrivacy: 1 });
    // The same policy, its keys in another order.
    await fakeBrowser.storage.managed.set({ defaultPrivacy: 1, notify: false });
    const write = vi.spyOn(managedKeptItem, 'setValue');
    expect((await readManaged()).values).toEqual({ notify: false, defaultPrivacy: 1 });
    await settle().catch(() => undefined);
    expect(write).not.toHaveBeenCalled();
  });

  it('keeps the same policy once when several reads took the kept one', async () => {
    await managedKeptItem.setValue({ notify: false });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const managed = slowManaged();
    const write = vi.spyOn(managedKeptItem, 'setValue');
    const reads = [readManaged(), readManaged(), readManaged()];
    await vi.advanceTimersByTimeAsync(MANAGED_WAIT_MS);
    await Promise.all(reads);
    managed.answer({ notify: true });
    await vi.waitFor(async () =>
      expect(await managedKeptItem.getValue()).toEqual({ notify: true }),
    );
    await settle();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('goes on with the kept policy when it cannot be written', async () => {
    await managedKeptItem.setValue({ notify: false });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const managed = slowManaged();
    vi.spyOn(managedKeptItem, 'setValue').mockRejectedValue(
      new Error('QUOTA_BYTES quota exceeded'),
    );
    const read = readManaged();
    await vi.advanceTimersByTimeAsync(MANAGED_WAIT_MS);
    expect((await read).values).toEqual({ notify: false });
    managed.answer({ notify: true });
    await settle();
    expect(await managedKeptItem.getValue()).toEqual({ notify: false });
    vi.mocked(fakeBrowser.storage.managed.get).mockResolvedValue({ notify: true } as never);
    expect((await readManaged()).values).toEqual({ notify: true });
  });

  it('counts as a settings change a policy kept in the place of another, or of none', () => {
    expect(replacedKeptPolicy(undefined)).toBe(false);
    expect(replacedKeptPolicy({ newValue: {} })).toBe(false);
    expect(replacedKeptPolicy({ oldValue: null, newValue: {} })).toBe(false);
    expect(replacedKeptPolicy({ newValue: { notify: false } })).toBe(true);
    expect(replacedKeptPolicy({ oldValue: { a: 1, b: 2 }, newValue: { b: 2, a: 1 } })).toBe(false);
    expect(replacedKeptPolicy({ oldValue: { notify: false }, newValue: { notify: true } })).toBe(
      true,
    );
    expect(replacedKeptPolicy({ oldValue: { notify: false } })).toBe(true);
    expect(isSettingsChange({ managedPolicy: { oldValue: {}, newValue: {} } }, 'local')).toBe(
      false,
    );
    expect(
      isSettingsChange({ managedPolicy: { oldValue: {}, newValue: { notify: true } } }, 'local'),
    ).toBe(true);
  });
});
