import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Report } from '../../../lib/api/model';
import { changedUrls } from '../../../lib/rating/badge';
import {
  getCachedRating,
  RATING_CACHE_LIMIT,
  RATING_CACHE_MAX_BYTES,
  RATING_CACHE_MAX_URL_LENGTH,
  ratingCacheKey,
  readRatingCache,
  storedRatingCache,
} from '../../../lib/rating/cache';
import { forgetProject, forgetReport, rememberReports } from '../../../lib/rating/cache-writes';
import { report as madeReport } from '../../support/fixtures';

const SERVICE = 'https://service.example/api/v1';

/** The entries of SERVICE as read back. */
const serviceCache = async () => (await readRatingCache())[SERVICE] ?? {};

/** The stored cache's size as storage.local counts it: its JSON, in UTF-8 bytes. */
async function storedBytes() {
  const items = await fakeBrowser.storage.local.get('ratingCache');
  return new TextEncoder().encode(JSON.stringify(items.ratingCache ?? {})).byteLength;
}

/** A web address of exactly `length` characters, distinct for each `i`. */
function longUrl(i: number, length: number) {
  const start = `https://example.com/${i}/`;
  return start + 'a'.repeat(length - start.length);
}

function report(fields: Partial<Report> = {}): Report {
  return madeReport({ id: 1, url: 'https://example.com/', results: {}, ...fields });
}

describe('ratingCacheKey', () => {
  it.each([
    ['https://example.com/a#section', 'https://example.com/a'],
    ['https://EXAMPLE.com:443/a?b=1', 'https://example.com/a?b=1'],
    ['http://localhost:8080', 'http://localhost:8080/'],
    ['chrome://settings', null],
    ['about:blank', null],
    ['not a url', null],
    [undefined, null],
  ])('%s → %s', (url, key) => {
    expect(ratingCacheKey(url)).toBe(key);
  });
});

describe('rememberReports', () => {
  it('records the rating, its time and the report for the address, without the fragment', async () => {
    await rememberReports(
      [report({ id: 7, url: 'https://example.com/a#top', rating: 'decent' })],
      SERVICE,
      {
        now: 1000,
      },
    );
    expect(await getCachedRating('https://example.com/a#other', SERVICE)).toEqual({
      reportId: 7,
      rating: 'decent',
      score: 87,
      generatedAt: madeReport().generatedAt,
      privacy: 0,
      seenAt: 1000,
    });
    expect(await getCachedRating('https://example.com/b', SERVICE)).toBeNull();
  });

  it('keeps the newest report per address; the same report is updated', async () => {
    const url = 'https://example.com/';
    await rememberReports(
      [report({ id: 5, rating: 'bad' }), report({ id: 3, rating: 'good' })],
      SERVICE,
    );
    expect(await getCachedRating(url, SERVICE)).toMatchObject({ reportId: 5, rating: 'bad' });
    await rememberReports([report({ id: 3, rating: 'good' })], SERVICE);
    expect(await getCachedRating(url, SERVICE)).toMatchObject({ reportId: 5, rating: 'bad' });
    await rememberReports([report({ id: 5, rating: 'decent' })], SERVICE);
    expect(await getCachedRating(url, SERVICE)).toMatchObject({ reportId: 5, rating: 'decent' });
  });

  it('writes a list of 100 reports in one storage write', async () => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const reports = Array.from({ length: 100 }, (_, i) =>
      report({ id: i + 1, url: `https://example.com/${i}` }),
    );
    await rememberReports(reports, SERVICE);
    expect(set).toHaveBeenCalledTimes(1);
    expect(Object.keys(await serviceCache())).toHaveLength(100);
  });

  it(`holds at most ${RATING_CACHE_LIMIT} addresses, evicting the longest unseen`, async () => {
    const batch = (from: number, count: number, now: number) =>
      rememberReports(
        Array.from({ length: count }, (_, i) =>
          report({ id: from + i + 1, url: `https://example.com/${from + i}` }),
        ),
        SERVICE,
        { now },
      );
    await batch(0, 200, 1000);
    await batch(200, 100, 2000);
    // Seen again: no longer among the oldest.
    await rememberReports([report({ id: 1, url: 'https://example.com/0' })], SERVICE, {
      now: 3000,
    });
    await batch(300, 10, 4000);
    const cache = await serviceCache();
    expect(Object.keys(cache)).toHaveLength(RATING_CACHE_LIMIT);
    expect(cache['https://example.com/0']).toBeDefined();
    for (let i = 1; i <= 10; i++) expect(cache[`https://example.com/${i}`]).toBeUndefined();
    expect(cache['https://example.com/11']).toBeDefined();
    expect(cache['https://example.com/309']).toBeDefined();
  });

  it('loses nothing when answers arrive at the same time', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        rememberReports([report({ id: i + 1, url: `https://example.com/${i}` })], SERVICE),
      ),
    );
    expect(Object.keys(await serviceCache())).toHaveLength(20);
  });

  it('ignores addresses that are not web pages, and writes nothing for them', async () => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await rememberReports([report({ url: 'file:///etc/passwd' })], SERVICE);
    expect(set).not.toHaveBeenCalled();
  });
});

