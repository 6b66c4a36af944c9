// Two reports' checks in four groups: what fails only in one, in both, in neither; the order in
// each group; and how two reports of one address are told apart.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ComparedCheck,
  compareChecks,
  GROUPS,
  reportLabels,
} from '../../../lib/issues/compare';
import { type CheckOutcome, readCheckOutcomes } from '../../../lib/rating/checks';
import { detailsOf } from '../../../lib/rating/recent-details';
import { report, wireChecks } from '../../support/fixtures';

const outcome = (
  key: string,
  passed: boolean,
  importance: CheckOutcome['importance'] = 'low',
  errors: string[] = [],
): CheckOutcome => ({ key, passed, importance, errors });

const keysOf = (checks: ComparedCheck[]) => checks.map((check) => check.key);

describe('readCheckOutcomes', () => {
  it('reads every check with the kinds of a failed one’s errors', () => {
    expect(readCheckOutcomes(wireChecks())).toEqual([
      { key: 'image_format', passed: false, importance: 'low', errors: ['bad_format'] },
      {
        key: 'load_time',
        passed: false,
        importance: 'medium',
        limit: { kind: 'too_slow', max: 1 },
        errors: ['too_slow'],
      },
      { key: 'https_encryption', passed: true, importance: 'high', errors: [] },
      {
        key: 'title',
        passed: false,
        importance: 'high',
        limit: { kind: 'length', min: 10, max: 60 },
        errors: ['length'],
      },
      { key: 'favicon', passed: true, importance: 'low', errors: [] },
      { key: 'language', passed: true, importance: 'medium', errors: [] },
    ]);
  });

  it.each([
    ['errors as an empty array', { x: { passed: false, errors: [] } }],
    ['no errors', { x: { passed: false } }],
    ['errors as text', { x: { passed: false, errors: 'broken' } }],
    ['errors null', { x: { passed: false, errors: null } }],
  ])('gives a failed check with %s no kinds', (_, results) => {
    expect(readCheckOutcomes(results)?.[0]?.errors).toEqual([]);
  });

  it('gives a passed check no kinds, whatever its errors say', () => {
    expect(
      readCheckOutcomes({ x: { passed: true, errors: { missing: true } } })?.[0]?.errors,
    ).toEqual([]);
  });

  it.each([
    ['absent', undefined],
    ['an array', [{ passed: true }]],
    ['another shape', { checks: [{ name: 'tls', passed: true }] }],
    ['an empty map', {}],
  ])('gives null for results %s', (_, results) => {
    expect(readCheckOutcomes(results)).toBeNull();
  });
});

describe('a report’s details', () => {
  it('carry every check for a comparison, or null when its results are of another shape', () => {
    expect(detailsOf(report({ results: wireChecks() })).checks).toHaveLength(6);
    expect(detailsOf(report({ results: { checks: [] } })).checks).toBeNull();
  });
});

