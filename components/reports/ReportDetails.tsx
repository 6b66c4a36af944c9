// A report's details, read when its row's details are opened: why it got its rating. Loaded by
// import() on first use, with the rating's words and their styles, none of which the rows need.
import type { ReportSummary } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { useReportDetails, WhyRating } from '../rating/WhyRating';
import { ErrorAlert } from '../ui/ErrorAlert';

export interface ReportDetailsProps {
  report: ReportSummary;
  send: Sender;
}

export function ReportDetails({ report, send }: ReportDetailsProps) {
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
