// A service answer stays a success when the rating cache cannot be read or written (quota
// exceeded, storage damaged): the popup must not offer to create again what the service took.
import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type SiteReportClient, SiteReportError } from '../../../lib/api';
import { handleMessage } from '../../../lib/background/handlers';
import { storedRatingCache } from '../../../lib/rating/cache';
import { report } from '../../support/fixtures';
import { depsWithClient, ownPage } from './fixtures';

const { results: _results, ...REPORT } = report({
  url: 'https://example.com/pricing?token=secret-value',
});
const PAGE = { items: [REPORT], page: 1, perPage: 20, total: 1, hasNext: false };

const SERVICE = 'https://service.example/api/v1';

function fakeClient() {
  return {
    baseUrl: SERVICE,
    reports: {
      create: vi.fn(async () => REPORT),
      get: vi.fn(async () => REPORT),
      update: vi.fn(async () => REPORT),
      waitForResult: vi.fn(async () => REPORT),
      list: vi.fn(async () => PAGE),
      delete: vi.fn(async () => ({ id: REPORT.id })),
    },
    projects: {
      list: vi.fn(async () => ({ items: [], page: 1, perPage: 20, hasNext: false })),
      delete: vi.fn(async () => ({ name: 'example.com' })),
    },
  } as unknown as SiteReportClient;
}

function ask(message: unknown, client = fakeClient()) {
  return handleMessage(message, ownPage('/popup.html'), depsWithClient(client));
}

const ANSWERS: [string, unknown, unknown][] = [
  ['createReport', { type: 'createReport', input: { url: REPORT.url } }, REPORT],
  ['getReport', { type: 'getReport', id: 7 }, REPORT],
  ['listReports', { type: 'listReports', params: {} }, PAGE],
  ['updateReport', { type: 'updateReport', id: 7, input: { results: true } }, REPORT],
  ['waitForResult', { type: 'waitForResult', id: 7 }, REPORT],
  ['deleteReport', { type: 'deleteReport', id: 7 }, { id: REPORT.id }],
  ['deleteProject', { type: 'deleteProject', name: 'example.com' }, { name: 'example.com' }],
];

let warn: MockInstance<typeof console.warn>;
beforeEach(async () => {
  // Something to forget, so deleteReport and deleteProject do write.
  await fakeBrowser.storage.local.set({
    ratingCache: storedRatingCache(SERVICE, {
      'https://example.com/pricing?token=secret-value': {
        reportId: 7,
        rating: 'good',
        generatedAt: null,
        project: 'example.com',
        seenAt: 1,
      },
    }),
  });
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

function expectQuietWarning() {
  expect(warn).toHaveBeenCalled();
  const logged = JSON.stringify(warn.mock.calls.map((call) => call.map(String)));
  expect(logged).not.toContain('example.com');
  expect(logged).not.toContain('secret-value');
  expect(logged).not.toContain('ratingCache');
}

describe('a service success stays a success', () => {
  it.each(ANSWERS)('%s, when the cache cannot be written', async (_, message, data) => {
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(
      new Error('QUOTA_BYTES quota exceeded: https://example.com/pricing?token=secret-value'),
    );
    expect(await ask(message)).toEqual({ ok: true, data });
    expectQuietWarning();
  });

  it.each(ANSWERS)('%s, when the cache cannot be read', async (_, message, data) => {
    const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
    vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementation((async (keys: unknown) => {
      // The settings (and so the client) still load; only the rating cache is unreadable.
      if (keys === 'ratingCache') throw new Error('storage damaged');
      return get(keys as string);
    }) as typeof fakeBrowser.storage.local.get);
    expect(await ask(message)).toEqual({ ok: true, data });
    expectQuietWarning();
  });

  it('a report gone from the service is still said to be gone', async () => {
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(new Error('quota'));
    const client = fakeClient();
    vi.mocked(client.reports.get).mockRejectedValue(
      new SiteReportError('not_found', 'That report does not exist.', { status: 404 }),
    );
    const answer = await ask({ type: 'getReport', id: 7 }, client);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });
});
