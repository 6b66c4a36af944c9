// A stored value (a WXT storage item) read once and then followed while a page is open.
import type { WxtStorageItem } from 'wxt/utils/storage';

// biome-ignore lint/suspicious/noExplicitAny: any item, whatever its metadata.
export type Item<T> = WxtStorageItem<T, any>;

/** Calls `listener` with the item's value now and after each change; answers the unsubscribe. */
export function followItem<T>(item: Item<T>, listener: (value: T) => void): () => void {
  let changed = false;
  let live = true;
  const unwatch = item.watch((value) => {
    changed = true;
    listener(value);
  });
  item.getValue().then(
    // A change that came first is newer than what this read saw.
    (value) => live && !changed && listener(value),
    () => undefined,
  );
  return () => {
    live = false;
    unwatch();
  };
}
