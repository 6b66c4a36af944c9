// How long a 429 asks to wait: its Retry-After header, which the contract allows in either of
// HTTP's two forms, or failing that the X-RateLimit-* headers Laravel deployments send.

/** The longest wait derived from a header, in seconds: throttles are per minute, so a day means
 * "not today", and a huge number (read as Infinity) would break the UI's wait formatter. */
export const MAX_WAIT_SECONDS = 86_400;

const RATE_LIMIT_WINDOW_SECONDS = 60;

/** Beyond this, an X-RateLimit-Reset is a Unix time (Laravel's form), not a count of seconds. */
const UNIX_TIME_FROM = 1_000_000_000;

const capped = (seconds: number) => Math.min(MAX_WAIT_SECONDS, Math.max(0, seconds));

function digits(value: string | null): number | undefined {
  const text = value?.trim();
  return text && /^\d+$/.test(text) ? Number(text) : undefined;
}

/** Seconds from a Retry-After header, given as seconds or as an HTTP date; at most a day. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  const seconds = digits(value);
  if (seconds !== undefined) return capped(seconds);
  const text = value?.trim();
  if (!text) return undefined;
  // An HTTP date always names its month; Date.parse would read "-5" as a year.
  const date = /[a-z]{3}/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? undefined : capped(Math.ceil((date - now) / 1000));
}

/** Seconds a 429 asks to wait: Retry-After, else X-RateLimit-Reset, else the minute window when
 * X-RateLimit-Remaining is 0; at most a day. */
export function rateLimitWait(headers: Headers, now = Date.now()): number | undefined {
  const retryAfter = parseRetryAfter(headers.get('Retry-After'), now);
  if (retryAfter !== undefined) return retryAfter;
  const reset = digits(headers.get('X-RateLimit-Reset'));
  if (reset !== undefined) {
    return capped(reset >= UNIX_TIME_FROM ? Math.ceil(reset - now / 1000) : reset);
  }
  const limit = digits(headers.get('X-RateLimit-Limit'));
  const remaining = digits(headers.get('X-RateLimit-Remaining'));
  if (limit !== undefined && remaining === 0) return RATE_LIMIT_WINDOW_SECONDS;
  return undefined;
}
