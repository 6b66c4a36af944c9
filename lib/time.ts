// Times as people read them: "5 minutes ago", the exact time on hover, and how long a wait lasts.

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

// Making an Intl formatter costs far more than using one: each is made once per locale.
const formatters = new Map<
  string,
  Intl.RelativeTimeFormat | Intl.DateTimeFormat | Intl.NumberFormat
>();

function kept<T extends Intl.RelativeTimeFormat | Intl.DateTimeFormat | Intl.NumberFormat>(
  key: string,
  make: () => T,
): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

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
  const format = kept(
    `relative ${locale}`,
    () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  );
  const size = Math.abs(seconds);
  for (const [unit, unitSeconds] of UNITS) {
    if (size >= unitSeconds || unit === 'second') {
      return format.format(Math.trunc(seconds / unitSeconds), unit);
    }
  }
  return '';
}

/** The date and time, for a tooltip ("Nov 20, 2026, 9:15 AM"); '' when invalid. */
export function exactTime(value: Date | string | number, locale?: string): string {
  const time = toMillis(value);
  if (Number.isNaN(time)) return '';
  return kept(
    `exact ${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(time);
}

/** The longest wait said as a number: anything longer (a far date, Infinity) reads as this. */
export const MAX_WAIT_SECONDS = 30 * 24 * 3600;

/** Unit, its length in seconds, and the shortest wait said in it ("119 seconds", "2 minutes"). */
const WAIT_UNITS = [
  ['day', 24 * 3600, 48 * 3600],
  ['hour', 3600, 2 * 3600],
  ['minute', 60, 120],
  ['second', 1, 0],
] as const;

/** How long a wait lasts ("30 seconds", "3 minutes"): rounded up, between 1 second and
 * MAX_WAIT_SECONDS (NaN and Infinity too), so it never throws. */
export function duration(seconds: number, locale?: string): string {
  const wait = Number.isNaN(seconds)
    ? 1
    : Math.min(Math.max(1, Math.ceil(seconds)), MAX_WAIT_SECONDS);
  for (const [unit, size, from] of WAIT_UNITS) {
    if (wait >= from) {
      const format = kept(
        `${unit} ${locale}`,
        () => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }),
      );
      return format.format(Math.ceil(wait / size));
    }
  }
  return '';
}

/** Time gone by as a clock shows it: "0:07", "1:05", "1:02:03" (never negative). */
export function elapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const seconds = String(total % 60).padStart(2, '0');
  const minutes = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}
