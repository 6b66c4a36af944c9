// The extension's API client, unchanged, against the local service: the two sides of the
// contract have to agree on the real wire, not only on fixtures.
import { describe, expect, it } from 'vitest';
import { createSiteReportClient, SiteReportError } from '../../lib/api';
import { explanationOf } from '../../lib/rating/checks';
import { KEY, NO_ACCESS_KEY, start } from './helpers';

async function failure(promise: Promise<unknown>): Promise<SiteReportError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SiteReportError);
  return error as SiteReportError;
}

describe('the API client against the local service', () => {
  it('reads why a report got its rating from the service’s results', async () => {
    const service = await start({ serveSamples: true });
    const client = createSiteReportClient({ baseUrl: service.baseUrl, apiKey: KEY });
    const decent = await client.reports.create({ url: `${service.url}/samples/decent` });
    expect(explanationOf(decent.results)).toEqual({
      passed: 8,
      total: 12,
      failed: [
        { key: 'https_encryption', passed: false, importance: 'high' },
        {
          key: 'meta_description',
          passed: false,
          importance: 'high',
        },
        { key: 'canonical', passed: false, importance: 'low' },
        { key: 'image_keywords', passed: false, importance: 'low' },
      ],
    });
    const bad = await client.reports.create({ url: `${service.url}/samples/bad` });
    expect(explanationOf(bad.results)).toMatchObject({ passed: 3, total: 12 });
  });

  it('creates, reads, updates, lists and deletes reports', async () => {
    const service = await start({ serveSamples: true });
    const client = createSiteReportClient({ baseUrl: service.baseUrl, apiKey: KEY });
    const host = new URL(service.url).host;

    const good = await client.reports.create({ url: `${service.url}/samples/good` });
    expect(good).toMatchObject({
      url: `${service.url}/samples/good`,
      project: host,
      rating: 'good',
      score: 90,
      privacy: 0,
      hasPassword: false,
    });
    expect(good.generatedAt).not.toBeNull();
    const bad = await client.reports.create({
      url: `${service.url}/samples/bad`,
      privacy: 2,
      password: 'hunter22',
    });
    expect(bad).toMatchObject({ rating: 'bad', privacy: 2, hasPassword: true });

    expect(await client.reports.get(good.id)).toEqual(good);

    const updated = await client.reports.update(bad.id, { privacy: 1 });
    expect(updated).toMatchObject({ id: bad.id, privacy: 1, hasPassword: false });
    const rerun = await client.reports.update(bad.id, { results: true });
    expect(rerun.rating).toBe('bad');

    const page = await client.reports.list({ perPage: 10, sortBy: 'url', sort: 'asc' });
    expect(page).toMatchObject({ page: 1, perPage: 10, total: 2, lastPage: 1, hasNext: false });
    expect(page.items.map((report) => report.id)).toEqual([bad.id, good.id]);
    const filtered = await client.reports.list({ result: 'good', project: host, search: 'GOOD' });
    expect(filtered.items.map((report) => report.id)).toEqual([good.id]);

    await service.seed(
      Array.from({ length: 12 }, (_, i) => ({
        url: `https://more.test/${i}`,
        result: 'decent' as const,
      })),
    );
    const first = await client.reports.list({ perPage: 10 });
    expect(first).toMatchObject({ total: 14, lastPage: 2, hasNext: true });
    const second = await client.reports.list({ perPage: 10, page: 2 });
    expect(second).toMatchObject({ page: 2, hasNext: false });
    expect(second.items).toHaveLength(4);

    expect(await client.reports.delete(good.id)).toEqual({ id: good.id });
    expect((await failure(client.reports.get(good.id))).kind).toBe('not_found');
  });

  it('lists and deletes projects', async () => {
    const service = await start();
    await service.seed([
      { url: 'https://one.test/a', result: 'good', createdAt: '2026-05-01T00:00:00Z' },
      { url: 'https://one.test/b', result: 'bad', createdAt: '2026-05-02T00:00:00Z' },
      { url: 'http://127.0.0.1:8080/', result: 'bad', createdAt: '2026-05-03T00:00:00Z' },
    ]);
    const client = createSiteReportClient({ baseUrl: service.baseUrl, apiKey: KEY });

    const page = await client.projects.list({ sortBy: 'project', sort: 'asc', perPage: 10 });
    expect(page.items.map((project) => [project.name, project.reportCount])).toEqual([
      ['127.0.0.1:8080', 1],
      ['one.test', 2],
    ]);
    expect(page.items[1]?.createdAt).toBe('2026-05-01T00:00:00.000Z');
    expect((await client.projects.list({ search: 'ONE' })).items).toHaveLength(1);

    expect(await client.projects.delete('127.0.0.1:8080')).toEqual({ name: '127.0.0.1:8080' });
    expect(await client.projects.delete('one.test')).toEqual({ name: 'one.test' });
    expect((await client.reports.list()).items).toEqual([]);
    expect((await failure(client.projects.delete('one.test'))).kind).toBe('not_found');
  });

  it('waits for the rating of a report created in async mode', async () => {
    const service = await start({ serveSamples: true, async: true, asyncDelayMs: 100 });
    const client = createSiteReportClient({
      baseUrl: service.baseUrl,
      apiKey: KEY,
      pollDelayMs: 20,
    });
    const created = await client.reports.create({ url: `${service.url}/samples/decent` });
    expect(created.rating).toBeNull();
    const rated = await client.reports.waitForResult(created.id, { timeoutMs: 5000 });
    expect(rated).toMatchObject({ id: created.id, rating: 'decent', score: 65 });
    expect(rated.generatedAt).not.toBeNull();
  });

  it('turns each error answer into its kind', async () => {
    const service = await start({ rateLimit: 3 });
    const wrongKey = createSiteReportClient({ baseUrl: service.baseUrl, apiKey: 'wrong-key-123' });
    expect((await failure(wrongKey.reports.list())).kind).toBe('unauthorized');

    const noAccess = createSiteReportClient({ baseUrl: service.baseUrl, apiKey: NO_ACCESS_KEY });
    expect((await failure(noAccess.projects.list())).kind).toBe('forbidden');

    const client = createSiteReportClient({ baseUrl: service.baseUrl, apiKey: KEY });
    expect((await failure(client.reports.get(424242))).kind).toBe('not_found');

    const invalid = await failure(client.reports.create({ url: 'http://127.0.0.1:9/' }));
    expect(invalid.kind).toBe('validation');
    expect(invalid.fieldErrors.url?.[0]).toMatch(/^The url could not be fetched: /);

    // The third request of this key within the minute was the last one allowed.
    await client.reports.list();
    const limited = await failure(client.reports.list({ perPage: 10 }));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('retries a read that failed with a server error, and never a create', async () => {
    const service = await start({ serveSamples: true, failEvery: 2 });
    const client = createSiteReportClient({
      baseUrl: service.baseUrl,
      apiKey: KEY,
      retryDelayMs: 10,
    });
    await client.reports.list();
    const page = await client.reports.list({ perPage: 10 });
    expect(page.items).toEqual([]);
    expect(service.apiRequests().map((entry) => entry.status)).toEqual([200, 500, 200]);

    service.resetRequests();
    const failed = await failure(client.reports.create({ url: `${service.url}/samples/good` }));
    expect(failed.kind).toBe('server');
    expect(service.apiRequests()).toHaveLength(1);
  });

  it('says "not found" for an address that is the service but not its API', async () => {
    const service = await start();
    const client = createSiteReportClient({ baseUrl: service.url, apiKey: KEY });
    expect((await failure(client.reports.list())).kind).toBe('not_found');
  });
});
