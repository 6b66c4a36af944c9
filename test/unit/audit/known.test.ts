// Pages that have a report already: from the rating cache, then the service's list searched by
// host (newest report wins; bounded in hosts and pages).
import { describe, expect, it, vi } from 'vitest';
import type { Report } from '../../../lib/api/model';
import { findKnownPages, MAX_KNOWN_LIST_PAGES } from '../../../lib/audit/known';
import { storedRatingCache } from '../../../lib/rating/cache';

const BASE = 'https://service.test/api/v1';

const report = (id: number, url: string): Report => ({
  id,
  url,
  rating: 'decent',
  score: 65,
  privacy: 0,
  hasPassword: false,
  generatedAt: null,
  createdAt: null,
  updatedAt: null,
});

function client(pages: Report[][]) {
  const list = vi.fn(async ({ page = 1 }: { page?: number }) => ({
    items: pages[page - 1] ?? [],
    page,
    perPage: 100,
    hasNext: page < pages.length,
  }));
  return { baseUrl: BASE, reports: { list } };
}

describe('findKnownPages', () => {
  it('takes the cache first, then matches the service’s reports (www., trailing slash aside)', async () => {
    const cache = storedRatingCache(BASE, {
      'https://site.test/cached': { reportId: 3, rating: 'good', generatedAt: null, seenAt: 1 },
    });
    const service = client([
      [report(9, 'https://www.site.test/listed/'), report(4, 'https://site.test/listed')],
    ]);
    const answer = await findKnownPages(
      ['https://site.test/cached', 'https://site.test/listed', 'https://site.test/new'],
      service,
      cache,
    );
    expect(answer).toEqual({
      complete: true,
      known: [
        {
          url: 'https://site.test/cached',
          reportId: 3,
          rating: 'good',
          reportUrl: 'https://site.test/cached',
        },
        {
          url: 'https://site.test/listed',
          reportId: 9,
          rating: 'decent',
          score: 65,
          reportUrl: 'https://www.site.test/listed/',
        },
      ],
    });
    expect(service.reports.list).toHaveBeenCalledWith(
      expect.objectContaining({ search: 'site.test', perPage: 100, page: 1 }),
    );
  });

  it(`reads at most ${MAX_KNOWN_LIST_PAGES} pages of the list, and says the check is partial`, async () => {
    const service = client(
      Array.from({ length: 30 }, (_, n) => [report(n + 1, `https://site.test/${n}`)]),
    );
    const answer = await findKnownPages(['https://site.test/x'], service, null);
    expect(service.reports.list).toHaveBeenCalledTimes(MAX_KNOWN_LIST_PAGES);
    expect(answer.complete).toBe(false);
  });

  it('asks the service nothing when the cache knows every page', async () => {
    const cache = storedRatingCache(BASE, {
      'https://site.test/a': { reportId: 1, rating: 'bad', generatedAt: null, seenAt: 1 },
    });
    const service = client([]);
    expect((await findKnownPages(['https://site.test/a'], service, cache)).known).toHaveLength(1);
    expect(service.reports.list).not.toHaveBeenCalled();
  });
});
