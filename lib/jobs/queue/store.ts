// The queue's state in storage.local: the jobs (`jobs`, versioned, read by the pages too), what
// the pacer knows (`queuePacing`), and each export's pages of reports (`export:<job>:<item>`).
// Every change reads, changes and writes in one chained step, so concurrent updates (two answers
// arriving together, a cancel during a request) cannot overwrite each other. Bounded: at most
// MAX_FINISHED_JOBS finished jobs are kept, the oldest finished going first, with their exports.
// Passwords are never written here: they live in storage.session (see passwords.ts).
import type { ReportSummary } from '../../api/model';
import { type Job, parseStoredJobs } from '../schema';
import { isFinished, JOBS_KEY, JOBS_VERSION, MAX_FINISHED_JOBS } from '../view';
import { Pacing } from './pacer';

export const PACING_KEY = 'queuePacing';

export interface StorageArea {
  get(keys: string | string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

export interface QueueState {
  jobs: Job[];
  pacing: Pacing;
  /** Export pages to write with this change, by key. */
  exports: Record<string, ReportSummary[]>;
  /** Keys to remove with this change. */
  removed: string[];
}

/** The storage key of the reports one export page (item `index` of job `jobId`) brought. */
export const exportKey = (jobId: string, index: number) => `export:${jobId}:${index}`;

/** The keys of a job's export pages. */
export function exportKeys(job: Job): string[] {
  return job.items.flatMap((item, index) =>
    item.op.type === 'listPage' && item.state === 'done' ? [exportKey(job.id, index)] : [],
  );
}

/** Drops the oldest finished jobs beyond the bound; the keys of what they leave behind. */
function prune(state: QueueState): void {
  const finished = state.jobs.filter(isFinished);
  if (finished.length <= MAX_FINISHED_JOBS) return;
  finished.sort((a, b) => (a.finishedAt ?? a.createdAt) - (b.finishedAt ?? b.createdAt));
  const dropped = new Set(finished.slice(0, finished.length - MAX_FINISHED_JOBS));
  for (const job of dropped) state.removed.push(...exportKeys(job));
  state.jobs = state.jobs.filter((job) => !dropped.has(job));
}

export function createJobStore(local: StorageArea) {
  let chain: Promise<unknown> = Promise.resolve();

  async function read(): Promise<QueueState> {
    const items = await local.get([JOBS_KEY, PACING_KEY]);
    const pacing = Pacing.safeParse(items[PACING_KEY]);
    return {
      jobs: parseStoredJobs(items[JOBS_KEY]),
      pacing: pacing.success ? pacing.data : {},
      exports: {},
      removed: [],
    };
  }

  return {
    read,

    /**
     * Runs `change` on the current state and writes what it changed, one change at a time.
     * A change that throws writes nothing.
     */
    update<T>(change: (state: QueueState) => T): Promise<T> {
      const run = chain.then(async () => {
        const state = await read();
        const before = JSON.stringify([state.jobs, state.pacing]);
        const result = change(state);
        prune(state);
        const writes: Record<string, unknown> = { ...state.exports };
        if (JSON.stringify([state.jobs, state.pacing]) !== before) {
          writes[JOBS_KEY] = { version: JOBS_VERSION, jobs: state.jobs };
          writes[PACING_KEY] = state.pacing;
        }
        if (Object.keys(writes).length > 0) await local.set(writes);
        if (state.removed.length > 0) await local.remove(state.removed);
        return result;
      });
      chain = run.catch(() => undefined);
      return run;
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
