// How requests go out: headers, query strings, input checks, timeouts, cancellation, retries,
// sharing of identical reads, and polling for a rating.
import { describe, expect, it } from 'vitest';
import { type SiteReportClient, SiteReportError } from '../../../lib/api';
import { held } from '../../support/scripted-service';
import { KEY, rejection, reportBody, useServer } from './fixtures';

const ctx = useServer();

const listBody = { data: [], status: 200 };

describe('headers', () => {
  it.each<[string, (c: SiteReportClient) => Promise<unknown>, string | undefined]>([
    ['GET', (c) => c.reports.get(1), undefined],
    ['DELETE', (c) => c.reports.delete(1), undefined],
    [
      'POST',
      (c) => c.reports.create({ url: 'https://a.example' }),
      'application/x-www-form-urlencoded',
    ],
    ['PUT', (c) => c.reports.update(1, { privacy: 1 }), 'application/x-www-form-urlencoded'],
  ])('%s sends the key, Accept and the right Content-Type', async (_method, call, type) => {
    ctx.server.on((request) =>
      request.method === 'DELETE' ? { status: 204 } : { body: reportBody() },
    );
    await call(ctx.client());
    const headers = ctx.server.requests[0]?.headers;
    expect(headers?.authorization).toBe(`Bearer ${KEY}`);
    expect(headers?.accept).toBe('application/json');
    expect(headers?.['content-type']).toBe(type);
  });

  it('trims the key it was given', async () => {
    ctx.server.on({ body: reportBody() });
    await ctx.client({ apiKey: `  ${KEY}\n` }).reports.get(1);
    expect(ctx.server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});

describe('query parameters', () => {
  const query = () => Object.fromEntries(ctx.server.requests[0]?.query ?? []);

  it('maps every report list parameter', async () => {
    ctx.server.on({ body: listBody });
    await ctx.client().reports.list({
      search: 'pricing',
      project: 'example.com',
      result: 'decent',
      sortBy: 'generated_at',
      sort: 'asc',
      perPage: 50,
      page: 3,
    });
    expect(ctx.server.requests[0]?.path).toBe('/reports');
    expect(query()).toEqual({
      search: 'pricing',
      search_by: 'url',
      project: 'example.com',
      result: 'decent',
      sort_by: 'generated_at',
      sort: 'asc',
      per_page: '50',
      page: '3',
    });
  });

  it('maps every project list parameter', async () => {
    ctx.server.on({ body: listBody });
    await ctx
      .client()
      .projects.list({ search: 'exa', sortBy: 'project', sort: 'desc', perPage: 10, page: 2 });
    expect(ctx.server.requests[0]?.path).toBe('/projects');
    expect(query()).toEqual({
      search: 'exa',
      search_by: 'project',
      sort_by: 'project',
      sort: 'desc',
      per_page: '10',
      page: '2',
    });
  });

  it.each([
    ['reports', (c: SiteReportClient) => c.reports.list()],
    ['projects', (c: SiteReportClient) => c.projects.list({ search: '  ' })],
  ])('always sends per_page and page, and search_by only with a search (%s)', async (_n, call) => {
    ctx.server.on({ body: listBody });
    await call(ctx.client());
    expect(query()).toEqual({ per_page: '25', page: '1' });
  });
});

describe('input is checked before anything is sent', () => {
  it.each<[string, (c: SiteReportClient) => Promise<unknown>, string, string]>([
    [
      'a bad perPage',
      (c) => c.reports.list({ perPage: 20 as 25 }),
      'perPage',
      'Per page must be 10, 25, 50 or 100.',
    ],
    ['page 0', (c) => c.projects.list({ page: 0 }), 'page', 'The page must be 1 or more.'],
    [
      'a fractional page',
      (c) => c.reports.list({ page: 1.5 }),
      'page',
      'The page must be a whole number.',
    ],
    [
      'an unknown sort',
      (c) => c.reports.list({ sortBy: 'colour' as 'id' }),
      'sortBy',
      'Sort by must be id, generated_at, url or result.',
    ],
    [
      'an unknown project sort',
      (c) => c.projects.list({ sortBy: 'id' as 'project' }),
      'sortBy',
      'Sort by must be created_at or project.',
    ],
    [
      'an unknown order',
      (c) => c.projects.list({ sort: 'up' as 'asc' }),
      'sort',
      'The order must be asc or desc.',
    ],
    [
      'an unknown result',
      (c) => c.reports.list({ result: 'fine' as 'good' }),
      'result',
      'The result must be good, decent or bad.',
    ],
    [
      'an unknown parameter',
      (c) => c.reports.list({ colour: 1 } as object),
      'input',
      'Unknown option: colour.',
    ],
    [
      'a non-http url',
      (c) => c.reports.create({ url: 'ftp://example.com' }),
      'url',
      'Enter a full web address that starts with http:// or https://.',
    ],
    [
      'a relative url',
      (c) => c.reports.create({ url: '/pricing' }),
      'url',
      'Enter a full web address that starts with http:// or https://.',
    ],
    [
      'privacy 2 without a password',
      (c) => c.reports.create({ url: 'https://a.example', privacy: 2 }),
      'password',
      'A password is required when the report is password-protected.',
    ],
    [
      'privacy 3',
      (c) => c.reports.update(1, { privacy: 3 as 2 }),
      'privacy',
      'Privacy must be 0 (public), 1 (private) or 2 (password).',
    ],
    [
      'results as a number',
      (c) => c.reports.update(1, { results: 1 as unknown as boolean }),
      'results',
      'results must be true or false.',
    ],
    ['id 0', (c) => c.reports.get(0), 'id', 'The report id must be 1 or more.'],
    ['a negative id', (c) => c.reports.delete(-4), 'id', 'The report id must be 1 or more.'],
    [
      'a fractional id',
      (c) => c.reports.update(1.5, {}),
      'id',
      'The report id must be a whole number.',
    ],
    [
      'an id as a string',
      (c) => c.reports.waitForResult('7' as unknown as number),
      'id',
      'The report id must be a whole number.',
    ],
    ['an empty project name', (c) => c.projects.delete(''), 'name', 'Enter the project name.'],
    [
      'a project name of dots',
      (c) => c.projects.delete('..'),
      'name',
      'This project name cannot be used in an address.',
    ],
  ])('%s', async (_name, call, field, sentence) => {
    ctx.server.on({ body: reportBody() });
    const error = await rejection(call(ctx.client()));
    expect(error).toBeInstanceOf(SiteReportError);
    expect(error).toMatchObject({ kind: 'invalid_input', message: sentence });
    expect((error as SiteReportError).fieldErrors[field]).toEqual([sentence]);
    expect(ctx.server.requests).toHaveLength(0);
  });

  it.each([
    ['an empty key', { apiKey: '  ' }, 'apiKey'],
    ['a key with a space inside', { apiKey: 'ab cd' }, 'apiKey'],
    ['a relative base URL', { baseUrl: 'reports.example.com/api/v1' }, 'baseUrl'],
    ['plain http to another host', { baseUrl: 'http://reports.example.com/api/v1' }, 'baseUrl'],
    ['a zero timeout', { timeoutMs: 0 }, 'timeoutMs'],
  ])('the factory refuses %s', (_name, options, field) => {
    let error: unknown;
    try {
      ctx.client(options);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toMatchObject({ kind: 'invalid_input' });
    expect((error as SiteReportError).fieldErrors[field]).toHaveLength(1);
  });
});

describe('timeouts and cancellation', () => {
  it('gives up after timeoutMs, without retrying', async () => {
    ctx.server.on(() => held().reply);
    const error = await rejection(ctx.client({ timeoutMs: 200 }).reports.get(1));
    expect(error).toMatchObject({ kind: 'timeout' });
    expect((error as Error).message).toBe(
      'The service did not answer within 1 second. Try again later.',
    );
    // The test server records a request once it has read it, which a busy loop may do later.
    await ctx.server.until(() => ctx.server.requests.length >= 1);
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('times out a body that stops half way', async () => {
    ctx.server.on({ stall: true, body: '{"data":' });
    const error = await rejection(ctx.client({ timeoutMs: 30 }).reports.get(1));
    expect(error).toMatchObject({ kind: 'timeout' });
  });

  it('times out even when fetch ignores its signal', async () => {
    const fetch = async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"data":'));
          },
        }),
      );
    const error = await rejection(ctx.client({ fetch, timeoutMs: 30 }).reports.get(1));
    expect(error).toMatchObject({ kind: 'timeout' });
  });

  it('sends nothing when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const signal = controller.signal;
    const client = ctx.client();
    const calls = [
      client.reports.list({}, { signal }),
      client.reports.get(1, { signal }),
      client.reports.create({ url: 'https://a.example' }, { signal }),
      client.reports.update(1, { results: true }, { signal }),
      client.reports.delete(1, { signal }),
      client.reports.waitForResult(1, { signal }),
      client.projects.list({}, { signal }),
      client.projects.delete('x', { signal }),
    ];
    for (const call of calls) expect(await rejection(call)).toMatchObject({ kind: 'aborted' });
    expect(ctx.server.requests).toHaveLength(0);
  });

  it.each<[string, (c: SiteReportClient, signal: AbortSignal) => Promise<unknown>]>([
    ['a read', (c, signal) => c.reports.get(1, { signal })],
    ['a report list', (c, signal) => c.reports.list({}, { signal })],
    ['a project list', (c, signal) => c.projects.list({}, { signal })],
    ['a create', (c, signal) => c.reports.create({ url: 'https://a.example' }, { signal })],
    ['an update', (c, signal) => c.reports.update(1, { privacy: 1 }, { signal })],
    ['a report delete', (c, signal) => c.reports.delete(1, { signal })],
    ['a project delete', (c, signal) => c.projects.delete('x', { signal })],
  ])('cancels %s in flight and hangs up', async (_name, call) => {
    ctx.server.on(() => held().reply);
    const controller = new AbortController();
    const pending = rejection(call(ctx.client(), controller.signal));
    await ctx.server.until(() => ctx.server.requests.length === 1);
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
    await ctx.server.until(() => ctx.server.requests[0]?.hungUp === true);
  });

  it('cancels a retry wait', async () => {
    ctx.server.on({ status: 500, body: 'down' });
    const controller = new AbortController();
    const client = ctx.client({
      sleep: async () => {
        controller.abort();
      },
    });
    const error = await rejection(client.reports.get(1, { signal: controller.signal }));
    expect(error).toMatchObject({ kind: 'aborted' });
    expect(ctx.server.requests).toHaveLength(1);
  });
});

describe('retries', () => {
  it('retries a read after 5xx with growing waits, then succeeds', async () => {
    ctx.server.queue({ status: 502, body: 'bad gateway' }, { status: 500 }, { body: reportBody() });
    const report = await ctx.client({ retryDelayMs: 100 }).reports.get(42);
    expect(report.id).toBe(42);
    expect(ctx.server.requests).toHaveLength(3);
    expect(ctx.waits).toEqual([100, 200]);
  });

  it('gives up after two retries', async () => {
    ctx.server.on({ status: 500, body: 'down' });
    expect(await rejection(ctx.client().reports.list())).toMatchObject({
      kind: 'server',
      status: 500,
    });
    expect(ctx.server.requests).toHaveLength(3);
  });

  it('retries a read after a network error', async () => {
    let calls = 0;
    const fetch: typeof globalThis.fetch = (input, init) => {
      calls++;
      return calls === 1
        ? Promise.reject(new TypeError('fetch failed'))
        : globalThis.fetch(input, init);
    };
    ctx.server.on({ body: reportBody() });
    expect((await ctx.client({ fetch }).reports.get(42)).id).toBe(42);
    expect(calls).toBe(2);
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('honours a short Retry-After on a read', async () => {
    ctx.server.queue(
      { status: 429, headers: { 'Retry-After': '2' }, body: { message: 'Too Many Attempts.' } },
      { body: listBody },
    );
    await ctx.client({ retryDelayMs: 100 }).reports.list();
    expect(ctx.waits).toEqual([2000]);
    expect(ctx.server.requests).toHaveLength(2);
  });

  it('waits 5 s on a read answered 429 without Retry-After (see rate-limits.test.ts)', async () => {
    ctx.server.queue({ status: 429, body: { message: 'Too Many Attempts.' } }, { body: listBody });
    await ctx.client({ retryDelayMs: 100 }).projects.list();
    expect(ctx.waits).toEqual([5000]);
    expect(ctx.server.requests).toHaveLength(2);
  });

  it('does not wait silently for a long Retry-After: the caller says when', async () => {
    ctx.server.on({ status: 429, headers: { 'Retry-After': '90' }, body: {} });
    expect(await rejection(ctx.client().reports.list())).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 90,
    });
    expect(ctx.server.requests).toHaveLength(1);
    expect(ctx.waits).toEqual([]);
  });

  it.each<[string, (c: SiteReportClient) => Promise<unknown>]>([
    ['a create', (c) => c.reports.create({ url: 'https://a.example' })],
    ['an update', (c) => c.reports.update(1, { results: true })],
  ])('never retries %s', async (_name, call) => {
    ctx.server.on({ status: 503, body: 'down' });
    expect(await rejection(call(ctx.client()))).toMatchObject({ kind: 'server' });
    ctx.server.reset();
    ctx.server.on({ status: 429, headers: { 'Retry-After': '1' }, body: {} });
    expect(await rejection(call(ctx.client()))).toMatchObject({ kind: 'rate_limited' });
    expect(ctx.server.requests).toHaveLength(1);
    expect(ctx.waits).toEqual([]);
  });

  it('never retries a create after a network error', async () => {
    let calls = 0;
    const fetch = async () => {
      calls++;
      throw new TypeError('fetch failed');
    };
    const error = await rejection(
      ctx.client({ fetch }).reports.create({ url: 'https://a.example' }),
    );
    expect(error).toMatchObject({ kind: 'network' });
    expect(calls).toBe(1);
  });

  it('counts a delete that answers 404 on a retry as done', async () => {
    ctx.server.queue({ status: 500 }, { status: 404, body: { message: 'Resource not found.' } });
    expect(await ctx.client().reports.delete(42)).toEqual({ id: 42 });
    expect(ctx.server.requests.map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('counts a project delete that answers 404 on a retry as done', async () => {
    ctx.server.queue({ status: 502 }, { status: 404, body: { message: 'Resource not found.' } });
    expect(await ctx.client().projects.delete('example.com')).toEqual({ name: 'example.com' });
    expect(ctx.server.requests.map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('reports a delete that answers 404 at once as not found', async () => {
    ctx.server.on({ status: 404, body: { message: 'Resource not found.' } });
    expect(await rejection(ctx.client().reports.delete(42))).toMatchObject({ kind: 'not_found' });
    expect(ctx.server.requests).toHaveLength(1);
  });
});

describe('identical reads in flight share one request', () => {
  it('sends one request for concurrent identical reads, giving each caller its own copy', async () => {
    const reply = held();
    ctx.server.on(() => reply.reply);
    const client = ctx.client();
    const first = client.reports.get(42);
    const second = client.reports.get(42, { signal: new AbortController().signal });
    await ctx.server.until(() => ctx.server.requests.length === 1);
    reply.release({ body: reportBody() });
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
    expect(ctx.server.requests).toHaveLength(1);

    ctx.server.on({ body: reportBody() });
    await client.reports.get(42);
    expect(ctx.server.requests).toHaveLength(2);
  });

  it('does not share reads of different addresses', async () => {
    ctx.server.on({ body: listBody });
    const client = ctx.client();
    await Promise.all([client.reports.list({ page: 1 }), client.reports.list({ page: 2 })]);
    expect(ctx.server.requests).toHaveLength(2);
  });

  it('keeps the request going for the others when one caller cancels', async () => {
    const reply = held();
    ctx.server.on(() => reply.reply);
    const client = ctx.client();
    const quitter = new AbortController();
    const cancelled = rejection(client.reports.get(42, { signal: quitter.signal }));
    const staying = client.reports.get(42, { signal: new AbortController().signal });
    await ctx.server.until(() => ctx.server.requests.length === 1);
    quitter.abort();
    expect(await cancelled).toMatchObject({ kind: 'aborted' });
    reply.release({ body: reportBody() });
    expect((await staying).id).toBe(42);
    expect(ctx.server.requests).toHaveLength(1);
    expect(ctx.server.requests[0]?.hungUp).toBe(false);
  });

  it('cancels the request when every caller has cancelled', async () => {
    ctx.server.on(() => held().reply);
    const client = ctx.client();
    const one = new AbortController();
    const two = new AbortController();
    const first = rejection(client.reports.get(42, { signal: one.signal }));
    const second = rejection(client.reports.get(42, { signal: two.signal }));
    await ctx.server.until(() => ctx.server.requests.length === 1);
    one.abort();
    two.abort();
    expect(await first).toMatchObject({ kind: 'aborted' });
    expect(await second).toMatchObject({ kind: 'aborted' });
    await ctx.server.until(() => ctx.server.requests[0]?.hungUp === true);

    ctx.server.on({ body: reportBody() });
    expect((await client.reports.get(42)).id).toBe(42);
    expect(ctx.server.requests).toHaveLength(2);
  });
});

describe('waitForResult', () => {
  const unrated = { body: reportBody({ result: null, score: null, generated_at: null }) };

  it('returns at once when the report is already rated', async () => {
    ctx.server.on({ body: reportBody() });
    expect((await ctx.client().reports.waitForResult(42)).rating).toBe('good');
    expect(ctx.server.requests).toHaveLength(1);
    expect(ctx.waits).toEqual([]);
  });

  it('polls with growing waits, capped at 5 s, until rated', async () => {
    ctx.server.queue(unrated, unrated, unrated, unrated, { body: reportBody({ result: 'bad' }) });
    const report = await ctx.client({ pollDelayMs: 3000 }).reports.waitForResult(42);
    expect(report.rating).toBe('bad');
    expect(ctx.server.requests.map((r) => r.path)).toEqual(Array(5).fill('/reports/42'));
    expect(ctx.waits).toEqual([3000, 4500, 5000, 5000]);
  });

  it('starts from a 1 s wait by default', async () => {
    ctx.server.queue(unrated, unrated, { body: reportBody() });
    await ctx.client().reports.waitForResult(42);
    expect(ctx.waits).toEqual([1000, 1500]);
  });

  it('gives up with a timeout after timeoutMs', async () => {
    ctx.server.on(unrated);
    // A wait that lasts until it is cancelled: only the deadline can end it.
    const client = ctx.client({
      sleep: (_ms, signal) =>
        new Promise((resolve) => signal?.addEventListener('abort', () => resolve())),
    });
    const error = await rejection(client.reports.waitForResult(42, { timeoutMs: 200 }));
    expect(error).toMatchObject({ kind: 'timeout' });
    expect((error as Error).message).toMatch(/not ready within 1 second/);
    await ctx.server.until(() => ctx.server.requests.length >= 1);
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('can be cancelled between polls', async () => {
    ctx.server.on(unrated);
    const controller = new AbortController();
    const client = ctx.client({
      sleep: async () => {
        controller.abort();
      },
    });
    const error = await rejection(client.reports.waitForResult(42, { signal: controller.signal }));
    expect(error).toMatchObject({ kind: 'aborted' });
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('can be cancelled during a poll', async () => {
    ctx.server.on(() => held().reply);
    const controller = new AbortController();
    const pending = rejection(
      ctx.client().reports.waitForResult(42, { signal: controller.signal }),
    );
    await ctx.server.until(() => ctx.server.requests.length === 1);
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
  });

  it('passes on an error from a poll', async () => {
    ctx.server.queue(unrated, { status: 404, body: { message: 'Resource not found.' } });
    const error = await rejection(ctx.client().reports.waitForResult(42));
    expect(error).toMatchObject({ kind: 'not_found' });
  });
});
