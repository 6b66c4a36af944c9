// The client passes on what every answer says about the rate limit (onRateInfo): from successes
// and failures alike, each attempt of a retried request, with the times it was sent and answered;
// only finite plain numbers, and never a failure of its own.
import { describe, expect, it } from 'vitest';
import { type RateInfo, rateInfoOf } from '../../../lib/api/rate-info';
import { KEY, rejection, reportBody, useServer } from './fixtures';

const ctx = useServer();

function recorded() {
  const infos: RateInfo[] = [];
  let time = 1_800_000_000_000;
  const now = () => {
    time += 10;
    return time;
  };
  return { infos, now, onRateInfo: (info: RateInfo) => infos.push(info) };
}

describe('onRateInfo', () => {
  it('tells the limit and what remains of a success, with when it was sent and answered', async () => {
    ctx.server.on({
      body: reportBody(),
      headers: { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '41' },
    });
    const { infos, now, onRateInfo } = recorded();
    await ctx.client({ onRateInfo, now }).reports.get(42);
    expect(infos).toEqual([
      { status: 200, limit: 60, remaining: 41, sentAt: 1_800_000_000_010, at: 1_800_000_000_020 },
    ]);
  });

  it('tells a 429’s Retry-After and reset too, and the request still fails as rate limited', async () => {
    ctx.server.on({
      status: 429,
      body: { message: 'Too Many Attempts.' },
      headers: {
        'Retry-After': '30',
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': '1800000031',
      },
    });
    const { infos, now, onRateInfo } = recorded();
    const error = await rejection(
      ctx.client({ onRateInfo, now }).reports.create({ url: 'https://example.com/' }),
    );
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 30 });
    expect(infos).toEqual([
      {
        status: 429,
        limit: 60,
        remaining: 0,
        retryAfterSeconds: 30,
        resetAt: 1_800_000_031_000,
        sentAt: expect.any(Number),
        at: expect.any(Number),
      },
    ]);
  });

  it('tells every attempt of a retried read, errors included', async () => {
    ctx.server.queue(
      { status: 503, body: 'down', headers: { 'X-RateLimit-Remaining': '9' } },
      { body: reportBody(), headers: { 'X-RateLimit-Remaining': '8' } },
    );
    const { infos, now, onRateInfo } = recorded();
    await ctx.client({ onRateInfo, now }).reports.get(42);
    expect(infos.map(({ status, remaining }) => [status, remaining])).toEqual([
      [503, 9],
      [200, 8],
    ]);
    expect(ctx.server.requests).toHaveLength(2);
  });

  it('tells an answer without the headers as bare status and times', async () => {
    ctx.server.on({ body: reportBody() });
    const { infos, onRateInfo } = recorded();
    await ctx.client({ onRateInfo }).reports.get(42);
    expect(infos).toEqual([{ status: 200, sentAt: expect.any(Number), at: expect.any(Number) }]);
    expect(infos[0]?.at).toBeGreaterThanOrEqual(infos[0]?.sentAt ?? Number.NaN);
  });

  it('is not told of a request that got no answer', async () => {
    const { infos, onRateInfo } = recorded();
    const client = ctx.client({
      onRateInfo,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(await rejection(client.reports.delete(1))).toMatchObject({ kind: 'network' });
    expect(infos).toEqual([]);
  });

  it('cannot turn an answer into a failure by throwing', async () => {
    ctx.server.on({ body: reportBody(), headers: { 'X-RateLimit-Remaining': '3' } });
    const report = await ctx
      .client({
        onRateInfo: () => {
          throw new Error(`leaks ${KEY}`);
        },
      })
      .reports.get(42);
    expect(report.id).toBe(42);
  });
});

describe('rateInfoOf', () => {
  const AT = 1_800_000_000_000;
  const info = (headers: Record<string, string>) => rateInfoOf(new Headers(headers), 200, AT, AT);

  it.each<[string, Record<string, string>, Partial<RateInfo>]>([
    [
      'plain numbers',
      { 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0' },
      { limit: 60, remaining: 0 },
    ],
    ['spaces around', { 'X-RateLimit-Remaining': ' 7 ' }, { remaining: 7 }],
    ['a negative number', { 'X-RateLimit-Remaining': '-1' }, {}],
    ['a fraction', { 'X-RateLimit-Limit': '1.5' }, {}],
    ['words', { 'X-RateLimit-Limit': 'many' }, {}],
    ['hundreds of digits', { 'X-RateLimit-Limit': '9'.repeat(400) }, {}],
    ['an exponent', { 'X-RateLimit-Remaining': '1e3' }, {}],
    ['Retry-After in seconds', { 'Retry-After': '120' }, { retryAfterSeconds: 120 }],
    [
      'Retry-After as an HTTP date',
      { 'Retry-After': new Date(AT + 90_000).toUTCString() },
      { retryAfterSeconds: 90 },
    ],
    [
      'Retry-After of a year, capped at a day',
      { 'Retry-After': '31536000' },
      { retryAfterSeconds: 86_400 },
    ],
    [
      'a reset as Unix seconds',
      { 'X-RateLimit-Reset': String(AT / 1000 + 30) },
      { resetAt: AT + 30_000 },
    ],
    ['a reset as seconds from now', { 'X-RateLimit-Reset': '45' }, { resetAt: AT + 45_000 }],
    [
      'a reset far ahead, capped at a day',
      { 'X-RateLimit-Reset': '9999999999' },
      { resetAt: AT + 86_400_000 },
    ],
  ])('reads %s', (_name, headers, expected) => {
    expect(info(headers)).toEqual({ status: 200, sentAt: AT, at: AT, ...expected });
  });
});
