// When scheduled runs are due, in the browser's local time (any IANA zone, given as a parameter).
// A slot is a day's hour on the wall clock. Daylight saving neither skips nor doubles one: an
// hour that does not exist that day (clocks go forward) runs when the gap ends, an hour that
// happens twice (clocks go back) runs at its first occurrence only. Pure: `now` is a parameter.
import type { Schedule } from './model';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, format);
  }
  return format;
}

/** The wall clock in `zone` at `ms`, as if it were UTC (ms), to the second. */
function wallClock(ms: number, zone: string): number {
  const part: Record<string, number> = {};
  for (const { type, value } of formatter(zone).formatToParts(ms)) part[type] = Number(value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = part;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** How far `zone`'s wall clock is ahead of UTC at `ms`. */
const offsetAt = (ms: number, zone: string) => wallClock(ms, zone) - Math.floor(ms / 1000) * 1000;

/**
 * The moment the wall clock in `zone` shows `wall` (a civil time written as UTC ms): its first
 * occurrence when it shows it twice, the end of the gap when it never does.
 */
export function instantOf(wall: number, zone: string): number {
  const before = wall - offsetAt(wall - DAY_MS, zone);
  const after = wall - offsetAt(wall + DAY_MS, zone);
  const shown = [before, after].filter((ms) => wallClock(ms, zone) === wall);
  // In a gap, the offset before it puts the hour just past the gap's end.
  return shown.length > 0 ? Math.min(...shown) : before;
}

/** Monday 1 … Sunday 7 of a civil date written as UTC ms. */
const weekdayOf = (civil: number) => ((new Date(civil).getUTCDay() + 6) % 7) + 1;

/** The slots on the civil days from `first` to `last` days after `ms`'s own day, in order. */
function slotsAround(schedule: Schedule, ms: number, zone: string, first: number, last: number) {
  const today = Math.floor(wallClock(ms, zone) / DAY_MS) * DAY_MS;
  const slots: number[] = [];
  for (let days = first; days <= last; days++) {
    const civil = today + days * DAY_MS;
    if (schedule.every === 'weekly' && weekdayOf(civil) !== schedule.day) continue;
    slots.push(instantOf(civil + schedule.hour * HOUR_MS, zone));
  }
  return slots;
}

/** The first slot after `after`. */
export function nextSlot(schedule: Schedule, after: number, zone = localTimeZone()): number {
  const next = slotsAround(schedule, after, zone, -1, 8).find((slot) => slot > after);
  // Eight days always hold a slot of a weekly schedule.
  return next ?? after + 7 * DAY_MS;
}

/** The latest slot at or before `now`. */
export function latestSlot(schedule: Schedule, now: number, zone = localTimeZone()): number {
  const past = slotsAround(schedule, now, zone, -8, 1).filter((slot) => slot <= now);
  return past.at(-1) ?? now - 7 * DAY_MS;
}

/**
 * The slot to run now, or null: the latest one that has come, when it is after `lastSlot` (the
 * one run last, or when watching began). Slots missed meanwhile (the browser was closed) run
 * once, as this one.
 */
export function dueSlot(
  schedule: Schedule,
  lastSlot: number,
  now: number,
  zone = localTimeZone(),
): number | null {
  const latest = latestSlot(schedule, now, zone);
  return latest > lastSlot ? latest : null;
}
