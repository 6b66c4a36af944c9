// Public entry of the Site Report API client: the factory, its error type, the URL helpers the
// background needs, and the normalised model types.
import type { createSiteReportClient } from './client';

export { siteUrlFromBaseUrl } from './base-url';
export type { Sleep } from './cancellation';
export type { SiteReportClientOptions } from './client';
export { createSiteReportClient, normaliseBaseUrl } from './client';
export type { FieldErrors } from './errors';
export { SiteReportError, toErrorData } from './errors';
export type {
  CreateReportInput,
  ErrorData,
  ErrorKind,
  ListProjectsParams,
  ListReportsParams,
  PerPage,
  Plan,
  Privacy,
  Project,
  ProjectPage,
  Rating,
  Report,
  ReportPage,
  SortOrder,
  UpdateReportInput,
} from './model';
export type { WaitOptions } from './reports';
export { parseRetryAfter } from './retry-after';
export type { CallOptions, Fetch } from './transport';

export type SiteReportClient = ReturnType<typeof createSiteReportClient>;
