// The counts kept with the analyses (fake-indexeddb): after any writes, rewrites, removals,
// evictions at a small bound and moves between owners, each owner's summary gives the rows
// issueRows counts directly over its analyses, and the index of failing checks lists exactly the
// analyses failing each check; a write whose transaction fails leaves both as they were.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Report } from '../../../lib/api/model';
import { issueRows, summaryRows } from '../../../lib/issues/aggregate';
import {
  forgetOwnerAnalyses,
  forgetProjectAnalyses,
  forgetReportAnalysis,
  keepAnalyses,
  moveAnalyses,
  readAnalyses,
  readFailingPages,
  readSummary,
} from '../../../lib/issues/analyses';
import { db } from '../../../lib/watch/history-db';
import { report } from '../../support/fixtures';

const OWNERS = ['a1', 'a2', 'a3'] as const;
const KEYS = ['title', 'meta_description', 'favicon', 'x_custom'] as const;
const PROJECTS = ['shop.example', 'blog.example'] as const;
const T0 = Date.parse('2026-11-20T09:00:00Z');
const BOUND = 4;

afterEach(() => vi.restoreAllMocks());

const checkResult = fc.record({
  passed: fc.boolean(),
  importance: fc.constantFrom('high', 'medium', 'low'),
  errors: fc.constantFrom({}, { missing: true }, { too_slow: { max: 2 } }),
});

/** A report answer: its id, project, minute generated and some of the checks. */
const answer = fc
  .record({
    id: fc.integer({ min: 1, max: 7 }),
    project: fc.constantFrom(...PROJECTS),
    minute: fc.integer({ min: 0, max: 5 }),
    results: fc.dictionary(fc.constantFrom(...KEYS), checkResult, { maxKeys: KEYS.length }),
  })
  .map(
    ({ id, project, minute, results }): Report =>
      report({
        id,
        project,
        url: `https://${project}/page-${id}`,
        generatedAt: new Date(T0 + minute * 60_000).toISOString(),
        results,
      }),
  );

const owner = fc.constantFrom(...OWNERS);
const step = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('keep'),
      owner,
      reports: fc.array(answer, { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('forgetReport'),
      owner,
      id: fc.integer({ min: 1, max: 7 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('forgetProject'),
      owner,
      name: fc.constantFrom(...PROJECTS),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('forgetOwner'), owner }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('move'), from: owner, to: owner }) },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

async function run(action: Step, clock: () => number): Promise<void> {
  switch (action.op) {
    case 'keep':
      await keepAnalyses(action.reports, action.owner, { bound: BOUND, now: clock });
      return;
    case 'forgetReport':
      return forgetReportAnalysis(action.owner, action.id);
    case 'forgetProject':
      return forgetProjectAnalyses(action.owner, action.name);
    case 'forgetOwner':
      return forgetOwnerAnalyses(action.owner);
    case 'move':
      if (action.from !== action.to) await moveAnalyses(action.from, action.to);
  }
}

/** Each owner's summary against a direct count over its analyses, and the index against both. */
async function expectExact(): Promise<void> {
  for (const who of OWNERS) {
    const analyses = await readAnalyses(who);
    const summary = await readSummary(who);
    const direct = issueRows(analyses).map(({ failing: _failing, ...row }) => row);
    expect(summary && summaryRows(summary)).toEqual(direct);
    expect(summary?.reports).toBe(analyses.length);
    // An owner with nothing has no summary stored.
    expect(await (await db()).get('summaries', who)).toEqual(
      analyses.length > 0 ? expect.objectContaining({ owner: who }) : undefined,
    );
    for (const key of KEYS) {
      const failing = analyses.filter((a) => a.failed.some((check) => check.key === key));
      const pages = await readFailingPages(who, key, 100);
      expect(pages.map((page) => page.reportId)).toEqual(failing.map((a) => a.reportId));
    }
  }
}

async function clear(): Promise<void> {
  const database = await db();
  await Promise.all([database.clear('analyses'), database.clear('summaries')]);
}

describe('the summary (property)', () => {
  it('equals the direct count over the analyses after any writes, removals, evictions and moves', async () => {
    let scenarios = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        scenarios++;
        await clear();
        let now = T0;
        const clock = () => now;
        for (const action of steps) {
          now += 1000;
          await run(action, clock);
        }
        await expectExact();
      }),
      { numRuns: 100 },
    );
    expect(scenarios).toBeGreaterThanOrEqual(100);
  }, 120_000);
});

describe('a failed write', () => {
  const results = {
    title: { passed: false, importance: 'high', errors: { missing: true } },
    favicon: { passed: true, importance: 'low', errors: {} },
  };
  const answerOf = (id: number) =>
    report({
      id,
      url: `https://shop.example/${id}`,
      generatedAt: new Date(T0).toISOString(),
      results,
    });

  it('leaves the analyses and their summary as they were when its transaction fails', async () => {
    await keepAnalyses([answerOf(1)], 'a1');
    const before = { analyses: await readAnalyses('a1'), summary: await readSummary('a1') };
    // The summary's write fails, after the analyses' were made in the same transaction.
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      if (this.name === 'summaries')
        throw new DOMException('The disk is full.', 'QuotaExceededError');
      return put.apply(this, args);
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(keepAnalyses([answerOf(2), answerOf(3)], 'a1')).resolves.toBe(0);
    vi.mocked(IDBObjectStore.prototype.put).mockRestore();
    expect({ analyses: await readAnalyses('a1'), summary: await readSummary('a1') }).toEqual(
      before,
    );
    await expectExact();
    // And the next write counts from there.
    await keepAnalyses([answerOf(2)], 'a1');
    expect((await readSummary('a1'))?.reports).toBe(2);
    await expectExact();
  });
});
