// One poll per report, however many wait for it (popup, menu, keyboard), so no extra requests
// count against the rate limit; a poll nobody waits for any more stops at once.
import type { SiteReportClient } from '../api';
import { unlessAborted } from '../api/cancellation';
import { abortedError } from '../api/errors';
import type { Report } from '../api/model';

interface Poll {
  /** The poll's outcome, the same for every waiter. */
  readonly outcome: Promise<Report>;
  /** Stops the poll when the last waiter leaves before it ends. */
  readonly controller: AbortController;
  waiters: number;
  ended: boolean;
}

/** Per client (a report id means another report on another service), per report id. */
const polls = new WeakMap<SiteReportClient, Map<number, Poll>>();

/**
 * Waits for report `id` of `client`'s service. The first waiter starts `poll` (with a signal
 * that aborts when every waiter has left); later waiters join that poll and get the same
 * outcome, whatever it is. A waiter whose `signal` aborts leaves at once with an 'aborted'
 * failure; a waiter without a signal stays until the outcome.
 */
export function waitShared(
  client: SiteReportClient,
  id: number,
  poll: (signal: AbortSignal) => Promise<Report>,
  signal?: AbortSignal,
): Promise<Report> {
  if (signal?.aborted) return Promise.reject(abortedError());
  let byId = polls.get(client);
  if (!byId) {
    byId = new Map();
    polls.set(client, byId);
  }
  const polling = byId;
  const shared = polling.get(id) ?? start(polling, id, poll);

  shared.waiters++;
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    shared.waiters--;
    if (shared.waiters > 0 || shared.ended) return;
    // Nobody waits any more: no further reads, and the next waiter starts afresh.
    if (polling.get(id) === shared) polling.delete(id);
    shared.controller.abort();
  };
  const outcome = signal ? unlessAborted(shared.outcome, signal, leave) : shared.outcome;
  return outcome.finally(leave);
}

function start(
  polling: Map<number, Poll>,
  id: number,
  poll: (signal: AbortSignal) => Promise<Report>,
) {
  const controller = new AbortController();
  const shared: Poll = {
    controller,
    waiters: 0,
    ended: false,
    outcome: (async () => poll(controller.signal))().finally(() => {
      shared.ended = true;
      if (polling.get(id) === shared) polling.delete(id);
    }),
  };
  // Each waiter gets the outcome through its own chain; an abandoned poll's failure (aborted,
  // because nobody waits) is nobody's to handle.
  shared.outcome.catch(() => undefined);
  polling.set(id, shared);
  return shared;
}
