import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  analysePage,
  CHECK_WEIGHTS,
  type FetchedPage,
  ratingFromScore,
  reportedResults,
} from '../../server/analysis';
import { SAMPLE_SCORES } from '../../server/samples';
import { api, start } from './helpers';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

/** A throwaway site with hand-written answers, to test what the analysis does with them. */
async function site(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('rating thresholds', () => {
  // The service's own copy of the v1 API's thresholds: ≥ 80 good, ≥ 50 decent, otherwise bad.
  it.each([
    [100, 'good'],
    [80, 'good'],
    [79, 'decent'],
    [50, 'decent'],
    [49, 'bad'],
    [0, 'bad'],
  ] as const)('rates a score of %i %s', (score, rating) => {
    expect(ratingFromScore(score)).toBe(rating);
  });
});

/** The keys of `results`, in order: the contract's where a check matches, else the check's own. */
const REPORTED_ORDER = [
  'status',
  'https_encryption',
  'title',
  'meta_description',
  'headings',
  'language',
  'meta_viewport',
  'canonical',
  'image_keywords',
  'noindex',
  'page_size',
  'load_time',
];

describe('analysis of the sample pages', () => {
  it.each([
    ['good', 'good'],
    ['decent', 'decent'],
    ['bad', 'bad'],
  ])('rates the %s sample %s', async (name, rating) => {
    const service = await start({ serveSamples: true });
    const created = await api(service, 'POST', '/reports', {
      form: { url: `${service.url}/samples/${name}` },
    });
    expect(created.status).toBe(201);
    const report = created.body.data;
    expect(report.result).toBe(rating);
    expect(report.score).toBe(SAMPLE_SCORES[name as keyof typeof SAMPLE_SCORES]);
    expect(Object.keys(report.results)).toEqual(REPORTED_ORDER);
    for (const check of Object.values(report.results as Record<string, object>)) {
      expect(Object.keys(check)).toEqual(['passed', 'importance', 'value', 'errors']);
      expect(check).toMatchObject({
        passed: expect.any(Boolean),
        importance: expect.stringMatching(/^(high|medium|low)$/),
        errors: expect.any(Object),
      });
    }
    expect(report.results.https_encryption).toMatchObject({ passed: false, importance: 'high' });
  });

  it.each([
    ['good', ['https_encryption']],
    ['decent', ['https_encryption', 'meta_description', 'canonical', 'image_keywords']],
    [
      'bad',
      [
        'https_encryption',
        'title',
        'meta_description',
        'headings',
        'language',
        'meta_viewport',
        'canonical',
        'image_keywords',
        'noindex',
      ],
    ],
  ])('the %s sample fails %j', async (name, failed) => {
    const service = await start({ serveSamples: true });
    const created = await api(service, 'POST', '/reports', {
      form: { url: `${service.url}/samples/${name}` },
    });
    const results = created.body.data.results as Record<string, { passed: boolean }>;
    const failing = Object.keys(results).filter((key) => !results[key]?.passed);
    expect(failing).toEqual(failed);
  });

  it('weights add up to 100', () => {
    expect(Object.values(CHECK_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBe(100);
  });

  it('does not serve the samples unless asked to', async () => {
    const service = await start();
    expect((await fetch(`${service.url}/samples/good`)).status).toBe(404);
  });
});

describe('fetching', () => {
  it('answers 422 on url with the reason when the page cannot be fetched', async () => {
    const service = await start();
    const answer = await api(service, 'POST', '/reports', {
      form: { url: `http://127.0.0.1:${await closedPort()}/` },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: { url: ['The url could not be fetched: the connection was refused.'] },
      status: 422,
    });
    expect((await api(service, 'GET', '/reports')).body.data).toEqual([]);
  });

  it('follows up to 5 redirects and reports the final address', async () => {
    const origin = await site((req, res) => {
      const step = Number(req.url?.slice(1));
      if (step < 5) res.writeHead(302, { Location: `/${step + 1}` }).end();
      else
        res
          .writeHead(200, { 'Content-Type': 'text/html' })
          .end('<title>Arrived safely here</title>');
    });
    const service = await start();
    const answer = await api(service, 'POST', '/reports', { form: { url: `${origin}/0` } });
    expect(answer.status).toBe(201);
    expect(answer.body.data.results.status).toMatchObject({ passed: true, value: 200 });
    // Stored under the address it ended on, as deployments do.
    expect(answer.body.data.url).toBe(`${origin}/5`);
  });

  it.each([
    [
      'more than 5 redirects',
      () => site((req, res) => res.writeHead(301, { Location: `${req.url}x` }).end()),
      // The address it gave up at: the sixth redirect's.
      (origin: string) => `it redirects more than 5 times, the last time to ${origin}/xxxxxx`,
    ],
    [
      'a redirect to another scheme',
      () => site((_, res) => res.writeHead(302, { Location: 'ftp://files.test/page' }).end()),
      'it leads to a ftp address, not a web page',
    ],
    [
      'a page that is not HTML',
      () => site((_, res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end('png')),
      'it is not an HTML page (image/png)',
    ],
    [
      'a page larger than 5 MB',
      () =>
        site((_, res) => {
          res.writeHead(200, { 'Content-Type': 'text/html' });
          const chunk = 'x'.repeat(1024 * 1024);
          for (let i = 0; i < 6; i++) res.write(chunk);
          res.end();
        }),
      'the page is larger than 5 MB',
    ],
    [
      'a page that declares more than 5 MB',
      () =>
        site((_, res) =>
          res
            .writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': 6 * 1024 * 1024 })
            .end(),
        ),
      'the page is larger than 5 MB',
    ],
  ])('refuses %s', async (_, makeSite, reason) => {
    const origin = await makeSite();
    const service = await start();
    const answer = await api(service, 'POST', '/reports', { form: { url: `${origin}/` } });
    expect(answer.status).toBe(422);
    const said = typeof reason === 'string' ? reason : reason(origin);
    expect(answer.body.message).toEqual({ url: [`The url could not be fetched: ${said}.`] });
  });

  it('gives up after the timeout', async () => {
    const origin = await site(() => {
      // Never answers.
    });
    const service = await start({ fetchTimeoutMs: 200 });
    const answer = await api(service, 'POST', '/reports', { form: { url: origin } });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({
      url: ['The url could not be fetched: no complete answer within 0.2 seconds.'],
    });
  });

  it('rates an error page, failing its status check', async () => {
    const origin = await site((_, res) =>
      res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not here</h1>'),
    );
    const service = await start();
    const answer = await api(service, 'POST', '/reports', { form: { url: origin } });
    expect(answer.status).toBe(201);
    expect(answer.body.data.results.status).toMatchObject({
      passed: false,
      importance: 'high',
      value: 404,
      errors: { failed: null },
    });
    expect(answer.body.data.result).toBe('bad');
  });
});

describe('checks', () => {
  function page(html: string, overrides: Partial<FetchedPage> = {}): FetchedPage {
    return {
      url: 'https://example.com/',
      finalUrl: 'https://example.com/',
      status: 200,
      contentType: 'text/html',
      headers: new Headers(),
      html,
      bytes: Buffer.byteLength(html),
      timeMs: 20,
      redirects: 0,
      ...overrides,
    };
  }
  const outcome = (html: string, id: string, overrides?: Partial<FetchedPage>) =>
    analysePage(page(html, overrides)).checks.find((check) => check.id === id);

  it('scores a complete https page 100 (good)', () => {
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width">
      <title>A perfectly fine page title</title>
      <meta name="description" content="A description long enough to count as a proper summary of the page.">
      <link rel="canonical" href="/"></head><body><h1>Hi</h1><img src="a.png" alt=""></body></html>`;
    const analysis = analysePage(page(html));
    expect(analysis.checks.filter((check) => !check.passed)).toEqual([]);
    expect(Object.values(analysis.results).every((check) => check.passed)).toBe(true);
    expect(analysis).toMatchObject({ score: 100, result: 'good' });
  });

  it('reads the document as a browser would, not as text', () => {
    // An svg <title> is not the page's title; a template's h1 is not on the page; a commented-out
    // description does not count.
    const html = `<html><head><!-- <meta name="description" content="hidden"> --></head><body>
      <svg><title>Icon</title></svg><template><h1>Later</h1></template><h1>One</h1><h1>Two</h1></body></html>`;
    expect(outcome(html, 'title')).toMatchObject({ passed: false, value: null });
    expect(outcome(html, 'meta_description')?.passed).toBe(false);
    expect(outcome(html, 'h1')).toMatchObject({ passed: false, value: 2 });
  });

  it.each([
    ['<meta name="robots" content="noindex">', {}, false],
    ['<meta name="ROBOTS" content="none">', {}, false],
    ['<meta name="googlebot" content="nofollow, noindex">', {}, false],
    ['', { headers: new Headers({ 'X-Robots-Tag': 'noindex' }) }, false],
    ['<meta name="robots" content="index, follow">', {}, true],
  ])('indexable for %s %j → %s', (head, overrides, passed) => {
    expect(outcome(`<head>${head}</head>`, 'indexable', overrides)?.passed).toBe(passed);
  });

  it.each([
    ['<title>Short</title>', false],
    [`<title>${'x'.repeat(61)}</title>`, false],
    ['<title>  Just   right   length  </title>', true],
  ])('title length of %s → %s', (head, passed) => {
    expect(outcome(`<head>${head}</head>`, 'title_length')?.passed).toBe(passed);
  });

  it('counts images without an alt attribute, accepting an empty alt for decoration', () => {
    expect(outcome('<img src=a alt=""><img src=b alt="B"><img src=c>', 'image_alt')).toMatchObject({
      passed: false,
      value: '2/3',
    });
  });

  it('flags a heavy page and a slow answer', () => {
    expect(outcome('<p>x</p>', 'page_weight', { bytes: 600 * 1024 })?.passed).toBe(false);
    expect(outcome('<p>x</p>', 'response_time', { timeMs: 1500 })?.passed).toBe(false);
  });

  it('resolves the canonical address against the page', () => {
    expect(outcome('<link rel="Canonical" href="/home">', 'canonical')?.value).toBe(
      'https://example.com/home',
    );
  });

  it('reads the whole analysis from the fetch', () => {
    const analysis = analysePage(
      page('<title>A perfectly fine page title</title>', { redirects: 2 }),
    );
    expect(analysis.fetched).toMatchObject({ status: 200, redirects: 2 });
  });
});

describe("results as the contract's map of checks", () => {
  function page(html: string, overrides: Partial<FetchedPage> = {}): FetchedPage {
    return {
      url: 'http://example.com/',
      finalUrl: 'http://example.com/',
      status: 200,
      contentType: 'text/html',
      headers: new Headers(),
      html,
      bytes: Buffer.byteLength(html),
      timeMs: 20,
      redirects: 0,
      ...overrides,
    };
  }
  const results = (html: string, overrides?: Partial<FetchedPage>) =>
    analysePage(page(html, overrides)).results;

  it('says a missing title is missing, and a title of the wrong length its limits', () => {
    expect(results('<p>x</p>').title).toEqual({
      passed: false,
      importance: 'high',
      value: null,
      errors: { missing: null },
    });
    expect(results('<title>Short</title>').title).toEqual({
      passed: false,
      importance: 'high',
      value: 'Short',
      errors: { length: { min: 10, max: 60 } },
    });
    expect(results('<title>Just the right length</title>').title).toMatchObject({
      passed: true,
      errors: {},
    });
  });

  it('does the same for the meta description', () => {
    expect(results('<meta name="description" content="Too short">').meta_description).toEqual({
      passed: false,
      importance: 'high',
      value: 'Too short',
      errors: { length: { min: 50, max: 160 } },
    });
    expect(results('').meta_description?.errors).toEqual({ missing: null });
  });

  it.each([
    ['<p>x</p>', 'headings', { missing: null }],
    ['<h1>a</h1><h1>b</h1>', 'headings', { too_many: { max: 1 } }],
    ['<p>x</p>', 'language', { missing: null }],
    ['<p>x</p>', 'meta_viewport', { missing: null }],
    ['<img src=a><img src=b alt=B>', 'image_keywords', { missing: 1 }],
    ['<meta name="robots" content="noindex">', 'noindex', { failed: null }],
    ['<p>x</p>', 'https_encryption', { failed: null }],
  ])('%s fails %s with %j', (html, key, errors) => {
    expect(results(html)[key]).toMatchObject({ passed: false, errors });
  });

  it('gives the page size in bytes and the load time in seconds, with their limits', () => {
    const slowAndHeavy = results('<p>x</p>', { bytes: 600 * 1024, timeMs: 1500 });
    expect(slowAndHeavy.page_size).toEqual({
      passed: false,
      importance: 'medium',
      value: 600 * 1024,
      errors: { too_large: { max: 500 * 1024 } },
    });
    expect(slowAndHeavy.load_time).toEqual({
      passed: false,
      importance: 'medium',
      value: 1.5,
      errors: { too_slow: { max: 1 } },
    });
  });

  it('fails a key when any of its checks fails', () => {
    const checks = analysePage(page('<title>A perfectly fine page title</title>')).checks;
    const titleLength = checks.find((check) => check.id === 'title_length');
    if (titleLength) titleLength.passed = false;
    expect(reportedResults(checks).title?.passed).toBe(false);
  });
});
