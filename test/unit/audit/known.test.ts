// Pages that have a report already: from the rating cache, then the service's list searched by
// host (newest report wins; bounded in hosts and pages).
import { describe, expect, it, vi } from 'vitest';
import { SiteReportError } from '../../../lib/api/errors';
import type { Report } from '../../../lib/api/model';
import {
  findKnownPages,
  jobCreates,
  MAX_KNOWN_HOSTS,
  MAX_KNOWN_LIST_PAGES,
  MAX_KNOWN_WAIT_SECONDS,
  queuedCreates,
} from '../../../lib/audit/known';
import type { Job, JobItem } from '../../../lib/jobs/schema';
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
  return { baseUrl: BASE, accountId: 'a1', reports: { list } };
}

describe('findKnownPages', () => {
  it('takes the cache first, then matches the service’s reports (www., trailing slash aside)', async () => {
    const cache = storedRatingCache('a1', {
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
      queued: [],
      unknown: [],
      unchecked: [],
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
    expect(answer.unchecked).toEqual(['https://site.test/x']);
  });

  it('names the pages past its reach as unchecked: 2,500 reports, 500 past the 20 pages read', async () => {
    // 3,000 candidates on one host; 2,500 have a report, listed newest first, 100 a page.
    const urls = Array.from({ length: 3000 }, (_, n) => `https://site.test/p${n}`);
    const reports = urls.slice(0, 2500).map((url, n) => report(n + 1, url));
    const pages = Array.from({ length: 25 }, (_, n) => reports.slice(n * 100, n * 100 + 100));
    const other = client([[report(9000, 'https://other.test/a')]]);
    const service = {
      baseUrl: BASE,
      accountId: 'a1',
      reports: {
        list: vi.fn(async ({ search, page = 1 }: { search?: string; page?: number }) =>
          search === 'other.test'
            ? other.reports.list({ page })
            : { items: pages[page - 1] ?? [], page, perPage: 100, hasNext: page < pages.length },
        ),
      },
    };
    const answer = await findKnownPages([...urls, 'https://other.test/b'], service, null);
    expect(answer.known).toHaveLength(2000);
    expect(answer.complete).toBe(false);
    // None of the 500 past its reach that have a report, nor the 500 without, is taken as new…
    // …nor the page of a second host, which the bound left unread.
    expect(answer.unchecked).toEqual([...urls.slice(2000), 'https://other.test/b']);
  });

  it(`leaves the pages of hosts past the first ${MAX_KNOWN_HOSTS} unchecked, and only those`, async () => {
    const urls = Array.from({ length: MAX_KNOWN_HOSTS + 2 }, (_, n) => `https://h${n}.test/`);
    const service = client([[]]);
    const answer = await findKnownPages(urls, service, null);
    expect(service.reports.list).toHaveBeenCalledTimes(MAX_KNOWN_HOSTS);
    expect(answer).toMatchObject({ complete: false, unchecked: urls.slice(MAX_KNOWN_HOSTS) });
  });

  it('asks the service nothing when the cache knows every page', async () => {
    const cache = storedRatingCache('a1', {
      'https://site.test/a': { reportId: 1, rating: 'bad', generatedAt: null, seenAt: 1 },
    });
    const service = client([]);
    expect((await findKnownPages(['https://site.test/a'], service, cache)).known).toHaveLength(1);
    expect(service.reports.list).not.toHaveBeenCalled();
  });
});

describe('pages queued to be created', () => {
  const SERVICE = { account: 'a1', url: BASE, key: 'k1' };
  const create = (url: string, state: JobItem['state']): JobItem => ({
    op: { type: 'create', url, privacy: 0 },
    state,
  });
  const job = (extra: Partial<Job>, items: JobItem[]): Job => ({
    id: `j${Math.random()}`,
    kind: 'audit',
    state: 'running',
    createdAt: 1,
    service: SERVICE,
    items,
    ...extra,
  });

  it('are the creates waiting, sent or of unknown fate in create and audit jobs of the service', () => {
    const jobs = [
      job({}, [
        create('https://site.test/waiting', 'waiting'),
        create('https://www.site.test/running/', 'running'),
        { ...create('https://site.test/unknown', 'unknown'), reconcileAt: 5 },
        create('https://site.test/done', 'done'),
        create('https://site.test/failed', 'failed'),
        { op: { type: 'update', id: 3, results: true }, state: 'waiting' },
      ]),
      job({ kind: 'create', state: 'paused' }, [create('https://site.test/popup', 'waiting')]),
      job({ state: 'cancelled' }, [
        create('https://site.test/cancelled-sent', 'running'),
        create('https://site.test/cancelled-waiting', 'waiting'),
      ]),
      job({ state: 'done' }, [create('https://site.test/finished', 'waiting')]),
      job({ service: { account: 'a2', url: BASE, key: 'key' } }, [
        create('https://site.test/other', 'waiting'),
      ]),
      job({ kind: 'reanalyze' }, []),
    ];
    expect([...queuedCreates(jobs, SERVICE)].sort()).toEqual([
      'site.test/cancelled-sent',
      'site.test/popup',
      'site.test/running',
      'site.test/unknown',
      'site.test/waiting',
    ]);
  });

  it('are of unknown outcome, not queued, once no job will settle them', () => {
    const jobs = [
      job({ state: 'cancelled' }, [
        create('https://site.test/cancelled-unknown', 'unknown'),
        // Still looked for by its cancelled job, but nothing will send it: unknown all the same.
        { ...create('https://site.test/cancelled-looked-for', 'unknown'), reconcileAt: 5 },
        create('https://site.test/cancelled-sent', 'running'),
      ]),
      job({ state: 'failed' }, [create('https://site.test/failed-unknown', 'unknown')]),
      // Its answer lost and not to be looked for: no job will ever settle it.
      job({}, [create('https://site.test/never-looked-for', 'unknown')]),
    ];
    const { queued, unknown } = jobCreates(jobs, SERVICE);
    expect([...queued]).toEqual(['site.test/cancelled-sent']);
    expect([...unknown].sort()).toEqual([
      'site.test/cancelled-looked-for',
      'site.test/cancelled-unknown',
      'site.test/failed-unknown',
      'site.test/never-looked-for',
    ]);
  });

  it('are marked queued or of unknown outcome, never new, unless they have a known report', async () => {
    const service = client([[report(4, 'https://site.test/known')]]);
    const answer = await findKnownPages(
      [
        'https://site.test/known',
        'https://site.test/queued',
        'https://site.test/lost',
        'https://site.test/new',
      ],
      service,
      null,
      {
        queued: new Set(['site.test/known', 'site.test/queued']),
        unknown: new Set(['site.test/lost', 'site.test/queued']),
      },
    );
    expect(answer.queued).toEqual(['https://site.test/queued']);
    expect(answer.unknown).toEqual(['https://site.test/lost']);
    expect(answer.unchecked).toEqual([]);
    expect(answer.known.map((page) => page.url)).toEqual(['https://site.test/known']);
  });
});

describe('a 429 during the lookup', () => {
  const limited = (after?: number) =>
    new SiteReportError('rate_limited', 'Too many requests', {
      status: 429,
      ...(after !== undefined && { retryAfterSeconds: after }),
    });

  it('is waited out once (its Retry-After), then the page is read again', async () => {
    const service = client([[report(4, 'https://site.test/a')]]);
    service.reports.list.mockRejectedValueOnce(limited(42));
    const wait = vi.fn(async () => {});
    const answer = await findKnownPages(['https://site.test/a'], service, null, undefined, wait);
    expect(wait).toHaveBeenCalledWith(42_000);
    expect(answer.known.map((page) => page.url)).toEqual(['https://site.test/a']);
    expect(service.reports.list).toHaveBeenCalledTimes(2);
  });

  it(`fails the lookup on a second 429, or a wait over ${MAX_KNOWN_WAIT_SECONDS} s, or none said`, async () => {
    for (const errors of [
      [limited(5), limited(5)],
      [limited(MAX_KNOWN_WAIT_SECONDS + 1)],
      [limited()],
    ]) {
      const service = client([[report(4, 'https://site.test/a')]]);
      for (const error of errors) service.reports.list.mockRejectedValueOnce(error);
      const wait = vi.fn(async () => {});
      await expect(
        findKnownPages(['https://site.test/a'], service, null, undefined, wait),
      ).rejects.toThrow(SiteReportError);
      expect(wait.mock.calls.length).toBeLessThanOrEqual(1);
    }
  });
});
