// The service stores a report under the address its fetch ended on after redirects: the cache
// keeps a create's report under the address asked for too, so the tab that asked finds it.
import { describe, expect, it } from 'vitest';
import type { Report } from '../../../lib/api/model';
import { changedUrls } from '../../../lib/rating/badge';
import {
  getCachedRating,
  RATING_CACHE_LIMIT,
  ratingCacheItem,
  readRatingCache,
} from '../../../lib/rating/cache';
import { forgetProject, forgetReport, rememberReports } from '../../../lib/rating/cache-writes';
import { report as madeReport } from '../../support/fixtures';

const SERVICE = 'https://service.example/api/v1';
const ASKED = 'https://example.com/moved';
const GIVEN = 'https://example.com/good';

function report(fields: Partial<Report> = {}): Report {
  return madeReport({ id: 7, url: GIVEN, results: {}, ...fields });
}

const serviceCache = async () => (await readRatingCache())[SERVICE] ?? {};

describe('a created report under another address than the one asked for', () => {
  it('is kept under both addresses', async () => {
    await rememberReports([report({ rating: 'good' })], SERVICE, { askedUrl: `${ASKED}#top` });
    expect(await getCachedRating(ASKED, SERVICE)).toMatchObject({ reportId: 7, rating: 'good' });
    expect(await getCachedRating(GIVEN, SERVICE)).toMatchObject({ reportId: 7, rating: 'good' });
  });

  it('is kept once when the service gives the address asked for', async () => {
    await rememberReports([report({ url: ASKED })], SERVICE, { askedUrl: ASKED });
    expect(Object.keys(await serviceCache())).toEqual([ASKED]);
  });

  it('keeps both up to date when it is seen again (a re-analysis, a privacy change, a list)', async () => {
    await rememberReports([report({ rating: null, generatedAt: null })], SERVICE, {
      askedUrl: ASKED,
      now: 1000,
    });
    await rememberReports([report({ rating: 'decent', privacy: 1 })], SERVICE, { now: 2000 });
    for (const url of [ASKED, GIVEN]) {
      expect(await getCachedRating(url, SERVICE)).toMatchObject({
        reportId: 7,
        rating: 'decent',
        privacy: 1,
        seenAt: 2000,
      });
    }
  });

  it('does not replace a newer report of the address asked for', async () => {
    await rememberReports([report({ id: 9, url: ASKED, rating: 'bad' })], SERVICE);
    await rememberReports([report({ rating: 'good' })], SERVICE, { askedUrl: ASKED });
    expect(await getCachedRating(ASKED, SERVICE)).toMatchObject({ reportId: 9, rating: 'bad' });
    expect(await getCachedRating(GIVEN, SERVICE)).toMatchObject({ reportId: 7, rating: 'good' });
  });

  it('leaves the address asked for with its own report when a newer one takes the other', async () => {
    await rememberReports([report()], SERVICE, { askedUrl: ASKED });
    await rememberReports([report({ id: 8, rating: 'bad' })], SERVICE);
    expect(await getCachedRating(ASKED, SERVICE)).toMatchObject({ reportId: 7 });
    expect(await getCachedRating(GIVEN, SERVICE)).toMatchObject({ reportId: 8 });
    // Report 7 seen again in a list updates where it is still the latest.
    await rememberReports([report({ rating: 'decent' })], SERVICE);
    expect(await getCachedRating(ASKED, SERVICE)).toMatchObject({ reportId: 7, rating: 'decent' });
    expect(await getCachedRating(GIVEN, SERVICE)).toMatchObject({ reportId: 8, rating: 'bad' });
  });

  it('is forgotten under both addresses when deleted', async () => {
    await rememberReports([report()], SERVICE, { askedUrl: ASKED });
    await rememberReports([report({ id: 3, url: 'https://example.com/other' })], SERVICE);
    await forgetReport(7, SERVICE);
    expect(await getCachedRating(ASKED, SERVICE)).toBeNull();
    expect(await getCachedRating(GIVEN, SERVICE)).toBeNull();
    expect(await getCachedRating('https://example.com/other', SERVICE)).not.toBeNull();
  });

  it("is forgotten under both addresses with its project, though the asked host is not the project's", async () => {
    await rememberReports(
      [report({ url: 'https://shop.example.org/', project: undefined })],
      SERVICE,
      {
        askedUrl: 'http://old-shop.example.net/',
      },
    );
    await rememberReports(
      [report({ id: 3, url: 'https://other.org/', project: undefined })],
      SERVICE,
    );
    await forgetProject('shop.example.org', SERVICE);
    expect(Object.keys(await serviceCache())).toEqual(['https://other.org/']);
  });

  it('tells both addresses changed, so both tabs get their badge', async () => {
    const before = await ratingCacheItem.getValue();
    await rememberReports([report()], SERVICE, { askedUrl: ASKED });
    expect(changedUrls(before, await ratingCacheItem.getValue())).toEqual(new Set([ASKED, GIVEN]));
  });

  it('ignores an address asked for that is not a web page', async () => {
    await rememberReports([report()], SERVICE, { askedUrl: 'about:blank' });
    expect(Object.keys(await serviceCache())).toEqual([GIVEN]);
  });

  it(`stays within ${RATING_CACHE_LIMIT} addresses, each created report counting twice`, async () => {
    for (let i = 0; i < RATING_CACHE_LIMIT; i++) {
      await rememberReports(
        [report({ id: i + 1, url: `https://example.com/given/${i}` })],
        SERVICE,
        { askedUrl: `https://example.com/asked/${i}`, now: 1000 + i },
      );
    }
    const cache = await serviceCache();
    expect(Object.keys(cache)).toHaveLength(RATING_CACHE_LIMIT);
    // The newest half of the creates are kept under both their addresses.
    const last = RATING_CACHE_LIMIT - 1;
    expect(cache[`https://example.com/asked/${last}`]).toMatchObject({ reportId: last + 1 });
    expect(cache[`https://example.com/given/${last}`]).toMatchObject({ reportId: last + 1 });
    expect(cache['https://example.com/asked/0']).toBeUndefined();
    expect(cache['https://example.com/given/0']).toBeUndefined();
  });
});