describe('compareChecks', () => {
  it('puts each check in its group', () => {
    const a = [
      outcome('title', false),
      outcome('favicon', true),
      outcome('headings', false),
      outcome('robots', true),
      outcome('only_a_failing', false),
      outcome('only_a_passing', true),
    ];
    const b = [
      outcome('title', true),
      outcome('favicon', false),
      outcome('headings', false),
      outcome('robots', true),
      outcome('only_b_failing', false),
    ];
    const groups = compareChecks(a, b);
    expect(keysOf(groups.onlyA)).toEqual(['only_a_failing', 'title']);
    expect(keysOf(groups.onlyB)).toEqual(['favicon', 'only_b_failing']);
    expect(keysOf(groups.both)).toEqual(['headings']);
    expect(keysOf(groups.neither)).toEqual(['only_a_passing', 'robots']);
    expect(groups.both[0]).toMatchObject({ a: { passed: false }, b: { passed: false } });
    expect(groups.onlyB.find((check) => check.key === 'only_b_failing')?.a).toBeUndefined();
  });

  it('sorts by importance, high first, then by name in words', () => {
    const a = [
      outcome('z_low', false, 'low'),
      outcome('b_high', false, 'high'),
      outcome('m_medium', false, 'medium'),
      outcome('a_high', false, 'high'),
    ];
    expect(keysOf(compareChecks(a, []).onlyA)).toEqual(['a_high', 'b_high', 'm_medium', 'z_low']);
    const names: Record<string, string> = { a_high: 'Zebra', b_high: 'Apple' };
    expect(keysOf(compareChecks(a, [], (key) => names[key] ?? key).onlyA)).toEqual([
      'b_high',
      'a_high',
      'm_medium',
      'z_low',
    ]);
  });

  it('takes the higher importance when the reports disagree', () => {
    const groups = compareChecks(
      [outcome('title', false, 'low')],
      [outcome('title', false, 'high')],
    );
    expect(groups.both[0]?.importance).toBe('high');
  });

  const importance = fc.constantFrom('high' as const, 'medium' as const, 'low' as const);
  const results = fc.dictionary(
    fc.constantFrom('title', 'favicon', 'headings', 'robots', 'gsb', 'x', 'canonical', '404_page'),
    fc.record({
      passed: fc.oneof(fc.boolean(), fc.constantFrom(0, 1)),
      importance,
      errors: fc.oneof(
        fc.constant([]),
        fc.dictionary(fc.constantFrom('missing', 'length', 'odd'), fc.anything()),
      ),
    }),
  );

  it('puts every check of either report in exactly one group, as a direct reading says', () => {
    fc.assert(
      fc.property(results, results, (wireA, wireB) => {
        const a = readCheckOutcomes(wireA) ?? [];
        const b = readCheckOutcomes(wireB) ?? [];
        const groups = compareChecks(a, b);
        const placed = GROUPS.flatMap((group) => keysOf(groups[group]));
        const keys = new Set([...Object.keys(wireA), ...Object.keys(wireB)]);
        expect(placed.sort()).toEqual([...keys].sort());

        const failsIn = (wire: Record<string, { passed: boolean | number }>, key: string) => {
          const entry = wire[key];
          return entry !== undefined && !(entry.passed === true || entry.passed === 1);
        };
        for (const key of keys) {
          const [inA, inB] = [failsIn(wireA, key), failsIn(wireB, key)];
          const expected = inA ? (inB ? 'both' : 'onlyA') : inB ? 'onlyB' : 'neither';
          expect(keysOf(groups[expected])).toContain(key);
        }
      }),
    );
  });
});

describe('reportLabels', () => {
  const timeOf = (iso: string | null) => (iso ? `at ${iso}` : '');
  const withTime = (url: string, time: string) => `${url} (${time})`;
  const withId = (url: string, id: number) => `${url} (#${id})`;

  it('names reports by their addresses when they differ', () => {
    expect(
      reportLabels(
        { id: 1, url: 'https://a.test/', generatedAt: '1' },
        { id: 2, url: 'https://b.test/', generatedAt: '1' },
        timeOf,
        withTime,
        withId,
      ),
    ).toEqual(['https://a.test/', 'https://b.test/']);
  });

  it('tells two reports of one address apart by their generated time, or else by id', () => {
    const url = 'https://a.test/';
    expect(
      reportLabels(
        { id: 1, url, generatedAt: '1' },
        { id: 2, url, generatedAt: '2' },
        timeOf,
        withTime,
        withId,
      ),
    ).toEqual(['https://a.test/ (at 1)', 'https://a.test/ (at 2)']);
    expect(
      reportLabels(
        { id: 1, url, generatedAt: '1' },
        { id: 2, url, generatedAt: '1' },
        timeOf,
        withTime,
        withId,
      ),
    ).toEqual(['https://a.test/ (#1)', 'https://a.test/ (#2)']);
    expect(
      reportLabels(
        { id: 1, url, generatedAt: null },
        { id: 2, url, generatedAt: '1' },
        timeOf,
        withTime,
        withId,
      ),
    ).toEqual(['https://a.test/ (#1)', 'https://a.test/ (#2)']);
  });
});
