// Every error row of the contract, the malformed answers, and the promise that the API key never
// reaches an error message, whatever the server or the network does.
import { describe, expect, it } from 'vitest';
import { type ErrorKind, SiteReportError, toErrorData } from '../../../lib/api';
import type { Reply } from '../../support/scripted-service';
import { KEY, rejection, reportBody, useServer } from './fixtures';

const ctx = useServer();

const HTML = '<!doctype html><html><body><h1>Something went wrong</h1></body></html>';

describe('HTTP error answers', () => {
  it.each<[string, Reply, ErrorKind, RegExp]>([
    [
      '401',
      { status: 401, body: { message: 'Unauthenticated.' } },
      'unauthorized',
      /API key.*options page/,
    ],
    [
      '403',
      { status: 403, body: { message: "You don't have access to this feature.", status: 403 } },
      'forbidden',
      /no API access/,
    ],
    [
      '404',
      { status: 404, body: { message: 'Resource not found.', status: 404 } },
      'not_found',
      /^That report no longer exists\.$/,
    ],
    ['500 HTML', { status: 500, body: HTML }, 'server', /service failed.*nothing was changed/i],
    ['503 JSON', { status: 503, body: { message: 'Down' } }, 'server', /HTTP 503/],
    ['418', { status: 418, body: 'teapot' }, 'unexpected_response', /HTTP 418.*service URL/],
    ['200 HTML', { body: HTML }, 'unexpected_response', /not like a Site Report API/],
    ['200 plain text', { body: 'OK' }, 'unexpected_response', /not like a Site Report API/],
    ['200 empty', { body: '' }, 'unexpected_response', /not like a Site Report API/],
    ['200 wrong JSON shape', { body: { data: { foo: 1 } } }, 'unexpected_response', /form this/],
    ['200 JSON array', { body: [1, 2] }, 'unexpected_response', /form this/],
    [
      '200 bad rating',
      { body: reportBody({ result: 'excellent' }) },
      'unexpected_response',
      /form this/,
    ],
    [
      '200 bad timestamp',
      { body: reportBody({ created_at: 'yesterday' }) },
      'unexpected_response',
      /form this/,
    ],
    [
      '200 privacy out of range',
      { body: reportBody({ privacy: 5 }) },
      'unexpected_response',
      /form this/,
    ],
  ])('reading a report answered %s', async (_name, reply, kind, message) => {
    ctx.server.on(reply);
    const error = await rejection(ctx.client().reports.get(42));
    expect(error).toBeInstanceOf(SiteReportError);
    expect(error).toMatchObject({ kind });
    expect((error as SiteReportError).message).toMatch(message);
  });

  it('carries the HTTP status', async () => {
    ctx.server.on({ status: 403, body: {} });
    expect(await rejection(ctx.client().reports.get(1))).toMatchObject({ status: 403 });
  });

  it('says the service URL is wrong when a list answers 404', async () => {
    ctx.server.on({ status: 404, body: { message: 'Resource not found.' } });
    const error = await rejection(ctx.client().projects.list());
    expect(error).toMatchObject({ kind: 'not_found', status: 404 });
    expect((error as Error).message).toMatch(/service URL/);
  });

  it('says the project is gone when deleting it answers 404', async () => {
    ctx.server.on({ status: 404, body: { message: 'Resource not found.' } });
    const error = await rejection(ctx.client().projects.delete('example.com'));
    expect((error as Error).message).toBe('That project no longer exists.');
  });

  it.each([
    ['the contract form', { message: { url: ['The url field is required.'] }, status: 422 }],
    [
      'the Laravel form',
      { message: 'The url field is required.', errors: { url: ['The url field is required.'] } },
    ],
  ])('reads 422 field errors in %s', async (_name, body) => {
    ctx.server.on({ status: 422, body });
    const error = await rejection(ctx.client().reports.create({ url: 'https://example.com' }));
    expect(error).toMatchObject({
      kind: 'validation',
      status: 422,
      fieldErrors: { url: ['The url field is required.'] },
    });
    expect((error as Error).message).toMatch(/did not accept.*The url field is required\./);
  });

  it('still reports a 422 whose body cannot be read', async () => {
    ctx.server.on({ status: 422, body: HTML });
    const error = await rejection(ctx.client().reports.create({ url: 'https://example.com' }));
    expect(error).toMatchObject({ kind: 'validation', fieldErrors: {} });
  });

  it.each([
    ['seconds', () => '30', 30],
    ['an HTTP date', () => new Date(Date.now() + 60_000).toUTCString(), 60],
  ])('reads Retry-After as %s on a 429', async (_name, header, seconds) => {
    ctx.server.on(() => ({
      status: 429,
      headers: { 'Retry-After': header(), 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0' },
      body: { message: 'Too Many Attempts.' },
    }));
    const error = (await rejection(ctx.client().reports.list())) as SiteReportError;
    expect(error.kind).toBe('rate_limited');
    // An HTTP date has one-second resolution: allow the second it was sent in.
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(seconds - 1);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(seconds);
    expect(error.message).toMatch(/Try again in \d+ seconds\./);
    // Too long to wait for silently: one request, no retry.
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('says "wait a minute" on a 429 without Retry-After', async () => {
    ctx.server.on({ status: 429, body: { message: 'Too Many Attempts.' } });
    const error = (await rejection(
      ctx.client().reports.create({ url: 'https://a.example' }),
    )) as SiteReportError;
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(error.retryAfterSeconds).toBeUndefined();
    expect(error.message).toMatch(/Wait a minute/);
  });

  it('reports a refused connection as a network error', async () => {
    const { startScriptedService } = await import('../../support/scripted-service');
    const gone = await startScriptedService();
    await gone.close();
    const error = await rejection(ctx.client({ baseUrl: gone.baseUrl }).reports.list());
    expect(error).toMatchObject({ kind: 'network' });
    expect((error as Error).message).toMatch(/Could not reach the service/);
  });

  it('rejects a delete answered with something other than deleted: true', async () => {
    ctx.server.on({ body: { deleted: false } });
    expect(await rejection(ctx.client().reports.delete(4))).toMatchObject({
      kind: 'unexpected_response',
    });
  });
});

describe('the API key never appears in an error', () => {
  const echo =
    (status: number, body: (key: string) => unknown) =>
    (request: { headers: Record<string, unknown> }) => ({
      status,
      body: body(String(request.headers.authorization)),
    });
  const never = () => new Promise<Reply>(() => {});

  it.each<[string, Parameters<typeof ctx.server.on>[0], ErrorKind]>([
    [
      '401 echoing it',
      echo(401, (auth) => ({ message: `Unauthenticated: ${auth}` })),
      'unauthorized',
    ],
    ['403 echoing it', echo(403, (auth) => ({ message: auth })), 'forbidden'],
    ['404 echoing it', echo(404, (auth) => ({ message: auth })), 'not_found'],
    [
      '422 echoing it in a field',
      echo(422, (auth) => ({ message: { url: [`${auth} is not a url`], [auth]: [auth] } })),
      'validation',
    ],
    [
      '422 (Laravel form) echoing it',
      echo(422, (auth) => ({ message: auth, errors: { url: [`bad ${auth}`] } })),
      'validation',
    ],
    ['429 echoing it', echo(429, (auth) => ({ message: auth })), 'rate_limited'],
    ['500 HTML echoing it', echo(500, (auth) => `<pre>${auth}</pre>`), 'server'],
    ['200 HTML echoing it', echo(200, (auth) => `<p>${auth}</p>`), 'unexpected_response'],
    ['200 odd JSON echoing it', echo(200, (auth) => ({ data: { auth } })), 'unexpected_response'],
    ['a request that never ends', never, 'timeout'],
  ])('%s', async (_name, handler, kind) => {
    ctx.server.on(handler);
    const error = await rejection(
      // A short limit only where nothing answers, so a slow machine cannot turn a row into a timeout.
      ctx
        .client({ analysisTimeoutMs: kind === 'timeout' ? 20 : 5_000 })
        .reports.create({ url: 'https://example.com' }),
    );
    expect(error).toMatchObject({ kind });
    expectNoKey(error);
  });

  it('when fetch throws an error quoting the key', async () => {
    const fetch = async () => {
      throw new TypeError(`fetch failed: Authorization: Bearer ${KEY}`);
    };
    const error = await rejection(ctx.client({ fetch }).reports.list());
    expect(error).toMatchObject({ kind: 'network' });
    expectNoKey(error);
  });

  it('when the request is cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error(KEY));
    const error = await rejection(ctx.client().reports.list({}, { signal: controller.signal }));
    expect(error).toMatchObject({ kind: 'aborted' });
    expectNoKey(error);
  });

  it('when the input is invalid', async () => {
    const error = await rejection(ctx.client().reports.create({ url: `ftp://${KEY}` }));
    expect(error).toMatchObject({ kind: 'invalid_input' });
    expectNoKey(error);
  });

  it('when the key itself is malformed', () => {
    let error: unknown;
    try {
      ctx.client({ apiKey: `${KEY}\n${KEY}` });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toMatchObject({ kind: 'invalid_input' });
    expectNoKey(error);
  });

  function expectNoKey(error: unknown) {
    expect(error).toBeInstanceOf(SiteReportError);
    const e = error as SiteReportError;
    for (const text of [
      e.message,
      String(e),
      e.stack ?? '',
      JSON.stringify(e.fieldErrors),
      JSON.stringify(toErrorData(e)),
    ]) {
      expect(text).not.toContain(KEY);
    }
  }
});
