// The normalised shapes the client hands out and the inputs it accepts (wire formats are in
// schemas.ts). zod/mini's messages are plain "Invalid input", so each schema says its own.
import * as z from 'zod/mini';
import { PER_PAGE_OPTIONS, PRIVACY, RATINGS, ratingFromScore } from './constants';

export { PER_PAGE_OPTIONS, PRIVACY, RATINGS, ratingFromScore };

// Before the first schema below: zod decides whether to probe `new Function('')` (which extension
// CSPs report) when an object schema is built, so configuring it later is too late.
z.config({ jitless: true });

export const Rating = z.enum(RATINGS, { error: 'The result must be good, decent or bad.' });
export type Rating = z.infer<typeof Rating>;

/** How much a check of a report's `results` counts. */
export const IMPORTANCES = ['high', 'medium', 'low'] as const;

export const PerPage = z.literal(PER_PAGE_OPTIONS, {
  error: 'Per page must be 10, 25, 50 or 100.',
});
export type PerPage = z.infer<typeof PerPage>;

export const Privacy = z.literal([PRIVACY.public, PRIVACY.private, PRIVACY.password], {
  error: 'Privacy must be 0 (public), 1 (private) or 2 (password).',
});
export type Privacy = z.infer<typeof Privacy>;

export const SortOrder = z.enum(['asc', 'desc'], { error: 'The order must be asc or desc.' });
export type SortOrder = z.infer<typeof SortOrder>;

const PageNumber = z
  .int({ error: 'The page must be a whole number.' })
  .check(z.minimum(1, { error: 'The page must be 1 or more.' }));

/** Options objects name every option they take; anything else is a mistake worth naming. */
const OPTIONS_ERROR = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === 'unrecognized_keys'
      ? `Unknown option: ${(issue.keys as string[]).join(', ')}.`
      : 'The options must be an object.',
};

const SearchText = z.string({ error: 'The search must be text.' });

export const ListProjectsParams = z.strictObject(
  {
    search: z.optional(SearchText),
    sortBy: z.optional(
      z.enum(['created_at', 'project'], { error: 'Sort by must be created_at or project.' }),
    ),
    sort: z.optional(SortOrder),
    perPage: z.optional(PerPage),
    page: z.optional(PageNumber),
  },
  OPTIONS_ERROR,
);
export type ListProjectsParams = z.infer<typeof ListProjectsParams>;

export const ListReportsParams = z.strictObject(
  {
    search: z.optional(SearchText),
    project: z.optional(z.string({ error: 'The project must be a name.' })),
    result: z.optional(Rating),
    sortBy: z.optional(
      z.enum(['id', 'generated_at', 'url', 'result'], {
        error: 'Sort by must be id, generated_at, url or result.',
      }),
    ),
    sort: z.optional(SortOrder),
    perPage: z.optional(PerPage),
    page: z.optional(PageNumber),
  },
  OPTIONS_ERROR,
);
export type ListReportsParams = z.infer<typeof ListReportsParams>;

export const ReportId = z
  .int({ error: 'The report id must be a whole number.' })
  .check(z.positive({ error: 'The report id must be 1 or more.' }));
export const ProjectName = z
  .string({ error: 'The project name must be text.' })
  .check(z.minLength(1, { error: 'Enter the project name.' }));

/** An absolute http(s) URL: the only kind of address a report can be made for. */
export const ReportUrl = z.string({ error: 'Enter the address as text.' }).check(
  z.refine((value) => {
    try {
      const { protocol } = new URL(value);
      return protocol === 'http:' || protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Enter a full web address that starts with http:// or https://.'),
);

const passwordWhenProtected = z.refine<{ privacy?: Privacy; password?: string }>(
  (input) => input.privacy !== PRIVACY.password || !!input.password,
  {
    path: ['password'],
    message: 'A password is required when the report is password-protected.',
  },
);

const Password = z.string({ error: 'The password must be text.' });

export const CreateReportInput = z
  .strictObject(
    {
      url: ReportUrl,
      privacy: z.optional(Privacy),
      password: z.optional(Password),
    },
    OPTIONS_ERROR,
  )
  .check(passwordWhenProtected);
export type CreateReportInput = z.infer<typeof CreateReportInput>;

export const UpdateReportInput = z
  .strictObject(
    {
      privacy: z.optional(Privacy),
      password: z.optional(Password),
      results: z.optional(z.boolean({ error: 'results must be true or false.' })),
    },
    OPTIONS_ERROR,
  )
  .check(passwordWhenProtected);
export type UpdateReportInput = z.infer<typeof UpdateReportInput>;

const IsoOrNull = z.nullable(z.string());

/** A report without `results` (opaque, of any size), which no page shows. */
export const ReportSummary = z.object({
  id: z.number(),
  url: z.string(),
  project: z.optional(z.string()),
  rating: z.nullable(Rating),
  score: z.optional(z.number()),
  privacy: Privacy,
  hasPassword: z.boolean(),
  generatedAt: IsoOrNull,
  createdAt: IsoOrNull,
  updatedAt: IsoOrNull,
});
export type ReportSummary = z.infer<typeof ReportSummary>;

export const Report = z.object({
  ...ReportSummary.shape,
  /** The service's analysis details, opaque; absent when it sent none. */
  results: z.optional(z.unknown()),
});
export type Report = z.infer<typeof Report>;

export function toSummary({ results: _results, ...summary }: Report): ReportSummary {
  return summary;
}

export const Project = z.looseObject({
  name: z.string(),
  createdAt: IsoOrNull,
  reportCount: z.optional(z.number()),
});
export type Project = z.infer<typeof Project>;

export function pageSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number(),
    perPage: z.number(),
    total: z.optional(z.number()),
    lastPage: z.optional(z.number()),
    hasNext: z.boolean(),
  });
}
export const ReportPage = pageSchema(Report);
export type ReportPage = z.infer<typeof ReportPage>;
export const ReportSummaryPage = pageSchema(ReportSummary);
export type ReportSummaryPage = z.infer<typeof ReportSummaryPage>;
export const ProjectPage = pageSchema(Project);
export type ProjectPage = z.infer<typeof ProjectPage>;

