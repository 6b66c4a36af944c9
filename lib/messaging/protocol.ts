// The one protocol between the extension's pages and the background: the requests, which the
// background validates, and their answers.
import * as z from 'zod/mini';
import { AccountId } from '../account/accounts';
import type { AccountHoldings, KeyVerdict } from '../account/key-check';
import {
  CreateReportInput,
  type ErrorData,
  ListProjectsParams,
  ListReportsParams,
  type Plan,
  type Project,
  ProjectName,
  type ProjectPage,
  type Report,
  ReportId,
  type ReportSummary,
  type ReportSummaryPage,
  UpdateReportInput,
} from '../api/model';
import type { KnownPages } from '../audit/known';
import { MAX_ADDRESSES } from '../audit/limits';
import { type Job, JobKind, MAX_RETRY_AFTER_SECONDS, RequestedOp } from '../jobs/schema';
import type { CachedRating } from '../rating/cache';
import type { ReportDetails } from '../rating/recent-details';
import type { TestConnectionAnswer } from '../settings/schema';
import type { StatusAnswer } from '../this-page/status-source';
import { Schedule } from '../watch/model';

const JobId = z.string().check(z.minLength(1));

export const Request = z.discriminatedUnion('type', [
  /**
   * Settings summary (never the key) and, for `url`, the cached rating of that address and the
   * create queued for it (the one for tab `tabId` first).
   */
  z.strictObject({
    type: z.literal('getStatus'),
    url: z.optional(z.string()),
    tabId: z.optional(z.int().check(z.nonnegative())),
  }),
  z.strictObject({ type: z.literal('createReport'), input: CreateReportInput }),
  z.strictObject({ type: z.literal('getReport'), id: ReportId }),
  /** The report read again, with why it got its rating (from its `results`, never cached). */
  z.strictObject({ type: z.literal('getReportDetails'), id: ReportId }),
  z.strictObject({ type: z.literal('updateReport'), id: ReportId, input: UpdateReportInput }),
  z.strictObject({ type: z.literal('deleteReport'), id: ReportId }),
  z.strictObject({ type: z.literal('waitForResult'), id: ReportId }),
  /** With `keepAs`, the answer is kept as the workspace's list as last shown, under that name. */
  z.strictObject({
    type: z.literal('listReports'),
    params: ListReportsParams,
    keepAs: z.optional(z.string()),
  }),
  z.strictObject({ type: z.literal('listProjects'), params: ListProjectsParams }),
  z.strictObject({ type: z.literal('deleteProject'), name: ProjectName }),
  /** Uses the given values, saved or not; without `apiKey` the stored key is used. */
  z.strictObject({
    type: z.literal('testConnection'),
    serviceUrl: z.string(),
    apiKey: z.optional(z.string()),
    /** The account whose form it is (its saved key may be used); the one in use when missing. */
    account: z.optional(AccountId),
  }),
  /** Makes an account the one in use everywhere (the pages' Account select). */
  z.strictObject({ type: z.literal('useAccount'), id: AccountId }),
  /**
   * Before a key typed over account `account`'s key is saved: whose account the key is, by the
   * service's `/account` id (KeyVerdict).
   */
  z.strictObject({
    type: z.literal('checkAccountKey'),
    account: AccountId,
    serviceUrl: z.string(),
    apiKey: z.string(),
  }),
  /** What removing an account takes with it (the options page's question). */
  z.strictObject({ type: z.literal('accountHoldings'), id: AccountId }),
  /** Removes an account: its key and everything kept for it. */
  z.strictObject({ type: z.literal('removeAccount'), id: AccountId }),
  /**
   * A job for the background's queue (lib/jobs/queue/): its items' operations, all of
   * the kind's type (an export: one listPage). `tabId` is the tab a create is for (its op may
   * name its own); `password` is for privacy-2 items and kept in storage.session only;
   * `retryAfterSeconds` is a wait the service already asked for (a 429 the page got).
   */
  z.strictObject({
    type: z.literal('enqueueJob'),
    kind: JobKind,
    items: z.array(RequestedOp),
    tabId: z.optional(z.int().check(z.nonnegative())),
    password: z.optional(z.string()),
    retryAfterSeconds: z.optional(
      z.number().check(z.nonnegative(), z.maximum(MAX_RETRY_AFTER_SECONDS)),
    ),
  }),
  z.strictObject({ type: z.literal('cancelJob'), id: JobId }),
  /** Queues the failed items again; creates of unknown fate only with `unknown` (the user's pick). */
  z.strictObject({
    type: z.literal('retryFailed'),
    id: JobId,
    password: z.optional(z.string()),
    unknown: z.optional(z.boolean()),
  }),
  z.strictObject({ type: z.literal('resumeJob'), id: JobId }),
  /** Removes a finished job (and its export). */
  z.strictObject({ type: z.literal('clearJob'), id: JobId }),
  /** Removes a job held for another service (or finished), with its password and export. */
  z.strictObject({ type: z.literal('discardJob'), id: JobId }),
  /** The saved service's plan (name and monthly allowance), null when it does not tell. */
  z.strictObject({
    type: z.literal('getPlan'),
    /** Another account than the one in use (the options page's list). */
    account: z.optional(AccountId),
  }),
  /**
   * Add pages: which of these addresses already have a report on the saved service (from the
   * rating cache, and the service's list searched by host, bounded).
   */
  z.strictObject({
    type: z.literal('findKnownPages'),
    urls: z.array(z.string()).check(z.maxLength(MAX_ADDRESSES)),
  }),
  /** The jobs, as storage.local `jobs` holds them (pages may also read that key). */
  z.strictObject({ type: z.literal('getJobs') }),
  /** A finished export's reports, in order; they are then removed from storage. */
  z.strictObject({ type: z.literal('takeExport'), id: JobId }),
  // Watching (lib/watch/): the saved service's watch list and schedule. The Watched tab reads the
  // list and the history itself (lib/watch/overview.ts).
  /** Watch these reports (This page, Watch selected). */
  z.strictObject({
    type: z.literal('watchReports'),
    reports: z.array(z.object({ id: ReportId, url: z.string() })).check(z.maxLength(10_000)),
  }),
  z.strictObject({ type: z.literal('unwatchReports'), ids: z.array(ReportId) }),
  /** Watch every report of a project, and those created in it later. */
  z.strictObject({ type: z.literal('watchProject'), name: ProjectName }),
  z.strictObject({ type: z.literal('unwatchProject'), name: ProjectName }),
  z.strictObject({ type: z.literal('setSchedule'), schedule: Schedule }),
  /** Starts a run of re-analyses of every watched page now (one queue job). */
  z.strictObject({ type: z.literal('runWatchNow') }),
]);
export type Request = z.infer<typeof Request>;
export type RequestType = Request['type'];
export type RequestOf<T extends RequestType> = Extract<Request, { type: T }>;

