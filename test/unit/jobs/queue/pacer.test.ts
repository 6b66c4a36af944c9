// The pacer's rules one by one, from the rate-limit facts of answers to "send now" or "wait".
import { describe, expect, it } from 'vitest';
import type { RateInfo } from '../../../../lib/api/rate-info';
import {
  createPacer,
  DEFAULT_WINDOW_MS,
  MAX_WINDOW_MS,
  WINDOW_MARGIN_MS,
} from '../../../../lib/jobs/queue/pacer';

const T = 1_800_000_000_000;

function pacerAt(time = T) {
  let now = time;
  const pacer = createPacer(() => now);
  return {
    pacer,
    at: (next: number) => {
      now = next;
    },
  };
}

const answer = (fields: Partial<RateInfo> & { sentAt: number; at: number }): RateInfo => ({
  status: 200,
  limit: 10,
  ...fields,
});

describe('the pacer', () => {
  it.each<[string, RateInfo[], number, ReturnType<ReturnType<typeof createPacer>['decide']>]>([
    ['knows nothing: sends', [], 0, { send: true }],
    ['knows nothing, two in flight: waits for an answer', [], 2, { send: false }],
    ['3 left, 1 in flight: sends', [answer({ remaining: 3, sentAt: T, at: T })], 1, { send: true }],
    [
      '1 left, 1 in flight: waits for its answer',
      [answer({ remaining: 1, sentAt: T, at: T })],
      1,
      { send: false },
    ],
    [
      'two answers at once: the lower figure stands, whatever their order',
      [
        answer({ remaining: 1, sentAt: T, at: T + 5 }),
        answer({ remaining: 2, sentAt: T + 1, at: T + 6 }),
      ],
      1,
      { send: false },
    ],
    [
      'a request sent after the last answer: its higher figure is a new window',
      [
        answer({ remaining: 0, sentAt: T, at: T + 5, resetAt: T }),
        answer({ remaining: 8, sentAt: T + 10, at: T + 20 }),
      ],
      1,
      { send: true },
    ],
    [
      'none left and a reset named: waits until it',
      [answer({ remaining: 0, sentAt: T, at: T, resetAt: T + 40_000 })],
      0,
      { send: false, until: T + 40_000 },
    ],
    [
      'none left and nothing said of when: waits a minute from the first send heard of, and a margin',
      [
        answer({ remaining: 2, sentAt: T, at: T + 50 }),
        answer({ remaining: 0, sentAt: T + 100, at: T + 150 }),
      ],
      0,
      { send: false, until: T + DEFAULT_WINDOW_MS + WINDOW_MARGIN_MS },
    ],
    [
      "none left, the window's first request seen: a minute from its send, and a margin",
      [
        answer({ remaining: 5, sentAt: T - 3000, at: T - 2950 }),
        answer({ remaining: 9, sentAt: T, at: T + 50 }),
        answer({ remaining: 0, sentAt: T + 100, at: T + 150 }),
      ],
      0,
      { send: false, until: T + DEFAULT_WINDOW_MS + WINDOW_MARGIN_MS },
    ],
    [
      "none left, sent after the last window's end: a new count, a minute from its send",
      [
        answer({ remaining: 6, sentAt: T - 70_000, at: T - 70_000 }),
        answer({ remaining: 0, sentAt: T - 20, at: T }),
      ],
      0,
      { send: false, until: T - 20 + DEFAULT_WINDOW_MS + WINDOW_MARGIN_MS },
    ],
    [
      "none left, sent before the last window's end, answered after it: a minute from the answer",
      [
        answer({ remaining: 6, sentAt: T - 70_000, at: T - 70_000 }),
        answer({ remaining: 0, sentAt: T - 10_000, at: T }),
      ],
      0,
      { send: false, until: T + DEFAULT_WINDOW_MS },
    ],
    [
      'none left with one in flight: waits for its answer, with no request to ask',
      [answer({ remaining: 1, sentAt: T, at: T })],
      1,
      { send: false },
    ],
    [
      'a 429 with Retry-After: waits that long',
      [answer({ status: 429, remaining: 0, retryAfterSeconds: 30, sentAt: T, at: T })],
      0,
      { send: false, until: T + 30_000 },
    ],
    [
      'a 429 that says nothing: waits a minute',
      [answer({ status: 429, sentAt: T, at: T })],
      0,
      { send: false, until: T + DEFAULT_WINDOW_MS },
    ],
    [
      'a 429 that says "now": waits a second all the same',
      [answer({ status: 429, retryAfterSeconds: 0, sentAt: T, at: T })],
      0,
      { send: false, until: T + 1000 },
    ],
  ])('%s', (_name, answers, inFlight, expected) => {
    const { pacer } = pacerAt();
    for (const info of answers) pacer.note(info);
    const before = pacer.snapshot();
    // A page's single read is let through exactly when a job's request would be, changing nothing.
    expect(pacer.allows(inFlight)).toBe(expected.send);
    expect(pacer.snapshot()).toEqual(before);
    expect(pacer.decide(inFlight)).toEqual(expected);
  });

  it("lets a page's read through once a wait is over, before the jobs' next step", () => {
    const { pacer, at } = pacerAt();
    pacer.note(answer({ status: 429, remaining: 0, retryAfterSeconds: 30, sentAt: T, at: T }));
    expect(pacer.allows(0)).toBe(false);
    at(T + 30_000);
    expect(pacer.allows(0)).toBe(true);
  });

  it('waits out an assumed minute without asking, then checks it with one request', () => {
    const { pacer, at } = pacerAt();
    // The window's first request (limit - 1 left), then none left: nothing says when.
    pacer.note(answer({ remaining: 9, sentAt: T, at: T + 50 }));
    pacer.note(answer({ remaining: 0, sentAt: T + 100, at: T + 150 }));
    const end = T + DEFAULT_WINDOW_MS + WINDOW_MARGIN_MS;
    expect(pacer.decide(0)).toEqual({ send: false, until: end });
    at(end - 1);
    expect(pacer.decide(0)).toEqual({ send: false, until: end });
    at(end);
    // The first request after an assumed end goes alone.
    expect(pacer.decide(0)).toEqual({ send: true });
    expect(pacer.decide(1)).toEqual({ send: false });
    // Its success opens the new count: two at once again, and the next end from its send.
    pacer.note(answer({ remaining: 9, sentAt: end, at: end + 50 }));
    expect(pacer.decide(0)).toEqual({ send: true });
    expect(pacer.decide(1)).toEqual({ send: true });
    pacer.note(answer({ remaining: 0, sentAt: end + 100, at: end + 150 }));
    expect(pacer.decide(0)).toEqual({
      send: false,
      until: end + DEFAULT_WINDOW_MS + WINDOW_MARGIN_MS,
    });
  });

  it('learns a longer window from the 429 to its check, and keeps it', () => {
    const { pacer, at } = pacerAt();
    pacer.note(answer({ remaining: 9, sentAt: T, at: T + 50 }));
    pacer.note(answer({ remaining: 0, sentAt: T + 100, at: T + 150 }));
    const assumed = T + DEFAULT_WINDOW_MS + WINDOW_MARGIN_MS;
    at(assumed);
    expect(pacer.decide(0)).toEqual({ send: true });
    // The window is two minutes: the check is refused, and says when it ends.
    pacer.note(
      answer({
        status: 429,
        remaining: 0,
        retryAfterSeconds: 60,
        sentAt: assumed,
        at: assumed + 20,
      }),
    );
    const said = assumed + 20 + 60_000;
    expect(pacer.snapshot().windowMs).toBe(said - T);
    expect(pacer.decide(0)).toEqual({ send: false, until: said });
    // The end was said, not assumed: two go at once.
    at(said);
    expect(pacer.decide(0)).toEqual({ send: true });
    expect(pacer.decide(1)).toEqual({ send: true });
    // The next window ends after the learned length.
    pacer.note(answer({ remaining: 9, sentAt: said, at: said + 50 }));
    pacer.note(answer({ remaining: 0, sentAt: said + 100, at: said + 150 }));
    expect(pacer.decide(0)).toEqual({
      send: false,
      until: said + (said - T) + WINDOW_MARGIN_MS,
    });
  });

  it('learns the window from a 429 inside it (another client spent it)', () => {
    const { pacer } = pacerAt();
    pacer.note(answer({ remaining: 9, sentAt: T, at: T + 50 }));
    pacer.note(answer({ remaining: 7, sentAt: T + 100, at: T + 150 }));
    pacer.note(
      answer({ status: 429, remaining: 0, retryAfterSeconds: 5, sentAt: T + 200, at: T + 200 }),
    );
    expect(pacer.snapshot().windowMs).toBe(5200);
    expect(pacer.decide(0)).toEqual({ send: false, until: T + 5200 });
  });

  it('does not learn from a 429 whose window it does not know the start of', () => {
    const { pacer, at } = pacerAt();
    pacer.note(answer({ remaining: 9, sentAt: T, at: T + 50 }));
    // Much later, not after an assumed end: some other window refuses.
    at(T + 300_000);
    pacer.note(
      answer({
        status: 429,
        remaining: 0,
        retryAfterSeconds: 5,
        sentAt: T + 300_000,
        at: T + 300_000,
      }),
    );
    expect(pacer.snapshot().windowMs).toBeUndefined();
    expect(pacer.decide(0)).toEqual({ send: false, until: T + 305_000 });
  });

  it('goes on with an assumed wait after the worker stopped, and checks its end the same way', () => {
    const first = pacerAt();
    first.pacer.note(answer({ remaining: 9, sentAt: T, at: T + 50 }));
    first.pacer.note(answer({ remaining: 0, sentAt: T + 100, at: T + 150 }));
    const end = T + DEFAULT_WINDOW_MS + WINDOW_MARGIN_MS;
    const { pacer, at } = pacerAt(T + 1000);
    pacer.restore(first.pacer.snapshot());
    expect(pacer.decide(0)).toEqual({ send: false, until: end });
    at(end);
    expect(pacer.decide(0)).toEqual({ send: true });
    expect(pacer.decide(1)).toEqual({ send: false });
  });

  it("waits for the window's end when it was stored with none left and no wait", () => {
    // As the version that asked with a request left it.
    const { pacer, at } = pacerAt(T + 1000);
    pacer.restore({ limit: 10, remaining: 0, at: T });
    expect(pacer.decide(0)).toEqual({ send: false, until: T + DEFAULT_WINDOW_MS });
    at(T + DEFAULT_WINDOW_MS);
    expect(pacer.decide(0)).toEqual({ send: true });
  });

  it('goes on from what it knew before the worker stopped', () => {
    const first = pacerAt();
    first.pacer.note(answer({ remaining: 0, sentAt: T, at: T, resetAt: T + 9000 }));
    const { pacer } = pacerAt(T + 1000);
    pacer.restore(first.pacer.snapshot());
    expect(pacer.decide(0)).toEqual({ send: false, until: T + 9000 });
  });

  it('waits out a day-long Retry-After but does not take it for the window’s length', () => {
    const { pacer, at } = pacerAt();
    pacer.note(answer({ remaining: 9, sentAt: T, at: T + 50 }));
    pacer.note(
      answer({
        status: 429,
        remaining: 0,
        retryAfterSeconds: 86_400,
        sentAt: T + 100,
        at: T + 100,
      }),
    );
    expect(pacer.decide(0)).toEqual({ send: false, until: T + 100 + 86_400_000 });
    expect(pacer.snapshot().windowMs).toBeUndefined();
    // The next window runs out: it is waited out as a minute, not as a day.
    const next = T + 100 + 86_400_000;
    at(next);
    expect(pacer.decide(0)).toEqual({ send: true });
    pacer.note(answer({ remaining: 9, sentAt: next, at: next + 50 }));
    pacer.note(answer({ remaining: 0, sentAt: next + 100, at: next + 150 }));
    expect(pacer.decide(0)).toEqual({
      send: false,
      until: next + DEFAULT_WINDOW_MS + WINDOW_MARGIN_MS,
    });
    expect(MAX_WINDOW_MS).toBe(3_600_000);
  });

  it('forgets a learned window after a whole window went by without a 429', () => {
    const { pacer, at } = pacerAt();
    // Learned: 5 minutes.
    pacer.note(answer({ remaining: 9, sentAt: T, at: T + 50 }));
    pacer.note(
      answer({ status: 429, remaining: 0, retryAfterSeconds: 300, sentAt: T + 100, at: T + 100 }),
    );
    const learned = 300_100;
    expect(pacer.snapshot().windowMs).toBe(learned);
    // The next window is paced by it, and needs no 429.
    const second = T + learned;
    at(second);
    expect(pacer.decide(0)).toEqual({ send: true });
    pacer.note(answer({ remaining: 9, sentAt: second, at: second + 50 }));
    pacer.note(answer({ remaining: 0, sentAt: second + 100, at: second + 150 }));
    const third = second + learned + WINDOW_MARGIN_MS;
    expect(pacer.decide(0)).toEqual({ send: false, until: third });
    expect(pacer.snapshot().windowMs).toBe(learned);
    // The window after it starts: the length is forgotten, a minute is assumed again.
    at(third);
    expect(pacer.decide(0)).toEqual({ send: true });
    pacer.note(answer({ remaining: 9, sentAt: third, at: third + 50 }));
    expect(pacer.snapshot().windowMs).toBeUndefined();
    pacer.note(answer({ remaining: 0, sentAt: third + 100, at: third + 150 }));
    expect(pacer.decide(0)).toEqual({
      send: false,
      until: third + DEFAULT_WINDOW_MS + WINDOW_MARGIN_MS,
    });
  });
});
