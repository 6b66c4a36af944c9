// A value kept under one key of the extension's storage. WXT's storage.defineItem reads each item's
// value as the item is defined, so every page and every woken worker read all the items it imports
// before anything else: a kept 10,000-page audit (2 MB of jobs) made a stopped worker's first answer
// wait 250 ms instead of 45. These items are read only when asked for. None has WXT migrations: a
// value that has layouts carries its own version (the settings, the jobs).
import { type StorageItemKey, storage, type WxtStorageItem } from 'wxt/utils/storage';

export function defineStorageItem<T>(
  key: StorageItemKey,
  fallback: T,
): WxtStorageItem<T, Record<string, never>> {
  return {
    key,
    fallback,
    defaultValue: fallback,
    getValue: () => storage.getItem<T>(key, { fallback }),
    setValue: (value) => storage.setItem(key, value),
    removeValue: (options) => storage.removeItem(key, options),
    watch: (callback) =>
      storage.watch<T>(key, (value, old) => callback(value ?? fallback, old ?? fallback)),
    getMeta: () => storage.getMeta(key),
    setMeta: (properties) => storage.setMeta(key, properties),
    removeMeta: (properties) => storage.removeMeta(key, properties),
    watchMeta: (callback) => storage.watchMeta(key, callback),
    // Nothing to migrate: no version of these values needs one.
    migrate: async () => {},
  };
}
