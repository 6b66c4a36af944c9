// Every success shape of the contract and every "tolerate" variant, served over real HTTP.
import { describe, expect, it } from 'vitest';
import type { Report } from '../../../lib/api';
import { wireReport } from '../../support/fixtures';
import { reportBody, useServer } from './fixtures';

const ctx = useServer();

const NORMALISED: Report = {
  id: 42,
  url: 'https://example.com/pricing',
  project: 'example.com',
  rating: 'good',
  score: 87,
  privacy: 1,
  hasPassword: false,
  generatedAt: '2026-11-20T09:15:02.000Z',
  createdAt: '2026-11-20T09:14:58.000Z',
  updatedAt: '2026-11-20T09:15:02.000Z',
  results: { checks: [{ name: 'tls', passed: true }] },
};

describe('a single report', () => {
  it('normalises the contract example', async () => {
    ctx.server.on({ body: reportBody() });
    const report = await ctx.client().reports.get(42);
    expect(report).toStrictEqual(NORMALISED);
    expect(ctx.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /reports/42']);
  });

  it.each<[string, Record<string, unknown>, Partial<Report>]>([
    ['id as a numeric string', { id: '42' }, { id: 42 }],
    ['privacy as a numeric string', { privacy: '2' }, { privacy: 2 }],
    ['privacy 0', { privacy: 0 }, { privacy: 0 }],
    ['password true', { password: true }, { hasPassword: true }],
    ['password absent', { password: undefined }, { hasPassword: false }],
    ['result in capitals', { result: 'GOOD' }, { rating: 'good' }],
    ['result in mixed case', { result: 'Decent' }, { rating: 'decent' }],
    ['result bad', { result: 'bad' }, { rating: 'bad' }],
    [
      'result null (not generated yet)',
      { result: null, generated_at: null },
      { rating: null, generatedAt: null },
    ],
    ['result as a good score', { result: 80, score: undefined }, { rating: 'good', score: 80 }],
    ['result as a decent score', { result: 50, score: undefined }, { rating: 'decent', score: 50 }],
    ['result as a bad score', { result: 49, score: undefined }, { rating: 'bad', score: 49 }],
    ['result score beside its own score', { result: 10, score: 15 }, { rating: 'bad', score: 15 }],
    ['score absent', { score: undefined }, { score: undefined }],
    ['results absent', { results: undefined }, { results: undefined }],
    ['project absent', { project: undefined }, { project: undefined }],
    [
      'project as an object',
      { project: { name: 'shop.example', id: 3 } },
      { project: 'shop.example' },
    ],
    ['generated_at null', { generated_at: null }, { generatedAt: null }],
    ['timestamp without fraction', { created_at: '2026-11-20T09:14:58Z' }, {}],
    ['timestamp without zone', { created_at: '2026-11-20T09:14:58' }, {}],
    ['timestamp with 6-digit fraction, no zone', { created_at: '2026-11-20T09:14:58.000000' }, {}],
    ['timestamp with a space', { created_at: '2026-11-20 09:14:58' }, {}],
    ['timestamp with an offset', { created_at: '2026-11-20T10:14:58+01:00' }, {}],
    ['timestamp with a colonless offset', { created_at: '2026-11-20T04:14:58.000-0500' }, {}],
    ['timestamp with an hour-only offset', { created_at: '2026-11-20T10:14:58+01' }, {}],
    ['unknown extra fields', { colour: 'blue', nested: { a: 1 } }, {}],
  ])('tolerates %s', async (_name, overrides, expected) => {
    ctx.server.on({ body: reportBody(overrides) });
    const report = await ctx.client().reports.get(42);
    expect(report).toEqual({ ...NORMALISED, ...expected });
    expect(report).not.toHaveProperty('colour');
  });

  it('accepts a body without status and a fractional timestamp', async () => {
    ctx.server.on({ body: { data: wireReport({ updated_at: '2026-11-20T09:15:02.5Z' }) } });
    const report = await ctx.client().reports.get(42);
    expect(report.updatedAt).toBe('2026-11-20T09:15:02.500Z');
  });

  it('hands results on untouched', async () => {
    const results = { deep: { list: [1, 'two', null, { three: 3 }] }, empty: {} };
    ctx.server.on({ body: reportBody({ results }) });
    expect((await ctx.client().reports.get(42)).results).toStrictEqual(results);
  });
});

describe('create and update', () => {
  it('creates a report (201) from a form body', async () => {
    ctx.server.on({ status: 201, body: reportBody({ privacy: 2, password: true }) });
    const report = await ctx
      .client()
      .reports.create({ url: 'https://example.com/pricing', privacy: 2, password: 'hunter2' });
    expect(report).toEqual({ ...NORMALISED, privacy: 2, hasPassword: true });
    const [request] = ctx.server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/reports');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      url: 'https://example.com/pricing',
      privacy: '2',
      password: 'hunter2',
    });
  });

  it('creates with only the url when nothing else is given, and accepts 200', async () => {
    ctx.server.on({ status: 200, body: reportBody() });
    await ctx.client().reports.create({ url: 'https://example.com/' });
    expect(ctx.server.requests[0]?.body).toBe('url=https%3A%2F%2Fexample.com%2F');
  });

  it.each<[string, Parameters<ReturnType<typeof ctx.client>['reports']['update']>[1], string]>([
    ['results true as 1', { results: true }, 'results=1'],
    ['results false as 0', { results: false }, 'results=0'],
    ['privacy as a number', { privacy: 0 }, 'privacy=0'],
    ['password only when given', { privacy: 2, password: 'pw' }, 'privacy=2&password=pw'],
    ['nothing', {}, ''],
  ])('updates with %s', async (_name, input, body) => {
    ctx.server.on({ body: reportBody() });
    await ctx.client().reports.update(42, input);
    const [request] = ctx.server.requests;
    expect(`${request?.method} ${request?.path}`).toBe('PUT /reports/42');
    expect(request?.body).toBe(body);
  });
});

