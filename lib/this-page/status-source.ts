// Where the popup gets what it shows first: the settings summary and the page's cached rating,
// read straight from storage.local in one call (started as soon as the popup loads), so the
// popup never waits for the background — which, stopped after a while idle, would first have to
// start. Only without a summary (just after an update, before the background wrote one) does it
// ask the background with getStatus. The 'settings' value, which holds the API key, is never read.

import type { Answer, StatusAnswer } from '../messaging/protocol';
import type { Sender } from '../messaging/send';
import { cachedRatingFor, RATING_CACHE_KEY } from '../rating/cache';
import { parseSettingsSummary, SETTINGS_SUMMARY_KEY } from '../settings/summary-store';

/** The popup's status for the page at `url`: settings summary and cached rating. */
export type StatusSource = (url: string | undefined) => Promise<Answer<'getStatus'>>;

export interface StorageReader {
  get(keys: string[]): Promise<Record<string, unknown>>;
}

/** The keys the popup reads; 'settings' is not among them, and must never be. */
export const POPUP_STORAGE_KEYS = [SETTINGS_SUMMARY_KEY, RATING_CACHE_KEY];

// The parameter is not called `storage`: WXT's auto-import (even with `imports: false`) would
// take that name for its storage utility and bundle it into the popup.
export function createStatusSource(area: StorageReader, send: Sender): StatusSource {
  const read = () => area.get(POPUP_STORAGE_KEYS).catch(() => ({}) as Record<string, unknown>);
  // The first read starts now, while the popup finds its tab; later calls (Try again) read anew.
  let early: Promise<Record<string, unknown>> | undefined = read();
  return async (url) => {
    const items = await (early ?? read());
    early = undefined;
    const summary = parseSettingsSummary(items[SETTINGS_SUMMARY_KEY]);
    if (!summary) return send({ type: 'getStatus', ...(url ? { url } : {}) });
    return {
      ok: true,
      data: { ...summary, cached: cachedRatingFor(items[RATING_CACHE_KEY], url) },
    };
  };
}

export interface StorageChangeEvents {
  onChanged: {
    addListener(listener: (changes: Record<string, unknown>, area: string) => void): void;
    removeListener(listener: (changes: Record<string, unknown>, area: string) => void): void;
  };
}

/** Calls `listener` whenever the stored settings summary changes; answers the unsubscribe. */
export function watchSettingsSummary(
  events: StorageChangeEvents,
  listener: () => void,
): () => void {
  const onChanged = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && SETTINGS_SUMMARY_KEY in changes) listener();
  };
  events.onChanged.addListener(onChanged);
  return () => events.onChanged.removeListener(onChanged);
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
