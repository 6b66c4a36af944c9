// The queue's stored state: jobs (read by the pages too), pacing, export pages, and the jobs'
// passwords (storage.session only). Every change reads, changes and writes under one lock.
import { storage } from 'wxt/utils/storage';
import type { ReportSummary } from '../../api/model';
import { MAX_FINISHED_ITEMS, MAX_FINISHED_JOBS, REPORTS_KEPT_MS } from '../../job-limits';
import { createLock } from '../../lock';
import { isFinished, type Job, jobsItem, parseStoredJobs } from '../schema';
import { parseStoredPacing, type StoredPacing } from './service-pacers';

/** Before pacing was kept per service, it held one service's Pacing (read by parseStoredPacing). */
export const pacingItem = storage.defineItem<StoredPacing | null>('local:queuePacing', {
  fallback: null,
});

export interface QueueState {
  jobs: Job[];
  pacing: StoredPacing;
  /** Export pages to write with this change. */
  exports: Record<ExportKey, ReportSummary[]>;
  /** Export pages to remove with this change. */
  removed: ExportKey[];
}

type ExportKey = `local:export:${string}`;

/** Where the reports of one export page (item `index` of job `jobId`) are kept. */
export const exportKey = (jobId: string, index: number): ExportKey =>
  `local:export:${jobId}:${index}`;

export function exportKeys(job: Job): ExportKey[] {
  return job.items.flatMap((item, index) =>
    item.op.type === 'listPage' && item.state === 'done' ? [exportKey(job.id, index)] : [],
  );
}

/** The reports of a job's export pages, in order. */
export async function readExport(keys: ExportKey[]): Promise<ReportSummary[]> {
  const pages = await storage.getItems(keys);
  return pages.flatMap(({ value }) => (Array.isArray(value) ? (value as ReportSummary[]) : []));
}

export const removeExport = (keys: ExportKey[]) => storage.removeItems(keys);

/** A job's password, for its privacy-2 items: in memory only, gone when the browser restarts. */
const passwordKey = (jobId: string) => `session:jobPassword:${jobId}` as const;
export const jobPasswords = {
  keep: (jobId: string, password: string) => storage.setItem(passwordKey(jobId), password),
  async get(jobId: string): Promise<string | undefined> {
    const value = await storage.getItem<unknown>(passwordKey(jobId));
    return typeof value === 'string' && value ? value : undefined;
  },
  forget: (jobId: string) => storage.removeItem(passwordKey(jobId)),
};

/** A finished export nobody took is dropped, with its job, this long after it finished. */
export const EXPORT_KEPT_MS = 3_600_000;

/**
 * Drops the oldest finished jobs beyond MAX_FINISHED_JOBS or MAX_FINISHED_ITEMS (never the newest
 * finished), and exports finished more than EXPORT_KEPT_MS ago, with their pages; and the reports
 * of jobs finished more than REPORTS_KEPT_MS ago.
 */
function prune(state: QueueState, now: number): void {
  const finishedAt = (job: Job) => job.finishedAt ?? job.createdAt;
  const finished = state.jobs.filter(isFinished);
  // Newest first: what is counted before a job is what is kept before it.
  finished.sort((a, b) => finishedAt(b) - finishedAt(a));
  const dropped = new Set<Job>();
  let items = 0;
  for (const [index, job] of finished.entries()) {
    items += job.items.length;
    const over = index >= MAX_FINISHED_JOBS || items > MAX_FINISHED_ITEMS;
    if (index > 0 && over) dropped.add(job);
    if (job.kind === 'export' && finishedAt(job) + EXPORT_KEPT_MS <= now) dropped.add(job);
    if (finishedAt(job) + REPORTS_KEPT_MS <= now) {
      for (const item of job.items) delete item.report;
    }
  }
  if (dropped.size === 0) return;
  for (const job of dropped) state.removed.push(...exportKeys(job));
  state.jobs = state.jobs.filter((job) => !dropped.has(job));
}

export function createJobStore(now: () => number = Date.now) {
  const lock = createLock();

  async function read(): Promise<QueueState> {
    const [jobs, pacing] = await storage.getItems([jobsItem, pacingItem]);
    return {
      jobs: parseStoredJobs(jobs?.value),
      pacing: parseStoredPacing(pacing?.value),
      exports: {},
      removed: [],
    };
  }

  return {
    read,

    /** Runs `change` on the current state and writes what it changed; a throw writes nothing. */
    update<T>(change: (state: QueueState) => T): Promise<T> {
      return lock.runExclusive(async () => {
        const state = await read();
        const before = JSON.stringify([state.jobs, state.pacing]);
        const result = change(state);
        prune(state, now());
        const writes: Parameters<typeof storage.setItems>[0] = Object.entries(state.exports).map(
          ([key, value]) => ({ key: key as ExportKey, value }),
        );
        if (JSON.stringify([state.jobs, state.pacing]) !== before) {
          writes.push(
            { item: jobsItem, value: { version: 1, jobs: state.jobs } },
            { item: pacingItem, value: state.pacing },
          );
        }
        if (writes.length > 0) await storage.setItems(writes);
        if (state.removed.length > 0) await storage.removeItems(state.removed);
        return result;
      });
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
