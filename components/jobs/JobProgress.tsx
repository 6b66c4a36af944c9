// A queue job as the workspace shows it: a progress bar with Cancel while it runs, why and until
// when it waits (for another service: which, with Discard), and a summary in words in a status
// region that is there from the start.
import { useId } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';
import { errorText } from '../../lib/error-text';
import { t } from '../../lib/i18n';
import {
  countItems,
  isFinished,
  type JobService,
  notSentCount,
  unknownCreateCount,
} from '../../lib/jobs/schema';
import { serviceOrigin } from '../../lib/jobs/service';
import { duration } from '../../lib/time';
import { AskFirstButton } from '../ui/ConfirmDialog';
import './job-progress.css';

/** What the component reads of a job (a Job from lib/jobs/schema.ts is one). */
export interface ProgressJob {
  id: string;
  state: string;
  items: { state: string; error?: ErrorData; op?: { type: string }; reconcileAt?: number }[];
  /** While it waits out a rate limit or the network: when it goes on (ms since the epoch). */
  resumeAt?: number;
  /** Why it is paused (key rejected, no API access, not connected, another service). */
  pause?: ErrorData;
  /** The service it was made for (unknown for a job stored by an older version). */
  service?: JobService;
  /** Said of the job as a whole (an export cut short). */
  error?: ErrorData;
}

export interface JobProgressLabels {
  /** What the job does, e.g. "Deleting 30 reports": the progress bar's name. */
  title: string;
  /** The summary's words for what was done, e.g. (28) → "28 deleted". */
  done: (count: number) => string;
  /** How far it got, when "12 of 30" (items handled of all) is not the way to say it. */
  position?: string;
}

export interface JobProgressProps {
  job: ProgressJob;
  labels: JobProgressLabels;
  onCancel: () => void;
  onRetryFailed: () => void;
  /** Sends the creates of unknown outcome again (asked first); not offered when absent. */
  onCreateUnknown?: () => void;
  /** Offered while the job is paused (sends `resumeJob`); not offered when absent. */
  onResume?: () => void;
  /** Offered while it waits for another service (sends `discardJob`); not offered when absent. */
  onDiscard?: () => void;
  now?: () => number;
}

/** How many reasons for failures are spelled out; the rest are only counted. */
const REASONS_SHOWN = 3;

export function JobProgress({
  job,
  labels,
  onCancel,
  onRetryFailed,
  onCreateUnknown,
  onResume,
  onDiscard,
  now = Date.now,
}: JobProgressProps) {
  const id = useId();
  const counts = countItems(job);
  const notSent = notSentCount(job);
  const finished = isFinished(job);
  const handled = counts.done + counts.failed + counts.unknown + counts.cancelled;
  const position = labels.position ?? t('workspace_reports_jobPosition', handled, counts.total);
  const reasons = finished
    ? [
        ...new Set(
          // Creates not sent for the quota are said once, in the summary.
          job.items.flatMap((item) =>
            item.state === 'failed' && item.error && item.error.reason !== 'quotaNotSent'
              ? [errorText(item.error)]
              : [],
          ),
        ),
      ]
    : [];

  return (
    <section class="job-progress" aria-labelledby={`${id}-title`}>
      <p class="job-title" id={`${id}-title`}>
        {labels.title}
      </p>
      {!finished && (
        <>
          <div class="job-bar-line">
            <div
              class="job-bar"
              role="progressbar"
              aria-labelledby={`${id}-title`}
              aria-valuemin={0}
              aria-valuemax={counts.total}
              aria-valuenow={handled}
              aria-valuetext={position}
            >
              <div
                class="job-bar-fill"
                style={{ width: `${counts.total ? (100 * handled) / counts.total : 0}%` }}
              />
            </div>
            <span class="job-position">{position}</span>
            <button type="button" aria-describedby={`${id}-title`} onClick={onCancel}>
              {t('dialog_cancel')}
            </button>
          </div>
          {job.state === 'paused' && job.pause?.reason === 'otherService' ? (
            <p class="job-wait">
              {job.service
                ? t('workspace_jobMadeFor', serviceOrigin(job.service))
                : t('workspace_jobMadeForUnknown')}{' '}
              {onDiscard && (
                <button type="button" aria-describedby={`${id}-title`} onClick={onDiscard}>
                  {t('workspace_jobDiscard')}
                </button>
              )}
            </p>
          ) : job.state === 'paused' && job.pause ? (
            <p class="job-wait">
              {t('workspace_reports_jobPaused', errorText(job.pause))}{' '}
              {onResume && (
                <button type="button" onClick={onResume}>
                  {t('workspace_reports_jobResume')}
                </button>
              )}
            </p>
          ) : (
            job.resumeAt !== undefined &&
            job.resumeAt > now() && (
              <p class="job-wait">
                {t('workspace_reports_jobWaiting', duration((job.resumeAt - now()) / 1000))}
              </p>
            )
          )}
        </>
      )}
      <div class="job-summary" role="status">
        {finished && <p>{summary(counts, notSent, labels)}</p>}
        {finished && notSent > 0 && <p>{t('workspace_reports_jobQuota', notSent)}</p>}
        {finished && job.error && <p>{errorText(job.error)}</p>}
      </div>
      {reasons.length > 0 && (
        <ul class="job-reasons">
          {reasons.slice(0, REASONS_SHOWN).map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      {finished && counts.failed > 0 && (
        <p class="actions">
          <button type="button" aria-describedby={`${id}-title`} onClick={onRetryFailed}>
            {t('workspace_reports_jobRetryFailed')}
          </button>
        </p>
      )}
      {finished && onCreateUnknown && (
        <UnknownCreates job={job} titleId={`${id}-title`} onConfirm={onCreateUnknown} />
      )}
    </section>
  );
}

/**
 * "28 deleted, 2 failed", and what was of unknown outcome or not done (cancelled). Creates not
 * sent for the quota are failed (Retry failed sends them) but said on their own.
 */
function summary(
  counts: ReturnType<typeof countItems>,
  notSent: number,
  labels: JobProgressLabels,
): string {
  const parts = [labels.done(counts.done)];
  const failed = counts.failed - notSent;
  if (failed) parts.push(t('workspace_reports_jobFailed', failed));
  if (counts.unknown) parts.push(t('workspace_reports_jobUnknown', counts.unknown));
  if (counts.cancelled) parts.push(t('workspace_reports_jobCancelled', counts.cancelled));
  return new Intl.ListFormat(undefined, { type: 'unit', style: 'short' }).format(parts);
}

/**
 * Creates whose answer was lost and whose report was not found: Retry failed leaves them out, as
 * each may have made its report; the user may still send them, once asked.
 */
function UnknownCreates({
  job,
  titleId,
  onConfirm,
}: {
  job: ProgressJob;
  titleId: string;
  onConfirm: () => void;
}) {
  const count = unknownCreateCount(job);
  if (count === 0) return null;
  return (
    <div class="actions">
      <p>{t('workspace_jobUnknownHint', count)}</p>
      <AskFirstButton
        label={t('workspace_jobCreateUnknown')}
        title={t('workspace_jobCreateUnknownTitle')}
        text={t('workspace_jobCreateUnknownText', count)}
        onConfirm={onConfirm}
        describedBy={titleId}
      />
    </div>
  );
}
