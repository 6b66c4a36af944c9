// Which failed creates the popup may hand to the background's queue ("Create when possible"):
// those the service provably did not take and that will go through later — refused for its rate
// limit, or never sent because the browser is offline. Part of the popup's first load: the create
// form asks it when it shows a failure (the queueing itself is loaded later, see
// components/this-page/queue-actions.ts).
import type { ErrorData } from '../api/model';

/** Whether a create that failed with `error` may be queued; `online` is navigator.onLine. */
export function canQueueCreate(error: ErrorData | null | undefined, online: boolean): boolean {
  return error?.kind === 'rate_limited' || (error?.kind === 'network' && !online);
}
