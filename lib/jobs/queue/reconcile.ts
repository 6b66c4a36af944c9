// A create of unknown fate looked for: what the lookup found becomes the item's state. Not found
// is not "not made" while the service may still be analysing the page.
import { DEFAULT_ANALYSIS_TIMEOUT_MS } from '../../api/client';
import { type ErrorData, type Report, type ReportPage, toSummary } from '../../api/model';
import { errorWithText } from '../../error-text';
import type { JobItem } from '../schema';
import type { QueueContext } from './context';
import { pauseAll } from './every-job';
import { verdictOf } from './items';
import type { QueueState } from './store';

/** After a network or service failure, the first wait before the next request. */
export const TROUBLE_BACKOFF_MS = 2_000;
/** A create of unknown fate is looked for this long after its answer (or its loss). */
export const RECONCILE_DELAY_MS = 10_000;

/**
 * Whether a create that failed so may still be being analysed by the service: its answer did not
 * come (a timeout, a lost connection, a worker stopped) or a gateway gave up waiting for it (502,
 * 504). A 500 or 503 is the service's own answer: it is not working on it any more.
 */
function mayStillBeAnalysing(error: ErrorData | undefined): boolean {
  if (!error) return true;
  if (error.kind === 'timeout' || error.kind === 'network') return true;
  return error.kind === 'server' && (error.status === 502 || error.status === 504);
}

/** A value of null: a create of unknown fate was looked for, and did not make a report. */
export type Outcome =
  | { ok: true; value: Report | ReportPage | undefined | null }
  | { ok: false; error: unknown };

/** Records what looking for an unknown create's report found. */
export function reconciled(
  ctx: QueueContext,
  state: QueueState,
  stored: JobItem,
  outcome: Outcome,
) {
  const { env } = ctx;
  if (outcome.ok) {
    const found = outcome.value && !('items' in outcome.value) ? outcome.value : undefined;
    delete stored.reconcileAt;
    if (found) {
      stored.state = 'done';
      delete stored.error;
      stored.report = toSummary(found);
      return [found];
    }
    // Not made yet, but the service may still be analysing the page: looked for again, until
    // no analysis could still be under way.
    // Sent "later than now": the clock was set back since. Moved to now, so the looks end.
    stored.sentAt = Math.min(stored.sentAt ?? 0, env.now());
    const lastLook = stored.sentAt + DEFAULT_ANALYSIS_TIMEOUT_MS + RECONCILE_DELAY_MS;
    if (mayStillBeAnalysing(stored.error) && env.now() < lastLook) {
      stored.reconcileAt = Math.min(env.now() + RECONCILE_DELAY_MS, lastLook);
      return [];
    }
    delete stored.reconcileAt;
    delete stored.tries;
    // The service's own failure (a 500): it answered that it failed, and no report came since.
    if (!mayStillBeAnalysing(stored.error)) {
      stored.state = 'failed';
      stored.error = errorWithText({ kind: stored.error?.kind ?? 'server' });
      return [];
    }
    // An answer lost: not found is not "not made", as the service may keep it under an address
    // or a time this lookup cannot match. Unknown it stays, sent again only when picked.
    return [];
  }
  const lookup = { type: 'listPage', params: {} } as const;
  const verdict = verdictOf(lookup, outcome.error, stored.tries ?? 0);
  if (verdict.next === 'pause') pauseAll(state, verdict.error);
  else if (verdict.next === 'retry') {
    stored.tries = (stored.tries ?? 0) + 1;
    ctx.backoffUntil = env.now() + TROUBLE_BACKOFF_MS * 2 ** (stored.tries - 1);
  } else if (verdict.next !== 'waiting') {
    // It cannot be looked for: unknown it stays, never sent again.
    delete stored.reconcileAt;
    delete stored.tries;
  }
  return [];
}
