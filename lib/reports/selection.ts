// Which rows of the page on screen are selected; immutable. `anchor` is where a Shift range
// starts (the row last toggled on its own), as in a file manager.

export interface Selection<K> {
  readonly keys: ReadonlySet<K>;
  readonly anchor: K | null;
}

export function emptySelection<K>(): Selection<K> {
  return { keys: new Set(), anchor: null };
}

/** Checks or unchecks one row, which becomes the anchor. */
export function toggle<K>(selection: Selection<K>, key: K): Selection<K> {
  const keys = new Set(selection.keys);
  if (keys.has(key)) keys.delete(key);
  else keys.add(key);
  return { keys, anchor: key };
}

/** Sets every row from the anchor to `key` to `checked` (what `key` becomes when toggled). */
export function selectRange<K>(
  selection: Selection<K>,
  order: readonly K[],
  key: K,
  checked: boolean = !selection.keys.has(key),
): Selection<K> {
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(key);
  if (from < 0 || to < 0) return toggle(selection, key);
  const keys = new Set(selection.keys);
  for (const row of order.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (checked) keys.add(row);
    else keys.delete(row);
  }
  return { keys, anchor: selection.anchor };
}

/** Every row on the page checked, or none. */
export function selectAll<K>(order: readonly K[], checked: boolean): Selection<K> {
  return { keys: new Set(checked ? order : []), anchor: null };
}

export type AllState = 'all' | 'some' | 'none';

/** What "Select all on this page" shows: checked, mixed or unchecked. */
export function allState<K>(selection: Selection<K>, order: readonly K[]): AllState {
  const selected = order.filter((key) => selection.keys.has(key)).length;
  if (selected === 0) return 'none';
  return selected === order.length ? 'all' : 'some';
}

/** The selection without the rows that are no longer on the page (deleted, say). */
export function keepShown<K>(selection: Selection<K>, order: readonly K[]): Selection<K> {
  const shown = new Set(order);
  if ([...selection.keys].every((key) => shown.has(key))) return selection;
  return {
    keys: new Set([...selection.keys].filter((key) => shown.has(key))),
    anchor: selection.anchor !== null && shown.has(selection.anchor) ? selection.anchor : null,
  };
}

/** The selected rows in page order. */
export function selectedKeys<K>(selection: Selection<K>, order: readonly K[]): K[] {
  return order.filter((key) => selection.keys.has(key));
}
