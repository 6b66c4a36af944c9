// The Issues table from kept analyses: counts, order, the change since each page's previous
// analysis (from the history), the scope's pages without details, and a property: the counts are
// a direct count over random results.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { issueRows } from '../../../lib/issues/aggregate';
import type { KeptAnalysis, KeptCheck } from '../../../lib/issues/model';
import { issuesOf, membersOf } from '../../../lib/issues/scope';
import { summary } from '../../support/fixtures';

const OWNER = 'https://reports.example.com/api/v1';
const T0 = Date.parse('2026-11-20T09:00:00Z');

function page(
  reportId: number,
  checks: KeptCheck[],
  before?: KeptAnalysis['before'],
): KeptAnalysis {
  return {
    owner: OWNER,
    reportId,
    url: `https://example.com/${reportId}`,
    rating: 'decent',
    at: T0,
    seenAt: T0,
    failed: checks.filter((check) => !check.passed),
    passed: checks.filter((check) => check.passed).map((check) => check.key),
    ...(before && { before }),
  };
}

const fails = (key: string, importance: KeptCheck['importance'] = 'high'): KeptCheck => ({
  key,
  importance,
  passed: false,
});
const passes = (key: string, importance: KeptCheck['importance'] = 'high'): KeptCheck => ({
  key,
  importance,
  passed: true,
});

describe('issueRows', () => {
  it('counts failing pages of those with details, most important first, then most pages', () => {
    const rows = issueRows([
      page(1, [fails('favicon', 'low'), fails('title'), fails('load_time', 'medium')]),
      page(2, [fails('favicon', 'low'), passes('title'), fails('meta_description')]),
      page(3, [fails('favicon', 'low'), fails('title'), fails('meta_description')]),
      page(4, [passes('favicon', 'low'), passes('title')]),
    ]);
    expect(rows.map((row) => [row.key, row.failing.length, row.withDetails])).toEqual([
      ['meta_description', 2, 4],
      ['title', 2, 4],
      ['load_time', 1, 4],
      ['favicon', 3, 4],
    ]);
    expect(rows[0]?.failing.map((failing) => failing.reportId)).toEqual([2, 3]);
    expect(rows.every((row) => row.change === null)).toBe(true);
  });

  it('leaves out checks that pass everywhere', () => {
    expect(issueRows([page(1, [passes('title')]), page(2, [passes('title')])])).toEqual([]);
  });

  it('says what is newly failing and fixed since the previous analysis, where it is known', () => {
    const analyses = [
      page(
        1,
        [fails('title'), passes('language', 'medium')],
        [{ key: 'language', importance: 'medium' }],
      ),
      page(2, [fails('title'), fails('language', 'medium')], []),
      // Nothing known of this one's previous analysis: it counts in neither.
      page(3, [fails('title')]),
      // Fixed, and passing now: a row of its own.
      page(4, [passes('favicon', 'low')], [{ key: 'favicon', importance: 'low' }]),
    ];
    expect(issueRows(analyses).map((row) => [row.key, row.failing.length, row.change])).toEqual([
      ['title', 3, { newlyFailing: 2, fixed: 0 }],
      ['language', 1, { newlyFailing: 1, fixed: 1 }],
      ['favicon', 0, { newlyFailing: 0, fixed: 1 }],
    ]);
  });
});

describe('issuesOf: the scope', () => {
  const kept = [page(1, [fails('title')]), page(2, [fails('title')])];

  it('counts the members without details, and those whose list shows a newer analysis', () => {
    const members = membersOf([
      summary({ id: 1, generatedAt: new Date(T0).toISOString() }),
      summary({ id: 2, generatedAt: new Date(T0 + 60_000).toISOString() }),
      summary({ id: 3 }),
    ]);
    const data = issuesOf(kept, members);
    expect(data).toMatchObject({ total: 3, withDetails: 1, missing: 2, missingIds: [2, 3] });
    expect(data.rows[0]?.pages).toBe(1);
    expect(data.source).toEqual({ kind: 'read', analyses: [kept[0]] });
  });

  it('takes every report with details kept for All reports', () => {
    expect(issuesOf(kept, null)).toMatchObject({ total: 2, withDetails: 2, missing: 0 });
  });
});

describe('the counts (property)', () => {
  const KEYS = ['title', 'meta_description', 'favicon', 'custom_check', 'load_time'];
  const check = fc.record({
    key: fc.constantFrom(...KEYS),
    importance: fc.constantFrom('high', 'medium', 'low') as fc.Arbitrary<KeptCheck['importance']>,
    passed: fc.boolean(),
  });
  const pages = fc.array(fc.uniqueArray(check, { selector: (c) => c.key, maxLength: 5 }), {
    maxLength: 30,
  });

  it('equal a direct count over the results, and the rows are in order', () => {
    fc.assert(
      fc.property(pages, (checksOfPages) => {
        const analyses = checksOfPages.map((checks, index) => page(index + 1, checks));
        const rows = issueRows(analyses);
        for (const key of KEYS) {
          const direct = analyses.filter((a) => a.failed.some((c) => c.key === key));
          const row = rows.find((candidate) => candidate.key === key);
          expect(row?.failing.length ?? 0).toBe(direct.length);
          if (row) expect(row.withDetails).toBe(analyses.length);
        }
        const rank = { high: 0, medium: 1, low: 2 };
        for (let index = 1; index < rows.length; index++) {
          const [a, b] = [rows[index - 1], rows[index]];
          if (!a || !b) continue;
          const order = rank[a.importance] - rank[b.importance];
          expect(order < 0 || (order === 0 && a.failing.length >= b.failing.length)).toBe(true);
        }
      }),
    );
  });
});
