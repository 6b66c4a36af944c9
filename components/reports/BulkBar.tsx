// The bulk actions on the selected rows, each enabled only with a selection and saying how many
// it is for ("Delete selected (3)"), and the selection's count as a polite status.
import { t } from '../../lib/i18n';
import type { BulkKind } from './useBulkActions';

export interface BulkBarProps {
  count: number;
  /** "3 selected", or that the selection was cleared. */
  status: string;
  onAsk: (kind: BulkKind) => void;
}

export function BulkBar({ count, status, onAsk }: BulkBarProps) {
  const none = count === 0;
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
      </div>
      <p class="selection-status" role="status">
        {status}
      </p>
    </div>
  );
}
