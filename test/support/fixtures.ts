// Reports, projects and lists as the service sends them (wire) and as the extension holds them
// (model), for every suite.
import type { Project, Report, ReportSummary } from '../../lib/api/model';

/** A report as the service sends it. */
export function wireReport(fields: Record<string, unknown> = {}) {
  return {
    id: 42,
    url: 'https://example.com/pricing',
    project: 'example.com',
    result: 'good',
    score: 87,
    results: { checks: [{ name: 'tls', passed: true }] },
    privacy: 1,
    password: false,
    generated_at: '2026-11-20T09:15:02.000000Z',
    created_at: '2026-11-20T09:14:58.000000Z',
    updated_at: '2026-11-20T09:15:02.000000Z',
    ...fields,
  };
}

/**
 * A report's `results` as deployments send it: a map of checks. Three of six fail: the title's
 * length (high), the load time (medium) and an image format (low), listed low first.
 */
export function wireChecks(overrides: Record<string, unknown> = {}) {
  return {
    image_format: {
      passed: false,
      importance: 'low',
      value: ['bmp'],
      errors: { bad_format: null },
    },
    load_time: {
      passed: false,
      importance: 'medium',
      value: 2.4,
      errors: { too_slow: { max: 1 } },
    },
    https_encryption: { passed: true, importance: 'high', value: true, errors: [] },
    title: {
      passed: false,
      importance: 'high',
      value: 'Hi',
      errors: { length: { min: 10, max: 60 } },
    },
    favicon: { passed: true, importance: 'low', value: '/favicon.ico', errors: [] },
    language: { passed: true, importance: 'medium', value: 'en', errors: [] },
    ...overrides,
  };
}

/** A list answer with Laravel's paginator fields. */
export function wireList(items: unknown[], total = items.length, perPage = 10) {
  return {
    data: items,
    links: { first: null, last: null, prev: null, next: null },
    meta: { current_page: 1, from: 1, last_page: 1, per_page: perPage, to: items.length, total },
    status: 200,
  };
}

/** What a web site (not an API) answers. */
export const HTML_PAGE = '<!doctype html><html><body><h1>Welcome</h1></body></html>';

const MINUTE = 60_000;
/** One moment for every made report and project, so two made alike are equal. */
const MADE_AT = Date.now();

/** A report as the client answers it (the model), generated five minutes ago. */
export function report(overrides: Partial<Report> = {}): Report {
  return {
    id: 42,
    url: 'https://example.com/pricing',
    project: 'example.com',
    rating: 'good',
    score: 87,
    privacy: 0,
    hasPassword: false,
    generatedAt: new Date(MADE_AT - 5 * MINUTE).toISOString(),
    createdAt: new Date(MADE_AT - 6 * MINUTE).toISOString(),
    updatedAt: new Date(MADE_AT - 5 * MINUTE).toISOString(),
    results: {},
    ...overrides,
  };
}

/** A report as the pages receive it (without `results`). */
export function summary(overrides: Partial<ReportSummary> = {}): ReportSummary {
  const { results: _, ...rest } = report(overrides);
  return rest;
}

export function project(name: string, overrides: Partial<Project> = {}): Project {
  return { name, createdAt: new Date(MADE_AT - 60 * MINUTE).toISOString(), ...overrides };
}

/** A page of a list as the client answers it. */
export function listPage<T>(
  items: T[],
  overrides: Partial<{ page: number; perPage: number; lastPage: number; hasNext: boolean }> = {},
) {
  return { items, page: 1, perPage: 10, hasNext: false, ...overrides };
}