describe('size', () => {
  it('sets bounds that leave most of the storage.local quota (10 MB in Chrome) to others', () => {
    expect(RATING_CACHE_MAX_BYTES).toBeLessThanOrEqual(1024 * 1024);
    expect(RATING_CACHE_MAX_URL_LENGTH).toBeGreaterThanOrEqual(2048);
    // Even the longest address, once cached, fits many times over.
    expect(RATING_CACHE_MAX_URL_LENGTH * 100).toBeLessThan(RATING_CACHE_MAX_BYTES);
  });

  it('does not cache an address longer than the limit, and writes nothing for it', async () => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const tooLong = longUrl(1, RATING_CACHE_MAX_URL_LENGTH + 1);
    const longest = longUrl(2, RATING_CACHE_MAX_URL_LENGTH);
    await rememberReports([report({ id: 1, url: tooLong })], SERVICE);
    expect(set).not.toHaveBeenCalled();
    await rememberReports(
      [report({ id: 1, url: tooLong }), report({ id: 2, url: longest })],
      SERVICE,
    );
    expect(await getCachedRating(tooLong, SERVICE)).toBeNull();
    expect(await getCachedRating(longest, SERVICE)).toMatchObject({ reportId: 2 });
  });

  it('stays within its byte bound with 300 addresses of 50 kB', async () => {
    await rememberReports(
      Array.from({ length: 300 }, (_, i) => report({ id: i + 1, url: longUrl(i, 50_000) })),
      SERVICE,
    );
    expect(await storedBytes()).toBeLessThanOrEqual(RATING_CACHE_MAX_BYTES);
  });

  it('stays within its byte bound with long addresses, evicting the oldest first', async () => {
    const length = RATING_CACHE_MAX_URL_LENGTH - 10;
    for (let batch = 0; batch < 6; batch++) {
      await rememberReports(
        Array.from({ length: 50 }, (_, i) =>
          report({ id: batch * 50 + i + 1, url: longUrl(batch * 50 + i, length) }),
        ),
        SERVICE,
        { now: 1000 * (batch + 1) },
      );
      expect(await storedBytes()).toBeLessThanOrEqual(RATING_CACHE_MAX_BYTES);
    }
    const cache = await serviceCache();
    const kept = Object.keys(cache).length;
    expect(kept).toBeGreaterThan(100);
    expect(kept).toBeLessThan(300);
    // The newest batch is whole; the oldest are gone.
    for (let i = 250; i < 300; i++) expect(cache[longUrl(i, length)]).toBeDefined();
    expect(cache[longUrl(0, length)]).toBeUndefined();
    const seen = Object.values(cache).map((entry) => entry.seenAt);
    expect(Math.min(...seen)).toBeGreaterThan(1000);
  });

  it('keeps the last reports of a single answer that is too big to keep whole', async () => {
    const length = RATING_CACHE_MAX_URL_LENGTH;
    await rememberReports(
      Array.from({ length: 300 }, (_, i) => report({ id: i + 1, url: longUrl(i, length) })),
      SERVICE,
    );
    expect(await storedBytes()).toBeLessThanOrEqual(RATING_CACHE_MAX_BYTES);
    expect(await getCachedRating(longUrl(299, length), SERVICE)).toMatchObject({ reportId: 300 });
    expect(await getCachedRating(longUrl(0, length), SERVICE)).toBeNull();
  });
});

