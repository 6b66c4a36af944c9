// The selected rows of the Reports tab's page, and the bulk actions offered for them.
import type { ComponentChildren, Ref } from 'preact';
import { useCallback, useId, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import {
  emptySelection,
  keepShown,
  type Selection,
  selectedKeys,
} from '../../lib/reports/selection';
import type { BulkKind } from './useBulkActions';

/**
 * The selection belongs to the page view it was made on (`view`: filters, sort, page): when the
 * view changes it is dropped, and the status says so for screen reader users.
 */
export function useSelection(view: string, order: readonly number[]) {
  const [held, setHeld] = useState(() => ({ view, selection: emptySelection<number>() }));
  const current = held.view === view;
  const selection = current ? keepShown(held.selection, order) : emptySelection<number>();
  const keys = selectedKeys(selection, order);
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

export function BulkBar({
  count,
  status,
  onAsk,
  onCompare,
  compareRef,
  children,
}: {
  count: number;
  status: string;
  onAsk: (kind: BulkKind) => void;
  /** Compares the two selected reports; offered only with exactly two selected. */
  onCompare?: () => void;
  /** The Compare selected button, which gets the focus back when the comparison closes. */
  compareRef?: Ref<HTMLButtonElement>;
  /** More actions on the selection (Watch selected), after these. */
  children?: ComponentChildren;
}) {
  const none = count === 0;
  const hintId = useId();
  // With one or three selected, the disabled button says why; with none, all of them are off.
  const hint = onCompare && count > 0 && count !== 2;
  return (
    <div class="bulk-bar">
      <div class="actions">
        <button type="button" class="danger" disabled={none} onClick={() => onAsk('delete')}>
          {none
            ? t('workspace_reports_deleteSelected')
            : t('workspace_reports_deleteSelectedCount', count)}
        </button>
        <button type="button" disabled={none} onClick={() => onAsk('reanalyze')}>
          {none
            ? t('workspace_reports_reanalyzeSelected')
            : t('workspace_reports_reanalyzeSelectedCount', count)}
        </button>
        <button type="button" disabled={none} onClick={() => onAsk('privacy')}>
          {none
            ? t('workspace_reports_privacySelected')
            : t('workspace_reports_privacySelectedCount', count)}
        </button>
        <button type="button" disabled={none} onClick={() => onAsk('share')}>
          {none ? t('share_selected') : t('share_selectedCount', count)}
        </button>
        {onCompare && (
          <button
            type="button"
            ref={compareRef}
            disabled={count !== 2}
            aria-describedby={hint ? hintId : undefined}
            onClick={onCompare}
          >
            {t('compare_selected')}
          </button>
        )}
        {children}
      </div>
      <p class="selection-status" role="status">
        {status}
      </p>
      {hint && (
        <p class="compare-hint" id={hintId}>
          {t('compare_hint')}
        </p>
      )}
    </div>
  );
}
