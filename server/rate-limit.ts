// A fixed-window limiter like Laravel's `RateLimiter` (behind its `throttle` middleware and its
// login throttle): each key may make `limit` attempts in a window that starts with its first
// attempt; refused attempts do not count. The service uses one for API requests (per key) and one
// for report passwords (per report and client), where a right password clears the count.
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends (what `Retry-After` says when refused). */
  retryAfterSeconds: number;
  /** When the window ends, in Unix seconds (`X-RateLimit-Reset`). */
  resetAt: number;
}

export interface RateLimiter {
  /** Counts one attempt for `key`, unless the key has used up its window (then refused). */
  hit(key: string): RateLimitDecision;
  /** What `hit` would decide, without counting anything. */
  peek(key: string): RateLimitDecision;
  /** Forgets the attempts of one key (e.g. after a right password). */
  clear(key: string): void;
  /** Forgets every key's attempts. */
  reset(): void;
}

/** Above this many keys, windows that have ended are dropped, then the oldest ones. */
const MAX_KEYS = 10_000;

export function createRateLimiter(
  limit: number,
  windowMs = 60_000,
  now: () => number = Date.now,
): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();

  function current(key: string, time: number) {
    const window = windows.get(key);
    return window && time - window.start < windowMs ? window : undefined;
  }

  function decision(count: number, start: number, time: number, allowed: boolean) {
    const end = start + windowMs;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - count),
      retryAfterSeconds: Math.max(1, Math.ceil((end - time) / 1000)),
      resetAt: Math.ceil(end / 1000),
    };
  }

  function prune(time: number): void {
    if (windows.size <= MAX_KEYS) return;
    for (const [key, window] of windows) {
      if (time - window.start >= windowMs) windows.delete(key);
    }
    // Windows are kept in the order they started, so the first ones are the oldest.
    for (const key of windows.keys()) {
      if (windows.size <= MAX_KEYS) break;
      windows.delete(key);
    }
  }

  return {
    hit(key) {
      const time = now();
      let window = current(key, time);
      if (!window) {
        windows.delete(key);
        window = { start: time, count: 0 };
        windows.set(key, window);
        prune(time);
      }
      const allowed = window.count < limit;
      if (allowed) window.count += 1;
      return decision(window.count, window.start, time, allowed);
    },
    peek(key) {
      const time = now();
      const window = current(key, time);
      return window
        ? decision(window.count, window.start, time, window.count < limit)
        : decision(0, time, time, limit > 0);
    },
    clear(key) {
      windows.delete(key);
    },
    reset() {
      windows.clear();
    },
  };
}
