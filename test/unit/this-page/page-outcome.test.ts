import { describe, expect, it } from 'vitest';
import { outcomeFromCache } from '../../../lib/this-page/page-outcome';

describe('outcomeFromCache', () => {
  it('shows what the cache knows, for the page at hand', () => {
    const cached = {
      reportId: 42,
      rating: 'bad' as const,
      score: 31,
      generatedAt: '2026-01-01T00:00:00Z',
      seenAt: 1,
    };
    expect(outcomeFromCache(cached, 'https://example.com/')).toEqual({
      id: 42,
      url: 'https://example.com/',
      rating: 'bad',
      score: 31,
      generatedAt: '2026-01-01T00:00:00Z',
      privacy: undefined,
    });
    expect(outcomeFromCache({ ...cached, privacy: 1 }, 'https://example.com/').privacy).toBe(1);
  });
});