describe('report ids', () => {
  it.each([
    ['too big to be exact', 1e20],
    ['infinite', Number.POSITIVE_INFINITY],
    ['zero', 0],
    ['negative', -3],
    ['not whole', 1.5],
    ['not a number', Number.NaN],
  ])('never caches a report whose id is %s', async (_, id) => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await rememberReports([report({ id })], SERVICE);
    expect(set).not.toHaveBeenCalled();
    expect(await getCachedRating('https://example.com/', SERVICE)).toBeNull();
  });

  it.each([
    ['too big to be exact', 1e20],
    ['zero', 0],
    ['not whole', 1.5],
  ])('never reads back an entry whose id is %s', async (_, reportId) => {
    const entry = { reportId, rating: 'good', generatedAt: null, seenAt: 5 };
    await fakeBrowser.storage.local.set({
      ratingCache: storedRatingCache(SERVICE, {
        'https://example.com/': entry,
        'https://ok.example/': { ...entry, reportId: Number.MAX_SAFE_INTEGER },
      }),
    });
    expect(await getCachedRating('https://example.com/', SERVICE)).toBeNull();
    expect(Object.keys(await serviceCache())).toEqual(['https://ok.example/']);
  });
});

describe('storage failures', () => {
  const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);

  it('remembering and forgetting resolve when storage cannot be written', async () => {
    const warn = quiet();
    await rememberReports([report({ id: 1, url: 'https://example.com/a?token=secret' })], SERVICE);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(
      new Error('QUOTA_BYTES quota exceeded'),
    );
    await expect(
      rememberReports([report({ id: 2, url: 'https://example.com/b?token=secret' })], SERVICE),
    ).resolves.toBeUndefined();
    await expect(forgetReport(1, SERVICE)).resolves.toBeUndefined();
    await expect(forgetProject('example.com', SERVICE)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(3);
    const logged = JSON.stringify(warn.mock.calls.map((call) => call.map(String)));
    expect(logged).not.toContain('example.com');
    expect(logged).not.toContain('secret');
    expect(logged).not.toContain('ratingCache');
  });

  it('remembering and forgetting resolve when storage cannot be read', async () => {
    quiet();
    vi.spyOn(fakeBrowser.storage.local, 'get').mockRejectedValue(new Error('storage damaged'));
    await expect(rememberReports([report()], SERVICE)).resolves.toBeUndefined();
    await expect(forgetReport(1, SERVICE)).resolves.toBeUndefined();
    await expect(forgetProject('example.com', SERVICE)).resolves.toBeUndefined();
  });

  it('a failed write does not hold up the next ones', async () => {
    quiet();
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('quota'));
    await rememberReports([report({ id: 1, url: 'https://example.com/a' })], SERVICE);
    await rememberReports([report({ id: 2, url: 'https://example.com/b' })], SERVICE);
    expect(await getCachedRating('https://example.com/a', SERVICE)).toBeNull();
    expect(await getCachedRating('https://example.com/b', SERVICE)).toMatchObject({ reportId: 2 });
  });
});

describe('forgetting', () => {
  it('forgets every address of a deleted report', async () => {
    await rememberReports(
      [
        report({ id: 1, url: 'https://example.com/a' }),
        report({ id: 2, url: 'https://example.com/b' }),
      ],
      SERVICE,
    );
    await forgetReport(1, SERVICE);
    expect(await getCachedRating('https://example.com/a', SERVICE)).toBeNull();
    expect(await getCachedRating('https://example.com/b', SERVICE)).not.toBeNull();
  });

  it('forgets the reports of a deleted project, by project name or else by host', async () => {
    await rememberReports(
      [
        report({ id: 1, url: 'https://example.com/a', project: 'example.com' }),
        report({ id: 2, url: 'https://example.com/b', project: undefined }),
        report({ id: 3, url: 'https://www.example.com/', project: 'example.com' }),
        report({ id: 4, url: 'https://other.org/', project: 'other.org' }),
        report({ id: 5, url: 'https://example.com/c', project: 'shop' }),
      ],
      SERVICE,
    );
    await forgetProject('example.com', SERVICE);
    expect(Object.keys(await serviceCache()).sort()).toEqual([
      'https://example.com/c',
      'https://other.org/',
    ]);
  });
});

