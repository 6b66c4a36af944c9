// Wire formats of the Site Report Service, one schema per resource, accepting every variant the
// contract tolerates and normalising into the shapes of model.ts.
import * as z from 'zod/mini';
import { Privacy, type Project, Rating, type Report, ReportId, ratingFromScore } from './model';

/** A numeric string as a number: any length of digits, so possibly beyond the safe integers. */
const DigitString = z.pipe(z.string().check(z.regex(/^\d+$/)), z.transform(Number));

/** A whole number, sent as a number or a numeric string, within the safe integers. */
export const WholeNumber = z.union([z.int().check(z.nonnegative()), z.pipe(DigitString, z.int())]);

const Id = z.pipe(z.union([z.number(), DigitString]), ReportId);

/** Fails the value being transformed with `message` (zod/mini's transforms get the payload). */
function fail(payload: z.core.ParsePayload, message: string): never {
  payload.issues.push({ code: 'custom', message, input: payload.value });
  return z.NEVER;
}

/** ISO 8601 in any of the forms Laravel sends (no zone means UTC), or null; as toISOString(). */
const ISO_LIKE =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2})?(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const Timestamp = z.pipe(
  z.optional(z.nullable(z.string())),
  z.transform((value: string | null | undefined, payload) => {
    if (value === null || value === undefined) return null;
    const parts = ISO_LIKE.exec(value.trim());
    const iso = parts
      ? `${parts[1]}T${parts[2] ?? '00:00'}${parts[3] ?? ':00'}.${(parts[4] ?? '').padEnd(3, '0').slice(0, 3)}${normaliseZone(parts[5])}`
      : '';
    const time = Date.parse(iso);
    if (Number.isNaN(time)) return fail(payload, 'Not a timestamp');
    return new Date(time).toISOString();
  }),
);

function normaliseZone(zone: string | undefined): string {
  if (!zone || zone.toUpperCase() === 'Z') return 'Z';
  if (zone.includes(':')) return zone;
  return `${zone.slice(0, 3)}:${zone.slice(3) || '00'}`;
}

/** `result`: a rating in any letter case, null (not generated yet), or a 0–100 score. */
const Result = z.optional(
  z.nullable(
    z.union([
      z.number().check(z.minimum(0), z.maximum(100)),
      z.pipe(
        z.pipe(
          z.string(),
          z.transform((value: string) => value.trim().toLowerCase()),
        ),
        Rating,
      ),
    ]),
  ),
);

const ProjectRef = z.pipe(
  z.optional(
    z.nullable(
      z.union([
        z.string(),
        z.pipe(
          z.looseObject({ name: z.string() }),
          z.transform((project: { name: string }) => project.name),
        ),
        z.pipe(
          z.looseObject({ project: z.string() }),
          z.transform((project: { project: string }) => project.project),
        ),
      ]),
    ),
  ),
  z.transform((name: string | null | undefined) => name ?? undefined),
);

const WireReportFields = z.object({
  id: Id,
  url: z.string(),
  project: ProjectRef,
  result: Result,
  score: z.optional(z.nullable(z.number())),
  results: z.optional(z.unknown()),
  privacy: z.pipe(WholeNumber, Privacy),
  password: z.optional(z.nullable(z.boolean())),
  generated_at: Timestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const WireReport = z.pipe(
  WireReportFields,
  z.transform((wire: z.output<typeof WireReportFields>): Report => {
    const scoreFromResult = typeof wire.result === 'number' ? wire.result : undefined;
    const score = wire.score ?? scoreFromResult;
    return {
      id: wire.id,
      url: wire.url,
      project: wire.project,
      rating:
        typeof wire.result === 'number' ? ratingFromScore(wire.result) : (wire.result ?? null),
      ...(score === undefined ? {} : { score }),
      privacy: wire.privacy,
      hasPassword: wire.password ?? false,
      generatedAt: wire.generated_at,
      createdAt: wire.created_at,
      updatedAt: wire.updated_at,
      results: wire.results,
    };
  }),
);

const COUNT_FIELDS = ['reports_count', 'report_count', 'reportCount', 'count'] as const;

const WireProjectFields = z.looseObject({
  project: z.optional(z.string()),
  name: z.optional(z.string()),
  created_at: Timestamp,
});

export const WireProject = z.pipe(
  WireProjectFields,
  z.transform((wire: z.output<typeof WireProjectFields>, payload): Project => {
    const { project, name, created_at, ...extra } = wire;
    const projectName = project ?? name;
    if (projectName === undefined) return fail(payload, 'A project needs a name');
    const count = COUNT_FIELDS.map((field) => WholeNumber.safeParse(extra[field]))
      .map((parsed) => (parsed.success ? parsed.data : undefined))
      .find((value) => value !== undefined);
    return {
      ...Object.fromEntries(Object.entries(extra).filter(([key]) => key !== 'reportCount')),
      name: projectName,
      createdAt: created_at,
      ...(count === undefined ? {} : { reportCount: count }),
    };
  }),
);

/** Single resources come wrapped in `data`; a `status` beside it (or not) is ignored. */
export const ReportEnvelope = z.object({ data: WireReport });

// Paging is a hint beside the items: a figure that makes no sense counts as absent.
const Links = z.catch(
  z.optional(z.nullable(z.object({ next: z.optional(z.nullable(z.string())) }))),
  undefined,
);

const figure = (min: number) =>
  z.catch(z.optional(z.pipe(WholeNumber, z.number().check(z.minimum(min)))), undefined);

const Meta = z.catch(
  z.optional(
    z.nullable(
      z.object({
        current_page: figure(1),
        last_page: figure(1),
        per_page: figure(1),
        total: figure(0),
      }),
    ),
  ),
  undefined,
);

function listEnvelope<T extends z.ZodMiniType>(item: T) {
  return z.object({ data: z.array(item), links: Links, meta: Meta });
}
export const ReportList = listEnvelope(WireReport);
export const ProjectList = listEnvelope(WireProject);

export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  total?: number;
  lastPage?: number;
  hasNext: boolean;
}

/** A list answer as a page: meta and links when sent, else what was asked for. */
export function toPage<T>(
  list: { data: T[]; links?: z.infer<typeof Links>; meta?: z.infer<typeof Meta> },
  requested: { page: number; perPage: number },
): Page<T> {
  const { data: items, links, meta } = list;
  const page = meta?.current_page ?? requested.page;
  if (items.length > requested.perPage) return truncated(items, page, meta?.total, requested);
  let hasNext: boolean;
  if (links?.next !== undefined) hasNext = !!links.next;
  else if (meta?.last_page !== undefined) hasNext = page < meta.last_page;
  // Without links or meta a full page is the only hint that more may follow.
  else hasNext = items.length >= requested.perPage;
  // A per_page smaller than the page the service sent is not this page's.
  const perPage =
    meta?.per_page !== undefined && meta.per_page >= items.length
      ? meta.per_page
      : requested.perPage;
  return {
    items,
    page,
    perPage,
    ...(meta?.total === undefined ? {} : { total: meta.total }),
    ...(meta?.last_page === undefined ? {} : { lastPage: meta.last_page }),
    hasNext,
  };
}

/** A page cut to the `perPage` asked for, from a service that sent more: its paging figures are
 * not about this page, and the items cut off make a next page. */
function truncated<T>(
  items: T[],
  page: number,
  total: number | undefined,
  requested: { perPage: number },
): Page<T> {
  const { perPage } = requested;
  const plausible = total !== undefined && total >= (page - 1) * perPage + items.length;
  return {
    items: items.slice(0, perPage),
    page,
    perPage,
    ...(plausible ? { total, lastPage: Math.ceil(total / perPage) } : {}),
    hasNext: true,
  };
}

/** A delete answers 200 with this body, or 204 with none (handled by the client). */
export const DeleteAnswer = z.object({ deleted: z.literal(true) });

const Messages = z.union([
  z.array(z.string()),
  z.pipe(
    z.string(),
    z.transform((message: string) => [message]),
  ),
]);

/** 422 in the contract's form (`message` holds the fields) or Laravel's (`errors` does). */
/** A refusal's body (a 403): Laravel's `{ "message": "…" }`. */
export const RefusalBody = z.object({ message: z.string() });

export const ValidationBody = z.union([
  z.object({ errors: z.record(z.string(), Messages) }),
  z.object({ message: z.record(z.string(), Messages) }),
]);
