// The background's message handlers, driven through handleMessage with the real API client
// against a local stand-in service.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSiteReportClient } from '../../../lib/api';
import { createHandlerDeps, type HandlerDeps } from '../../../lib/background/deps';
import { handleMessage } from '../../../lib/background/handlers';
import type { Answer, RequestType } from '../../../lib/messaging/protocol';
import { handleRatingCacheChange } from '../../../lib/rating/badge';
import { getCachedRating } from '../../../lib/rating/cache';
import { rememberReports } from '../../../lib/rating/cache-writes';
import { createRecentDetails, DETAILS_FRESH_MS } from '../../../lib/rating/recent-details';
import { createClientSource } from '../../../lib/service/client-source';
import { loadSettings, saveSettings } from '../../../lib/settings';
import { HTML_PAGE, report, wireChecks, wireList, wireReport } from '../../support/fixtures';
import { type ScriptedService, startScriptedService } from '../../support/scripted-service';

const KEY = 'sr_test_key_0123456789';
let stub: ScriptedService;

beforeAll(async () => {
  stub = await startScriptedService();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());

function testDeps(overrides: Partial<HandlerDeps> = {}): HandlerDeps {
  return createHandlerDeps({
    createClient: (options) =>
      createSiteReportClient({ ...options, retryDelayMs: 1, pollDelayMs: 1, timeoutMs: 2000 }),
    hasHostAccess: async () => true,
    // Each test's own memory of report details.
    recentDetails: createRecentDetails(),
    ...overrides,
  });
}

const ownPage = () => ({
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL('/popup.html'),
});

function ask(message: unknown, deps = testDeps()) {
  return handleMessage(message, ownPage(), deps);
}

async function connect(serviceUrl = stub.baseUrl) {
  const saved = await saveSettings({ serviceUrl, apiKey: KEY });
  expect(saved.ok).toBe(true);
}

function failure(answer: Answer<RequestType>) {
  if (answer.ok) throw new Error(`expected a failure, got ${JSON.stringify(answer.data)}`);
  return answer.error;
}

function success<T>(answer: Answer<RequestType>): T {
  if (!answer.ok) throw new Error(`expected success, got ${JSON.stringify(answer.error)}`);
  return answer.data as T;
}

describe('who may ask', () => {
  it.each([
    ['no sender', undefined],
    [
      'another extension',
      { id: 'other-extension', url: 'chrome-extension://other-extension/x.html' },
    ],
    [
      'a web page (content script)',
      { id: 'test-extension-id', url: 'https://evil.example/', tab: { id: 3 } },
    ],
    [
      'a page of another origin',
      { id: 'test-extension-id', url: 'chrome-extension://other/popup.html' },
    ],
    ['a sender without a URL', { id: 'test-extension-id' }],
  ])('rejects %s', async (_name, sender) => {
    const answer = await handleMessage({ type: 'getStatus' }, sender, testDeps());
    expect(failure(answer)).toEqual({
      kind: 'bad_message',
      reason: 'badSender',
      message: expect.stringMatching(/refused/),
    });
  });

  it('answers the extension’s own pages, also a popup opened in its own window', async () => {
    const sender = { ...ownPage(), tab: { id: 12 } };
    expect((await handleMessage({ type: 'getStatus' }, sender, testDeps())).ok).toBe(true);
    const options = {
      id: fakeBrowser.runtime.id,
      url: fakeBrowser.runtime.getURL('/options.html'),
    };
    expect((await handleMessage({ type: 'getStatus' }, options, testDeps())).ok).toBe(true);
  });
});

describe('what may be asked', () => {
  it.each([
    ['not an object', 'getStatus'],
    ['an unknown type', { type: 'deleteEverything' }],
    ['a bad id', { type: 'getReport', id: 'x' }],
    ['an extra field', { type: 'getReport', id: 1, apiKey: 'x' }],
    ['a non-web URL', { type: 'createReport', input: { url: 'javascript:alert(1)' } }],
    [
      'a password report without password',
      { type: 'createReport', input: { url: 'https://a.example/', privacy: 2 } },
    ],
  ])('rejects %s as a bad message, before any request', async (_name, message) => {
    await connect();
    const error = failure(await ask(message));
    expect(error.kind).toBe('bad_message');
    expect(stub.requests).toHaveLength(0);
  });

  it('names the fields that failed', async () => {
    expect(failure(await ask({ type: 'getReport', id: -1 })).fieldErrors).toHaveProperty('id');
    const noPassword = { type: 'createReport', input: { url: 'https://a.example/', privacy: 2 } };
    expect(failure(await ask(noPassword)).fieldErrors).toHaveProperty('password');
  });

  it.each([
    [
      'a URL that is not a string',
      { type: 'getStatus', url: 42 },
      { url: ['Invalid input: expected string, received number'] },
    ],
    [
      'a report id that is not a number',
      { type: 'deleteReport', id: 'seven' },
      { id: ['The report id must be a whole number.'] },
    ],
    [
      'a test of a key that is not a string',
      { type: 'testConnection', serviceUrl: 'https://a.example/api/v1', apiKey: 12345678 },
      { apiKey: ['Invalid input: expected string, received number'] },
    ],
    [
      'an unknown type',
      { type: 'deleteEverything' },
      { type: [expect.stringMatching(/^Invalid discriminator value/)] },
    ],
  ])('says for %s what was wrong with which field', async (_name, message, fieldErrors) => {
    const error = failure(await ask(message));
    expect(error.fieldErrors).toEqual(fieldErrors);
  });

  it('never repeats a value it was sent', async () => {
    const secret = 'sk-live-secret-value';
    const error = failure(
      await ask({ type: 'testConnection', serviceUrl: 7, apiKey: secret, extra: secret }),
    );
    expect(Object.keys(error.fieldErrors ?? {})).not.toHaveLength(0);
    expect(JSON.stringify(error)).not.toContain(secret);
  });
});

describe('not connected', () => {
  it.each([
    { type: 'createReport', input: { url: 'https://example.com/' } },
    { type: 'getReport', id: 1 },
    { type: 'updateReport', id: 1, input: { results: true } },
    { type: 'deleteReport', id: 1 },
    { type: 'waitForResult', id: 1 },
    { type: 'listReports', params: {} },
    { type: 'listProjects', params: {} },
    { type: 'deleteProject', name: 'example.com' },
  ])('$type answers not_connected without a service URL or key', async (message) => {
    await saveSettings({ serviceUrl: stub.baseUrl });
    expect(failure(await ask(message)).kind).toBe('not_connected');
    expect(stub.requests).toHaveLength(0);
  });
});

describe('every handler answers errors as plain data', () => {
  const requests = [
    { type: 'createReport', input: { url: 'https://example.com/' } },
    { type: 'getReport', id: 1 },
    { type: 'updateReport', id: 1, input: { results: true } },
    { type: 'deleteReport', id: 1 },
    { type: 'waitForResult', id: 1 },
    { type: 'listReports', params: {} },
    { type: 'listProjects', params: {} },
    { type: 'deleteProject', name: 'example.com' },
  ];
  const replies = [
    ['unauthorized', { status: 401, body: { message: 'Unauthenticated.' } }, {}],
    ['forbidden', { status: 403, body: { message: 'No.' } }, {}],
    ['not_found', { status: 404, body: { message: 'Resource not found.' } }, {}],
    [
      'rate_limited',
      { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '60' } },
      { retryAfterSeconds: 60 },
    ],
    ['server', { status: 500, body: HTML_PAGE }, { status: 500 }],
  ] as const;
  it.each(
    requests.flatMap((request) =>
      replies
        // A create answered 5xx may have been made: it is looked for first (watched-create.test.ts).
        .filter(([kind]) => request.type !== 'createReport' || kind !== 'server')
        .map((reply) => [request.type, ...reply, request] as const),
    ),
  )('%s: %s', async (_type, kind, reply, extra, request) => {
    await connect();
    stub.on(() => reply);
    const answer = await ask(request);
    expect(failure(answer)).toMatchObject({ kind, message: expect.any(String), ...extra });
    // Plain data: survives structured cloning with every field.
    expect(structuredClone(answer)).toEqual(answer);
    expect(JSON.stringify(answer)).not.toContain(KEY);
  });
});

