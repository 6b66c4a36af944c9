// Answers as the Site Report Service sends them, for scripting the stand-in service.

/** A report as the service sends it. */
export function wireReport(fields: Record<string, unknown> = {}) {
  return {
    id: 42,
    url: 'https://example.com/pricing',
    project: 'example.com',
    result: 'good',
    score: 87,
    privacy: 1,
    password: false,
    generated_at: '2026-11-20T09:15:02.000000Z',
    created_at: '2026-11-20T09:14:58.000000Z',
    updated_at: '2026-11-20T09:15:02.000000Z',
    ...fields,
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
