// A storage.local value the workspace shows and follows: the rating cache ('ratingCache') and
// the background queue's jobs ('jobs'). Read once, then taken from storage.onChanged — no
// message to the background, no request to the service.
//
// No binding in the workspace is called `storage` (parameters are `storageApi`): WXT's
// auto-import (even with `imports: false`) takes that name for its storage utility and would
// bundle it into the workspace's first load (2.7 kB of gzip), as in lib/this-page/status-source.ts.

export interface StorageChange {
  newValue?: unknown;
}

export interface StoredValueApi {
  local: { get(keys: string[]): Promise<Record<string, unknown>> };
  onChanged: {
    addListener(listener: (changes: Record<string, StorageChange>, area: string) => void): void;
    removeListener(listener: (changes: Record<string, StorageChange>, area: string) => void): void;
  };
}

/** Calls `listener` with the value of `key` now and after each change; answers the unsubscribe. */
export function watchStoredValue(
  storageApi: StoredValueApi,
  key: string,
  listener: (value: unknown) => void,
): () => void {
  let changed = false;
  let live = true;
  const onChanged = (changes: Record<string, StorageChange>, area: string) => {
    const change = changes[key];
    if (area !== 'local' || !change) return;
    changed = true;
    listener(change.newValue);
  };
  storageApi.onChanged.addListener(onChanged);
  storageApi.local.get([key]).then(
    // A change that came first is newer than what this read saw.
    (items) => live && !changed && listener(items[key]),
    () => undefined,
  );
  return () => {
    live = false;
    storageApi.onChanged.removeListener(onChanged);
  };
}