/** Reports reach the pages as ReportSummary: without `results`, which only getReportDetails reads. */
export interface AnswerMap {
  getStatus: StatusAnswer;
  createReport: ReportSummary;
  getReport: ReportSummary;
  getReportDetails: ReportDetails;
  updateReport: ReportSummary;
  deleteReport: { id: number };
  waitForResult: ReportSummary;
  listReports: ReportSummaryPage;
  listProjects: ProjectPage;
  deleteProject: { name: string };
  testConnection: TestConnectionAnswer;
  useAccount: { id: string };
  checkAccountKey: KeyVerdict;
  accountHoldings: AccountHoldings;
  removeAccount: { id: string };
  getPlan: Plan | null;
  findKnownPages: KnownPages;
  /** `resumeAt`: when the queue means to send its first request, if it has to wait. */
  enqueueJob: { id: string; resumeAt?: number };
  cancelJob: { id: string };
  retryFailed: { id: string };
  resumeJob: { id: string };
  clearJob: { id: string };
  discardJob: { id: string };
  getJobs: Job[];
  takeExport: ReportSummary[];
  /** How many pages are watched now (on their own, not through a project). */
  watchReports: { watched: number };
  unwatchReports: { watched: number };
  watchProject: { name: string };
  unwatchProject: { name: string };
  setSchedule: { schedule: Schedule; nextRunAt: number | null };
  /** The run's job. */
  runWatchNow: { id: string };
}

export type Answer<T extends RequestType> =
  | { ok: true; data: AnswerMap[T] }
  | { ok: false; error: ErrorData };

export type {
  CachedRating,
  Job,
  Project,
  Report,
  ReportDetails,
  StatusAnswer,
  TestConnectionAnswer,
};
