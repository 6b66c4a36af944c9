// The seven operations of the Site Report Service v1 API and the account (server/README.md
// describes what this service implements of it), answering with the envelopes, messages and status codes that
// Laravel deployments use.
import { type Analysis, FetchFailure } from './analysis';
import {
  type Analysed,
  apiTime,
  dbTime,
  type Privacy,
  type ProjectRow,
  type Rating,
  type ReportRow,
  type SortOrder,
  type Store,
} from './db';
import type { JsonAnswer } from './http';
import { hashPassword } from './passwords';

export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
const RATINGS: readonly Rating[] = ['good', 'decent', 'bad'];
const MAX_URL_LENGTH = 2048;
const MAX_PASSWORD_LENGTH = 128;

export interface ApiContext {
  store: Store;
  accountId: number;
  /** The request's address as the client used it (links in lists point back to it). */
  url: URL;
  params: string[];
  fields(): Promise<Record<string, string>>;
  analyse(url: string): Promise<Analysis>;
  /** In async mode, create answers at once and the analysis fills the report in later. */
  scheduleAnalysis?: (reportId: number, url: string) => void;
  defaultPerPage: number;
  /** The plan every account has: its name and monthly report allowance (-1: unlimited). */
  plan: { name: string; reports: number };
  /**
   * Takes one of the account's creates this month before a create goes ahead; null: the monthly
   * quota is used up. The returned function gives it back once the report is stored (or not made).
   */
  reserveCreate?: () => (() => void) | null;
  /** What a change or delete of a report that is not the account's answers (default 403). */
  missingReport?: 403 | 404;
  /** false: list items leave `results` out (a read still has them). */
  listResults?: boolean;
}

type Handler = (context: ApiContext) => Promise<JsonAnswer> | JsonAnswer;

interface Route {
  pattern: RegExp;
  methods: Partial<Record<string, Handler>>;
}

const ROUTES: Route[] = [
  { pattern: /^\/api\/v1\/account\/?$/, methods: { GET: showAccount } },
  { pattern: /^\/api\/v1\/projects\/?$/, methods: { GET: listProjects } },
  { pattern: /^\/api\/v1\/projects\/([^/]+)\/?$/, methods: { DELETE: deleteProject } },
  { pattern: /^\/api\/v1\/reports\/?$/, methods: { GET: listReports, POST: createReport } },
  {
    pattern: /^\/api\/v1\/reports\/([^/]+)\/?$/,
    methods: { GET: showReport, PUT: updateReport, DELETE: deleteReport },
  },
];

export type RouteMatch =
  | { kind: 'found'; handler: Handler; params: string[] }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

export function matchRoute(method: string, pathname: string): RouteMatch {
  const verb = method === 'HEAD' ? 'GET' : method;
  for (const route of ROUTES) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const handler = route.methods[verb];
    if (handler) return { kind: 'found', handler, params: match.slice(1) };
    const allowed = Object.keys(route.methods).flatMap((name) =>
      name === 'GET' ? ['GET', 'HEAD'] : [name],
    );
    return { kind: 'method_not_allowed', allowed };
  }
  return { kind: 'not_found' };
}

export const notFound = (): JsonAnswer => ({
  status: 404,
  body: { message: 'Resource not found.', status: 404 },
});

/** Laravel's answer when a policy refuses: a change of a report missing or another account's. */
export const unauthorized = (): JsonAnswer => ({
  status: 403,
  body: { message: 'This action is unauthorized.' },
});

/** The refusal of a change to a report that is not the account's: authorised before it is found. */
const notYours = (context: ApiContext): JsonAnswer =>
  context.missingReport === 404 ? notFound() : unauthorized();

export const QUOTA_MESSAGE = 'You created too many reports.';

const validationFailed = (errors: Record<string, string[]>): JsonAnswer => ({
  status: 422,
  body: { message: errors, status: 422 },
});

// ---------------------------------------------------------------------------------------------
// Lists

