// The queue's limits, apart from the jobs' schema so that pages can word them without zod.

/** A job has at most this many items; a bigger one is refused (reason 'jobTooBig'). */
export const MAX_JOB_ITEMS = 1000;
/**
 * An audit (Add pages), a run of watched pages or a reading of details may have this many pages: a site's sitemap is
 * often larger than 1000.
 */
export const MAX_AUDIT_ITEMS = 10_000;

/** The most items a job of `kind` (a watched pages' run when `watchRun`) may have. */
export function maxJobItems(kind: string, watchRun = false): number {
  return kind === 'audit' || kind === 'details' || watchRun ? MAX_AUDIT_ITEMS : MAX_JOB_ITEMS;
}
/** Finished jobs kept for the Activity view; beyond it the oldest finished go first. */
export const MAX_FINISHED_JOBS = 20;
/**
 * Items of the finished jobs kept, in all: beyond it the oldest finished go first (the newest
 * finished job is always kept). As many as one audit: measured in Chromium, a finished
 * 10,000-page audit stores about 1.2 MB once its reports are dropped (REPORTS_KEPT_MS), 2.2 MB
 * with them (4.5 MB when items kept whole reports); storage.local holds 10 MiB, beside a running
 * job, exports and the rating cache (test/e2e/job-storage.e2e.test.ts).
 */
export const MAX_FINISHED_ITEMS = 10_000;
/**
 * A finished job's done items keep what the pages show of the service's answer (`report`, some
 * 90 bytes: ItemReport) this long, for whoever follows them as they finish (the popup's queued
 * create, the workspace's rows); then it is dropped: nothing reads it later.
 */
export const REPORTS_KEPT_MS = 10 * 60_000;
/** An export stops at this many reports, and says so (reason 'exportCut'). */
export const MAX_EXPORT_REPORTS = 10_000;
/** The longest wait a page may hand the queue with a job (a 429's Retry-After), in seconds. */
export const MAX_RETRY_AFTER_SECONDS = 3600;
