// How much of an answer the client takes: bodies over the cap are refused without being read
// whole, and a list page never holds more items than were asked for.
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../lib/api/transport';
import { wireReport } from '../../support/fixtures';
import { rejection, useServer } from './fixtures';

const ctx = useServer();

/** A valid report list of about `bytes` bytes: `count` reports with padded `results`. */
function listOfSize(bytes: number, count = 25): string {
  const padding = 'x'.repeat(Math.ceil(bytes / count));
  const data = Array.from({ length: count }, (_, i) =>
    wireReport({ id: i + 1, results: { padding } }),
  );
  return JSON.stringify({ data, status: 200 });
}

describe('the body size cap', () => {
  const huge = listOfSize(MAX_BODY_BYTES + 1024 * 1024);

  it.each([
    ['with Content-Length', { 'Content-Length': String(Buffer.byteLength(huge)) }],
    ['without Content-Length (chunked)', {}],
  ])('refuses a whole body over the cap %s as an unexpected response', async (_name, headers) => {
    ctx.server.on({ headers: { 'Content-Type': 'application/json', ...headers }, body: huge });
    const error = await rejection(ctx.client().reports.list());
    expect(error).toMatchObject({ kind: 'unexpected_response', reason: 'badShape', status: 200 });
    // Not a fault worth repeating: one request.
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('refuses by Content-Length alone, before reading the body', async () => {
    // The body never ends: only the header can tell the client it is too large.
    ctx.server.on({
      headers: { 'Content-Length': String(MAX_BODY_BYTES + 1) },
      body: '{"data":[',
      stall: true,
    });
    const error = await rejection(ctx.client({ timeoutMs: 2000 }).reports.list());
    expect(error).toMatchObject({ kind: 'unexpected_response', reason: 'badShape' });
    await ctx.server.until(() => ctx.server.requests[0]?.hungUp === true);
  });

  it('stops reading a body without Content-Length as soon as it passes the cap', async () => {
    // More than the cap is sent, but the body never ends: reading it whole would hang.
    ctx.server.on({ body: `{"data":[${' '.repeat(MAX_BODY_BYTES)}`, stall: true });
    const error = await rejection(ctx.client({ timeoutMs: 5000 }).reports.get(42));
    expect(error).toMatchObject({ kind: 'unexpected_response', reason: 'badShape' });
    await ctx.server.until(() => ctx.server.requests[0]?.hungUp === true);
  });

  it('keeps the status of an error whose body is over the cap', async () => {
    ctx.server.on({ status: 502, body: `<html>${' '.repeat(MAX_BODY_BYTES)}`, stall: true });
    const error = await rejection(ctx.client({ timeoutMs: 5000 }).reports.get(42));
    expect(error).toMatchObject({ kind: 'server', status: 502 });
    expect(ctx.server.requests).toHaveLength(3);
  });

  it('accepts a large list of 100 reports well under the cap', async () => {
    const body = listOfSize(2 * 1024 * 1024, 100);
    ctx.server.on({ headers: { 'Content-Type': 'application/json' }, body });
    const page = await ctx.client().reports.list({ perPage: 100 });
    expect(page.items).toHaveLength(100);
  });

  it('reads a multi-byte body split across chunks as UTF-8', async () => {
    const fetch = async () => {
      const bytes = new TextEncoder().encode(
        JSON.stringify({ data: wireReport({ url: 'https://example.com/é€𝄞' }) }),
      );
      const at = bytes.indexOf(0xe2) + 1; // inside the euro sign
      return new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(bytes.slice(0, at));
            controller.enqueue(bytes.slice(at));
            controller.close();
          },
        }),
      );
    };
    expect((await ctx.client({ fetch }).reports.get(42)).url).toBe('https://example.com/é€𝄞');
  });
});

describe('a list page never holds more than was asked for', () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => wireReport({ id: i + 1 }));

  it('truncates a page whose service ignored per_page, and says more follow', async () => {
    ctx.server.on({
      body: {
        data: items(30),
        links: { next: null },
        meta: { current_page: 1, last_page: 1, per_page: 30, total: 30 },
      },
    });
    const page = await ctx.client().reports.list({ perPage: 10 });
    expect(page.items.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(page).toMatchObject({ page: 1, perPage: 10, total: 30, lastPage: 3, hasNext: true });
  });

  it('truncates a page without links or meta', async () => {
    ctx.server.on({ body: { data: items(40) } });
    const page = await ctx.client().reports.list();
    expect(page.items).toHaveLength(25);
    expect(page).toStrictEqual({ items: expect.any(Array), page: 1, perPage: 25, hasNext: true });
  });

  it('truncates a project page too', async () => {
    const projects = Array.from({ length: 12 }, (_, i) => ({ project: `p${i}.example` }));
    ctx.server.on({ body: { data: projects, meta: { total: 'lots' } } });
    const page = await ctx.client().projects.list({ perPage: 10 });
    expect(page.items).toHaveLength(10);
    expect(page).toMatchObject({ perPage: 10, hasNext: true });
    expect(page).not.toHaveProperty('total');
  });

  it('drops a total that is smaller than what was sent', async () => {
    ctx.server.on({ body: { data: items(12), meta: { total: 5, last_page: 1 } } });
    const page = await ctx.client().reports.list({ perPage: 10 });
    expect(page.items).toHaveLength(10);
    expect(page).toStrictEqual({ items: expect.any(Array), page: 1, perPage: 10, hasNext: true });
  });
});
