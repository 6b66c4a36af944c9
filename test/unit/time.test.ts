import { describe, expect, it } from 'vitest';
import { duration, elapsed, exactTime, MAX_WAIT_SECONDS, relativeTime } from '../../lib/time';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const ago = (seconds: number) => NOW - seconds * 1000;

describe('relativeTime', () => {
  it.each([
    [0, 'now'],
    [30, '30 seconds ago'],
    [59, '59 seconds ago'],
    [60, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [59 * 60, '59 minutes ago'],
    [2 * 3600, '2 hours ago'],
    [24 * 3600, 'yesterday'],
    [3 * 24 * 3600, '3 days ago'],
    [7 * 24 * 3600, 'last week'],
    [21 * 24 * 3600, '3 weeks ago'],
    [60 * 24 * 3600, '2 months ago'],
    [2 * 365 * 24 * 3600, '2 years ago'],
    [-120, 'in 2 minutes'],
  ])('%i seconds ago reads "%s"', (seconds, text) => {
    expect(relativeTime(ago(seconds), NOW, 'en')).toBe(text);
  });

  it('accepts ISO strings with and without fractions or zone', () => {
    expect(relativeTime('2026-11-20T11:55:00.000000Z', NOW, 'en')).toBe('5 minutes ago');
    expect(relativeTime('2026-11-20T11:00:00Z', NOW, 'en')).toBe('1 hour ago');
  });

  it('gives nothing for an unreadable time', () => {
    expect(relativeTime('yesterday-ish', NOW, 'en')).toBe('');
  });

  it('follows the locale', () => {
    expect(relativeTime(ago(3 * 3600), NOW, 'de')).toBe('vor 3 Stunden');
  });
});

describe('exactTime', () => {
  it('gives the full date and time', () => {
    const text = exactTime('2026-11-20T09:15:02Z', 'en');
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/Nov/);
  });

  it('gives nothing for an unreadable time', () => {
    expect(exactTime('nope')).toBe('');
  });
});

describe('duration', () => {
  it.each([
    [1, '1 second'],
    [30, '30 seconds'],
    [0.2, '1 second'],
    [119, '119 seconds'],
    [119.5, '2 minutes'],
    [120, '2 minutes'],
    [150, '3 minutes'],
    [3 * 3600, '3 hours'],
    [47 * 3600, '47 hours'],
    [48 * 3600, '2 days'],
    [MAX_WAIT_SECONDS, '30 days'],
  ])('%s seconds reads "%s" (rounded up, never shorter)', (seconds, text) => {
    expect(duration(seconds, 'en')).toBe(text);
  });

  it.each([
    ['Infinity', Number.POSITIVE_INFINITY, '30 days'],
    ['a wait of years', 1e12, '30 days'],
    ['MAX_VALUE', Number.MAX_VALUE, '30 days'],
    ['NaN', Number.NaN, '1 second'],
    ['zero', 0, '1 second'],
    ['a negative wait', -5, '1 second'],
    ['-Infinity', Number.NEGATIVE_INFINITY, '1 second'],
  ])('never throws: %s reads "%s"', (_name, seconds, text) => {
    expect(duration(seconds, 'en')).toBe(text);
  });

  it('follows the locale', () => {
    expect(duration(30, 'de')).toBe('30 Sekunden');
  });
});

describe('elapsed', () => {
  it.each([
    [0, '0:00'],
    [-500, '0:00'],
    [12_400, '0:12'],
    [65_000, '1:05'],
    [3_723_000, '1:02:03'],
  ])('%d ms reads %s', (ms, text) => {
    expect(elapsed(ms)).toBe(text);
  });
});
