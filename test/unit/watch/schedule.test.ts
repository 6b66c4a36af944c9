// The schedule's arithmetic in zones with daylight saving: no slot skipped or doubled by a
// change of the clocks, a missed slot run once, and never one slot twice.
import { describe, expect, it } from 'vitest';
import type { Schedule } from '../../../lib/watch/model';
import { dueSlot, instantOf, latestSlot, nextSlot } from '../../../lib/watch/schedule';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const weekly: Schedule = { every: 'weekly', day: 1, hour: 6 };
const daily = (hour: number): Schedule => ({ every: 'daily', day: 1, hour });
const at = (iso: string) => Date.parse(iso);

/** The wall clock of `ms` in `zone`: "2026-03-29 03:00". */
function wall(ms: number, zone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}

describe('nextSlot', () => {
  it.each([
    // Europe/Berlin: clocks go forward on 2026-03-29 at 02:00, back on 2026-10-25 at 03:00.
    ['Europe/Berlin', '2026-03-25T12:00:00Z', '2026-03-30T04:00:00Z'],
    ['Europe/Berlin', '2026-03-23T04:59:59Z', '2026-03-23T05:00:00Z'],
    ['Europe/Berlin', '2026-03-23T05:00:00Z', '2026-03-30T04:00:00Z'],
    ['Europe/Berlin', '2026-10-20T12:00:00Z', '2026-10-26T05:00:00Z'],
    // America/New_York: forward on 2026-03-08, back on 2026-11-01.
    ['America/New_York', '2026-03-03T12:00:00Z', '2026-03-09T10:00:00Z'],
    ['America/New_York', '2026-10-27T12:00:00Z', '2026-11-02T11:00:00Z'],
    ['UTC', '2026-01-01T00:00:00Z', '2026-01-05T06:00:00Z'],
    ['Asia/Kolkata', '2026-01-01T00:00:00Z', '2026-01-05T00:30:00Z'],
  ])('weekly Monday 06:00 in %s after %s is %s', (zone, after, expected) => {
    const next = nextSlot(weekly, at(after), zone);
    expect(new Date(next).toISOString()).toBe(new Date(expected).toISOString());
    expect(wall(next, zone)).toMatch(/ 06:00$/);
  });

  it('keeps 06:00 local across a change of the clocks: a week is then 167 or 169 hours', () => {
    const zone = 'Europe/Berlin';
    const spring = at('2026-03-23T05:00:00Z');
    expect(nextSlot(weekly, spring, zone) - spring).toBe(7 * DAY - HOUR);
    const autumn = at('2026-10-19T04:00:00Z');
    expect(nextSlot(weekly, autumn, zone) - autumn).toBe(7 * DAY + HOUR);
  });

  it.each([
    // The hour that does not exist runs when the gap ends (03:00 summer time).
    ['Europe/Berlin', 2, '2026-03-28T12:00:00Z', '2026-03-29T01:00:00Z', '2026-03-29 03:00'],
    ['America/New_York', 2, '2026-03-07T12:00:00Z', '2026-03-08T07:00:00Z', '2026-03-08 03:00'],
    // The hour that happens twice runs at its first occurrence (still summer time).
    ['Europe/Berlin', 2, '2026-10-24T12:00:00Z', '2026-10-25T00:00:00Z', '2026-10-25 02:00'],
    ['America/New_York', 1, '2026-10-31T12:00:00Z', '2026-11-01T05:00:00Z', '2026-11-01 01:00'],
  ])('%s, daily at %i: after %s comes %s (%s local)', (zone, hour, after, expected, local) => {
    const next = nextSlot(daily(hour), at(after), zone);
    expect(new Date(next).toISOString()).toBe(new Date(expected).toISOString());
    expect(wall(next, zone)).toBe(local);
  });

  it('the second occurrence of a doubled hour is no slot: the next one is the next day', () => {
    const zone = 'Europe/Berlin';
    const first = at('2026-10-25T00:00:00Z');
    // 01:00Z is 02:00 again (winter time).
    expect(wall(at('2026-10-25T01:00:00Z'), zone)).toBe('2026-10-25 02:00');
    expect(nextSlot(daily(2), first, zone)).toBe(at('2026-10-26T01:00:00Z'));
  });

  it.each(['Europe/Berlin', 'America/New_York', 'Australia/Sydney'])(
    'in %s, a year of daily slots at every hour has one slot per day, none skipped or doubled',
    (zone) => {
      for (const hour of [0, 1, 2, 3, 6, 12, 23]) {
        const days = new Set<string>();
        let slot = nextSlot(daily(hour), at('2026-01-01T12:00:00Z'), zone);
        let transitions = 0;
        for (let i = 0; i < 366; i++) {
          const next = nextSlot(daily(hour), slot, zone);
          const gap = next - slot;
          expect([DAY - HOUR, DAY, DAY + HOUR]).toContain(gap);
          if (gap !== DAY) transitions++;
          const [day = '', time = ''] = wall(slot, zone).split(' ');
          expect(days.has(day)).toBe(false);
          days.add(day);
          // On its own hour, or just past a gap that swallowed it.
          expect([hour, hour + 1]).toContain(Number(time.slice(0, 2)));
          slot = next;
        }
        // The year really went through both changes of the clocks.
        expect(transitions).toBeGreaterThanOrEqual(2);
        expect(days.size).toBe(366);
      }
    },
    // Some 7,700 slots worked out: seconds when the browsers' tests share the CPU.
    30_000,
  );
});

describe('instantOf', () => {
  it('gives a wall time of a zone without daylight saving as is', () => {
    expect(instantOf(Date.UTC(2026, 5, 1, 6), 'UTC')).toBe(at('2026-06-01T06:00:00Z'));
  });
});

describe('dueSlot', () => {
  const zone = 'Europe/Berlin';
  const monday = at('2026-03-23T05:00:00Z');

  it('is null before the first slot after watching began', () => {
    const began = at('2026-03-24T10:00:00Z');
    expect(dueSlot(weekly, began, at('2026-03-29T10:00:00Z'), zone)).toBeNull();
  });

  it('is the slot once it has come, and never again once recorded', () => {
    const began = at('2026-03-20T10:00:00Z');
    const now = monday + 1000;
    expect(dueSlot(weekly, began, now, zone)).toBe(monday);
    expect(dueSlot(weekly, monday, now, zone)).toBeNull();
    expect(dueSlot(weekly, monday, monday + 6 * DAY, zone)).toBeNull();
  });

  it('runs slots missed while the browser was closed once, as the latest of them', () => {
    const now = at('2026-04-14T09:00:00Z'); // Tuesday, three Mondays later
    const latest = at('2026-04-13T04:00:00Z'); // 06:00 summer time
    expect(dueSlot(weekly, monday, now, zone)).toBe(latest);
    expect(latestSlot(weekly, now, zone)).toBe(latest);
    expect(dueSlot(weekly, latest, now, zone)).toBeNull();
  });

  it('is due exactly at the slot', () => {
    expect(dueSlot(weekly, monday - 1, monday, zone)).toBe(monday);
  });
});