describe('getStatus', () => {
  it('summarises the settings without the key', async () => {
    expect(success(await ask({ type: 'getStatus' }))).toEqual({
      connected: false,
      account: null,
      accounts: [],
      serviceUrl: null,
      siteUrl: null,
      defaultPrivacy: 0,
      showBadge: true,
      contextMenu: true,
      notify: true,
      cached: null,
      queued: null,
      watch: null,
    });
    await connect();
    await saveSettings({ defaultPrivacy: 1, notify: false });
    const answer = await ask({ type: 'getStatus' });
    expect(JSON.stringify(answer)).not.toContain(KEY);
    expect(success(answer)).toMatchObject({
      connected: true,
      account: 'a1',
      accounts: [{ id: 'a1', name: new URL(stub.baseUrl).host }],
      serviceUrl: stub.baseUrl,
      siteUrl: stub.origin,
      defaultPrivacy: 1,
      notify: false,
    });
  });

  it('includes the cached rating of the given address', async () => {
    await connect();
    await rememberReports(
      [
        {
          id: 9,
          url: 'https://example.com/a',
          project: 'example.com',
          rating: 'bad',
          privacy: 0,
          hasPassword: false,
          generatedAt: null,
          createdAt: null,
          updatedAt: null,
          results: null,
        },
      ],
      'a1',
    );
    const status = success<{ cached: unknown }>(
      await ask({ type: 'getStatus', url: 'https://example.com/a#x' }),
    );
    expect(status.cached).toMatchObject({ reportId: 9, rating: 'bad' });
    expect(status.cached).not.toHaveProperty('project');
  });

  it('names the create queued for the address, the tab’s own first', async () => {
    const job = (id: string, tabId: number, url = 'https://example.com/a') => ({
      id,
      kind: 'create',
      state: 'waiting',
      createdAt: 1,
      items: [{ op: { type: 'create', url, privacy: 0 }, state: 'waiting', tabId }],
    });
    await fakeBrowser.storage.local.set({
      jobs: {
        version: 1,
        jobs: [job('other-page', 3, 'https://example.com/b'), job('other-tab', 4), job('own', 3)],
      },
    });
    const queued = async (request: object) =>
      success<{ queued: unknown }>(await ask({ type: 'getStatus', ...request })).queued;
    expect(await queued({ url: 'https://example.com/a#x', tabId: 3 })).toEqual({
      jobId: 'own',
      index: 0,
    });
    expect(await queued({ url: 'https://example.com/a', tabId: 9 })).toEqual({
      jobId: 'other-tab',
      index: 0,
    });
    expect(await queued({ url: 'https://example.com/c' })).toBeNull();
    expect(await queued({})).toBeNull();
  });
});