function listReports({
  store,
  accountId,
  url,
  defaultPerPage,
  listResults = true,
}: ApiContext): JsonAnswer {
  const query = url.searchParams;
  const { page, perPage } = paging(query, defaultPerPage);
  const result = query.get('result')?.toLowerCase();
  const project = query.get('project');
  const { rows, total } = store.listReports(accountId, {
    search: query.get('search') || undefined,
    project: project || undefined,
    result: RATINGS.find((rating) => rating === result),
    sortBy: pick(query.get('sort_by'), ['id', 'generated_at', 'url', 'result'] as const, 'id'),
    sort: sortOrder(query),
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  const items = rows.map((row) => {
    const { results, ...rest } = reportResource(row);
    return listResults ? { ...rest, results } : rest;
  });
  return { status: 200, body: paginated(url, page, perPage, total, items) };
}

function listProjects({ store, accountId, url, defaultPerPage }: ApiContext): JsonAnswer {
  const query = url.searchParams;
  const { page, perPage } = paging(query, defaultPerPage);
  const { rows, total } = store.listProjects(accountId, {
    search: query.get('search') || undefined,
    sortBy: pick(query.get('sort_by'), ['created_at', 'project'] as const, 'created_at'),
    sort: sortOrder(query),
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  return { status: 200, body: paginated(url, page, perPage, total, rows.map(projectResource)) };
}

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((option) => option === value) ?? fallback;
}

function sortOrder(query: URLSearchParams): SortOrder {
  return query.get('sort')?.toLowerCase() === 'asc' ? 'asc' : 'desc';
}

/** Laravel's paginator: a page that is not a positive integer is page 1. */
function paging(query: URLSearchParams, defaultPerPage: number) {
  const rawPage = query.get('page') ?? '';
  const page = /^\d+$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  const rawPerPage = Number(query.get('per_page'));
  const perPage = (PER_PAGE_OPTIONS as readonly number[]).includes(rawPerPage)
    ? rawPerPage
    : defaultPerPage;
  // Bounded so the offset stays an exact integer for SQLite.
  return { page: Math.min(page, 1_000_000_000), perPage };
}

/** The `data`/`links`/`meta` envelope of Laravel's length-aware paginator resource. */
export function paginated(url: URL, page: number, perPage: number, total: number, data: unknown[]) {
  const path = `${url.origin}${url.pathname.replace(/\/$/, '')}`;
  const kept = new URLSearchParams(url.search);
  kept.delete('page');
  const pageUrl = (n: number) => {
    const params = new URLSearchParams(kept);
    params.append('page', String(n));
    return `${path}?${params}`;
  };
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = data.length ? (page - 1) * perPage + 1 : null;
  const to = data.length && from !== null ? from + data.length - 1 : null;
  const prev = page > 1 ? pageUrl(page - 1) : null;
  const next = page < lastPage ? pageUrl(page + 1) : null;
  return {
    data,
    links: { first: pageUrl(1), last: pageUrl(lastPage), prev, next },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      links: [
        { url: prev, label: '&laquo; Previous', active: false },
        ...pageWindow(page, lastPage).map((n) =>
          n === null
            ? { url: null, label: '...', active: false }
            : { url: pageUrl(n), label: String(n), active: n === page },
        ),
        { url: next, label: 'Next &raquo;', active: false },
      ],
      path,
      per_page: perPage,
      to,
      total,
    },
    status: 200,
  };
}

/** The page numbers Laravel's UrlWindow lists (three on each side), `null` for a gap. */
function pageWindow(page: number, lastPage: number): (number | null)[] {
  const onEachSide = 3;
  const range = (start: number, end: number) =>
    Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i);
  if (lastPage < onEachSide * 2 + 8) return range(1, lastPage);
  const window = onEachSide + 4;
  if (page <= window) return [...range(1, window + onEachSide), null, lastPage - 1, lastPage];
  if (page > lastPage - window) {
    return [1, 2, null, ...range(lastPage - (window + onEachSide - 1), lastPage)];
  }
  return [1, 2, null, ...range(page - onEachSide, page + onEachSide), null, lastPage - 1, lastPage];
}

// ---------------------------------------------------------------------------------------------
// Resources

export function reportResource(row: ReportRow) {
  return {
    id: row.id,
    url: row.url,
    project: row.project,
    result: row.result,
    score: row.score,
    results: row.results === null ? null : (JSON.parse(row.results) as unknown),
    privacy: row.privacy,
    password: row.password_hash !== null,
    generated_at: apiTime(row.generated_at),
    created_at: apiTime(row.created_at),
    updated_at: apiTime(row.updated_at),
  };
}

function projectResource(row: ProjectRow) {
  return {
    project: row.name,
    created_at: apiTime(row.created_at),
    reports_count: row.reports_count,
  };
}

/**
 * The account of the key, as deployments answer `GET /account`: made-up personal fields (a
 * client must keep none of them) and the plan, whose `features.reports` is the monthly allowance.
 */
function showAccount({ store, accountId, plan }: ApiContext): JsonAnswer {
  return {
    status: 200,
    body: {
      data: {
        id: accountId,
        name: `Account ${accountId}`,
        email: `account-${accountId}@example.com`,
        locale: 'en',
        timezone: 'UTC',
        plan: {
          id: 1,
          name: plan.name,
          features: { reports: plan.reports, projects: -1, api: true },
        },
        created_at: apiTime(store.accountCreatedAt(accountId) ?? dbTime()),
      },
      status: 200,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Single reports and projects

function reportId(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}

function showReport({ store, accountId, params }: ApiContext): JsonAnswer {
  const id = reportId(params[0]);
  const row = id === null ? undefined : store.getReport(accountId, id);
  if (!row) return notFound();
  return { status: 200, body: { data: reportResource(row), status: 200 } };
}

async function createReport(context: ApiContext): Promise<JsonAnswer> {
  const fields = await context.fields();
  const errors: Record<string, string[]> = {};
  const url = validateUrl(fields.url?.trim(), errors);
  const privacy = validatePrivacy(fields.privacy, errors) ?? 0;
  const password = validatePassword(fields.password, errors);
  if (privacy === 2 && password === undefined && !errors.password) {
    errors.password = ['The password field is required when privacy is 2.'];
  }
  if (Object.keys(errors).length > 0 || !url) return validationFailed(errors);
  // Taken before the analysis, so creates under way at once cannot go past the quota.
  const release = context.reserveCreate ? context.reserveCreate() : () => {};
  if (!release) return validationFailed({ url: [QUOTA_MESSAGE] });
  try {
    let analysis: Analysed | null = null;
    // Stored under the address the analysis ended on after redirects, as deployments do.
    let storedUrl = url;
    if (!context.scheduleAnalysis) {
      try {
        const done = await context.analyse(url);
        analysis = analysed(done);
        storedUrl = done.fetched.finalUrl;
      } catch (error) {
        if (error instanceof FetchFailure) return validationFailed({ url: [error.message] });
        throw error;
      }
    }
    const row = context.store.createReport(context.accountId, {
      url: storedUrl,
      project: new URL(storedUrl).host,
      privacy,
      passwordHash: privacy === 2 && password !== undefined ? await hashPassword(password) : null,
      analysis,
    });
    context.scheduleAnalysis?.(row.id, row.url);
    return { status: 201, body: { data: reportResource(row), status: 201 } };
  } finally {
    release();
  }
}

async function updateReport(context: ApiContext): Promise<JsonAnswer> {
  const id = reportId(context.params[0]);
  const current = id === null ? undefined : context.store.getReport(context.accountId, id);
  if (!current) return notYours(context);

  const fields = await context.fields();
  const errors: Record<string, string[]> = {};
  const privacy = validatePrivacy(fields.privacy, errors) ?? current.privacy;
  const password = validatePassword(fields.password, errors);
  const rerun = validateBoolean('results', fields.results, errors);
  // Privacy 2 needs a password: a new one, or the one the report already has.
  if (privacy === 2 && password === undefined && !current.password_hash && !errors.password) {
    errors.password = ['The password field is required when privacy is 2.'];
  }
  if (Object.keys(errors).length > 0) return validationFailed(errors);

  let analysis: Analysed | undefined;
  if (rerun) {
    try {
      analysis = analysed(await context.analyse(current.url));
    } catch (error) {
      if (error instanceof FetchFailure) return validationFailed({ url: [error.message] });
      throw error;
    }
  }
  let passwordHash: string | null | undefined = null;
  if (privacy === 2)
    passwordHash = password === undefined ? undefined : await hashPassword(password);
  const row = context.store.updateReport(current.id, { privacy, passwordHash, analysis });
  return { status: 200, body: { data: reportResource(row), status: 200 } };
}

function deleteReport(context: ApiContext): JsonAnswer {
  const id = reportId(context.params[0]);
  if (id === null || !context.store.deleteReport(context.accountId, id)) return notYours(context);
  return { status: 200, body: { id, object: 'report', deleted: true, status: 200 } };
}

function deleteProject({ store, accountId, params }: ApiContext): JsonAnswer {
  let name: string;
  try {
    name = decodeURIComponent(params[0] ?? '');
  } catch {
    return notFound();
  }
  if (!store.deleteProject(accountId, name)) return notFound();
  return { status: 200, body: { id: name, object: 'project', deleted: true, status: 200 } };
}

export function analysed(analysis: Analysis): Analysed {
  return { ...analysis, generatedAt: dbTime() };
}

// ---------------------------------------------------------------------------------------------
// Validation, with Laravel's messages. Empty strings count as absent (Laravel converts them to
// null before validation).

function validateUrl(value: string | undefined, errors: Record<string, string[]>): string | null {
  if (!value) {
    errors.url = ['The url field is required.'];
    return null;
  }
  if (value.length > MAX_URL_LENGTH) {
    errors.url = [`The url field must not be greater than ${MAX_URL_LENGTH} characters.`];
    return null;
  }
  if (!isWebUrl(value)) {
    errors.url = ['The url field must be a valid URL.'];
    return null;
  }
  return value;
}

export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function validatePrivacy(
  value: string | undefined,
  errors: Record<string, string[]>,
): Privacy | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (trimmed === '0' || trimmed === '1' || trimmed === '2') return Number(trimmed) as Privacy;
  errors.privacy = ['The selected privacy is invalid.'];
  return undefined;
}

function validatePassword(
  value: string | undefined,
  errors: Record<string, string[]>,
): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length > MAX_PASSWORD_LENGTH) {
    errors.password = [
      `The password field must not be greater than ${MAX_PASSWORD_LENGTH} characters.`,
    ];
    return undefined;
  }
  return value;
}

function validateBoolean(
  name: string,
  value: string | undefined,
  errors: Record<string, string[]>,
): boolean {
  if (value === undefined || value.trim() === '') return false;
  const normalised = value.trim().toLowerCase();
  if (normalised === '1' || normalised === 'true') return true;
  if (normalised === '0' || normalised === 'false') return false;
  errors[name] = [`The ${name} field must be true or false.`];
  return false;
}
