// One report in a list: rating, address, generation time and what can be done with it.
import { useId } from 'preact/hooks';
import type { ErrorData, Report } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import { isWebUrl } from '../../lib/this-page/pages';
import { RatingBadge } from '../rating/RatingBadge';
import { ErrorAlert } from '../ui/ErrorAlert';
import { RelativeTime } from '../ui/RelativeTime';

export interface ReportRowProps {
  report: Report;
  /** Whether "Open report" is offered (the service's web address is known). */
  canOpen: boolean;
  onOpen: (report: Report) => void;
  onReanalyze: (report: Report) => void;
  onDelete: (report: Report) => void;
  /** Set while an action on this row is running; its text is shown. */
  busy?: string;
  error?: ErrorData | null;
  errorContext?: string;
}

export function ReportRow({
  report,
  canOpen,
  onOpen,
  onReanalyze,
  onDelete,
  busy,
  error,
  errorContext,
}: ReportRowProps) {
  const id = useId();
  const urlId = `${id}-url`;
  return (
    <li class="row" aria-labelledby={urlId} aria-busy={busy ? true : undefined}>
      <div class="row-main">
        <RatingBadge rating={report.rating} score={report.score} />
        {isWebUrl(report.url) ? (
          <a id={urlId} class="url" href={report.url} target="_blank" rel="noreferrer">
            {report.url}
          </a>
        ) : (
          <span id={urlId} class="url">
            {report.url}
          </span>
        )}
        <span class="muted">
          <RelativeTime iso={report.generatedAt} />
        </span>
      </div>
      <div class="actions">
        {canOpen && (
          <button type="button" aria-describedby={urlId} onClick={() => onOpen(report)}>
            {t('popup_openReport')}
          </button>
        )}
        {/* aria-disabled keeps focus on the button while the row is busy. */}
        <button
          type="button"
          aria-describedby={urlId}
          aria-disabled={!!busy}
          onClick={() => busy || onReanalyze(report)}
        >
          {t('popup_reanalyze')}
        </button>
        <button
          type="button"
          class="danger"
          aria-describedby={urlId}
          aria-disabled={!!busy}
          onClick={() => busy || onDelete(report)}
        >
          {t('common_delete')}
        </button>
      </div>
      {busy && (
        <p class="progress" role="status">
          <span class="spinner" aria-hidden="true" />
          {busy}
        </p>
      )}
      <ErrorAlert error={error} context={errorContext} />
    </li>
  );
}