describe('createReport', () => {
  it('sends nothing while the browser is offline, and says the report was not sent', async () => {
    await connect();
    stub.on(() => ({ status: 201, body: { data: wireReport(), status: 201 } }));
    const offline = testDeps({ isOnline: () => false });
    const answer = await ask(
      { type: 'createReport', input: { url: 'https://example.com/pricing' } },
      offline,
    );
    expect(failure(answer)).toEqual({
      kind: 'network',
      reason: 'notSent',
      message: 'You are offline: the report was not sent.',
    });
    expect(stub.requests).toHaveLength(0);
  });

  it('creates with the key in the Authorization header only, caches the rating, updates the badge', async () => {
    await connect();
    const tab = await fakeBrowser.tabs.create({ url: 'https://example.com/pricing' });
    fakeBrowser.storage.onChanged.addListener((c, a) => void handleRatingCacheChange(c, a));
    stub.on(() => ({
      status: 201,
      body: { data: wireReport({ result: 'decent' }), status: 201 },
    }));

    const answer = await ask({
      type: 'createReport',
      input: { url: 'https://example.com/pricing', privacy: 1 },
    });
    expect(success(answer)).toMatchObject({ id: 42, rating: 'decent', privacy: 1 });
    const [request] = stub.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/api/v1/reports');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.headers.accept).toBe('application/json');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      url: 'https://example.com/pricing',
      privacy: '1',
    });
    expect(JSON.stringify(answer)).not.toContain(KEY);
    expect(await getCachedRating('https://example.com/pricing', 'a1')).toMatchObject({
      reportId: 42,
      rating: 'decent',
    });
    await vi.waitFor(async () =>
      expect(await fakeBrowser.action.getBadgeText({ tabId: tab.id })).toBe('OK'),
    );
  });

  it('keeps the rating for the address asked for when the service gives another; a delete forgets both', async () => {
    await connect();
    const asked = 'http://example.com/moved';
    const tab = await fakeBrowser.tabs.create({ url: asked });
    fakeBrowser.storage.onChanged.addListener((c, a) => void handleRatingCacheChange(c, a));
    stub.on((request) =>
      request.method === 'POST'
        ? {
            status: 201,
            body: { data: wireReport({ url: 'https://www.example.com/pricing/' }), status: 201 },
          }
        : { status: 200, body: { id: 42, object: 'report', deleted: true, status: 200 } },
    );

    const answer = await ask({ type: 'createReport', input: { url: asked } });
    // What the page shows is the service's address.
    expect(success(answer)).toMatchObject({ id: 42, url: 'https://www.example.com/pricing/' });
    for (const url of [asked, 'https://www.example.com/pricing/']) {
      expect(await getCachedRating(url, 'a1')).toMatchObject({ reportId: 42 });
    }
    await vi.waitFor(async () =>
      expect(await fakeBrowser.action.getBadgeText({ tabId: tab.id })).toBe('Good'),
    );

    success(await ask({ type: 'deleteReport', id: 42 }));
    for (const url of [asked, 'https://www.example.com/pricing/']) {
      expect(await getCachedRating(url, 'a1')).toBeNull();
    }
    await vi.waitFor(async () =>
      expect(await fakeBrowser.action.getBadgeText({ tabId: tab.id })).toBe(''),
    );
  });

  it.each([
    [
      'unauthorized',
      { status: 401, body: { message: 'Unauthenticated.' } },
      { kind: 'unauthorized', status: 401 },
    ],
    [
      'forbidden',
      { status: 403, body: { message: "You don't have access to this feature.", status: 403 } },
      { kind: 'forbidden', status: 403 },
    ],
    [
      'validation',
      { status: 422, body: { message: { url: ['The url field is required.'] }, status: 422 } },
      { kind: 'validation', fieldErrors: { url: ['The url field is required.'] } },
    ],
    [
      'rate_limited',
      { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '30' } },
      { kind: 'rate_limited', retryAfterSeconds: 30, message: expect.stringMatching(/30 seconds/) },
    ],
    ['not_found', { status: 404, body: HTML_PAGE }, { kind: 'not_found' }],
  ])('answers %s as plain data', async (_name, reply, expected) => {
    await connect();
    stub.on(() => reply);
    const answer = await ask({ type: 'createReport', input: { url: 'https://example.com/' } });
    const error = failure(answer);
    expect(error).toMatchObject(expected);
    expect(error.message).toEqual(expect.any(String));
    expect(JSON.stringify(answer)).not.toContain(KEY);
    expect(await getCachedRating('https://example.com/', 'a1')).toBeNull();
  });

  // A create with no answer that can be read (a 5xx, a 2xx not understood, no connection, a
  // timeout) may have been made: it is looked for before anything is said, and never sent again
  // (test/unit/jobs/queue/watched-create.test.ts).
});

