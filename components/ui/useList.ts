// Loads one page of a list when its view is visible and what it shows has changed; keeps the
// previous page on screen while the next one loads, and ignores answers that arrive too late.
// useListView adds what the popup's lists do with their rows.
import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';

type Result<T> = { ok: true; data: T } | { ok: false; error: ErrorData };

/** A page of a list as the background answers it. */
export interface Page<T> {
  items: T[];
  lastPage?: number;
  hasNext: boolean;
}

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

  // Asked for before the view's first paint, not a frame after it: an answer already in (the
  // workspace's first list, asked for as it opened) is then shown without waiting for a frame.
  useLayoutEffect(() => {
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

export interface RowFailure {
  /** What was being done, e.g. "Couldn't delete the project." */
  context: string;
  error: ErrorData;
}

export interface ListWiring<T, K> {
  load: () => Promise<Result<Page<T>>>;
  /** What the list shows (its parameters as JSON): loaded again when it or `revision` changes. */
  shows: string;
  /** Whether the view is on screen; nothing is loaded while it is not. */
  active: boolean;
  /** Bumped when reports or projects changed elsewhere. */
  revision: number;
  page: number;
  onPage: (page: number) => void;
  /** Called after a row went: other lists go stale. */
  onChanged: () => void;
  keyOf: (item: T) => K;
  /** Deleting a row: it asks first, and one already gone counts as deleted. */
  remove: {
    send: (item: T) => Promise<Result<unknown>>;
    question: (item: T) => { title: string; text: string };
    deleted: string;
    alreadyDeleted: string;
    failed: string;
    /** Called once the row is gone, before the lists load again. */
    onDeleted?: (item: T) => void;
  };
}

/**
 * The list's page, the work running on each row (`W`, besides 'delete') and the failure kept
 * there, the status line's notice, and the delete question. `view` goes to ListView.
 */
export function useListView<T, K, W extends string = never>(wiring: ListWiring<T, K>) {
  const { page, onPage, onChanged, keyOf, remove } = wiring;
  const list = useList(wiring.load, `${wiring.shows}#${wiring.revision}`, wiring.active);
  const [rows, setRows] = useState(
    () => new Map<K, { work?: W | 'delete'; failure?: RowFailure }>(),
  );
  const [asking, setAsking] = useState<T | null>(null);
  const [notice, setNotice] = useState('');

  const end = (key: K, failure?: RowFailure) =>
    setRows((all) => new Map(all).set(key, failure ? { failure } : {}));
  /** Work starts on a row: its failure and the last notice go. */
  function begin(key: K, work: W | 'delete') {
    setNotice('');
    setRows((all) => new Map(all).set(key, { work }));
  }

  /** A row went (now or before): refresh, going back a page if this one empties. */
  function gone(text: string, item?: T) {
    setNotice(text);
    if ((list.data?.items.length ?? 0) <= 1 && page > 1) onPage(page - 1);
    if (item !== undefined) remove.onDeleted?.(item);
    onChanged();
  }

  async function removeRow(item: T) {
    setAsking(null);
    const key = keyOf(item);
    begin(key, 'delete');
    const answer = await remove.send(item);
    if (answer.ok || answer.error.kind === 'not_found') {
      end(key);
      gone(answer.ok ? remove.deleted : remove.alreadyDeleted, item);
    } else {
      end(key, { context: remove.failed, error: answer.error });
    }
  }

  return {
    list,
    begin,
    end,
    gone,
    workOn: (key: K) => rows.get(key)?.work ?? null,
    failureAt: (key: K) => rows.get(key)?.failure ?? null,
    /** Asks whether to delete `item` (the confirmation dialog). */
    askDelete: (item: T) => setAsking(() => item),
    view: {
      list,
      notice,
      page,
      onPage,
      confirm:
        asking === null
          ? null
          : {
              ...remove.question(asking),
              onConfirm: () => void removeRow(asking),
              onCancel: () => setAsking(null),
            },
    },
  };
}
