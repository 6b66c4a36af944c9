import { describe, expect, it } from 'vitest';
import { api, KEY, start, waitFor } from './helpers';

describe('async mode', () => {
  it('answers create before the analysis, which fills the report in shortly after', async () => {
    const service = await start({ serveSamples: true, async: true, asyncDelayMs: 50 });
    const created = await api(service, 'POST', '/reports', {
      form: { url: `${service.url}/samples/good` },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      result: null,
      score: null,
      results: null,
      generated_at: null,
    });
    const { id } = created.body.data;

    const rated = await waitFor(async () => {
      const read = await api(service, 'GET', `/reports/${id}`);
      return read.body.data.result !== null && read.body.data;
    });
    expect(rated).toMatchObject({ result: 'good', score: 90 });
    expect(rated.generated_at).not.toBeNull();
  });

  it('rates a page that turns out unreachable as bad, saying why', async () => {
    const service = await start({ async: true, asyncDelayMs: 0 });
    const created = await api(service, 'POST', '/reports', {
      form: { url: 'http://127.0.0.1:9/' },
    });
    expect(created.status).toBe(201);
    await service.idle();
    const read = await api(service, 'GET', `/reports/${created.body.data.id}`);
    expect(read.body.data).toMatchObject({ result: 'bad', score: 0 });
    expect(read.body.data.results.status).toMatchObject({ passed: false, importance: 'high' });
    expect(read.body.data.results.status.errors.failed).toMatch(/^The url could not be fetched: /);
  });

  it('still validates at once', async () => {
    const service = await start({ async: true });
    expect((await api(service, 'POST', '/reports', { form: { url: 'nope' } })).status).toBe(422);
  });

  it('stops pending analyses on close', async () => {
    const service = await start({ serveSamples: true, async: true, asyncDelayMs: 60_000 });
    await api(service, 'POST', '/reports', { form: { url: `${service.url}/samples/good` } });
    const started = Date.now();
    await service.close();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('latency', () => {
  it('delays every API answer', async () => {
    const service = await start({ latencyMs: 150 });
    const started = performance.now();
    expect((await api(service, 'GET', '/reports')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(service.requests.at(-1)?.durationMs).toBeGreaterThanOrEqual(140);
  });
});

describe('request log', () => {
  it('records method, path, status and time of every request, never the key', async () => {
    const lines: string[] = [];
    const service = await start({ log: (line) => lines.push(line) });
    await api(service, 'GET', '/reports?page=1');
    await api(service, 'GET', '/reports/77');
    await fetch(`${service.baseUrl}/reports`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://a.test', 'Access-Control-Request-Method': 'GET' },
    });
    await fetch(`${service.url}/`);

    expect(
      service.requests.map(({ method, path, status, api }) => ({ method, path, status, api })),
    ).toEqual([
      { method: 'GET', path: '/api/v1/reports?page=1', status: 200, api: true },
      { method: 'GET', path: '/api/v1/reports/77', status: 404, api: true },
      { method: 'OPTIONS', path: '/api/v1/reports', status: 204, api: true },
      { method: 'GET', path: '/', status: 200, api: false },
    ]);
    expect(service.apiRequests()).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z GET \/api\/v1\/reports\?page=1 200 \d+ms$/,
    );
    expect(lines.join('\n')).not.toContain(KEY);
    expect(JSON.stringify(service.requests)).not.toContain(KEY);

    service.resetRequests();
    expect(service.requests).toEqual([]);
  });

  it('masks secrets that were put in a query string by mistake', async () => {
    const lines: string[] = [];
    const service = await start({ log: (line) => lines.push(line) });
    await fetch(`${service.baseUrl}/reports?api_key=${KEY}&page=2`, {
      headers: { Accept: 'application/json' },
    });
    expect(lines[0]).toContain('/api/v1/reports?api_key=***&page=2');
    expect(lines[0]).not.toContain(KEY);
  });
});

describe('web pages', () => {
  it('serves a landing page at /', async () => {
    const service = await start({ serveSamples: true });
    const response = await fetch(`${service.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain(service.baseUrl);
    expect(html).toContain(`${service.url}/samples/good`);
  });

  it('answers unknown paths with a 404 page', async () => {
    const service = await start();
    const response = await fetch(`${service.url}/no/such/page`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});

describe('startService', () => {
  it('generates a key when none is configured', async () => {
    const service = await start({ apiKeys: [] });
    expect(service.apiKey).toMatch(/^sr_[\w-]{32}$/);
    expect((await api(service, 'GET', '/reports', { key: service.apiKey })).status).toBe(200);
  });

  it('listens on loopback and names its addresses', async () => {
    const service = await start({ serveSamples: true });
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(service.baseUrl).toBe(`${service.url}/api/v1`);
    expect(service.sampleUrls).toEqual({
      good: `${service.url}/samples/good`,
      decent: `${service.url}/samples/decent`,
      bad: `${service.url}/samples/bad`,
    });
  });

  it('rejects a key too short to be one', async () => {
    await expect(start({ apiKeys: ['short'] })).rejects.toThrow(/at least 8/);
  });

  it('seeds reports for another key', async () => {
    const service = await start();
    await service.seed([{ url: 'https://seeded.test/', score: 55 }], 'test-key-bob');
    expect((await api(service, 'GET', '/reports')).body.data).toEqual([]);
    const theirs = await api(service, 'GET', '/reports', { key: 'test-key-bob' });
    expect(theirs.body.data[0]).toMatchObject({ result: 'decent', score: 55 });
  });
});

describe('redirect mode', () => {
  it('answers every API request with a 307 to the same path at another origin', async () => {
    const service = await start({ redirectTo: 'http://127.0.0.1:9' });
    for (const [method, path] of [
      ['GET', '/reports?per_page=10'],
      ['POST', '/reports'],
      ['DELETE', '/reports/1'],
    ] as const) {
      const response = await fetch(`${service.baseUrl}${path}`, {
        method,
        redirect: 'manual',
        headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
      });
      expect(response.status).toBe(307);
      expect(response.headers.get('location')).toBe(`http://127.0.0.1:9/api/v1${path}`);
    }
  });
});
