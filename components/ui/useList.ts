// Loads one page of a list when its view is visible and what it shows has changed; keeps the
// previous page on screen while the next one loads, and ignores answers that arrive too late.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';

type Result<T> = { ok: true; data: T } | { ok: false; error: ErrorData };

export interface ListState<T> {
  data: T | null;
  loading: boolean;
  error: ErrorData | null;
  reload: () => void;
  /** Replaces the page on screen (after a change to one of its rows). */
  setData: (update: (data: T) => T) => void;
}

/** `key` names what to load (filters, revision); it is loaded again when it changes. */
export function useList<T>(load: () => Promise<Result<T>>, key: string, active: boolean) {
  const [data, setRawData] = useState<T | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ErrorData | null>(null);
  const [reloads, setReloads] = useState(0);
  const loadedKey = useRef<string | null>(null);
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const fullKey = `${key}#${reloads}`;

  useEffect(() => {
    if (!active || loadedKey.current === fullKey) return;
    loadedKey.current = fullKey;
    const request = ++latest.current;
    setLoading(true);
    setError(null);
    void loadRef.current().then((answer) => {
      if (request !== latest.current) return;
      setLoading(false);
      if (answer.ok) setRawData(answer.data);
      else setError(answer.error);
    });
  }, [active, fullKey]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const setData = useCallback(
    (update: (data: T) => T) => setRawData((current) => (current ? update(current) : current)),
    [],
  );
  return { data, loading, error, reload, setData } satisfies ListState<T>;
}
