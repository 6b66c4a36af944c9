// The job a tab handed to the queue (useJobRun), shown with JobProgress and worded by its kind.
import { doneText, jobTitle } from '../../lib/jobs/words';
import { useNow } from '../ui/useNow';
import { JobProgress } from './JobProgress';
import type { JobRun } from './useJobs';

export function RunProgress({ run }: { run: JobRun }) {
  const { job } = run;
  const now = useNow(job?.resumeAt !== undefined);
  if (!job) return null;
  return (
    <JobProgress
      job={job}
      labels={{ title: jobTitle(job), done: (count) => doneText(job.kind, count) }}
      onCancel={run.cancel}
      onRetryFailed={run.retry}
      onCreateUnknown={run.createUnknown}
      onResume={run.resume}
      onDiscard={run.discard}
      now={() => now}
    />
  );
}
