// Activity: the background queue's jobs — waiting, running, paused, and the recently finished
// ones (the background keeps the last few) — read from storage and followed as they change.
import { t } from '../../lib/i18n';
import type { Job } from '../../lib/jobs/schema';
import { isFinished } from '../../lib/jobs/schema';
import type { Sender } from '../../lib/messaging/send';
import { useNow } from '../ui/useNow';
import { JobCard } from './JobCard';
import { useJobActions, useJobs } from './useJobs';

export interface ActivityViewProps {
  send: Sender;
  openOptions: () => unknown;
}

/** Unfinished jobs first, oldest first (the queue's order); then the finished, newest first. */
export function activityOrder(jobs: readonly Job[]): Job[] {
  const open = jobs.filter((job) => !isFinished(job)).sort((a, b) => a.createdAt - b.createdAt);
  const done = jobs
    .filter(isFinished)
    .sort((a, b) => (b.finishedAt ?? b.createdAt) - (a.finishedAt ?? a.createdAt));
  return [...open, ...done];
}

export function ActivityView({ send, openOptions }: ActivityViewProps) {
  const { loaded, jobs } = useJobs();
  const actions = useJobActions(send);
  const now = useNow(jobs.some((job) => job.resumeAt !== undefined && !isFinished(job)));
  const shown = activityOrder(jobs);
  return (
    <section class="view" aria-label={t('workspace_tabActivity')}>
      {loaded && shown.length === 0 && <p class="notice">{t('workspace_activityEmpty')}</p>}
      {shown.length > 0 && (
        <ul class="list" aria-label={t('workspace_jobsLabel')}>
          {shown.map((job) => (
            <li key={job.id}>
              <JobCard job={job} actions={actions} now={now} openOptions={openOptions} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
