// One queue job in the workspace (Activity's list, Open tabs' progress): what it does, its state,
// its progress or outcome (components/jobs/JobProgress.tsx) with Cancel, Resume, Retry failed and
// Discard, and Clear once it has finished.

import { t } from '../../lib/i18n';
import type { Job } from '../../lib/jobs/schema';
import { isFinished } from '../../lib/jobs/schema';
import { doneText, jobTitle, stateWord, watchRunSummary } from '../../lib/jobs/words';
import { ErrorAlert } from '../ui/ErrorAlert';
import { RelativeTime } from '../ui/RelativeTime';
import { JobProgress } from './JobProgress';
import { failureContext, type JobActions } from './useJobs';

export interface JobCardProps {
  job: Job;
  actions: JobActions;
  /** The clock, for "goes on in 40 seconds" (the caller keeps it ticking while a job waits). */
  now: number;
  openOptions: () => unknown;
}

export function JobCard({ job, actions, now, openOptions }: JobCardProps) {
  const finished = isFinished(job);
  const failure = actions.failure?.id === job.id ? actions.failure : null;
  return (
    <div class="job-card">
      <JobProgress
        job={job}
        labels={{ title: jobTitle(job), done: (count) => doneText(job.kind, count) }}
        onCancel={() => actions.cancel(job.id)}
        onRetryFailed={() => actions.retryFailed(job.id)}
        onCreateUnknown={() => actions.retryFailed(job.id, undefined, true)}
        onResume={() => actions.resume(job.id)}
        onDiscard={() => actions.discard(job.id)}
        now={() => now}
      />
      <p class="job-meta muted">
        {stateWord(job.state)}
        {finished && job.finishedAt !== undefined && (
          <>
            {' · '}
            {t('workspace_finished')} <RelativeTime iso={new Date(job.finishedAt).toISOString()} />
          </>
        )}
      </p>
      {job.watchRun && job.items.some((item) => item.state === 'done') && (
        <p class="job-summary">{watchRunSummary(job)}</p>
      )}
      {finished && (
        <p class="actions">
          <button type="button" onClick={() => actions.clear(job.id)}>
            {t('workspace_clear')}
          </button>
        </p>
      )}
      <ErrorAlert
        error={failure?.error}
        context={failure ? failureContext(failure.request) : undefined}
        onOpenOptions={openOptions}
      />
    </div>
  );
}
