// The queue's stored state: jobs (read by the pages too), pacing, export pages, the pages of the
// creates waiting, sent or of unknown fate (so a page's status reads the jobs only for those), and
// the jobs' passwords (storage.session only). Every change reads, changes and writes under one
// lock. When storage.local is full, the jobs a change would have grown end, saying so, instead of
// waiting.
import { storage } from 'wxt/utils/storage';
import type { ErrorData, ReportSummary } from '../../api/model';
import { errorWithText } from '../../error-text';
import { ExplainedError } from '../../errors';
import { MAX_FINISHED_ITEMS, MAX_FINISHED_JOBS, REPORTS_KEPT_MS } from '../../job-limits';
import { createLock } from '../../lock';
import { defineStorageItem } from '../../storage-item';
import { openCreatesItem, openCreatesOf, parseOpenCreates } from '../open-creates';
import { compactReport, isFinished, type Job, jobsItem, parseStoredJobs } from '../schema';
import { parseStoredPacing, type StoredPacing } from './service-pacers';

/** Before pacing was kept per service, it held one service's Pacing (read by parseStoredPacing). */
export const pacingItem = defineStorageItem<StoredPacing | null>('local:queuePacing', null);

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

/** Keeps of each item what is read later (compactReport); a done item is no longer looked for. */
function compact(jobs: Job[]): void {
  for (const job of jobs) {
    for (const item of job.items) {
      if (item.report) item.report = compactReport(item.op, item.report);
      if (item.state !== 'done') continue;
      delete item.sentAt;
      delete item.tries;
    }
  }
}

/**
 * Whether a write failed because storage is full: Chrome says "QUOTA_BYTES quota exceeded",
 * Firefox throws a QuotaExceededError.
 */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'QuotaExceededError' || (typeof message === 'string' && /quota/i.test(message));
}

/** What a job ended for a full storage says (its reason's words; no sentence stored). */
export const STORAGE_FULL: ErrorData = { kind: 'aborted', reason: 'storageFull', message: '' };

/**
 * A change was not written: storage.local is full. The jobs it would have grown were ended with
 * STORAGE_FULL instead, as `ended` (none when even that could not be written). Not worth trying
 * again: only freeing storage helps.
 */
export class StorageFullError extends ExplainedError {
  constructor(readonly ended: Job[]) {
    super(errorWithText({ kind: 'aborted', reason: 'storageFull' }));
  }
}

/**
 * What is written when `state`, changed from the stored jobs `before` (JSON by id), does not fit,
 * made no bigger than what is stored where it can be: no job the change added; no report (the
 * rating cache has the latest); a job the change changed only as a whole (when it goes on) as it
 * was; each other job the change changed and left open (or wrote an export page for, which is
 * not written) ended with STORAGE_FULL, its items not under way failed (those it picked to send
 * too: they are not sent), no longer looked for. Done items stay done. Returns the jobs it ends.
 */
function endForFullStorage(state: QueueState, before: Map<string, string>, at: number): Job[] {
  const ended: Job[] = [];
  const pages = new Set(Object.keys(state.exports));
  state.exports = {};
  state.jobs = state.jobs.flatMap((job) => {
    const was = before.get(job.id);
    if (was === undefined) return [];
    if (was === JSON.stringify(job)) return [job];
    const stored = JSON.parse(was) as Job;
    const paged = job.items.some((_item, index) => pages.has(exportKey(job.id, index)));
    if (!paged && JSON.stringify(job.items) === JSON.stringify(stored.items)) return [stored];
    if (isFinished(job) && !paged) return [job];
    job.items.forEach((item, index) => {
      const picked = item.state === 'running' && stored.items[index]?.state === 'waiting';
      const unwritten = item.state === 'done' && pages.has(exportKey(job.id, index));
      if (item.state === 'waiting' || picked || unwritten) {
        item.state = 'failed';
        delete item.count;
        delete item.bytes;
      }
      if (item.state === 'running') return;
      delete item.sentAt;
      delete item.reconcileAt;
      delete item.tries;
    });
    job.state = 'failed';
    job.error = STORAGE_FULL;
    job.finishedAt = at;
    delete job.resumeAt;
    delete job.pause;
    ended.push(job);
    return [job];
  });
  for (const job of state.jobs) {
    for (const item of job.items) delete item.report;
  }
  return ended;
}

export function createJobStore(now: () => number = Date.now) {
  const lock = createLock();

  /** The state, and the pages of its open creates as stored (JSON; `null` when none are). */
  async function load(): Promise<{ state: QueueState; pages: string }> {
    const [jobs, pacing, open] = await storage.getItems([jobsItem, pacingItem, openCreatesItem]);
    const state: QueueState = {
      jobs: parseStoredJobs(jobs?.value),
      pacing: parseStoredPacing(pacing?.value),
      exports: {},
      removed: [],
    };
    // Jobs stored by the version before keep whole reports: read as they are written now.
    compact(state.jobs);
    return { state, pages: JSON.stringify(parseOpenCreates(open?.value)) };
  }

  /** Writes what changed; the jobs with the pages of their open creates, in one write. */
  async function write(state: QueueState, jobsChanged: boolean) {
    const writes: Parameters<typeof storage.setItems>[0] = Object.entries(state.exports).map(
      ([key, value]) => ({ key: key as ExportKey, value }),
    );
    if (jobsChanged) {
      writes.push(
        { item: jobsItem, value: { version: 1, jobs: state.jobs } },
        { item: pacingItem, value: state.pacing },
        { item: openCreatesItem, value: openCreatesOf(state.jobs) },
      );
    }
    if (writes.length > 0) await storage.setItems(writes);
    if (state.removed.length > 0) await storage.removeItems(state.removed);
  }

  /**
   * Stores the pages of the open creates of jobs that were not written with them (by a version
   * before them). Not written, they are removed: a page's status then reads the jobs.
   */
  async function mendPages(jobs: Job[], stored: string) {
    const pages = openCreatesOf(jobs);
    if (JSON.stringify(pages) === stored) return;
    await openCreatesItem
      .setValue(pages)
      .catch(() => openCreatesItem.removeValue())
      .catch(() => undefined);
  }

  return {
    read: async () => (await load()).state,

    /**
     * Runs `change` on the current state and writes what it changed; a throw writes nothing.
     * When storage is full, throws StorageFullError, having ended the jobs the change grew.
     */
    update<T>(change: (state: QueueState) => T): Promise<T> {
      return lock.runExclusive(async () => {
        const { state, pages } = await load();
        const each = state.jobs.map((job) => JSON.stringify(job));
        const before = new Map(state.jobs.map((job, index) => [job.id, each[index] ?? '']));
        // As JSON.stringify([state.jobs, state.pacing]), from the jobs' JSON made once.
        const stored = `[[${each.join(',')}],${JSON.stringify(state.pacing)}]`;
        const result = change(state);
        prune(state, now());
        compact(state.jobs);
        const changed = JSON.stringify([state.jobs, state.pacing]) !== stored;
        try {
          await write(state, changed);
        } catch (error) {
          if (!isQuotaError(error)) throw error;
          const ended = endForFullStorage(state, before, now());
          // Dropped jobs' pages go first: they make room.
          if (state.removed.length > 0) await storage.removeItems(state.removed);
          state.removed = [];
          try {
            await write(state, true);
          } catch (again) {
            if (!isQuotaError(again)) throw again;
            throw new StorageFullError([]);
          }
          throw new StorageFullError(ended);
        }
        if (!changed) await mendPages(state.jobs, pages);
        return result;
      });
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
