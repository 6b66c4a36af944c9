// What the popup shows first comes from the background (getStatus), which reads and checks the
// stored values; the workspace, which shows no page's rating, first shows the settings summary the
// background stores, until the background answers. Both watch that summary to read again.
import type { CachedRating } from '../rating/cache';
import type { SettingsSummary } from '../settings/summary';
import type { PageWatch } from '../watch/model';
import type { ActiveTab } from './active-tab';
import type { QueuedRef } from './queued-create';

/** `queued`: a create for the page that waits in the queue (or is being sent). */
export type StatusAnswer = SettingsSummary & {
  cached: CachedRating | null;
  queued: QueuedRef | null;
  /** A create for the page was sent and its outcome is unknown: a report may exist already. */
  mayExist?: true;
  /** Whether the cached report is watched, and what changed; null without a cached report. */
  watch?: PageWatch | null;
};

/** The status when it is asked for no page (the workspace's): the settings summary alone. */
export function statusWithoutPage(summary: SettingsSummary): StatusAnswer {
  return { ...summary, cached: null, queued: null, watch: null };
}

/** The getStatus request for the page in `tab`: its address, and the tab's own queued create. */
export function statusRequest(tab: ActiveTab | undefined) {
  return {
    type: 'getStatus' as const,
    ...(tab?.url && { url: tab.url }),
    ...(tab?.id !== undefined && tab.id >= 0 && { tabId: tab.id }),
  };
}

/** Whether two statuses differ in what the popup shows or acts on (not the cached rating). */
export function statusChanged(before: StatusAnswer, after: StatusAnswer): boolean {
  return (
    before.connected !== after.connected ||
    before.account !== after.account ||
    JSON.stringify(before.accounts) !== JSON.stringify(after.accounts) ||
    before.serviceUrl !== after.serviceUrl ||
    before.siteUrl !== after.siteUrl ||
    before.defaultPrivacy !== after.defaultPrivacy
  );
}

/**
 * Starts `work` now and hands that run to the first caller; later callers (Try again) start it
 * anew. For what the popup needs before it can show anything, so that it is under way before
 * the first render.
 */
export function startedEarly<T>(work: () => Promise<T>): () => Promise<T> {
  let early: Promise<T> | undefined = work();
  return () => {
    const run = early ?? work();
    early = undefined;
    return run;
  };
}
