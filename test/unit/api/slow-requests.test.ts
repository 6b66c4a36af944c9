// Creates and re-analyses wait for the service's analysis (up to 120 s); every other request keeps
// its short deadline, and only those long ones are handed to keepAlive.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSiteReportClient, type SiteReportClient } from '../../../lib/api';
import { held } from '../../support/scripted-service';
import { KEY, rejection, reportBody, useServer } from './fixtures';

const ctx = useServer();

/** Answers every request with a report after `ms`. */
function answerAfter(ms: number) {
  ctx.server.on(() => {
    const reply = held();
    setTimeout(() => reply.release({ body: reportBody() }), ms);
    return reply.reply;
  });
}

describe('deadlines of requests that analyse', () => {
  const quick = { timeoutMs: 40, analysisTimeoutMs: 2_000 };

  it.each<[string, (client: SiteReportClient) => Promise<unknown>]>([
    ['a create', (client) => client.reports.create({ url: 'https://a.example/' })],
    ['a re-analysis', (client) => client.reports.update(42, { results: true })],
  ])('%s waits past the short deadline for its answer', async (_name, call) => {
    answerAfter(150);
    await expect(call(ctx.client(quick))).resolves.toMatchObject({ id: 42 });
    expect(ctx.server.requests).toHaveLength(1);
  });

  it.each<[string, (client: SiteReportClient) => Promise<unknown>]>([
    ['a read', (client) => client.reports.get(42)],
    ['a privacy change', (client) => client.reports.update(42, { privacy: 1 })],
    ['a re-analysis turned off', (client) => client.reports.update(42, { results: false })],
  ])('%s keeps the short deadline', async (_name, call) => {
    answerAfter(150);
    expect(await rejection(call(ctx.client(quick)))).toMatchObject({ kind: 'timeout' });
  });

  it('a create that outlasts its own deadline times out, and is not sent again', async () => {
    ctx.server.on(() => held().reply);
    const client = ctx.client({ timeoutMs: 50, analysisTimeoutMs: 200 });
    const error = await rejection(client.reports.create({ url: 'https://a.example/' }));
    expect(error).toMatchObject({ kind: 'timeout' });
    // The test server records a request once it has read it, which a busy loop may do later.
    await ctx.server.until(() => ctx.server.requests.length >= 1);
    expect(ctx.server.requests).toHaveLength(1);
  });

  it('refuses a deadline that is not positive', () => {
    expect(() => ctx.client({ analysisTimeoutMs: 0 })).toThrow();
  });
});

describe('default deadlines', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fetch that never answers but ends when its signal aborts. */
  const silentFetch = (_url: string, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
    });

  async function settledAfter(call: (client: SiteReportClient) => Promise<unknown>, ms: number) {
    vi.useFakeTimers();
    const client = createSiteReportClient({
      baseUrl: 'https://reports.example.com/api/v1',
      apiKey: KEY,
      fetch: silentFetch,
    });
    let settled = false;
    const result = call(client).catch((error: unknown) => {
      settled = true;
      return error;
    });
    await vi.advanceTimersByTimeAsync(ms - 1);
    const early = settled;
    await vi.advanceTimersByTimeAsync(1);
    return { early, late: settled, error: await result };
  }

  it('gives a create 120 s', async () => {
    const outcome = await settledAfter(
      (client) => client.reports.create({ url: 'https://a.example/' }),
      120_000,
    );
    expect(outcome).toMatchObject({ early: false, late: true, error: { kind: 'timeout' } });
  });

  it('gives a re-analysis 120 s', async () => {
    const outcome = await settledAfter(
      (client) => client.reports.update(42, { results: true }),
      120_000,
    );
    expect(outcome).toMatchObject({ early: false, late: true, error: { kind: 'timeout' } });
  });

  it('gives a privacy change 15 s', async () => {
    const outcome = await settledAfter(
      (client) => client.reports.update(42, { privacy: 1 }),
      15_000,
    );
    expect(outcome).toMatchObject({ early: false, late: true, error: { kind: 'timeout' } });
  });
});

/** A keepAlive that tells `held` of each request it holds. */
const holding =
  (held: () => void) =>
  <T>(work: Promise<T>) => {
    held();
    return work;
  };

describe('keepAlive', () => {
  it('holds a create and a re-analysis while they are out, and nothing else', async () => {
    ctx.server.on({ body: reportBody() });
    const held = vi.fn();
    const client = ctx.client({ keepAlive: holding(held) });
    await client.reports.get(42);
    await client.reports.update(42, { privacy: 1 });
    expect(held).not.toHaveBeenCalled();
    await client.reports.create({ url: 'https://a.example/' });
    await client.reports.update(42, { results: true });
    expect(held).toHaveBeenCalledTimes(2);
  });

  it('answers what the request answers, failures included', async () => {
    ctx.server.on({ status: 422, body: { message: { url: ['The url is bad.'] }, status: 422 } });
    const held = vi.fn();
    const client = ctx.client({ keepAlive: holding(held) });
    const error = await rejection(client.reports.create({ url: 'https://a.example/' }));
    expect(error).toMatchObject({ kind: 'validation' });
    expect(held).toHaveBeenCalledTimes(1);
  });
});
