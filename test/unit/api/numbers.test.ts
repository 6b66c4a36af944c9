// Numbers from the service that JSON allows but that mean nothing: ids beyond the safe integers,
// id 0, absurd paging figures and endless waits.
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../../lib/api';
import { ReportId } from '../../../lib/api/model';
import { MAX_WAIT_SECONDS } from '../../../lib/api/retry-after';
import { wireReport } from '../../support/fixtures';
import { rejection, reportBody, useServer } from './fixtures';

const ctx = useServer();

describe('report ids', () => {
  it.each<[string, unknown]>([
    ['a 20-digit numeric string', '12345678901234567890'],
    ['a numeric string of hundreds of digits', '9'.repeat(400)],
    ['a numeric string just past the safe integers', '9007199254740992'],
    ['a number past the safe integers', 2 ** 53],
    ['0', 0],
    ['"0"', '0'],
    ['a negative number', -3],
    ['a fraction', 4.5],
  ])('refuses %s as an unexpected response', async (_name, id) => {
    ctx.server.on({ body: reportBody({ id }) });
    const error = await rejection(ctx.client().reports.get(42));
    expect(error).toMatchObject({ kind: 'unexpected_response', reason: 'badShape' });
  });

  it('refuses a list with one such id', async () => {
    ctx.server.on({ body: { data: [wireReport({ id: 1 }), wireReport({ id: '1'.repeat(20) })] } });
    const error = await rejection(ctx.client().reports.list());
    expect(error).toMatchObject({ kind: 'unexpected_response', reason: 'badShape' });
  });

  it.each([
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
    ['0042', 42],
    [1, 1],
  ])('accepts %j', async (id, expected) => {
    ctx.server.on({ body: reportBody({ id }) });
    expect((await ctx.client().reports.get(42)).id).toBe(expected);
  });

  it('agrees with the request schema: what a read accepts can be asked for again', () => {
    expect(ReportId.safeParse(0).success).toBe(false);
    expect(ReportId.safeParse(Number.MAX_SAFE_INTEGER).success).toBe(true);
    expect(ReportId.safeParse(2 ** 53).success).toBe(false);
  });
});

describe('paging figures that make no sense are ignored, and the items still show', () => {
  it.each<[string, unknown]>([
    ['total 1e300', { total: 1e300 }],
    ['total as a 30-digit string', { total: '1'.repeat(30) }],
    ['a negative total', { total: -1 }],
    ['last_page -3', { last_page: -3 }],
    ['last_page 0', { last_page: 0 }],
    ['a fractional last_page', { last_page: 2.5 }],
    ['per_page 0', { per_page: 0 }],
    ['per_page as text', { per_page: 'ten' }],
    ['current_page "NaN"', { current_page: 'NaN' }],
    ['current_page "1e3"', { current_page: '1e3' }],
    ['current_page "Infinity"', { current_page: 'Infinity' }],
    ['current_page null', { current_page: null }],
    ['current_page as an object', { current_page: { n: 1 } }],
    ['all of them at once', { total: 1e300, last_page: -3, per_page: 0, current_page: 'NaN' }],
  ])('%s', async (_name, meta) => {
    ctx.server.on({ body: { data: [wireReport({ id: 1 }), wireReport({ id: 2 })], meta } });
    const page = await ctx.client().reports.list({ perPage: 10, page: 2 });
    expect(page).toStrictEqual({
      items: expect.any(Array),
      page: 2,
      perPage: 10,
      hasNext: false,
    });
    expect(page.items.map((r) => r.id)).toEqual([1, 2]);
  });

  it('keeps the figures that do make sense beside one that does not', async () => {
    ctx.server.on({
      body: {
        data: [wireReport({ id: 1 })],
        meta: { current_page: '2', last_page: 3, per_page: 10, total: 1e300 },
      },
    });
    const page = await ctx.client().reports.list({ perPage: 10, page: 2 });
    expect(page).toStrictEqual({
      items: expect.any(Array),
      page: 2,
      perPage: 10,
      lastPage: 3,
      hasNext: true,
    });
  });

  it.each<[string, unknown]>([
    ['meta as text', 'none'],
    ['meta as an array', []],
    ['links.next as a number', undefined],
  ])('ignores %s', async (name, meta) => {
    const links = name.startsWith('links') ? { next: 2 } : undefined;
    ctx.server.on({ body: { data: [wireReport({ id: 1 })], meta, links } });
    const page = await ctx.client().reports.list({ perPage: 10 });
    expect(page).toStrictEqual({ items: expect.any(Array), page: 1, perPage: 10, hasNext: false });
  });
});

describe('waits are finite and capped', () => {
  const now = Date.parse('2026-11-20T09:00:00Z');

  it('caps at one day', () => {
    expect(MAX_WAIT_SECONDS).toBe(86_400);
  });

  it.each<[string, number]>([
    ['9'.repeat(400), MAX_WAIT_SECONDS],
    ['86401', MAX_WAIT_SECONDS],
    ['86400', 86_400],
    ['Fri, 31 Dec 9999 23:59:59 GMT', MAX_WAIT_SECONDS],
    ['Sat, 21 Nov 2026 09:00:00 GMT', 86_400],
  ])('Retry-After %s → %d', (header, seconds) => {
    expect(parseRetryAfter(header, now)).toBe(seconds);
  });

  it.each([
    ['Retry-After of hundreds of digits', { 'Retry-After': '9'.repeat(400) }],
    ['Retry-After far in the future', { 'Retry-After': 'Fri, 31 Dec 9999 23:59:59 GMT' }],
    ['X-RateLimit-Reset of hundreds of digits', { 'X-RateLimit-Reset': '9'.repeat(400) }],
  ])('a 429 with a %s says a finite wait, at most a day', async (_name, headers) => {
    ctx.server.on({ status: 429, headers, body: { message: 'Too Many Attempts.' } });
    const error = await rejection(ctx.client().reports.list());
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: MAX_WAIT_SECONDS });
    expect(ctx.server.requests).toHaveLength(1);
    expect(ctx.waits).toEqual([]);
  });
});
