import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Report } from '../../../lib/api/model';
import {
  changedUrls,
  forgetProject,
  forgetReport,
  getCachedRating,
  RATING_CACHE_KEY,
  RATING_CACHE_LIMIT,
  ratingCacheKey,
  readRatingCache,
  rememberReports,
} from '../../../lib/background/rating-store';

function report(fields: Partial<Report> = {}): Report {
  return {
    id: 1,
    url: 'https://example.com/',
    project: 'example.com',
    rating: 'good',
    score: 90,
    privacy: 0,
    hasPassword: false,
    generatedAt: '2026-11-20T09:15:02.000Z',
    createdAt: '2026-11-20T09:14:58.000Z',
    updatedAt: '2026-11-20T09:15:02.000Z',
    results: {},
    ...fields,
  };
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
    await rememberReports([report({ id: 7, url: 'https://example.com/a#top', rating: 'decent' })], {
      now: 1000,
    });
    expect(await getCachedRating('https://example.com/a#other')).toEqual({
      reportId: 7,
      rating: 'decent',
      score: 90,
      generatedAt: '2026-11-20T09:15:02.000Z',
      privacy: 0,
      seenAt: 1000,
    });
    expect(await getCachedRating('https://example.com/b')).toBeNull();
  });

  it('keeps the newest report per address; the same report is updated', async () => {
    const url = 'https://example.com/';
    await rememberReports([report({ id: 5, rating: 'bad' }), report({ id: 3, rating: 'good' })]);
    expect(await getCachedRating(url)).toMatchObject({ reportId: 5, rating: 'bad' });
    await rememberReports([report({ id: 3, rating: 'good' })]);
    expect(await getCachedRating(url)).toMatchObject({ reportId: 5, rating: 'bad' });
    await rememberReports([report({ id: 5, rating: 'decent' })]);
    expect(await getCachedRating(url)).toMatchObject({ reportId: 5, rating: 'decent' });
  });

  it('writes a list of 100 reports in one storage write', async () => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const reports = Array.from({ length: 100 }, (_, i) =>
      report({ id: i + 1, url: `https://example.com/${i}` }),
    );
    await rememberReports(reports);
    expect(set).toHaveBeenCalledTimes(1);
    expect(Object.keys(await readRatingCache())).toHaveLength(100);
  });

  it(`holds at most ${RATING_CACHE_LIMIT} addresses, evicting the longest unseen`, async () => {
    const batch = (from: number, count: number, now: number) =>
      rememberReports(
        Array.from({ length: count }, (_, i) =>
          report({ id: from + i, url: `https://example.com/${from + i}` }),
        ),
        { now },
      );
    await batch(0, 200, 1000);
    await batch(200, 100, 2000);
    // Seen again: no longer among the oldest.
    await rememberReports([report({ id: 0, url: 'https://example.com/0' })], { now: 3000 });
    await batch(300, 10, 4000);
    const cache = await readRatingCache();
    expect(Object.keys(cache)).toHaveLength(RATING_CACHE_LIMIT);
    expect(cache['https://example.com/0']).toBeDefined();
    for (let i = 1; i <= 10; i++) expect(cache[`https://example.com/${i}`]).toBeUndefined();
    expect(cache['https://example.com/11']).toBeDefined();
    expect(cache['https://example.com/309']).toBeDefined();
  });

  it('loses nothing when answers arrive at the same time', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        rememberReports([report({ id: i + 1, url: `https://example.com/${i}` })]),
      ),
    );
    expect(Object.keys(await readRatingCache())).toHaveLength(20);
  });

  it('ignores addresses that are not web pages, and writes nothing for them', async () => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await rememberReports([report({ url: 'file:///etc/passwd' })]);
    expect(set).not.toHaveBeenCalled();
  });
});

describe('forgetting', () => {
  it('forgets every address of a deleted report', async () => {
    await rememberReports([
      report({ id: 1, url: 'https://example.com/a' }),
      report({ id: 2, url: 'https://example.com/b' }),
    ]);
    await forgetReport(1);
    expect(await getCachedRating('https://example.com/a')).toBeNull();
    expect(await getCachedRating('https://example.com/b')).not.toBeNull();
  });

  it('forgets the reports of a deleted project, by project name or else by host', async () => {
    await rememberReports([
      report({ id: 1, url: 'https://example.com/a', project: 'example.com' }),
      report({ id: 2, url: 'https://example.com/b', project: undefined }),
      report({ id: 3, url: 'https://www.example.com/', project: 'example.com' }),
      report({ id: 4, url: 'https://other.org/', project: 'other.org' }),
      report({ id: 5, url: 'https://example.com/c', project: 'shop' }),
    ]);
    await forgetProject('example.com');
    expect(Object.keys(await readRatingCache()).sort()).toEqual([
      'https://example.com/c',
      'https://other.org/',
    ]);
  });
});

describe('stored value', () => {
  it('survives damage: invalid entries are dropped, valid ones kept', async () => {
    await fakeBrowser.storage.local.set({
      [RATING_CACHE_KEY]: {
        'https://ok.example/': { reportId: 1, rating: 'bad', generatedAt: null, seenAt: 5 },
        'https://broken.example/': { reportId: 'x' },
      },
    });
    expect(Object.keys(await readRatingCache())).toEqual(['https://ok.example/']);
    await fakeBrowser.storage.local.set({ [RATING_CACHE_KEY]: 'garbage' });
    expect(await readRatingCache()).toEqual({});
  });

  it('tells which addresses changed, whatever the time they were seen', () => {
    const entry = { reportId: 1, rating: 'good', generatedAt: null, seenAt: 1 };
    const before = { 'https://a/': entry, 'https://b/': entry, 'https://c/': entry };
    const after = {
      'https://a/': { ...entry, seenAt: 2 },
      'https://b/': { ...entry, rating: 'bad' },
      'https://d/': entry,
    };
    expect([...changedUrls(before, after)].sort()).toEqual([
      'https://b/',
      'https://c/',
      'https://d/',
    ]);
    expect([...changedUrls(undefined, { 'https://a/': entry })]).toEqual(['https://a/']);
  });
});
