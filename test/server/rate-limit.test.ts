import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../server/rate-limit';

describe('createRateLimiter', () => {
  it('counts attempts in a fixed window from the first one; refused ones do not count', () => {
    let time = 1_000_000;
    const limiter = createRateLimiter(2, 10_000, () => time);
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 1 });
    time += 4_000;
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.hit('a')).toMatchObject({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 6,
      resetAt: 1010,
    });
    time += 5_999;
    expect(limiter.hit('a').allowed).toBe(false);
    time += 1;
    expect(limiter.hit('a')).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('peeks without counting, and clears one key', () => {
    const limiter = createRateLimiter(1, 10_000, () => 0);
    expect(limiter.peek('a')).toMatchObject({ allowed: true, remaining: 1 });
    expect(limiter.peek('a')).toMatchObject({ allowed: true, remaining: 1 });
    limiter.hit('a');
    limiter.hit('b');
    expect(limiter.peek('a')).toMatchObject({ allowed: false, remaining: 0 });
    limiter.clear('a');
    expect(limiter.peek('a').allowed).toBe(true);
    expect(limiter.peek('b').allowed).toBe(false);
    limiter.reset();
    expect(limiter.peek('b').allowed).toBe(true);
  });

  it('drops ended windows first, then the oldest, when it holds too many keys', () => {
    let time = 0;
    const limiter = createRateLimiter(1, 10_000, () => time);
    limiter.hit('ended');
    time = 10_000;
    limiter.hit('live');
    for (let i = 0; i < 9_999; i++) limiter.hit(`filler-${i}`);
    // 10 001 keys: the ended window went, every live one stayed.
    expect(limiter.peek('live').allowed).toBe(false);
    expect(limiter.peek('filler-0').allowed).toBe(false);
    limiter.hit('one-more');
    // 10 001 live keys: the oldest went.
    expect(limiter.peek('live').allowed).toBe(true);
    expect(limiter.peek('filler-0').allowed).toBe(false);
    expect(limiter.peek('one-more').allowed).toBe(false);
  });
});
