// A 429: how long the client waits (with the injected sleep, so no real waiting), how many
// requests it sends to a service that is throttling, and what wait it reports.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteReportClient } from '../../../lib/api';
import { rejection, reportBody, useServer } from './fixtures';

const ctx = useServer();
const limited = (headers: Record<string, string> = {}) => ({
  status: 429,
  headers,
  body: { message: 'Too Many Attempts.' },
});
const listBody = { data: [], status: 200 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a read answered 429 without Retry-After', () => {
  it('waits 5 s once, then reports the rate limit', async () => {
    ctx.server.on(limited());
    const error = await rejection(ctx.client().reports.list());
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect((error as { retryAfterSeconds?: number }).retryAfterSeconds).toBeUndefined();
    expect(ctx.waits).toEqual([5000]);
    expect(ctx.server.requests).toHaveLength(2);
  });

  it('waits 5 s once, then succeeds', async () => {
    ctx.server.queue(limited(), { body: reportBody() });
    expect((await ctx.client().reports.get(42)).id).toBe(42);
    expect(ctx.waits).toEqual([5000]);
    expect(ctx.server.requests).toHaveLength(2);
  });

  it('waits 5 s after a retry for another reason too', async () => {
    ctx.server.queue({ status: 500 }, limited(), { body: listBody });
    await ctx.client({ retryDelayMs: 100 }).projects.list();
    expect(ctx.waits).toEqual([100, 5000]);
    expect(ctx.server.requests).toHaveLength(3);
  });

  it('uses X-RateLimit-Reset as seconds to wait when it is small', async () => {
    ctx.server.queue(limited({ 'X-RateLimit-Reset': '3' }), { body: listBody });
    await ctx.client().reports.list();
    expect(ctx.waits).toEqual([3000]);
    expect(ctx.server.requests).toHaveLength(2);
  });

  it('uses X-RateLimit-Reset as a Unix time (Laravel) and waits until then', async () => {
    const now = Date.parse('2026-11-20T09:00:00Z');
    vi.spyOn(Date, 'now').mockReturnValue(now);
    ctx.server.queue(limited({ 'X-RateLimit-Reset': String(now / 1000 + 4) }), { body: listBody });
    await ctx.client().reports.list();
    expect(ctx.waits).toEqual([4000]);
  });

  it('reports at once a X-RateLimit-Reset too far away to wait for', async () => {
    const now = Date.parse('2026-11-20T09:00:00Z');
    vi.spyOn(Date, 'now').mockReturnValue(now);
    ctx.server.on(limited({ 'X-RateLimit-Reset': String(now / 1000 + 45) }));
    const error = await rejection(ctx.client().reports.list());
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 45 });
    expect(ctx.waits).toEqual([]);
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('reads Remaining 0 as a wait of up to the minute window, and reports it at once', async () => {
    ctx.server.on(limited({ 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0' }));
    const error = await rejection(ctx.client().reports.get(42));
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 60 });
    expect(ctx.waits).toEqual([]);
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('prefers Retry-After to the X-RateLimit headers', async () => {
    ctx.server.queue(
      limited({ 'Retry-After': '2', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Limit': '60' }),
      { body: listBody },
    );
    await ctx.client().reports.list();
    expect(ctx.waits).toEqual([2000]);
  });

  it('ignores X-RateLimit headers that say nothing usable', async () => {
    ctx.server.on(limited({ 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '3' }));
    const error = await rejection(ctx.client().reports.list());
    expect(error).toMatchObject({ kind: 'rate_limited' });
    expect(ctx.waits).toEqual([5000]);
  });
});

describe('Retry-After as before', () => {
  it('retries a read after a Retry-After of up to 10 s', async () => {
    ctx.server.queue(limited({ 'Retry-After': '10' }), { body: listBody });
    await ctx.client().reports.list();
    expect(ctx.waits).toEqual([10_000]);
    expect(ctx.server.requests).toHaveLength(2);
  });

  it('reports a longer Retry-After at once', async () => {
    ctx.server.on(limited({ 'Retry-After': '11' }));
    const error = await rejection(ctx.client().reports.list());
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 11 });
    expect(ctx.waits).toEqual([]);
    expect(ctx.server.requests).toHaveLength(1);
  });
});

describe('never retried after a 429', () => {
  it.each<[string, (c: SiteReportClient) => Promise<unknown>]>([
    ['a create', (c) => c.reports.create({ url: 'https://a.example' })],
    ['an update', (c) => c.reports.update(1, { results: true })],
    ['a delete', (c) => c.reports.delete(1)],
  ])('%s, with or without headers', async (_name, call) => {
    const variants: Record<string, string>[] = [
      {},
      { 'Retry-After': '1' },
      { 'X-RateLimit-Reset': '2' },
    ];
    for (const headers of variants) {
      ctx.server.reset();
      ctx.server.on(limited(headers));
      expect(await rejection(call(ctx.client()))).toMatchObject({ kind: 'rate_limited' });
      expect(ctx.server.requests).toHaveLength(1);
    }
    expect(ctx.waits).toEqual([]);
  });
});
