// When the queue may send its next request, from the rate-limit facts of every answer: never a
// request it knows will be refused. Stored with the jobs, so a restarted worker goes on pacing.
import * as z from 'zod/mini';
import type { RateInfo } from '../../api/rate-info';

export const MAX_IN_FLIGHT = 2;
/** A window's length until a 429 says otherwise: Laravel's `perMinute`, the contract's "a minute". */
export const DEFAULT_WINDOW_MS = 60_000;
/**
 * Added to a window's estimated end: the service starts the window when the first request
 * arrives, after we sent it, and a Retry-After or reset in whole seconds rounds it.
 */
export const WINDOW_MARGIN_MS = 500;
/** The longest window learned: a longer wait (a day's quota, say) is waited out, not learned. */
export const MAX_WINDOW_MS = 3_600_000;

export const Pacing = z.object({
  limit: z.optional(z.number()),
  /** Requests left, as the newest answers said. */
  remaining: z.optional(z.number()),
  /** When the answer that `remaining` comes from arrived. */
  at: z.optional(z.number()),
  /** No request before this time (ms). */
  blockedUntil: z.optional(z.number()),
  /**
   * When the current window began, as far as known: the send time of its first request (answered
   * `limit - 1`), else the earliest send heard of in its count.
   */
  windowStart: z.optional(z.number()),
  /** Requests sent from this time on are counted in the current window. */
  countFrom: z.optional(z.number()),
  /** The window's length, once learned from a 429; forgotten after a window without one. */
  windowMs: z.optional(z.number()),
  /** A 429 came in the current window. */
  refused: z.optional(z.boolean()),
  /**
   * The wait ends (or ended) at a window end the pacer assumed (the length not yet learned): until
   * an answer after it comes, one request at a time.
   */
  assumedEnd: z.optional(z.boolean()),
});
export type Pacing = z.infer<typeof Pacing>;

export type Decision = { send: true } | { send: false; until?: number };

