import { describe, expect, it } from 'vitest';
import { exactTime, relativeTime, waitTime } from '../../lib/time';

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

describe('waitTime', () => {
  it.each([
    [1, 'in 1 second'],
    [30, 'in 30 seconds'],
    [0.2, 'in 1 second'],
    [119, 'in 119 seconds'],
    [120, 'in 2 minutes'],
    [150, 'in 3 minutes'],
    [3 * 3600, 'in 3 hours'],
  ])('%s seconds reads "%s"', (seconds, text) => {
    expect(waitTime(seconds, 'en')).toBe(text);
  });
});
