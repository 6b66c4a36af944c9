// One report in a list: rating, address, generation time and what can be done with it.
import { useId } from 'preact/hooks';
import { PRIVACY } from '../../lib/api/constants';
import type { Report } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import { isWebUrl } from '../../lib/this-page/pages';
import { RatingBadge } from '../rating/RatingBadge';
import { ListRow } from '../ui/ListView';
import { RelativeTime } from '../ui/RelativeTime';
import type { RowFailure } from '../ui/useList';

export interface ReportRowProps {
  report: Report;
  /** Whether "Open report" is offered (the service's web address is known). */
  canOpen: boolean;
  onOpen: (report: Report) => void;
  /** Copy link and Share… (offered with Open report). */
  onCopyLink?: (report: Report) => void;
  onShare?: (report: Report) => void;
  onReanalyze: (report: Report) => void;
  onDelete: (report: Report) => void;
  /** Set while an action on this row is running; its text is shown. */
  busy?: string;
  failure?: RowFailure | null;
}

export function ReportRow({
  report,
  canOpen,
  onOpen,
  onCopyLink,
  onShare,
  onReanalyze,
  onDelete,
  busy,
  failure,
}: ReportRowProps) {
  const urlId = `${useId()}-url`;
  return (
    <ListRow
      nameId={urlId}
      main={
        <>
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
        </>
      }
      actions={
        <>
          {canOpen && (
            <button type="button" aria-describedby={urlId} onClick={() => onOpen(report)}>
              {t('popup_openReport')}
            </button>
          )}
          {canOpen && onCopyLink && (
            <button type="button" aria-describedby={urlId} onClick={() => onCopyLink(report)}>
              {t('share_copyLink')}
            </button>
          )}
          {canOpen && onShare && report.privacy !== PRIVACY.public && (
            <button
              type="button"
              aria-describedby={urlId}
              aria-disabled={!!busy}
              onClick={() => busy || onShare(report)}
            >
              {t('share_open')}
            </button>
          )}
          <button
            type="button"
            aria-describedby={urlId}
            aria-disabled={!!busy}
            onClick={() => busy || onReanalyze(report)}
          >
            {t('popup_reanalyze')}
          </button>
        </>
      }
      onDelete={() => onDelete(report)}
      busy={busy}
      failure={failure}
    />
  );
}