describe('reading, changing and deleting reports', () => {
  beforeEach(() => connect());

  it('getReport caches the answer', async () => {
    stub.on(() => ({ body: { data: wireReport({ id: 5, result: 'bad' }) } }));
    expect(success(await ask({ type: 'getReport', id: 5 }))).toMatchObject({
      id: 5,
      rating: 'bad',
    });
    expect(stub.requests[0]?.url.pathname).toBe('/api/v1/reports/5');
    expect(await getCachedRating('https://example.com/pricing', 'a1')).toMatchObject({
      reportId: 5,
    });
  });

  it('getReport of a report that is gone answers not_found and forgets it', async () => {
    stub.on(() => ({ body: { data: wireReport({ id: 5 }) } }));
    await ask({ type: 'getReport', id: 5 });
    stub.on(() => ({ status: 404, body: { message: 'Resource not found.', status: 404 } }));
    expect(failure(await ask({ type: 'getReport', id: 5 })).kind).toBe('not_found');
    expect(await getCachedRating('https://example.com/pricing', 'a1')).toBeNull();
  });

  it('getReportDetails reads the report and explains its rating, caching only the rating', async () => {
    stub.on(() => ({
      body: { data: wireReport({ id: 5, result: 'decent', results: wireChecks() }) },
    }));
    const details = success<{ report: unknown; explanation: unknown }>(
      await ask({ type: 'getReportDetails', id: 5 }),
    );
    expect(stub.requests[0]?.url.pathname).toBe('/api/v1/reports/5');
    expect(details.report).toMatchObject({ id: 5, rating: 'decent' });
    expect(details.report).not.toHaveProperty('results');
    expect(details.explanation).toEqual({
      passed: 3,
      total: 6,
      failed: [
        {
          key: 'title',
          passed: false,
          importance: 'high',
          limit: { kind: 'length', min: 10, max: 60 },
        },
        {
          key: 'load_time',
          passed: false,
          importance: 'medium',
          limit: { kind: 'too_slow', max: 1 },
        },
        { key: 'image_format', passed: false, importance: 'low' },
      ],
    });
    expect(await getCachedRating('https://example.com/pricing', 'a1')).toMatchObject({
      reportId: 5,
      rating: 'decent',
    });
    const stored = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(stored).not.toContain('load_time');
    expect(stored).not.toContain('too_slow');
  });

  it.each([
    ['no results', undefined],
    ['results of another shape', { checks: [{ name: 'tls', passed: true }] }],
    ['an empty map', []],
  ])('getReportDetails of a report with %s explains nothing', async (_, results) => {
    stub.on(() => ({ body: { data: wireReport({ results }) } }));
    expect(success(await ask({ type: 'getReportDetails', id: 42 }))).toMatchObject({
      report: { id: 42 },
      explanation: null,
    });
  });

  it('getReportDetails after a create, re-analysis or read uses that answer, for a minute', async () => {
    let now = 1_000_000;
    const deps = testDeps({ recentDetails: createRecentDetails(() => now) });
    stub.on(() => ({ status: 201, body: { data: wireReport({ results: wireChecks() }) } }));
    await ask({ type: 'createReport', input: { url: 'https://example.com/pricing' } }, deps);
    const requests = stub.requests.length;
    const details = success<{ explanation: { passed: number } }>(
      await ask({ type: 'getReportDetails', id: 42 }, deps),
    );
    expect(details.explanation.passed).toBe(3);
    expect(stub.requests).toHaveLength(requests);

    now += DETAILS_FRESH_MS;
    stub.on(() => ({ body: { data: wireReport({ results: {} }) } }));
    expect(success(await ask({ type: 'getReportDetails', id: 42 }, deps))).toMatchObject({
      explanation: null,
    });
    expect(stub.requests).toHaveLength(requests + 1);

    // A re-analysis's answer replaces them; a delete forgets them.
    stub.on(() => ({ body: { data: wireReport({ results: wireChecks() }) } }));
    await ask({ type: 'updateReport', id: 42, input: { results: true } }, deps);
    expect(success(await ask({ type: 'getReportDetails', id: 42 }, deps))).toMatchObject({
      explanation: { passed: 3 },
    });
    stub.on(() => ({ body: { id: 42, object: 'report', deleted: true, status: 200 } }));
    await ask({ type: 'deleteReport', id: 42 }, deps);
    stub.on(() => ({ status: 404, body: { message: 'Resource not found.', status: 404 } }));
    expect(failure(await ask({ type: 'getReportDetails', id: 42 }, deps)).kind).toBe('not_found');
  });

  it('getReportDetails keeps one account’s details from another’s', async () => {
    const deps = testDeps();
    stub.on(() => ({ body: { data: wireReport({ results: wireChecks() }) } }));
    await ask({ type: 'getReport', id: 42 }, deps);
    expect(deps.recentDetails.get(42, 'a1')).toBeDefined();
    expect(deps.recentDetails.get(42, 'a2')).toBeUndefined();
  });

  it('getReportDetails of a report that is gone answers not_found and forgets it', async () => {
    await rememberReports([report({ id: 5 })], 'a1');
    stub.on(() => ({ status: 404, body: { message: 'Resource not found.', status: 404 } }));
    expect(failure(await ask({ type: 'getReportDetails', id: 5 })).kind).toBe('not_found');
    expect(await getCachedRating('https://example.com/pricing', 'a1')).toBeNull();
  });

  it('updateReport sends the changes and caches the new rating (badge follows)', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://example.com/pricing' });
    fakeBrowser.storage.onChanged.addListener((c, a) => void handleRatingCacheChange(c, a));
    stub.on(() => ({ body: { data: wireReport({ result: 'good' }) } }));
    await ask({ type: 'getReport', id: 42 });
    await vi.waitFor(async () =>
      expect(await fakeBrowser.action.getBadgeText({ tabId: tab.id })).toBe('Good'),
    );

    stub.on(() => ({
      body: { data: wireReport({ result: 'bad', privacy: 2, password: true }) },
    }));
    const answer = await ask({
      type: 'updateReport',
      id: 42,
      input: { privacy: 2, password: 'pw', results: true },
    });
    expect(success(answer)).toMatchObject({ rating: 'bad', privacy: 2, hasPassword: true });
    const request = stub.requests.at(-1);
    expect(request?.method).toBe('PUT');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      privacy: '2',
      password: 'pw',
      results: '1',
    });
    await vi.waitFor(async () =>
      expect(await fakeBrowser.action.getBadgeText({ tabId: tab.id })).toBe('Bad'),
    );
  });

  it('updateReport of a report gone behind its back (403, then a 404 on reading it) answers not_found, forgets it and clears the badge', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://example.com/pricing' });
    fakeBrowser.storage.onChanged.addListener((c, a) => void handleRatingCacheChange(c, a));
    stub.on(() => ({ body: { data: wireReport() } }));
    await ask({ type: 'getReport', id: 42 });
    await vi.waitFor(async () =>
      expect(await fakeBrowser.action.getBadgeText({ tabId: tab.id })).toBe('Good'),
    );

    stub.on((request) =>
      request.method === 'PUT'
        ? { status: 403, body: { message: 'This action is unauthorized.' } }
        : { status: 404, body: { message: 'Resource not found.', status: 404 } },
    );
    const error = failure(await ask({ type: 'updateReport', id: 42, input: { results: true } }));
    expect(error).toMatchObject({ kind: 'not_found', message: 'That report no longer exists.' });
    expect(await getCachedRating('https://example.com/pricing', 'a1')).toBeNull();
    await vi.waitFor(async () =>
      expect(await fakeBrowser.action.getBadgeText({ tabId: tab.id })).toBe(''),
    );
  });

  it('updateReport refused (403) of a report that is still there keeps it and says the service’s words', async () => {
    stub.on(() => ({ body: { data: wireReport() } }));
    await ask({ type: 'getReport', id: 42 });
    stub.on((request) =>
      request.method === 'PUT'
        ? { status: 403, body: { message: 'This action is unauthorized.' } }
        : { body: { data: wireReport() } },
    );
    const error = failure(await ask({ type: 'updateReport', id: 42, input: { results: true } }));
    expect(error).toMatchObject({
      kind: 'forbidden',
      reason: 'reportRefused',
      message: 'The service refused this for the report: This action is unauthorized.',
    });
    expect(await getCachedRating('https://example.com/pricing', 'a1')).toMatchObject({
      reportId: 42,
    });
  });

  it('deleteReport forgets the report (badge cleared)', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://example.com/pricing' });
    fakeBrowser.storage.onChanged.addListener((c, a) => void handleRatingCacheChange(c, a));
    stub.on(() => ({ body: { data: wireReport() } }));
    await ask({ type: 'getReport', id: 42 });
    await vi.waitFor(async () =>
      expect(await fakeBrowser.action.getBadgeText({ tabId: tab.id })).toBe('Good'),
    );

    stub.on(() => ({ body: { id: 42, object: 'report', deleted: true, status: 200 } }));
    expect(success(await ask({ type: 'deleteReport', id: 42 }))).toEqual({ id: 42 });
    expect(stub.requests.at(-1)?.method).toBe('DELETE');
    expect(await getCachedRating('https://example.com/pricing', 'a1')).toBeNull();
    await vi.waitFor(async () =>
      expect(await fakeBrowser.action.getBadgeText({ tabId: tab.id })).toBe(''),
    );
  });

  it('waitForResult reads until the report is rated', async () => {
    let reads = 0;
    stub.on(() => {
      reads++;
      return {
        body: { data: wireReport({ result: reads < 3 ? null : 'decent', generated_at: null }) },
      };
    });
    expect(success(await ask({ type: 'waitForResult', id: 42 }))).toMatchObject({
      rating: 'decent',
    });
    expect(reads).toBe(3);
    expect(await getCachedRating('https://example.com/pricing', 'a1')).toMatchObject({
      rating: 'decent',
    });
  });
});

