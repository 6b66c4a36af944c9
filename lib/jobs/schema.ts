// The background queue's jobs: what a job asks for (its items' operations), how far it got, and
// the stored value, which the pages read too. Passwords never appear here (storage.session).
import * as z from 'zod/mini';
import {
  ErrorData,
  ListReportsParams,
  Privacy,
  ProjectName,
  ReportId,
  ReportSummary,
  ReportUrl,
} from '../api/model';
import { defineStorageItem } from '../storage-item';

export {
  MAX_AUDIT_ITEMS,
  MAX_EXPORT_REPORTS,
  MAX_FINISHED_JOBS,
  MAX_JOB_ITEMS,
  MAX_RETRY_AFTER_SECONDS,
  maxJobItems,
} from '../job-limits';

export const JOB_KINDS = [
  'create',
  'reanalyze',
  'privacy',
  'delete',
  'deleteProjects',
  'export',
  'audit',
  'details',
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

export const JobKind = z.literal(JOB_KINDS);
export type JobKind = z.infer<typeof JobKind>;

const TabId = z.int().check(z.nonnegative());

export const CreateOp = z.strictObject({
  type: z.literal('create'),
  url: ReportUrl,
  privacy: Privacy,
});
/** Re-analyze (`results: true`) or change privacy (with the job's password for 2). */
export const UpdateOp = z.strictObject({
  type: z.literal('update'),
  id: ReportId,
  privacy: z.optional(Privacy),
  results: z.optional(z.boolean()),
});
export const DeleteReportOp = z.strictObject({ type: z.literal('deleteReport'), id: ReportId });
export const DeleteProjectOp = z.strictObject({
  type: z.literal('deleteProject'),
  name: ProjectName,
});
/** One page of an export; its answer appends the next page while there is one. */
export const ListPageOp = z.strictObject({
  type: z.literal('listPage'),
  params: ListReportsParams,
});

/** A read of one report (`GET /reports/{id}`), for its details (the Issues tab's Read details). */
export const ReadOp = z.strictObject({ type: z.literal('read'), id: ReportId });

/** By `type`: a stored job's every op is read at every change, not tried against each kind. */
export const JobOp = z.discriminatedUnion('type', [
  CreateOp,
  UpdateOp,
  DeleteReportOp,
  DeleteProjectOp,
  ListPageOp,
  ReadOp,
]);
export type JobOp = z.infer<typeof JobOp>;

/** An operation as a page asks for it: a create may name the tab whose badge follows it. */
export const RequestedOp = z.union([
  z.strictObject({ ...CreateOp.shape, tabId: z.optional(TabId) }),
  UpdateOp,
  DeleteReportOp,
  DeleteProjectOp,
  ListPageOp,
  ReadOp,
]);
export type RequestedOp = z.infer<typeof RequestedOp>;

/**
 * Which operations each kind of job is made of. An audit (Add pages) creates reports for new
 * pages and re-analyzes (updates with `results`) those that have one.
 */
export const KIND_OPS: Record<JobKind, readonly JobOp['type'][]> = {
  create: ['create'],
  reanalyze: ['update'],
  privacy: ['update'],
  delete: ['deleteReport'],
  deleteProjects: ['deleteProject'],
  export: ['listPage'],
  audit: ['create', 'update'],
  details: ['read'],
};

const Time = z.number();

const summary = ReportSummary.shape;
/**
 * What a done create or update keeps of the service's answer (the whole answer goes to the rating
 * cache): what the pages show of it (itemReport) that its operation does not say. A 10,000-page
 * audit with whole answers was 4.5 MB of storage.local's 10 MiB; two of them did not fit.
 * The version before kept the whole summary: it reads as this (the rest is dropped).
 */
export const ItemReport = z.object({
  id: summary.id,
  rating: summary.rating,
  score: summary.score,
  generatedAt: summary.generatedAt,
  /** A create's: only when the service's address is not the one asked for. */
  url: z.optional(summary.url),
  /** Only when it is not the privacy the operation asked for. */
  privacy: z.optional(summary.privacy),
  /** When true, or when the operation changed the privacy. */
  hasPassword: z.optional(summary.hasPassword),
  /** An update's: the workspace shows the newer of it and the listed report. */
  updatedAt: z.optional(summary.updatedAt),
});
export type ItemReport = z.infer<typeof ItemReport>;

/** What an item keeps of `report`, its answer to `op` (see ItemReport). */
export function compactReport(op: JobOp, report: ItemReport): ItemReport {
  const { id, rating, score, generatedAt, url, privacy, hasPassword, updatedAt } = report;
  const kept: ItemReport = { id, rating, generatedAt };
  if (score !== undefined) kept.score = score;
  if (op.type === 'create' && url !== undefined && url !== op.url) kept.url = url;
  const asked = op.type === 'create' || op.type === 'update' ? op.privacy : undefined;
  if (privacy !== undefined && privacy !== asked) kept.privacy = privacy;
  const privacyChanged = op.type === 'update' && op.privacy !== undefined;
  if (hasPassword !== undefined && (hasPassword || privacyChanged)) kept.hasPassword = hasPassword;
  if (op.type === 'update' && updatedAt !== undefined) kept.updatedAt = updatedAt;
  return kept;
}

/**
 * A done item's report as the pages show it: what it kept, the rest from its operation (a
 * create's address and privacy); what neither says is left empty (an update's address).
 */
export function itemReport(item: Pick<JobItem, 'op' | 'report'>): ReportSummary | undefined {
  const { op, report } = item;
  if (!report) return undefined;
  const asked = op.type === 'create' || op.type === 'update' ? op.privacy : undefined;
  return {
    url: op.type === 'create' ? op.url : '',
    privacy: asked ?? 0,
    hasPassword: false,
    createdAt: null,
    updatedAt: null,
    ...report,
  };
}

export const JobItem = z.object({
  op: JobOp,
  state: z.literal(ITEM_STATES),
  error: z.optional(ErrorData),
  /** What a done create or update keeps of the service's answer (ItemReport). */
  report: z.optional(ItemReport),
  /** The tab whose badge follows a create. */
  tabId: z.optional(TabId),
  /** Attempts that ended in a network or service failure (a read or update is tried again). */
  tries: z.optional(z.int()),
  /** A create: when it was sent (ms), to look for what it made if its answer is lost. */
  sentAt: z.optional(Time),
  /** An unknown create: when to look for the report it may have made; absent: not looked for. */
  reconcileAt: z.optional(Time),
  /** For an export page: how many reports it brought, and their size as stored. */
  count: z.optional(z.int()),
  bytes: z.optional(z.int()),
  /** A watch run's re-analysis: how the page changed since its analysis before (lib/watch/). */
  direction: z.optional(z.enum(['worse', 'better', 'unchanged'])),
});
export type JobItem = z.infer<typeof JobItem>;

/**
 * The account a job was made for (its local id), with its service's base URL and a fingerprint of
 * the key it was made with (never the key). Its requests go only with that account's key, and a
 * report is taken as gone only when the key that found it missing is the one the job was made
 * with (lib/jobs/service.ts). Jobs stored before accounts have no `account` until the upgrade
 * gives them one (lib/background/accounts-upgrade.ts).
 */
export const JobService = z.object({
  account: z.optional(z.string()),
  url: z.string(),
  key: z.string(),
});
export type JobService = z.infer<typeof JobService>;

export const Job = z.object({
  id: z.string(),
  kind: JobKind,
  state: z.literal(JOB_STATES),
  createdAt: Time,
  /** Missing only in jobs stored by an older version, which are held (made for an unknown service). */
  service: z.optional(JobService),
  startedAt: z.optional(Time),
  finishedAt: z.optional(Time),
  /** While it waits out a rate limit (or for the network): when it goes on, in ms. */
  resumeAt: z.optional(Time),
  /** Why it is paused: the key was rejected, no API access, not connected, or another service. */
  pause: z.optional(ErrorData),
  /** Said of the job as a whole (an export that was cut short). */
  error: z.optional(ErrorData),
  /**
   * A page's own create, stored while it is out (queue/watched-create.ts): once done, the page
   * showed it, so Activity does not list it, and the next one replaces it.
   */
  watched: z.optional(z.boolean()),
  /** A run of re-analyses of the watched pages (lib/watch/); `slot`: the scheduled one it is. */
  watchRun: z.optional(z.object({ slot: z.optional(Time) })),
  items: z.array(JobItem),
});
export type Job = z.infer<typeof Job>;

export interface StoredJobs {
  version: 1;
  jobs: Job[];
}

/** Version 1 is the layout stored before storage items, `{ version: 1, jobs }`. */
export const jobsItem = defineStorageItem<StoredJobs | null>('local:jobs', null);

/** The stored layout, each job still unread: an invalid job is left out, not the whole value. */
const StoredLayout = z.object({ version: z.literal(1), jobs: z.array(z.unknown()) });

/** The valid jobs of a stored value; another layout, or garbage, reads as none. */
export function parseStoredJobs(raw: unknown): Job[] {
  const stored = StoredLayout.safeParse(raw);
  if (!stored.success) return [];
  return stored.data.jobs.flatMap((job) => {
    const parsed = Job.safeParse(job);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Whether Activity lists the job: not a page's own create that is done (the page showed it). */
export function isListed(job: Pick<Job, 'state' | 'watched'>): boolean {
  return !(job.watched && job.state === 'done');
}

export function isFinished(job: { state: string }): boolean {
  return job.state === 'done' || job.state === 'failed' || job.state === 'cancelled';
}

/** The failed creates a job did not send because the monthly quota was used up. */
export function notSentCount(job: {
  items: readonly { state: string; error?: { reason?: string } }[];
}): number {
  return job.items.filter(
    (item) => item.state === 'failed' && item.error?.reason === 'quotaNotSent',
  ).length;
}

/**
 * How many creates were sent and their outcome stays unknown (their answer was lost and their
 * report was not found): Retry failed leaves them out, as each may have made its report.
 */
export function unknownCreateCount(job: {
  items: readonly { state: string; op?: { type: string }; reconcileAt?: number }[];
}): number {
  return job.items.filter(
    (item) =>
      item.op?.type === 'create' && item.state === 'unknown' && item.reconcileAt === undefined,
  ).length;
}

/** How many items are in each state, and in all. */
export function countItems(job: {
  items: readonly { state: string }[];
}): Record<ItemState, number> & { total: number } {
  const counts = { waiting: 0, running: 0, done: 0, failed: 0, unknown: 0, cancelled: 0 };
  for (const { state } of job.items) {
    if (state in counts) counts[state as ItemState] += 1;
  }
  return { ...counts, total: job.items.length };
}
