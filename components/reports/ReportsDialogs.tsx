// The Reports tab's questions, as modal dialogs: delete one report, delete or re-analyze the
// selected ones, and the privacy to give the selected ones (PrivacyDialog).
import type { Privacy, ReportSummary } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { PrivacyDialog } from './PrivacyDialog';
import type { BulkQuestion } from './useBulkActions';

export interface ReportsDialogsProps {
  /** The report whose Delete was clicked, until it is confirmed or cancelled. */
  confirmDelete: ReportSummary | null;
  onDelete: (report: ReportSummary) => void;
  onCancelDelete: () => void;
  /** The bulk action asked about, until it is answered. */
  question: BulkQuestion | null;
  onConfirmBulk: (choice?: { privacy: Privacy; password?: string }) => void;
  onCancelBulk: () => void;
}

/** Words for a count: one of them, or many. */
const plural = (count: number, one: () => string, many: (count: number) => string) =>
  count === 1 ? one() : many(count);

export function bulkTitle({ kind, ids }: BulkQuestion): string {
  const count = ids.length;
  if (kind === 'delete') {
    return plural(
      count,
      () => t('workspace_reports_deleteTitleOne'),
      (n) => t('workspace_reports_deleteTitle', n),
    );
  }
  if (kind === 'reanalyze') {
    return plural(
      count,
      () => t('workspace_reports_reanalyzeTitleOne'),
      (n) => t('workspace_reports_reanalyzeTitle', n),
    );
  }
  return plural(
    count,
    () => t('workspace_job_privacy_one'),
    (n) => t('workspace_job_privacy', n),
  );
}

export function ReportsDialogs({
  confirmDelete,
  onDelete,
  onCancelDelete,
  question,
  onConfirmBulk,
  onCancelBulk,
}: ReportsDialogsProps) {
  return (
    <>
      {confirmDelete && (
        <ConfirmDialog
          title={t('popup_deleteReportTitle')}
          onConfirm={() => onDelete(confirmDelete)}
          onCancel={onCancelDelete}
        >
          {t('popup_deleteReportText', confirmDelete.url)}
        </ConfirmDialog>
      )}
      {question && question.kind !== 'privacy' && (
        <ConfirmDialog
          title={bulkTitle(question)}
          confirmLabel={question.kind === 'delete' ? t('dialog_delete') : t('popup_reanalyze')}
          onConfirm={() => onConfirmBulk()}
          onCancel={onCancelBulk}
        >
          {question.kind === 'delete'
            ? t('workspace_reports_deleteText')
            : t('workspace_reports_reanalyzeText')}
        </ConfirmDialog>
      )}
      {question?.kind === 'privacy' && (
        <PrivacyDialog
          title={bulkTitle(question)}
          onConfirm={(choice) => onConfirmBulk(choice)}
          onCancel={onCancelBulk}
        />
      )}
    </>
  );
}
