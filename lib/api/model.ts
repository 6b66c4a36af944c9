// The normalised shapes the client hands out and the inputs it accepts. Wire formats (with
// every tolerated variant) live in schemas.ts; these are what the rest of the extension sees.
import { z } from 'zod';
import { PER_PAGE_OPTIONS, PRIVACY, RATINGS, ratingFromScore } from './constants';

export { PER_PAGE_OPTIONS, PRIVACY, RATINGS, ratingFromScore };

// Before the first schema below: zod decides whether to probe `new Function('')` (which extension
// CSPs report) when an object schema is built, so configuring it later is too late.
z.config({ jitless: true });

export const Rating = z.enum(RATINGS);
export type Rating = z.infer<typeof Rating>;

export const PerPage = z.union([z.literal(10), z.literal(25), z.literal(50), z.literal(100)]);
export type PerPage = z.infer<typeof PerPage>;

export const Privacy = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type Privacy = z.infer<typeof Privacy>;

export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;

const PageNumber = z.number().int().min(1);

export const ListProjectsParams = z.strictObject({
  search: z.string().optional(),
  sortBy: z.enum(['created_at', 'project']).optional(),
  sort: SortOrder.optional(),
  perPage: PerPage.optional(),
  page: PageNumber.optional(),
});
export type ListProjectsParams = z.infer<typeof ListProjectsParams>;

export const ListReportsParams = z.strictObject({
  search: z.string().optional(),
  project: z.string().optional(),
  result: Rating.optional(),
  sortBy: z.enum(['id', 'generated_at', 'url', 'result']).optional(),
  sort: SortOrder.optional(),
  perPage: PerPage.optional(),
  page: PageNumber.optional(),
});
export type ListReportsParams = z.infer<typeof ListReportsParams>;

export const ReportId = z.number().int().positive();
export const ProjectName = z.string().min(1);

/** An absolute http(s) URL: the only kind of address a report can be made for. */
export const ReportUrl = z.string().refine((value) => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}, 'Enter a full web address that starts with http:// or https://.');

export const CreateReportInput = z
  .strictObject({
    url: ReportUrl,
    privacy: Privacy.optional(),
    password: z.string().optional(),
  })
  .refine((input) => input.privacy !== 2 || !!input.password, {
    path: ['password'],
    message: 'A password is required when the report is password-protected.',
  });
export type CreateReportInput = z.infer<typeof CreateReportInput>;

export const UpdateReportInput = z
  .strictObject({
    privacy: Privacy.optional(),
    password: z.string().optional(),
    results: z.boolean().optional(),
  })
  .refine((input) => input.privacy !== 2 || !!input.password, {
    path: ['password'],
    message: 'A password is required when the report is password-protected.',
  });
export type UpdateReportInput = z.infer<typeof UpdateReportInput>;

const IsoOrNull = z.string().nullable();

export const Report = z.object({
  id: z.number(),
  url: z.string(),
  project: z.string().optional(),
  rating: Rating.nullable(),
  score: z.number().optional(),
  privacy: Privacy,
  hasPassword: z.boolean(),
  generatedAt: IsoOrNull,
  createdAt: IsoOrNull,
  updatedAt: IsoOrNull,
  results: z.unknown(),
});
export type Report = z.infer<typeof Report>;

export const Project = z.looseObject({
  name: z.string(),
  createdAt: IsoOrNull,
  reportCount: z.number().optional(),
});
export type Project = z.infer<typeof Project>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number(),
    perPage: z.number(),
    total: z.number().optional(),
    lastPage: z.number().optional(),
    hasNext: z.boolean(),
  });
}
export const ReportPage = pageSchema(Report);
export type ReportPage = z.infer<typeof ReportPage>;
export const ProjectPage = pageSchema(Project);
export type ProjectPage = z.infer<typeof ProjectPage>;

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

/** A failure as plain data: what crosses the message boundary between background and pages. */
export const ErrorData = z.object({
  kind: z.union([ErrorKind, z.enum(['not_connected', 'bad_message'])]),
  message: z.string(),
  status: z.number().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  retryAfterSeconds: z.number().optional(),
});
export type ErrorData = z.infer<typeof ErrorData>;
