// A fixed-window request limiter like Laravel's `throttle` middleware: each key may make `limit`
// requests in a window that starts with its first request; refused requests do not count.
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
  hit(key: string): RateLimitDecision;
  reset(): void;
}

export function createRateLimiter(
  limit: number,
  windowMs = 60_000,
  now: () => number = Date.now,
): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key) {
      const time = now();
      let window = windows.get(key);
      if (!window || time - window.start >= windowMs) {
        if (windows.size > 10_000) windows.clear();
        window = { start: time, count: 0 };
        windows.set(key, window);
      }
      const allowed = window.count < limit;
      if (allowed) window.count += 1;
      const end = window.start + windowMs;
      return {
        allowed,
        limit,
        remaining: Math.max(0, limit - window.count),
        retryAfterSeconds: Math.max(1, Math.ceil((end - time) / 1000)),
        resetAt: Math.ceil(end / 1000),
      };
    },
    reset() {
      windows.clear();
    },
  };
}
