// A storage.local value, kept current while the workspace is open (lib/stored-value.ts).
import { useEffect, useState } from 'preact/hooks';
import { type StoredValueApi, watchStoredValue } from '../../lib/stored-value';

export interface Stored {
  /** Whether it has been read yet. */
  loaded: boolean;
  value: unknown;
}

export function useStoredValue(storageApi: StoredValueApi, key: string): Stored {
  const [stored, setStored] = useState<Stored>({ loaded: false, value: undefined });
  useEffect(
    () => watchStoredValue(storageApi, key, (value) => setStored({ loaded: true, value })),
    [storageApi, key],
  );
  return stored;
}
