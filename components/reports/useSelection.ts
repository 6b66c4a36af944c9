// The selection of the page view on screen. It belongs to that view (the filters, sort, page and
// revision it was made on): when the view changes it is gone, and the status says so, since a
// screen reader user would not otherwise know. Rows that left the page leave the selection.
import { useCallback, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import {
  emptySelection,
  keepShown,
  type Selection,
  selectedKeys,
} from '../../lib/reports/selection';

interface Held {
  view: string;
  selection: Selection<number>;
}

/** `view` names the page view; `order` is its selectable rows, in order. */
export function useSelection(view: string, order: readonly number[]) {
  const [held, setHeld] = useState<Held>(() => ({ view, selection: emptySelection() }));
  const current = held.view === view;
  const selection = current ? keepShown(held.selection, order) : emptySelection<number>();
  const keys = selectedKeys(selection, order);
  /** The view changed under a selection: it was dropped (until something is selected again). */
  const dropped = !current && held.selection.keys.size > 0;

  const change = useCallback(
    (next: Selection<number>) => setHeld({ view, selection: next }),
    [view],
  );
  const clear = useCallback(() => setHeld({ view, selection: emptySelection() }), [view]);

  const status =
    keys.length > 0
      ? t('workspace_selectedCount', keys.length, order.length)
      : dropped
        ? t('workspace_reports_selectionCleared')
        : '';
  return { selection, keys, change, clear, status };
}
