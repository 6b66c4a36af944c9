// A stored value (a WXT storage item) as component state, followed while the page is open.
import { useEffect, useState } from 'preact/hooks';
import { followItem, type Item } from '../../lib/follow-item';

export interface Stored<T> {
  /** Whether it has been read yet. */
  loaded: boolean;
  value: T | undefined;
}

export function useStoredValue<T>(item: Item<T>): Stored<T> {
  const [stored, setStored] = useState<Stored<T>>({ loaded: false, value: undefined });
  useEffect(() => followItem(item, (value) => setStored({ loaded: true, value })), [item]);
  return stored;
}