describe('lists and projects', () => {
  beforeEach(() => connect());

  it('listReports passes the filters and caches every report in the page', async () => {
    stub.on(() => ({
      body: wireList(
        [
          wireReport({ id: 1, url: 'https://a.example/', result: 'good' }),
          wireReport({ id: 2, url: 'https://b.example/', result: 75 }),
        ],
        27,
      ),
    }));
    const page = success<{ items: unknown[]; total: number }>(
      await ask({
        type: 'listReports',
        params: {
          search: 'example',
          result: 'good',
          sortBy: 'url',
          sort: 'asc',
          perPage: 10,
          page: 2,
        },
      }),
    );
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(27);
    const query = Object.fromEntries(stub.requests[0]?.query ?? []);
    expect(query).toMatchObject({
      search: 'example',
      search_by: 'url',
      result: 'good',
      sort_by: 'url',
      sort: 'asc',
      per_page: '10',
      page: '2',
    });
    expect(await getCachedRating('https://b.example/', 'a1')).toMatchObject({
      reportId: 2,
      rating: 'decent',
    });
  });

  it('listProjects answers the page', async () => {
    stub.on(() => ({ body: wireList([{ project: 'example.com', created_at: null }]) }));
    const page = success<{ items: { name: string }[] }>(
      await ask({ type: 'listProjects', params: {} }),
    );
    expect(page.items[0]?.name).toBe('example.com');
    expect(stub.requests[0]?.url.pathname).toBe('/api/v1/projects');
  });

  it('deleteProject forgets the project’s reports', async () => {
    await rememberReports(
      [
        {
          id: 3,
          url: 'https://example.com/a',
          project: 'example.com',
          rating: 'good',
          privacy: 0,
          hasPassword: false,
          generatedAt: null,
          createdAt: null,
          updatedAt: null,
          results: null,
        },
      ],
      'a1',
    );
    stub.on(() => ({ status: 204 }));
    expect(success(await ask({ type: 'deleteProject', name: 'example.com' }))).toEqual({
      name: 'example.com',
    });
    expect(stub.requests[0]?.url.pathname).toBe('/api/v1/projects/example.com');
    expect(await getCachedRating('https://example.com/a', 'a1')).toBeNull();
  });
});

