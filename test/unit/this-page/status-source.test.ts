// What the popup and the workspace ask the background for first (getStatus), and the stored
// settings summary they watch to ask again; the stored values the background reads for it.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { cachedRatingFor, storedRatingCache } from '../../../lib/rating/cache';
import {
  parseSettingsSummary,
  storedSettingsSummary,
  watchSettingsSummary,
} from '../../../lib/settings/summary';
import { startedEarly, statusRequest } from '../../../lib/this-page/status-source';

const SUMMARY = {
  connected: true,
  account: 'a1',
  accounts: [{ id: 'a1', name: 'reports.example.com' }],
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

describe('statusRequest', () => {
  it('asks for the page’s address and its tab', () => {
    expect(statusRequest({ id: 7, url: 'https://example.com/pricing#plans' })).toEqual({
      type: 'getStatus',
      url: 'https://example.com/pricing#plans',
      tabId: 7,
    });
  });

  it('asks for the summary alone without a page', () => {
    expect(statusRequest(undefined)).toEqual({ type: 'getStatus' });
    expect(statusRequest({ id: -1, url: '' })).toEqual({ type: 'getStatus' });
  });
});

describe('watchSettingsSummary', () => {
  it('calls back when the stored summary changes, not for other values, until unwatched', async () => {
    const listener = vi.fn();
    const unwatch = watchSettingsSummary(listener);
    await fakeBrowser.storage.local.set({ ratingCache: { 'https://example.com/pricing': ENTRY } });
    expect(listener).not.toHaveBeenCalled();
    await fakeBrowser.storage.local.set({ settingsSummary: storedSettingsSummary(SUMMARY) });
    expect(listener).toHaveBeenCalledTimes(1);
    unwatch();
    await fakeBrowser.storage.local.set({
      settingsSummary: storedSettingsSummary({ ...SUMMARY, connected: false }),
    });
    expect(listener).toHaveBeenCalledTimes(1);
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