export function createPacer(now: () => number) {
  let pacing: Pacing = {};

  function block(until: number) {
    pacing.blockedUntil = Math.max(pacing.blockedUntil ?? 0, until);
  }

  const windowLength = () => pacing.windowMs ?? DEFAULT_WINDOW_MS;

  /**
   * The end of the window that an answer arriving at `at` was counted in: its start plus its
   * length and the margin; when its start is not known (or that end is past), `at` plus its
   * length, which it cannot end after.
   */
  function windowEnd(at: number): number {
    const { windowStart } = pacing;
    const estimate =
      windowStart === undefined ? undefined : windowStart + windowLength() + WINDOW_MARGIN_MS;
    return estimate !== undefined && estimate > at ? estimate : at + windowLength();
  }

  function refused(info: RateInfo) {
    const wait =
      info.retryAfterSeconds !== undefined
        ? info.retryAfterSeconds * 1000
        : info.resetAt !== undefined
          ? info.resetAt - info.at
          : undefined;
    // At least a second: a service that says "now" must not be asked again at once, forever.
    const until = Math.max(
      info.at + 1000,
      wait !== undefined ? info.at + wait : windowEnd(info.at),
    );
    const { windowStart } = pacing;
    // The window's length, from its first request to the end the service names: when the refused
    // request was sent inside the window as estimated, or as the check of an assumed end (the
    // window is longer than assumed). Otherwise its start is not known.
    if (
      wait !== undefined &&
      windowStart !== undefined &&
      until - windowStart <= MAX_WINDOW_MS &&
      (pacing.assumedEnd || info.sentAt < windowStart + windowLength() + WINDOW_MARGIN_MS)
    ) {
      pacing.windowMs = Math.max(1000, until - windowStart);
    }
    pacing.refused = true;
    if (wait === undefined && pacing.windowMs === undefined) pacing.assumedEnd = true;
    else delete pacing.assumedEnd;
    pacing.remaining = 0;
    block(until);
  }

  /** A success's figure: where the window's count stands, and when the window began. */
  function counted(info: RateInfo & { remaining: number }) {
    const { remaining, sentAt, at } = info;
    const { windowStart, countFrom } = pacing;
    // Sent after the newest answer known arrived: the service counted it later, so its figure is
    // newer (a higher one means a new window). Sent before: the order is unknown, so the lower
    // figure stands.
    const later = pacing.at === undefined || sentAt > pacing.at;
    const before = pacing.remaining;
    pacing.remaining = later ? remaining : Math.min(before ?? remaining, remaining);
    const newWindow =
      remaining === (pacing.limit ?? Number.NaN) - 1 ||
      (later && before !== undefined && remaining > before) ||
      (windowStart !== undefined && sentAt >= windowStart + windowLength() + WINDOW_MARGIN_MS);
    const inCount = countFrom === undefined || sentAt >= countFrom;
    if (newWindow || (inCount && windowStart === undefined)) {
      // A learned length that a whole window went by without a 429 may be stale: forgotten.
      if (!pacing.refused) delete pacing.windowMs;
      delete pacing.refused;
    }
    if (newWindow) {
      // The window's first request, a new window's figure, or sent after the window's end: a new
      // count begins with this request.
      pacing.windowStart = pacing.countFrom = sentAt;
    } else if (inCount) {
      // In the current count: the earliest send heard of.
      pacing.windowStart = Math.min(windowStart ?? sentAt, sentAt);
    }
    // An answer after an assumed end: the check is done.
    delete pacing.assumedEnd;
    pacing.at = Math.max(pacing.at ?? 0, at);
    if (pacing.remaining > 0) return;
    if (info.resetAt !== undefined) {
      block(info.resetAt);
    } else {
      block(windowEnd(at));
      if (pacing.windowMs === undefined) pacing.assumedEnd = true;
    }
  }

  return {
    restore(stored: Pacing | undefined) {
      pacing = { ...stored };
    },

    snapshot(): Pacing {
      return { ...pacing };
    },

    /** The facts of one answer. */
    note(info: RateInfo) {
      const { limit, remaining } = info;
      if (limit !== undefined) pacing.limit = limit;
      if (info.status === 429) refused(info);
      else if (remaining !== undefined) counted({ ...info, remaining });
    },

    /** Not before `until` (a 429 that a page or a quick create got, for instance). */
    holdUntil(until: number) {
      block(until);
    },

    /**
     * Whether a page's single read may go now beside `inFlight` requests of jobs, by what is
     * known, changing nothing: after a wait or with none left it waits for the jobs' next step to
     * learn more.
     */
    allows(inFlight: number): boolean {
      if (pacing.blockedUntil !== undefined) return now() >= pacing.blockedUntil;
      if (inFlight >= MAX_IN_FLIGHT) return false;
      const { remaining } = pacing;
      return remaining === undefined
        ? !(pacing.assumedEnd && inFlight > 0)
        : remaining - inFlight > 0;
    },

    /** Whether one more request may go now, with `inFlight` requests under way. */
    decide(inFlight: number): Decision {
      const time = now();
      if (pacing.blockedUntil !== undefined) {
        if (time < pacing.blockedUntil) return { send: false, until: pacing.blockedUntil };
        // The wait is over: a new count, whose figures are not known yet. After an assumed end the
        // old window's start is kept, so that a 429 to the check can say how long it really is.
        delete pacing.blockedUntil;
        delete pacing.remaining;
        pacing.countFrom = time;
        if (!pacing.assumedEnd) delete pacing.windowStart;
      }
      if (inFlight >= MAX_IN_FLIGHT) return { send: false };
      const { remaining } = pacing;
      if (remaining === undefined) {
        // Checking an assumed end: the first request goes alone.
        return pacing.assumedEnd && inFlight > 0 ? { send: false } : { send: true };
      }
      if (remaining - inFlight > 0) return { send: true };
      // None left (or all spoken for): an answer under way will say more.
      if (inFlight > 0) return { send: false };
      // None left and no wait set (stored by an older version, say): wait for the window's end.
      const until = windowEnd(pacing.at ?? time);
      if (until <= time) {
        delete pacing.remaining;
        return { send: true };
      }
      if (pacing.windowMs === undefined) pacing.assumedEnd = true;
      block(until);
      return { send: false, until };
    },
  };
}

export type Pacer = ReturnType<typeof createPacer>;
