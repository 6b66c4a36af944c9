// The analyses kept (fake-indexeddb): what an answer leaves, the latest kept, other shapes of
// `results` leaving nothing, the bound per owner (least recently seen first), removal, and the
// history's database opened at version 3 keeping version 1's records and counting version 2's
// analyses.
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../../lib/api/model';
import { issueRows, summaryRows } from '../../../lib/issues/aggregate';
import {
  countAnalyses,
  forgetProjectAnalyses,
  forgetReportAnalysis,
  keepAnalyses,
  readAnalyses,
  readAnalysesOf,
  readFailingPages,
  readSummary,
} from '../../../lib/issues/analyses';
import { analysisOf, keptChecks } from '../../../lib/issues/analysis-of';
import { closeHistory, historyWritten, readHistory } from '../../../lib/watch/history';
import { recordAnalyses } from '../../../lib/watch/record';
import { report } from '../../support/fixtures';

const OWNER = 'https://reports.example.com/api/v1';
const OTHER = 'http://localhost:8000/api/v1';
const T0 = Date.parse('2026-11-20T09:00:00Z');

const results = {
  title: { passed: true, importance: 'high', value: 'Pricing', errors: {} },
  meta_description: { passed: false, importance: 'high', value: null, errors: { missing: true } },
  load_time: { passed: false, importance: 'medium', value: 3.2, errors: { too_slow: { max: 2 } } },
};

const analysed = (id: number, minute = 0, overrides: Partial<Report> = {}): Report =>
  report({
    id,
    url: `https://example.com/page-${id}`,
    generatedAt: new Date(T0 + minute * 60_000).toISOString(),
    results,
    ...overrides,
  });

describe('what is kept of an answer', () => {
  it('keeps each check with its importance, outcome, error kinds and bounds', () => {
    expect(keptChecks(results)).toEqual([
      { key: 'title', importance: 'high', passed: true },
      { key: 'meta_description', importance: 'high', passed: false, errors: ['missing'] },
      {
        key: 'load_time',
        importance: 'medium',
        passed: false,
        errors: ['too_slow'],
        limit: { kind: 'too_slow', max: 2 },
      },
    ]);
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['a list', [1, 2]],
    ['a string', 'fine'],
    ['a map of other things', { score: 3, note: 'x' }],
  ])('keeps nothing when results are %s', async (_name, other) => {
    expect(analysisOf(analysed(1, 0, { results: other }), OWNER, T0)).toBeNull();
    await expect(keepAnalyses([analysed(1, 0, { results: other })], OWNER)).resolves.toBe(0);
    expect(await readAnalyses(OWNER)).toEqual([]);
  });

  it('keeps the latest analysis per report and owner', async () => {
    await keepAnalyses([analysed(1, 5), analysed(2, 5)], OWNER);
    const older = analysed(1, 1, { results: { title: results.title } });
    await keepAnalyses([older], OWNER);
    await keepAnalyses([analysed(1, 9, { rating: 'bad' })], OTHER);
    const mine = await readAnalyses(OWNER);
    expect(mine.map((a) => [a.reportId, a.failed.length, a.passed])).toEqual([
      [1, 2, ['title']],
      [2, 2, ['title']],
    ]);
    expect((await readAnalyses(OTHER)).map((a) => a.rating)).toEqual(['bad']);
  });
});

describe('the analysis before', () => {
  it('is the history’s last record with checks before it, else the one kept before', async () => {
    // The history knows minute 1's checks; a list at minute 2 carried none.
    await recordAnalyses(
      [
        analysed(1, 1, { results: { title: { passed: false, importance: 'high', errors: {} } } }),
        analysed(1, 2, { results: undefined }),
      ],
      OWNER,
    );
    await historyWritten();
    await keepAnalyses([analysed(1, 5)], OWNER);
    expect((await readAnalyses(OWNER))[0]?.before).toEqual([{ key: 'title', importance: 'high' }]);
    // Seen again: the same analysis keeps what it knew.
    await keepAnalyses([analysed(1, 5)], OWNER);
    expect((await readAnalyses(OWNER))[0]?.before).toEqual([{ key: 'title', importance: 'high' }]);
    // No history of report 2: its kept analysis is the one before.
    await keepAnalyses([analysed(2, 5)], OWNER);
    await keepAnalyses([analysed(2, 9, { results: { title: results.title } })], OWNER);
    const second = (await readAnalyses(OWNER)).find((a) => a.reportId === 2);
    expect(second?.before).toEqual([
      { key: 'meta_description', importance: 'high' },
      { key: 'load_time', importance: 'medium' },
    ]);
    // Nothing known before: none.
    await keepAnalyses([analysed(3, 5)], OWNER);
    expect((await readAnalyses(OWNER)).find((a) => a.reportId === 3)).not.toHaveProperty('before');
  });
});