describe('lists', () => {
  const meta = (over: Record<string, unknown> = {}) => ({
    current_page: 1,
    from: 1,
    last_page: 3,
    path: 'x',
    per_page: 10,
    to: 10,
    total: 27,
    ...over,
  });
  const links = (next: string | null) => ({ first: '?page=1', last: '?page=3', prev: null, next });
  const items = (n: number) => Array.from({ length: n }, (_, i) => wireReport({ id: i + 1 }));

  it('reads links and meta (with meta.links present)', async () => {
    ctx.server.on({
      body: {
        data: items(10),
        links: links('?page=2'),
        meta: meta({ links: [{ url: null, label: '&laquo;', active: false }] }),
        status: 200,
      },
    });
    const page = await ctx.client().reports.list({ perPage: 10 });
    expect(page).toMatchObject({ page: 1, perPage: 10, total: 27, lastPage: 3, hasNext: true });
    expect(page.items.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('has no next page when links.next is null', async () => {
    ctx.server.on({
      body: { data: items(7), links: links(null), meta: meta({ current_page: 3 }) },
    });
    const page = await ctx.client().reports.list({ perPage: 10, page: 3 });
    expect(page).toMatchObject({ page: 3, total: 27, lastPage: 3, hasNext: false });
  });

  it('uses meta alone when links are absent', async () => {
    ctx.server.on({ body: { data: items(10), meta: meta({ current_page: 2 }) } });
    const page = await ctx.client().reports.list({ perPage: 10, page: 2 });
    expect(page).toMatchObject({ page: 2, hasNext: true, lastPage: 3 });
  });

  it.each([
    ['a full page has a next page', 25, true],
    ['a short page is the last', 24, false],
    ['an empty page is the last', 0, false],
  ])('without links or meta, %s', async (_name, count, hasNext) => {
    ctx.server.on({ body: { data: items(count) } });
    const page = await ctx.client().reports.list();
    expect(page).toStrictEqual({
      items: expect.any(Array),
      page: 1,
      perPage: 25,
      hasNext,
    });
    expect(page.items).toHaveLength(count);
  });

  it('reads projects with the name under either key, keeping extra fields', async () => {
    ctx.server.on({
      body: {
        data: [
          { project: 'example.com', created_at: '2026-11-20T09:14:58.000000Z', reports_count: 4 },
          { name: 'shop.example', created_at: null, owner: 'me' },
          { project: 'third.example', report_count: '7' },
        ],
        status: 200,
      },
    });
    const page = await ctx.client().projects.list({ perPage: 10 });
    expect(page).toEqual({ items: expect.any(Array), page: 1, perPage: 10, hasNext: false });
    expect(page.items).toEqual([
      {
        name: 'example.com',
        createdAt: '2026-11-20T09:14:58.000Z',
        reportCount: 4,
        reports_count: 4,
      },
      { name: 'shop.example', createdAt: null, owner: 'me' },
      { name: 'third.example', createdAt: null, reportCount: 7, report_count: '7' },
    ]);
  });
});

describe('deletes', () => {
  it.each([
    [
      '200 with a body',
      { status: 200, body: { id: 42, object: 'report', deleted: true, status: 200 } },
    ],
    ['204 with no body', { status: 204 }],
  ])('deletes a report: %s', async (_name, reply) => {
    ctx.server.on(reply);
    expect(await ctx.client().reports.delete(42)).toEqual({ id: 42 });
    expect(ctx.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /reports/42']);
  });

  it.each([
    ['200 with a body', { status: 200, body: { id: 3, object: 'project', deleted: true } }],
    ['204 with no body', { status: 204 }],
  ])('deletes a project with an encoded name: %s', async (_name, reply) => {
    ctx.server.on(reply);
    expect(await ctx.client().projects.delete('a b/c?d#é')).toEqual({ name: 'a b/c?d#é' });
    expect(ctx.server.requests[0]?.method).toBe('DELETE');
    expect(ctx.server.requests[0]?.path).toBe('/projects/a%20b%2Fc%3Fd%23%C3%A9');
  });
});
