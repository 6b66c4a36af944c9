// Times as people read them: "5 minutes ago" in the list, the exact time on hover.

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

function toMillis(value: Date | string | number): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return Date.parse(value);
}

/** `then` relative to `now` ("3 minutes ago", "in 2 hours", "yesterday"); '' when invalid. */
export function relativeTime(
  then: Date | string | number,
  now: number = Date.now(),
  locale?: string,
): string {
  const time = toMillis(then);
  if (Number.isNaN(time)) return '';
  const seconds = Math.round((time - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const size = Math.abs(seconds);
  for (const [unit, unitSeconds] of UNITS) {
    if (size >= unitSeconds || unit === 'second') {
      return format.format(Math.trunc(seconds / unitSeconds), unit);
    }
  }
  return '';
}

/** The full date and time, for a tooltip; '' when invalid. */
export function exactTime(value: Date | string | number, locale?: string): string {
  const time = toMillis(value);
  if (Number.isNaN(time)) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(time);
}

/** A wait as "in 30 seconds" / "in 3 minutes" (rounded up, never shorter than asked). */
export function waitTime(seconds: number, locale?: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (seconds < 120) return format.format(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 2 * 3600) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
}
