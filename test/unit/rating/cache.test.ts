// The popup's hand-written check of a cached entry (no zod): it must accept exactly what the
// background's schema accepts, report ids included.
import { describe, expect, it } from 'vitest';
import { cachedRatingFor } from '../../../lib/rating/cache';

const URL = 'https://example.com/pricing';
const ENTRY = { reportId: 7, rating: 'good', generatedAt: null, seenAt: 5 };

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
    expect(cachedRatingFor({ [URL]: { ...ENTRY, reportId } }, URL)).toBeNull();
  });

  it.each([1, 7, Number.MAX_SAFE_INTEGER])('accepts the id %s', (reportId) => {
    expect(cachedRatingFor({ [URL]: { ...ENTRY, reportId } }, URL)).toEqual({
      ...ENTRY,
      reportId,
    });
  });
});
