// What an answer says about the service's rate limit (X-RateLimit-*, Retry-After), read from
// every answer for whoever paces requests. Only finite, plain numbers are passed on.
import { MAX_WAIT_SECONDS, parseRetryAfter } from './retry-after';

export interface RateInfo {
  limit?: number;
  remaining?: number;
  /** Retry-After, in seconds (at most a day). */
  retryAfterSeconds?: number;
  /** X-RateLimit-Reset as a time, in ms since the epoch (at most a day ahead). */
  resetAt?: number;
  status: number;
  sentAt: number;
  at: number;
}

/** Beyond this, an X-RateLimit-Reset is a Unix time (Laravel's form), not a count of seconds. */
const UNIX_TIME_FROM = 1_000_000_000;

function count(value: string | null): number | undefined {
  const text = value?.trim();
  return text && /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

/** The rate-limit facts of one answer, received at `at` for a request sent at `sentAt`. */
export function rateInfoOf(headers: Headers, status: number, sentAt: number, at: number): RateInfo {
  const info: RateInfo = { status, sentAt, at };
  const limit = count(headers.get('X-RateLimit-Limit'));
  const remaining = count(headers.get('X-RateLimit-Remaining'));
  const retryAfter = parseRetryAfter(headers.get('Retry-After'), at);
  const reset = count(headers.get('X-RateLimit-Reset'));
  if (limit !== undefined) info.limit = limit;
  if (remaining !== undefined) info.remaining = remaining;
  if (retryAfter !== undefined) info.retryAfterSeconds = retryAfter;
  if (reset !== undefined) {
    const time = reset >= UNIX_TIME_FROM ? reset * 1000 : at + reset * 1000;
    info.resetAt = Math.min(time, at + MAX_WAIT_SECONDS * 1000);
  }
  return info;
}