describe('reading by id', () => {
  it('gives the analyses kept of those ids, few or many, of the owner only', async () => {
    await keepAnalyses([analysed(1), analysed(2), analysed(3)], OWNER);
    await keepAnalyses([analysed(4)], OTHER);
    const ids = async (wanted: number[]) =>
      (await readAnalysesOf(OWNER, wanted)).map((a) => a.reportId).sort();
    expect(await ids([3, 1, 4, 9])).toEqual([1, 3]);
    // Past a thousand ids the owner's analyses are read at once: the same answer.
    const many = [3, 1, 4, ...Array.from({ length: 1000 }, (_, n) => 100 + n)];
    expect(await ids(many)).toEqual([1, 3]);
    expect((await readAnalysesOf(OWNER, [1]))[0]).not.toHaveProperty('fails');
  });
});

describe('the bound', () => {
  it('drops the least recently seen reports of the owner past it', async () => {
    let now = T0;
    const clock = () => now;
    for (const id of [1, 2, 3]) {
      now += 1000;
      await keepAnalyses([analysed(id)], OWNER, { bound: 3, now: clock });
    }
    await keepAnalyses([analysed(9)], OTHER, { bound: 3, now: clock });
    now += 1000;
    // Report 1 is seen again: 2 is now the least recently seen.
    await keepAnalyses([analysed(1)], OWNER, { bound: 3, now: clock });
    now += 1000;
    await keepAnalyses([analysed(4)], OWNER, { bound: 3, now: clock });
    const ids = (await readAnalyses(OWNER)).map((a) => a.reportId).sort();
    expect(ids).toEqual([1, 3, 4]);
    expect(await countAnalyses(OTHER)).toBe(1);
  });
});

describe('removal', () => {
  it('forgets a report, and a project by name or by host', async () => {
    await keepAnalyses(
      [
        analysed(1, 0, { project: 'shop.example' }),
        analysed(2, 0, { project: undefined, url: 'https://shop.example/a' }),
        analysed(3, 0, { project: 'example.com' }),
      ],
      OWNER,
    );
    await keepAnalyses([analysed(1, 0, { project: 'shop.example' })], OTHER);
    await forgetReportAnalysis(OWNER, 3);
    expect((await readAnalyses(OWNER)).map((a) => a.reportId)).toEqual([1, 2]);
    await forgetProjectAnalyses(OWNER, 'shop.example');
    expect(await readAnalyses(OWNER)).toEqual([]);
    expect(await countAnalyses(OTHER)).toBe(1);
  });
});

describe('the database', () => {
  it('opens a version 1 database at version 2, its history kept', async () => {
    closeHistory();
    const v1 = await openDB('site-report-history', 1, {
      upgrade(database) {
        const records = database.createObjectStore('records', { autoIncrement: true });
        records.createIndex('report', ['service', 'reportId', 'at']);
        records.createIndex('at', 'at');
        records.createIndex('service', 'service');
      },
    });
    await v1.add('records', {
      service: OWNER,
      reportId: 7,
      url: 'https://example.com/',
      at: T0,
      result: 'good',
    });
    v1.close();
    expect((await readHistory(OWNER, 7)).map((record) => record.at)).toEqual([T0]);
    await keepAnalyses([analysed(7)], OWNER);
    expect(await countAnalyses(OWNER)).toBe(1);
  });

  it('opens a version 2 database at version 3, its analyses kept, counted and indexed', async () => {
    closeHistory();
    const v2 = await openDB('site-report-history', 2, {
      upgrade(database) {
        const records = database.createObjectStore('records', { autoIncrement: true });
        records.createIndex('report', ['service', 'reportId', 'at']);
        records.createIndex('at', 'at');
        records.createIndex('service', 'service');
        const analyses = database.createObjectStore('analyses', { keyPath: ['owner', 'reportId'] });
        analyses.createIndex('owner', 'owner');
        analyses.createIndex('seen', ['owner', 'seenAt']);
      },
    });
    const kept = [
      analysisOf(analysed(1), 'a1', T0),
      { ...analysisOf(analysed(2), 'a1', T0), before: [{ key: 'title', importance: 'high' }] },
      analysisOf(analysed(3, 0, { results: { title: results.title } }), 'a2', T0),
    ];
    for (const analysis of kept) await v2.put('analyses', analysis);
    v2.close();

    const mine = await readAnalyses('a1');
    expect(mine).toEqual(kept.slice(0, 2));
    const summary = await readSummary('a1');
    expect(summary && summaryRows(summary)).toEqual(
      issueRows(mine).map(({ failing: _failing, ...row }) => row),
    );
    expect(summaryRows(summary ?? { owner: 'a1', reports: 0, known: 0, checks: {} })[0]).toEqual({
      key: 'meta_description',
      importance: 'high',
      pages: 2,
      withDetails: 2,
      change: { newlyFailing: 1, fixed: 0 },
    });
    expect((await readSummary('a2'))?.reports).toBe(1);
    expect((await readFailingPages('a1', 'load_time', 10)).map((page) => page.reportId)).toEqual([
      1, 2,
    ]);
    expect(await readFailingPages('a2', 'load_time', 10)).toEqual([]);
  });
});
