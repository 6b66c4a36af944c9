// The score's trend in numbers and in words (the sparkline's accessible name), and the line's
// points in its box.
import { describe, expect, it } from 'vitest';
import { type Change, DEFAULT_SCHEDULE } from '../../../lib/watch/model';
import { pointsAttribute, scoreTrend, sparklinePoints } from '../../../lib/watch/sparkline';
import {
  checkNames,
  dayOptions,
  hasChange,
  hourOptions,
  ratingChangeText,
  trendText,
} from '../../../lib/watch/words';

describe('trendText', () => {
  it.each([
    [[40, 55, 60, 70, 85], 'Score rising from 40 to 85 over 5 analyses'],
    [[85, 90, 40], 'Score falling from 85 to 40 over 3 analyses'],
    [[70, 60, 70], 'Score steady at 70 over 3 analyses'],
    [[64], 'Score 64, from one analysis'],
    [[], 'No score yet'],
  ])('%j reads "%s"', (scores, words) => {
    expect(trendText(scores)).toBe(words);
  });
});

describe('scoreTrend', () => {
  it('goes from the first score to the last', () => {
    expect(scoreTrend([10, 99, 20])).toEqual({
      direction: 'rising',
      from: 10,
      to: 20,
      count: 3,
    });
    expect(scoreTrend([])).toBeNull();
  });
});

describe('sparklinePoints', () => {
  const box = { width: 100, height: 50, inset: 5 };

  it('spreads the scores from left to right, 100 at the top and 0 at the bottom', () => {
    expect(sparklinePoints([0, 50, 100], box)).toEqual([
      [5, 45],
      [50, 25],
      [95, 5],
    ]);
  });

  it('puts one score in the middle and keeps scores outside 0–100 in the box', () => {
    expect(sparklinePoints([120], box)).toEqual([[50, 5]]);
    expect(sparklinePoints([-3, 0], box).map(([, y]) => y)).toEqual([45, 45]);
  });

  it('writes an SVG points attribute', () => {
    expect(pointsAttribute(sparklinePoints([0, 100], box))).toBe('5,45 95,5');
  });
});

function change(overrides: Partial<Change> = {}): Change {
  return {
    from: { at: 1, result: 'good', score: 90, failed: [] },
    to: { at: 2, result: 'bad', score: 30, failed: [{ key: 'title', importance: 'high' }] },
    direction: 'worse',
    nowFailing: [{ key: 'title', importance: 'high' }],
    fixed: [],
    ...overrides,
  };
}

describe('what changed, in words', () => {
  it('says the rating dropped or rose', () => {
    expect(ratingChangeText(change())).toBe('Rating dropped from Good to Bad');
    const better = change({
      from: { at: 1, result: 'decent', score: 60 },
      to: { at: 2, result: 'good', score: 90 },
      direction: 'better',
    });
    expect(ratingChangeText(better)).toBe('Rating rose from Decent to Good');
  });

  it('says a rating that stayed the same', () => {
    const same = change({ to: { at: 2, result: 'good', score: 88 }, direction: 'unchanged' });
    expect(ratingChangeText(same)).toBe('Rating unchanged: Good');
  });

  it('names the checks from the catalogue, as a list', () => {
    expect(checkNames(['title', 'favicon', 'text_html_ratio'], 'en')).toBe(
      'Title, Favicon, and Text-to-HTML ratio',
    );
  });

  it('knows when nothing changed', () => {
    const same = change({
      to: { at: 2, result: 'good', score: 90, failed: [] },
      direction: 'unchanged',
      nowFailing: [],
    });
    expect(hasChange(same)).toBe(false);
    expect(hasChange(change())).toBe(true);
  });
});

describe('the schedule in the locale', () => {
  it('names the days Monday to Sunday', () => {
    expect(dayOptions('en').map((day) => day.label)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(dayOptions('de')[0]).toEqual({ value: 1, label: 'Montag' });
  });

  it('writes the 24 hours as the locale does', () => {
    const german = hourOptions('de');
    expect(german).toHaveLength(24);
    expect(german[0]).toEqual({ value: 0, label: '00:00' });
    expect(german[23]?.label).toBe('23:00');
    expect(hourOptions('en-US')[DEFAULT_SCHEDULE.hour]?.label).toBe('06:00 AM');
  });
});