describe('testConnection', () => {
  const test = (serviceUrl: string, apiKey?: string, deps = testDeps()) =>
    ask({ type: 'testConnection', serviceUrl, ...(apiKey === undefined ? {} : { apiKey }) }, deps);

  it('succeeds with the number of reports, using the values given (unsaved)', async () => {
    stub.on(() => ({ body: wireList([wireReport()], 27) }));
    expect(success(await test(`${stub.baseUrl}/`, 'typed-key'))).toEqual({
      baseUrl: stub.baseUrl,
      adjusted: false,
      total: 27,
    });
    expect(stub.requests[0]?.headers.authorization).toBe('Bearer typed-key');
    expect(stub.requests[0]?.query.get('per_page')).toBe('10');
    expect(await loadSettings()).toMatchObject({ settings: { serviceUrl: '', apiKey: '' } });
  });

  it('uses the stored key when none is given, for the saved service', async () => {
    await saveSettings({ serviceUrl: stub.baseUrl, apiKey: KEY });
    stub.on(() => ({ body: { data: [] } }));
    expect(success(await test(stub.baseUrl))).toEqual({ baseUrl: stub.baseUrl, adjusted: false });
    expect(stub.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it.each([
    ['no key is given', undefined],
    ['the saved key is given again (the pre-filled form)', KEY],
  ])('never sends the saved key to another service: %s', async (_case, given) => {
    await saveSettings({ serviceUrl: 'https://reports.example.com/api/v1', apiKey: KEY });
    stub.on(() => ({ body: { data: [] } }));
    const error = failure(await test(stub.baseUrl, given));
    expect(error.fieldErrors?.apiKey?.[0]).toMatch(/Type the key for this service/);
    expect(stub.requests).toEqual([]);
  });

  it('sends a key typed for another service to it', async () => {
    await saveSettings({ serviceUrl: 'https://reports.example.com/api/v1', apiKey: KEY });
    stub.on(() => ({ body: { data: [] } }));
    success(await test(stub.baseUrl, 'other-service-key'));
    expect(stub.requests[0]?.headers.authorization).toBe('Bearer other-service-key');
  });

  it('tries <address>/api/v1 when the address is the site, and offers it', async () => {
    stub.on((request) =>
      request.url.pathname === '/api/v1/reports'
        ? { body: wireList([], 3) }
        : { status: 200, body: HTML_PAGE },
    );
    expect(success(await test(stub.origin, KEY))).toEqual({
      baseUrl: stub.baseUrl,
      adjusted: true,
      total: 3,
    });
    // Then the plan, at the address that answered (this service does not tell it).
    expect(stub.requests.map((r) => r.url.pathname)).toEqual([
      '/reports',
      '/api/v1/reports',
      '/api/v1/account',
    ]);
  });

  it.each([
    [401, { message: 'Unauthenticated.' }, {}, 'unauthorized', /rejected this API key/],
    [403, { message: 'No.' }, {}, 'forbidden', /no API access/],
    [429, { message: 'Too Many Attempts.' }, { 'Retry-After': '30' }, 'rate_limited', /30 sec/],
  ])(
    'says what the API at <address>/api/v1 answered (%i), not that the site is no API',
    async (status, body, headers, kind, message) => {
      stub.on((request) =>
        request.url.pathname === '/api/v1/reports'
          ? { status, body, headers }
          : { status: 200, body: HTML_PAGE },
      );
      const error = failure(await test(stub.origin, KEY));
      expect(error.kind).toBe(kind);
      expect(error.message).toMatch(message);
      expect(error.message).toContain(`${stub.baseUrl} is the API's address, but:`);
      expect(stub.requests.map((r) => r.url.pathname)).toEqual(['/reports', '/api/v1/reports']);
    },
  );

  it('reports the address as typed when <address>/api/v1 is no API either', async () => {
    stub.on(() => ({ status: 200, body: HTML_PAGE }));
    const error = failure(await test(stub.origin, KEY));
    expect(error).toMatchObject({
      kind: 'unexpected_response',
      message: expect.stringMatching(/^The address answered, but not like a Site Report API/),
    });
  });

  it('adds only /v1 to an address ending in /api', async () => {
    stub.on((request) =>
      request.url.pathname === '/api/v1/reports'
        ? { body: wireList([], 1) }
        : { status: 404, body: {} },
    );
    expect(success(await test(`${stub.origin}/api`, KEY))).toMatchObject({
      baseUrl: stub.baseUrl,
      adjusted: true,
    });
  });

  it.each([
    ['malformed', 'reports example', /not a web address/, 'serviceUrl'],
    [
      'plain http to a remote host',
      'http://reports.example.com/api/v1',
      /only allowed/,
      'serviceUrl',
    ],
  ])('refuses a %s address without a request', async (_name, address, message, field) => {
    const error = failure(await test(address, KEY));
    expect(error).toMatchObject({ kind: 'invalid_input', message: expect.stringMatching(message) });
    expect(error.fieldErrors).toHaveProperty(field);
    expect(stub.requests).toHaveLength(0);
  });

  it('asks for a key when there is none', async () => {
    const error = failure(await test(stub.baseUrl));
    expect(error).toMatchObject({ kind: 'invalid_input', message: 'Enter the API key first.' });
  });

  it.each([
    [
      'the key is rejected',
      { status: 401, body: { message: 'Unauthenticated.' } },
      'unauthorized',
      /rejected this API key/,
    ],
    [
      'the account has no API access',
      { status: 403, body: { message: 'No.', status: 403 } },
      'forbidden',
      /no API access/,
    ],
    [
      'it is rate limited',
      { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '90' } },
      'rate_limited',
      /Test again in 90 seconds/,
    ],
    [
      'it answers HTML',
      { status: 200, body: HTML_PAGE },
      'unexpected_response',
      /not like a Site Report API/,
    ],
    [
      'it answers non-JSON',
      { status: 200, body: 'OK' },
      'unexpected_response',
      /not like a Site Report API/,
    ],
    ['the list is not there', { status: 404, body: { message: 'Not found' } }, 'not_found', /404/],
    ['the service fails', { status: 500, body: HTML_PAGE }, 'server', /HTTP 500/],
  ])('says so when %s', async (_name, reply, kind, message) => {
    stub.on(() => reply);
    const error = failure(await test(stub.baseUrl, KEY));
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(message);
  });

  it('tells an unreachable host apart from a site it has no access to', async () => {
    const unreachable = failure(await test('http://127.0.0.1:1/api/v1', KEY));
    expect(unreachable).toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/Could not reach 127.0.0.1:1\. Check/),
    });

    const hasHostAccess = vi.fn(async () => false);
    const denied = failure(
      await test('http://127.0.0.1:1/api/v1', KEY, testDeps({ hasHostAccess })),
    );
    expect(denied.message).toMatch(/Allow Site Report to access this site/);
    expect(hasHostAccess).toHaveBeenCalledWith('http://127.0.0.1/*');
  });

  it('asks the browser whether the host is granted, by default', async () => {
    const contains = vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(false);
    const deps = createHandlerDeps({
      createClient: (o) => createSiteReportClient({ ...o, retryDelayMs: 1 }),
    });
    const error = failure(await test('http://127.0.0.1:1/api/v1', KEY, deps));
    expect(error.message).toMatch(/Allow Site Report/);
    expect(contains).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
  });
});

describe('the client', () => {
  it('is built from the settings, reused, and rebuilt when they change', async () => {
    const create = vi.fn((options: { baseUrl: string; apiKey: string }) =>
      createSiteReportClient(options),
    );
    const source = createClientSource({ create });
    expect(await source.get()).toBeNull();
    await connect();
    const first = await source.get();
    expect(await source.get()).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
    await saveSettings({ apiKey: 'another-key' });
    expect(await source.get()).not.toBe(first);
    expect(create).toHaveBeenLastCalledWith({ baseUrl: stub.baseUrl, apiKey: 'another-key' });
    source.reset();
    await source.get();
    expect(create).toHaveBeenCalledTimes(3);
  });
});
