// A background job in words for the job cards: what it does, what is done, and its state.

import { formatNumber } from '../format-number';
import { t } from '../i18n';
import type { Job, JobKind, JobState } from './schema';

/** What the job does: "Delete 30 reports", "Report 1 page", "Export reports". */
export function jobTitle(
  job: { kind: JobKind; items: readonly unknown[] } & Partial<Pick<Job, 'watchRun'>>,
): string {
  if (job.kind === 'export') return t('workspace_job_export');
  const count = job.items.length;
  if (job.watchRun) {
    return count === 1
      ? t('workspace_job_watch_run_one')
      : t('workspace_job_watch_run', formatNumber(count));
  }
  return count === 1
    ? t(`workspace_job_${job.kind}_one`)
    : t(`workspace_job_${job.kind}`, formatNumber(count));
}

/** Its done items in words: "28 deleted", "3 reported". */
export function doneText(kind: JobKind, count: number): string {
  return t(`workspace_done_${kind}`, formatNumber(count));
}

export function stateWord(state: JobState): string {
  return t(`workspace_state_${state}`);
}

/**
 * A watch run's outcome: "12 re-analyzed: 2 worse, 1 better, 9 unchanged". A page whose change
 * is not known (its history could not be written) counts as unchanged.
 */
export function watchRunSummary(job: Pick<Job, 'items'>): string {
  const done = job.items.filter((item) => item.state === 'done');
  const worse = done.filter((item) => item.direction === 'worse').length;
  const better = done.filter((item) => item.direction === 'better').length;
  return t(
    'workspace_watch_run_summary',
    formatNumber(done.length),
    formatNumber(worse),
    formatNumber(better),
    formatNumber(done.length - worse - better),
  );
}
