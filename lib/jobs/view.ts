// The part of the background queue's jobs that the pages read: the storage key, the limits, the
// states, and a hand-written reader and counter. No zod here (the pages' bundles have byte
// budgets); the background writes and fully validates the jobs (jobs.ts, queue/store.ts).

/** storage.local key of the jobs: `{ version: 1, jobs: Job[] }`. It holds no secrets. */
export const JOBS_KEY = 'jobs';
export const JOBS_VERSION = 1;

/** A job has at most this many items; a bigger one is refused (reason 'jobTooBig'). */
export const MAX_JOB_ITEMS = 1000;
/** Finished jobs kept for the Activity view; beyond it the oldest finished go first. */
export const MAX_FINISHED_JOBS = 20;
/** An export stops at this many reports, and says so (reason 'exportCut'). */
export const MAX_EXPORT_REPORTS = 10_000;

export const JOB_KINDS = [
  'create',
  'reanalyze',
  'privacy',
  'delete',
  'deleteProjects',
  'export',
] as const;
/** 'failed': finished with some item failed or of unknown fate. */
export const JOB_STATES = ['waiting', 'running', 'paused', 'done', 'failed', 'cancelled'] as const;
export const ITEM_STATES = [
  'waiting',
  'running',
  'done',
  'failed',
  'unknown',
  'cancelled',
] as const;

export type JobState = (typeof JOB_STATES)[number];
export type ItemState = (typeof ITEM_STATES)[number];

/** The least of a job these helpers need (a Job from jobs.ts is one). */
interface JobLike {
  id: string;
  state: string;
  items: { state: string }[];
}

export function isFinished(job: { state: string }): boolean {
  return job.state === 'done' || job.state === 'failed' || job.state === 'cancelled';
}

/** How many items are in each state, and in all. */
export function countItems(job: Pick<JobLike, 'items'>): Record<ItemState, number> & {
  total: number;
} {
  const counts = { waiting: 0, running: 0, done: 0, failed: 0, unknown: 0, cancelled: 0 };
  for (const { state } of job.items) {
    if (state in counts) counts[state as ItemState] += 1;
  }
  return { ...counts, total: job.items.length };
}

/**
 * The jobs in a stored value (storage.local `jobs`), checked only as far as the pages rely on:
 * anything of another version or shape reads as no jobs.
 */
export function readJobs<T extends JobLike = JobLike>(stored: unknown): T[] {
  if (!stored || typeof stored !== 'object') return [];
  const { version, jobs } = stored as { version?: unknown; jobs?: unknown };
  if (version !== JOBS_VERSION || !Array.isArray(jobs)) return [];
  return jobs.filter(
    (job): job is T =>
      !!job &&
      typeof job === 'object' &&
      typeof job.id === 'string' &&
      (JOB_STATES as readonly unknown[]).includes(job.state) &&
      Array.isArray(job.items),
  );
}
