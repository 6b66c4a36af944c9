// The Reports tab's questions, as modal dialogs: delete one report, delete or re-analyze the
// selected ones, the privacy to give the selected ones (PrivacyDialog), and how to share them.
import type { Privacy, ReportSummary } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { PrivacyDialog } from './PrivacyDialog';
import { ShareDialog } from './ShareDialog';
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
  if (kind === 'share') {
    return plural(
      count,
      () => t('share_titleOne'),
      (n) => t('share_titleMany', n),
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
      {(question?.kind === 'delete' || question?.kind === 'reanalyze') && (
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
      {question?.kind === 'share' && (
        <ShareDialog
          title={bulkTitle(question)}
          many={question.ids.length > 1}
          onConfirm={(choice) => onConfirmBulk(choice)}
          onCancel={onCancelBulk}
        />
      )}
    </>
  );
}
