// The popup's hand-written check of a cached entry (no zod): it must accept exactly what the
// background's schema accepts, report ids included.
import { describe, expect, it } from 'vitest';
import { cachedRatingFor, storedRatingCache } from '../../../lib/rating/cache';

const URL = 'https://example.com/pricing';
const ENTRY = { reportId: 7, rating: 'good', generatedAt: null, seenAt: 5 };
const SERVICE = 'https://service.example/api/v1';
const stored = (entry: unknown) => storedRatingCache(SERVICE, { [URL]: entry });

describe('cachedRatingFor report ids', () => {
  it.each([
    ['too big to be exact', 1e20],
    ['just past the exact range', Number.MAX_SAFE_INTEGER + 1],
    ['infinite', Number.POSITIVE_INFINITY],
    ['zero', 0],
    ['negative', -1],
    ['not whole', 7.5],
    ['not a number', Number.NaN],
  ])('gives null for an id that is %s', (_, reportId) => {
    expect(cachedRatingFor(stored({ ...ENTRY, reportId }), URL, SERVICE)).toBeNull();
  });

  it.each([1, 7, Number.MAX_SAFE_INTEGER])('accepts the id %s', (reportId) => {
    expect(cachedRatingFor(stored({ ...ENTRY, reportId }), URL, SERVICE)).toEqual({
      ...ENTRY,
      reportId,
    });
  });
});

describe('cachedRatingFor services', () => {
  it('gives only the named service’s entry', () => {
    expect(cachedRatingFor(stored(ENTRY), URL, SERVICE)).toEqual(ENTRY);
    expect(cachedRatingFor(stored(ENTRY), URL, 'https://other.example/api/v1')).toBeNull();
    expect(cachedRatingFor(stored(ENTRY), URL, null)).toBeNull();
    // Stored before the cache was kept per service: whose it was is not known.
    expect(cachedRatingFor({ [URL]: ENTRY }, URL, SERVICE)).toBeNull();
  });
});