describe('stored value', () => {
  it('survives damage: invalid entries are dropped, valid ones kept', async () => {
    await fakeBrowser.storage.local.set({
      ratingCache: storedRatingCache(SERVICE, {
        'https://ok.example/': { reportId: 1, rating: 'bad', generatedAt: null, seenAt: 5 },
        'https://broken.example/': { reportId: 'x' },
      }),
    });
    expect(Object.keys(await serviceCache())).toEqual(['https://ok.example/']);
    await fakeBrowser.storage.local.set({ ratingCache: 'garbage' });
    expect(await serviceCache()).toEqual({});
  });

  it('tells which addresses changed, whatever the time they were seen', () => {
    const entry = { reportId: 1, rating: 'good', generatedAt: null, seenAt: 1 };
    const before = { 'https://a/': entry, 'https://b/': entry, 'https://c/': entry };
    const after = {
      'https://a/': { ...entry, seenAt: 2 },
      'https://b/': { ...entry, rating: 'bad' },
      'https://d/': entry,
    };
    expect(
      [
        ...changedUrls(storedRatingCache(SERVICE, before), storedRatingCache(SERVICE, after)),
      ].sort(),
    ).toEqual(['https://b/', 'https://c/', 'https://d/']);
    const added = storedRatingCache(SERVICE, { 'https://a/': entry });
    expect([...changedUrls(undefined, added)]).toEqual(['https://a/']);
    // Another service's entry for the address counts too: its tabs are shown anew.
    const elsewhere = {
      services: { ...added.services, 'https://x.example': { 'https://e/': entry } },
    };
    expect([...changedUrls(added, elsewhere)]).toEqual(['https://e/']);
  });
});

describe('per service', () => {
  const OTHER = 'https://other-service.example/api/v1';
  const page = 'https://example.com/pricing';

  it('never shows one service’s rating as another’s, and keeps both', async () => {
    await rememberReports([report({ id: 7, url: page, rating: 'bad' })], SERVICE);
    expect(await getCachedRating(page, OTHER)).toBeNull();
    expect(await getCachedRating(page, null)).toBeNull();
    await rememberReports([report({ id: 2, url: page, rating: 'good' })], OTHER);
    expect(await getCachedRating(page, OTHER)).toMatchObject({ reportId: 2, rating: 'good' });
    expect(await getCachedRating(page, SERVICE)).toMatchObject({ reportId: 7, rating: 'bad' });
    // A delete on one service forgets nothing of the other.
    await forgetReport(7, OTHER);
    await forgetProject('example.com', OTHER);
    expect(await getCachedRating(page, SERVICE)).toMatchObject({ reportId: 7 });
    expect(await getCachedRating(page, OTHER)).toBeNull();
  });

  it('keeps all services together within the bounds, the longest unseen going first', async () => {
    await rememberReports(
      Array.from({ length: 200 }, (_, i) => report({ id: i + 1, url: `https://a.example/${i}` })),
      SERVICE,
      { now: 1000 },
    );
    await rememberReports(
      Array.from({ length: 200 }, (_, i) => report({ id: i + 1, url: `https://b.example/${i}` })),
      OTHER,
      { now: 2000 },
    );
    const cache = await readRatingCache();
    expect(Object.keys(cache[SERVICE] ?? {})).toHaveLength(RATING_CACHE_LIMIT - 200);
    expect(Object.keys(cache[OTHER] ?? {})).toHaveLength(200);
  });

  it('reads a cache stored before it was kept per service as empty: whose it was is not known', async () => {
    await fakeBrowser.storage.local.set({
      ratingCache: { [page]: { reportId: 7, rating: 'bad', generatedAt: null, seenAt: 5 } },
    });
    expect(await getCachedRating(page, SERVICE)).toBeNull();
    expect(await readRatingCache()).toEqual({});
    await rememberReports([report({ id: 8, url: 'https://example.com/b' })], SERVICE);
    expect(await fakeBrowser.storage.local.get('ratingCache')).toEqual({
      ratingCache: { services: { [SERVICE]: { 'https://example.com/b': expect.anything() } } },
    });
  });
});
