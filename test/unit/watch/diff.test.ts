// What changed between two analyses, and whether the page got worse or better.
import { describe, expect, it } from 'vitest';
import type { Rating } from '../../../lib/api/model';
import { changeBetween, latestChange } from '../../../lib/watch/diff';
import type { FailedCheck, HistoryRecord } from '../../../lib/watch/model';

const high = (key: string): FailedCheck => ({ key, importance: 'high' });
const medium = (key: string): FailedCheck => ({ key, importance: 'medium' });
const low = (key: string): FailedCheck => ({ key, importance: 'low' });

const record = (
  result: Rating | null,
  score: number | undefined,
  failed?: FailedCheck[],
  at = 1,
): HistoryRecord => ({
  at,
  result,
  ...(score !== undefined && { score }),
  ...(failed && { failed }),
});

describe('changeBetween', () => {
  it.each([
    // [what, from, to, direction]
    ['the rating drops', record('good', 90, []), record('decent', 70, []), 'worse'],
    ['the rating drops two steps', record('good', 90), record('bad', 20), 'worse'],
    ['the rating rises', record('bad', 30, []), record('decent', 60, []), 'better'],
    [
      'nothing changes',
      record('good', 90, [low('a')]),
      record('good', 90, [low('a')]),
      'unchanged',
    ],
    ['the score alone drops', record('good', 95, []), record('good', 81, []), 'unchanged'],
    ['the score alone rises', record('decent', 51, []), record('decent', 79, []), 'unchanged'],
    [
      'a high check starts to fail',
      record('good', 95, []),
      record('good', 85, [high('title')]),
      'worse',
    ],
    [
      'a medium check starts to fail',
      record('good', 95, []),
      record('good', 90, [medium('lang')]),
      'unchanged',
    ],
    [
      'a low check starts to fail',
      record('good', 95, []),
      record('good', 90, [low('alt')]),
      'unchanged',
    ],
    [
      'a high check is fixed',
      record('good', 85, [high('title')]),
      record('good', 95, []),
      'better',
    ],
    [
      'a medium check is fixed',
      record('good', 85, [medium('x')]),
      record('good', 90, []),
      'unchanged',
    ],
    [
      'a high check fixed, another starts to fail',
      record('good', 85, [high('a')]),
      record('good', 85, [high('b')]),
      'worse',
    ],
    [
      'the rating rises while a high check starts to fail',
      record('bad', 40, []),
      record('decent', 60, [high('b')]),
      'worse',
    ],
    ['an analysis without a rating', record(null, undefined), record('bad', 10), 'unchanged'],
    ['to no rating', record('good', 90), record(null, undefined), 'unchanged'],
  ] as const)('%s: %s', (_what, from, to, direction) => {
    expect(changeBetween(from, to).direction).toBe(direction);
  });

  it.each([
    [
      'checks that now fail and those fixed',
      [high('title'), low('alt')],
      [low('alt'), high('headings'), medium('lang')],
      [high('headings'), medium('lang')],
      ['title'],
    ],
    ['none when the same fail', [high('a')], [high('a')], [], []],
    ['all fixed', [high('a'), low('b')], [], [], ['a', 'b']],
  ])('%s', (_what, before, after, nowFailing, fixed) => {
    const change = changeBetween(record('good', 90, before), record('good', 90, after));
    expect(change.nowFailing).toEqual(nowFailing);
    expect(change.fixed).toEqual(fixed);
  });

  it('compares no checks when either analysis carried none (a list has no results)', () => {
    const change = changeBetween(record('good', 90), record('bad', 20, [high('title')]));
    expect(change).toMatchObject({ direction: 'worse', nowFailing: [], fixed: [] });
    expect(changeBetween(record('good', 90, [high('a')]), record('good', 90))).toMatchObject({
      direction: 'unchanged',
      nowFailing: [],
      fixed: [],
    });
  });

  it('keeps both analyses', () => {
    const from = record('good', 90, [], 1);
    const to = record('decent', 70, [], 2);
    expect(changeBetween(from, to)).toMatchObject({ from, to });
  });
});

describe('latestChange', () => {
  it.each([
    ['none', [], null],
    ['one', [record('good', 90, [], 1)], null],
  ])('is null with %s', (_what, records, expected) => {
    expect(latestChange(records)).toBe(expected);
  });

  it('is the change into the latest of several', () => {
    const records = [
      record('bad', 10, [], 1),
      record('good', 90, [], 2),
      record('decent', 60, [], 3),
    ];
    expect(latestChange(records)).toMatchObject({
      direction: 'worse',
      from: { at: 2 },
      to: { at: 3 },
    });
  });
});
