// Storage items read only when asked for: defining one (as every module that imports it does when
// a page opens or the worker wakes) reads nothing, unlike WXT's storage.defineItem.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { defineStorageItem } from '../../lib/storage-item';

const settle = () => new Promise((done) => setTimeout(done, 0));

describe('defineStorageItem', () => {
  it('reads nothing as it is defined; WXT’s defineItem reads the value at once', async () => {
    await fakeBrowser.storage.local.set({ big: { items: [1, 2, 3] } });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    defineStorageItem<unknown>('local:big', null);
    await settle();
    expect(get).not.toHaveBeenCalled();
    storage.defineItem<unknown>('local:big', { fallback: null });
    await settle();
    expect(get).toHaveBeenCalled();
  });

  it('gives the fallback until a value is stored, and again once it is removed', async () => {
    const item = defineStorageItem<{ n: number }>('local:counter', { n: 0 });
    expect(await item.getValue()).toEqual({ n: 0 });
    await item.setValue({ n: 2 });
    expect(await item.getValue()).toEqual({ n: 2 });
    expect(await fakeBrowser.storage.local.get('counter')).toEqual({ counter: { n: 2 } });
    await item.removeValue();
    expect(await item.getValue()).toEqual({ n: 0 });
  });

  it('tells a watcher of each change, the fallback for a value removed', async () => {
    const item = defineStorageItem<string | null>('session:word', null);
    const seen: [string | null, string | null][] = [];
    const unwatch = item.watch((value, old) => seen.push([value, old]));
    await item.setValue('one');
    await item.setValue('two');
    await item.removeValue();
    unwatch();
    await item.setValue('unseen');
    expect(seen).toEqual([
      ['one', null],
      ['two', 'one'],
      [null, 'two'],
    ]);
  });

  it('is read and written with others by storage.getItems and setItems, with its fallback', async () => {
    const a = defineStorageItem<number>('local:a', 7);
    const b = defineStorageItem<number | null>('local:b', null);
    await storage.setItems([{ item: b, value: 3 }]);
    expect(await storage.getItems([a, b])).toEqual([
      { key: 'local:a', value: 7 },
      { key: 'local:b', value: 3 },
    ]);
  });
});
