// What an answer says about the service's rate limit: the X-RateLimit-* headers (which Laravel
// deployments send with every API answer), and Retry-After with X-RateLimit-Reset (which they
// add to a 429). The transport reads them from every answer, success or error, for whoever paces
// requests (the background's queue). Only finite, plain numbers are passed on.
import { MAX_WAIT_SECONDS, parseRetryAfter } from './retry-after';

export interface RateInfo {
  /** X-RateLimit-Limit: requests allowed in the window. */
  limit?: number;
  /** X-RateLimit-Remaining: requests left in the window, this one counted. */
  remaining?: number;
  /** Retry-After, in seconds (at most a day). */
  retryAfterSeconds?: number;
  /** X-RateLimit-Reset as a time, in ms since the epoch (at most a day ahead). */
  resetAt?: number;
  /** The answer's HTTP status. */
  status: number;
  /** When the request was sent, in ms since the epoch. */
  sentAt: number;
  /** When the answer came, in ms since the epoch. */
  at: number;
}

/** Beyond this, an X-RateLimit-Reset is a Unix time (Laravel's form), not a count of seconds. */
const UNIX_TIME_FROM = 1_000_000_000;

/** A header of at most 15 digits (so a safe integer), as a number; undefined otherwise. */
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
