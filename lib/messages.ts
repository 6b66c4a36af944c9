// The one protocol between the extension's pages and the background. Requests are validated
// here (zod) by the background; pages import only types from this file (see send.ts), so
// zod never ships in their bundles. zod/mini, like the API client's schemas (lib/api/model.ts).
import * as z from 'zod/mini';
import {
  CreateReportInput,
  type ErrorData,
  ListProjectsParams,
  ListReportsParams,
  Privacy,
  type Project,
  ProjectName,
  type ProjectPage,
  Rating,
  type Report,
  ReportId,
  type ReportPage,
  UpdateReportInput,
} from './api/model';

export const Request = z.discriminatedUnion('type', [
  /** Settings summary (never the key) and, for `url`, the cached rating of that address. */
  z.strictObject({ type: z.literal('getStatus'), url: z.optional(z.string()) }),
  z.strictObject({ type: z.literal('createReport'), input: CreateReportInput }),
  z.strictObject({ type: z.literal('getReport'), id: ReportId }),
  z.strictObject({ type: z.literal('updateReport'), id: ReportId, input: UpdateReportInput }),
  z.strictObject({ type: z.literal('deleteReport'), id: ReportId }),
  z.strictObject({ type: z.literal('waitForResult'), id: ReportId }),
  z.strictObject({ type: z.literal('listReports'), params: ListReportsParams }),
  z.strictObject({ type: z.literal('listProjects'), params: ListProjectsParams }),
  z.strictObject({ type: z.literal('deleteProject'), name: ProjectName }),
  /** Uses the given values, saved or not; without `apiKey` the stored key is used. */
  z.strictObject({
    type: z.literal('testConnection'),
    serviceUrl: z.string(),
    apiKey: z.optional(z.string()),
  }),
]);
export type Request = z.infer<typeof Request>;
export type RequestType = Request['type'];
export type RequestOf<T extends RequestType> = Extract<Request, { type: T }>;

/** What the background remembers about an address: the latest report known for it. */
export const CachedRating = z.object({
  reportId: z.number(),
  rating: z.nullable(Rating),
  score: z.optional(z.number()),
  generatedAt: z.nullable(z.string()),
  privacy: z.optional(Privacy),
  /** When this entry was written (ms since epoch); the oldest entries are evicted first. */
  seenAt: z.number(),
});
export type CachedRating = z.infer<typeof CachedRating>;

export interface StatusAnswer {
  connected: boolean;
  /** Normalised base URL of the service, or null when none is set. */
  serviceUrl: string | null;
  /** Where the service shows a report to a browser: `${siteUrl}/reports/${id}`. */
  siteUrl: string | null;
  defaultPrivacy: Privacy;
  showBadge: boolean;
  contextMenu: boolean;
  notify: boolean;
  cached: CachedRating | null;
}

export interface TestConnectionAnswer {
  /** The base URL that answered, which may be the typed address with `/api/v1` added. */
  baseUrl: string;
  /** True when `baseUrl` differs from what was typed (offer it to the user). */
  adjusted: boolean;
  /** Number of reports, when the service says it. */
  total?: number;
}

export interface AnswerMap {
  getStatus: StatusAnswer;
  createReport: Report;
  getReport: Report;
  updateReport: Report;
  deleteReport: { id: number };
  waitForResult: Report;
  listReports: ReportPage;
  listProjects: ProjectPage;
  deleteProject: { name: string };
  testConnection: TestConnectionAnswer;
}

export type Answer<T extends RequestType> =
  | { ok: true; data: AnswerMap[T] }
  | { ok: false; error: ErrorData };

export type { Project, Report };
