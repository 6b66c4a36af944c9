// A background job in words for the job cards: what it does, what is done, and its state.
import { t } from '../i18n';
import type { JobKind, JobState } from './jobs';

const number = (value: number) => value.toLocaleString();

/** What the job does: "Delete 30 reports", "Report 1 page", "Export reports". */
export function jobTitle(job: { kind: JobKind; items: readonly unknown[] }): string {
  if (job.kind === 'export') return t('workspace_job_export');
  const count = job.items.length;
  return count === 1
    ? t(`workspace_job_${job.kind}_one`)
    : t(`workspace_job_${job.kind}`, number(count));
}

/** Its done items in words: "28 deleted", "3 reported". */
export function doneText(kind: JobKind, count: number): string {
  return t(`workspace_done_${kind}`, number(count));
}

export function stateWord(state: JobState): string {
  return t(`workspace_state_${state}`);
}
