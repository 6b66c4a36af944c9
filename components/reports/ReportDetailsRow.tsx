// A report's details in the Reports table: the row below its own, opened by its Details button,
// with why it got its rating (read when opened, and again after each analysis).
import type { ReportSummary } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { useReportDetails, WhyRating } from '../rating/WhyRating';
import { ErrorAlert } from '../ui/ErrorAlert';

export interface ReportDetailsRowProps {
  id: string;
  /** How many columns the table has: the details span them all. */
  columns: number;
  report: ReportSummary;
  send: Sender;
}

export function ReportDetailsRow({ id, columns, report, send }: ReportDetailsRowProps) {
  return (
    <tr class="details-row">
      <td colSpan={columns} id={id}>
        <Details report={report} send={send} />
      </td>
    </tr>
  );
}

function Details({ report, send }: { report: ReportSummary; send: Sender }) {
  const state = useReportDetails(send, report.id, report.generatedAt);
  if (state.status === 'loading') {
    return (
      <p class="muted" role="status">
        {t('popup_loading')}
      </p>
    );
  }
  if (state.status === 'failed') {
    return <ErrorAlert error={state.error} context={t('check_loadFailed')} />;
  }
  const { explanation } = state.details;
  if (!explanation) return <p class="muted">{t('check_noDetails')}</p>;
  return <WhyRating explanation={explanation} />;
}
