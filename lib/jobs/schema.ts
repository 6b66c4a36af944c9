// The background queue's jobs: what a job asks for (its items' operations), how far it got, and
// the stored value. One schema each (zod/mini), types derived from them. The background checks
// what it reads and what pages ask for with these; pages import only the types, and read stored
// jobs with job-view.ts. Passwords never appear here: they stay in storage.session.
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
import { ITEM_STATES, JOB_KINDS, JOB_STATES, JOBS_VERSION } from './view';

export const JobKind = z.enum(JOB_KINDS);
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

export const JobOp = z.discriminatedUnion('type', [
  CreateOp,
  UpdateOp,
  DeleteReportOp,
  DeleteProjectOp,
  ListPageOp,
]);
export type JobOp = z.infer<typeof JobOp>;

/** An operation as a page asks for it: a create may name the tab whose badge follows it. */
export const RequestedOp = z.discriminatedUnion('type', [
  z.extend(CreateOp, { tabId: z.optional(TabId) }),
  UpdateOp,
  DeleteReportOp,
  DeleteProjectOp,
  ListPageOp,
]);
export type RequestedOp = z.infer<typeof RequestedOp>;

/** Which operations each kind of job is made of. */
export const KIND_OPS: Record<JobKind, JobOp['type']> = {
  create: 'create',
  reanalyze: 'update',
  privacy: 'update',
  delete: 'deleteReport',
  deleteProjects: 'deleteProject',
  export: 'listPage',
};

export const JobItem = z.object({
  op: JobOp,
  state: z.enum(ITEM_STATES),
  error: z.optional(ErrorData),
  /** The service's answer to a create or update. */
  report: z.optional(ReportSummary),
  /** The tab whose badge follows a create. */
  tabId: z.optional(TabId),
  /** Attempts that ended in a network or service failure (a read or update is tried again). */
  tries: z.optional(z.int()),
  /** For an export page: how many reports it brought. */
  count: z.optional(z.int()),
});
export type JobItem = z.infer<typeof JobItem>;

const Time = z.number();

export const Job = z.object({
  id: z.string(),
  kind: JobKind,
  state: z.enum(JOB_STATES),
  createdAt: Time,
  startedAt: z.optional(Time),
  finishedAt: z.optional(Time),
  /** While it waits out a rate limit (or for the network): when it goes on, in ms. */
  resumeAt: z.optional(Time),
  /** Why it is paused: the key was rejected, no API access, or not connected. */
  pause: z.optional(ErrorData),
  /** Said of the job as a whole (an export that was cut short). */
  error: z.optional(ErrorData),
  items: z.array(JobItem),
});
export type Job = z.infer<typeof Job>;

export const StoredJobs = z.object({ version: z.literal(JOBS_VERSION), jobs: z.array(Job) });
export type StoredJobs = z.infer<typeof StoredJobs>;

/** The valid jobs of a stored value; another version, or garbage, reads as none. */
export function parseStoredJobs(raw: unknown): Job[] {
  if (!raw || typeof raw !== 'object' || (raw as { version?: unknown }).version !== JOBS_VERSION) {
    return [];
  }
  const jobs = (raw as { jobs?: unknown }).jobs;
  if (!Array.isArray(jobs)) return [];
  return jobs.flatMap((job) => {
    const parsed = Job.safeParse(job);
    return parsed.success ? [parsed.data] : [];
  });
}