/** The longest plan name kept; a longer one is cut (it is shown in a sentence). */
export const PLAN_NAME_MAX = 60;

/**
 * The account's plan as the extension keeps it (`GET /account`): its name and how many reports
 * it allows a month, 'unlimited', or nothing when the service does not say. Nothing personal.
 */
export const Plan = z.object({
  name: z.string().check(z.maxLength(PLAN_NAME_MAX)),
  reportsPerMonth: z.optional(z.union([z.int().check(z.nonnegative()), z.literal('unlimited')])),
});
export type Plan = z.infer<typeof Plan>;

/** What `GET /account` tells: the plan, and which of the service's accounts the key is. */
export const AccountInfo = z.object({ plan: z.nullable(Plan), id: z.optional(z.int()) });
export type AccountInfo = z.infer<typeof AccountInfo>;

export const ERROR_KINDS = [
  'invalid_input',
  'unauthorized',
  'forbidden',
  'not_found',
  'validation',
  'rate_limited',
  'server',
  'network',
  'timeout',
  'unexpected_response',
  'aborted',
] as const;
export const ErrorKind = z.enum(ERROR_KINDS);
export type ErrorKind = z.infer<typeof ErrorKind>;

/** What went wrong, more precisely than the kind, as the API client detects it (errors.ts). */
export const API_ERROR_REASONS = [
  'unauthorized',
  'forbidden',
  /** A 403 on one report's change or delete, the report still there: the service's own words. */
  'reportRefused',
  'notFoundOnList',
  'reportGone',
  'projectGone',
  'validation',
  'rateLimited',
  'server',
  'otherStatus',
  'network',
  'timeout',
  'notReady',
  'notAnApi',
  'redirected',
  'badShape',
  'aborted',
  'invalidInput',
  'unknown',
] as const;
export type ApiErrorReason = (typeof API_ERROR_REASONS)[number];

/** The client's reasons and the ones the extension itself detects. */
export const ErrorReason = z.enum([
  ...API_ERROR_REASONS,
  'notConnected',
  'badSender',
  'badMessage',
  'noAnswer',
  'cannotReport',
  /** A create the background did not send: the browser was offline. */
  'notSent',
  // The background queue's (lib/jobs/queue/).
  'passwordGone',
  'fateUnknown',
  /** A create whose answer did not come, looked for until it could no longer be under way. */
  'notMade',
  /** A create a job did not send: the monthly report quota was used up. */
  'quotaNotSent',
  'jobTooBig',
  'exportCut',
  /** A job ended because storage.local was full (lib/jobs/queue/store.ts). */
  'storageFull',
  'jobNotFound',
  'jobBusy',
  'otherService',
  /** An account named by a page that is not on the list (any more). */
  'accountGone',
  /** A key typed over an account's key that the service says is another account's. */
  'otherAccountKey',
  /** A job of more creates than the plan allows a month (lib/account/). */
  'overAllowance',
  // Watching pages (lib/watch/): "Run now" with nothing watched, or while a run is going.
  'nothingWatched',
  'runGoing',
]);
export type ErrorReason = z.infer<typeof ErrorReason>;

/** A failure as plain data, as it crosses between background and pages: the facts, and the
 * sentence chosen where it became data (`message`). */
export const ErrorData = z.object({
  kind: z.union([ErrorKind, z.enum(['not_connected', 'bad_message'])]),
  reason: z.optional(ErrorReason),
  message: z.string(),
  status: z.optional(z.number()),
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
  retryAfterSeconds: z.optional(z.number()),
  /** For 'timeout' and 'notReady': how long was waited, in ms. */
  waitedMs: z.optional(z.number()),
  /** For 'reportRefused': the service's own message, as text (scrubbed of the key). */
  serviceMessage: z.optional(z.string()),
  /** For 'exportCut': how many reports were exported; for 'overAllowance': creates asked for. */
  count: z.optional(z.number()),
  /** For 'overAllowance': the reports the plan allows a month. */
  allowance: z.optional(z.number()),
});
export type ErrorData = z.infer<typeof ErrorData>;
