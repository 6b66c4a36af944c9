// The popup's status source: the settings summary and the cached rating straight from
// storage.local (never the 'settings' value, which holds the API key), and the background only
// when there is no summary yet.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Answer, Request, RequestType } from '../../../lib/messaging/protocol';
import type { Sender } from '../../../lib/messaging/send';
import { cachedRatingFor, storedRatingCache } from '../../../lib/rating/cache';
import { saveSettings } from '../../../lib/settings';
import { parseSettingsSummary, storedSettingsSummary } from '../../../lib/settings/summary';
import { createStatusSource, startedEarly } from '../../../lib/this-page/status-source';

const SUMMARY = {
  connected: true,
  serviceUrl: 'https://reports.example.com/api/v1',
  siteUrl: 'https://reports.example.com',
  defaultPrivacy: 1 as const,
  showBadge: true,
  contextMenu: false,
  notify: true,
};

const ENTRY = {
  reportId: 7,
  rating: 'decent',
  score: 61,
  generatedAt: '2026-11-20T09:15:02.000Z',
  privacy: 0,
  seenAt: 1_700_000_000_000,
  project: 'example.com',
};

function backgroundSender() {
  return vi.fn(async (request: Request) => {
    if (request.type !== 'getStatus') throw new Error(`unexpected ${request.type}`);
    return { ok: true, data: { ...SUMMARY, defaultPrivacy: 2, cached: null } };
  }) as unknown as Sender & { mock: { calls: [Request][] } };
}

async function store(items: Record<string, unknown>) {
  await fakeBrowser.storage.local.set(items);
}

describe('createStatusSource', () => {
  it('answers from storage, with the cached rating of the address, and asks the background nothing', async () => {
    await store({
      settingsSummary: storedSettingsSummary(SUMMARY),
      ratingCache: storedRatingCache(SUMMARY.serviceUrl, { 'https://example.com/pricing': ENTRY }),
    });
    const send = backgroundSender();
    const status = createStatusSource(send);
    const answer: Answer<RequestType> = await status('https://example.com/pricing#plans');
    expect(answer).toEqual({
      ok: true,
      data: {
        ...SUMMARY,
        cached: {
          reportId: 7,
          rating: 'decent',
          score: 61,
          generatedAt: ENTRY.generatedAt,
          privacy: 0,
          seenAt: ENTRY.seenAt,
        },
      },
    });
    expect(send).not.toHaveBeenCalled();
    expect((await status('https://example.com/other')).ok && send).not.toHaveBeenCalled();
  });

  it('asks the background when no summary is stored yet (just after an update)', async () => {
    await store({
      ratingCache: storedRatingCache(SUMMARY.serviceUrl, { 'https://example.com/pricing': ENTRY }),
    });
    const send = backgroundSender();
    const answer = await createStatusSource(send)('https://example.com/pricing');
    expect(send.mock.calls).toEqual([[{ type: 'getStatus', url: 'https://example.com/pricing' }]]);
    expect(answer.ok && answer.data.defaultPrivacy).toBe(2);
  });

  it.each([
    ['of another version', { ...storedSettingsSummary(SUMMARY), version: 2 }],
    ['damaged', { ...storedSettingsSummary(SUMMARY), connected: 'yes' }],
    ['not an object', 'settings'],
  ])('asks the background when the summary is %s', async (_, summary) => {
    await store({ settingsSummary: summary });
    const send = backgroundSender();
    await createStatusSource(send)(undefined);
    expect(send.mock.calls).toEqual([[{ type: 'getStatus' }]]);
  });

  it('never reads the settings value, which holds the API key', async () => {
    await saveSettings({ serviceUrl: 'https://reports.example.com', apiKey: 'secret-key-123' });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const status = createStatusSource(backgroundSender());
    const answer = await status('https://example.com/');
    expect(get.mock.calls).toEqual([[['settingsSummary', 'ratingCache']]]);
    expect(JSON.stringify(answer)).not.toContain('secret-key-123');
  });

  it('starts reading at once, and reads again when asked again (Try again)', async () => {
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const status = createStatusSource(backgroundSender());
    expect(get).toHaveBeenCalledTimes(1);
    await status(undefined);
    expect(get).toHaveBeenCalledTimes(1);
    await store({
      settingsSummary: storedSettingsSummary({ ...SUMMARY, connected: false }),
    });
    const again = await status(undefined);
    expect(get).toHaveBeenCalledTimes(2);
    expect(again.ok && again.data.connected).toBe(false);
  });
});

describe('cachedRatingFor', () => {
  const SERVICE = SUMMARY.serviceUrl;
  const inService = (entries: Record<string, unknown>) => storedRatingCache(SERVICE, entries);
  const cache = inService({ 'https://example.com/pricing': ENTRY });

  it('finds the entry of an address without its fragment, leaving out the project', () => {
    expect(cachedRatingFor(cache, 'https://example.com/pricing#x', SERVICE)).not.toHaveProperty(
      'project',
    );
    expect(cachedRatingFor(cache, 'https://example.com/pricing', SERVICE)?.reportId).toBe(7);
  });

  it.each([
    ['no address', undefined, cache],
    ['a page that cannot have a report', 'chrome://settings', cache],
    ['an unknown address', 'https://example.com/', cache],
    ['no cache', 'https://example.com/pricing', undefined],
    [
      'a rating that is not one',
      'https://example.com/pricing',
      inService({ 'https://example.com/pricing': { ...ENTRY, rating: 'great' } }),
    ],
    [
      'a missing id',
      'https://example.com/pricing',
      inService({ 'https://example.com/pricing': { ...ENTRY, reportId: '7' } }),
    ],
    [
      'a bad privacy',
      'https://example.com/pricing',
      inService({ 'https://example.com/pricing': { ...ENTRY, privacy: 5 } }),
    ],
    [
      'another service’s entry',
      'https://example.com/pricing',
      storedRatingCache('https://other.example/api/v1', { 'https://example.com/pricing': ENTRY }),
    ],
    [
      'an entry stored before the cache was kept per service',
      'https://example.com/pricing',
      { 'https://example.com/pricing': ENTRY },
    ],
  ])('gives null for %s', (_, url, stored) => {
    expect(cachedRatingFor(stored, url, SERVICE)).toBeNull();
  });

  it('keeps a rating that is not ready yet', () => {
    const pending = { ...ENTRY, rating: null, generatedAt: null, score: undefined };
    expect(
      cachedRatingFor(
        inService({ 'https://example.com/': pending }),
        'https://example.com/',
        SERVICE,
      ),
    ).toEqual({
      reportId: 7,
      rating: null,
      generatedAt: null,
      privacy: 0,
      seenAt: ENTRY.seenAt,
    });
  });
});

describe('parseSettingsSummary', () => {
  it('reads back what was stored', () => {
    expect(parseSettingsSummary(storedSettingsSummary(SUMMARY))).toEqual(SUMMARY);
  });

  it.each([
    ['a service URL that is not one', { serviceUrl: 'javascript:alert(1)' }],
    ['a privacy out of range', { defaultPrivacy: 3 }],
    ['a missing flag', { notify: undefined }],
  ])('refuses %s', (_, change) => {
    expect(parseSettingsSummary({ ...storedSettingsSummary(SUMMARY), ...change })).toBeNull();
  });
});

describe('startedEarly', () => {
  it('starts the work at once, gives that run to the first caller, and starts anew after', async () => {
    let runs = 0;
    const next = startedEarly(async () => ++runs);
    expect(runs).toBe(1);
    expect(await next()).toBe(1);
    expect(await next()).toBe(2);
    expect(runs).toBe(2);
  });
});
