// What the popup shows first, the settings summary and the page's cached rating, read straight
// from storage in one call so the popup never waits for a stopped background to start. Only
// without a summary (just after an update) does it ask the background. Never the 'settings' value.
import { storage } from 'wxt/utils/storage';
import type { Answer, StatusAnswer } from '../messaging/protocol';
import type { Sender } from '../messaging/send';
import { cachedRatingFor, ratingCacheItem } from '../rating/cache';
import { parseSettingsSummary, settingsSummaryItem } from '../settings/summary';

/** The popup's status for the page at `url`: settings summary and cached rating. */
export type StatusSource = (url: string | undefined) => Promise<Answer<'getStatus'>>;

/** The items the popup reads; the settings, which hold the key, are not among them. */
export const POPUP_ITEMS = [settingsSummaryItem, ratingCacheItem] as const;

/** `cachedRating: false`: the status without a rating, read without the whole cache. */
export function createStatusSource(send: Sender, { cachedRating = true } = {}): StatusSource {
  const items = cachedRating ? POPUP_ITEMS : POPUP_ITEMS.slice(0, 1);
  const read = () =>
    storage.getItems([...items]).then(
      ([summary, cache]) => ({ summary: summary?.value, cache: cache?.value }),
      () => ({ summary: null, cache: null }),
    );
  // The first read starts now, while the popup finds its tab; later calls (Try again) read anew.
  let early: ReturnType<typeof read> | undefined = read();
  return async (url) => {
    const items = await (early ?? read());
    early = undefined;
    const summary = parseSettingsSummary(items.summary);
    if (!summary) return send({ type: 'getStatus', ...(url ? { url } : {}) });
    const cached = cachedRatingFor(items.cache, url, summary.serviceUrl);
    return { ok: true, data: { ...summary, cached } };
  };
}

/** Calls `listener` whenever the stored settings summary changes; answers the unsubscribe. */
export function watchSettingsSummary(listener: () => void): () => void {
  return settingsSummaryItem.watch(() => listener());
}

/** Whether two statuses differ in what the popup shows or acts on (not the cached rating). */
export function statusChanged(before: StatusAnswer, after: StatusAnswer): boolean {
  return (
    before.connected !== after.connected ||
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
