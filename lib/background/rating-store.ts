// What the extension knows about addresses: for each URL (without its fragment), the latest
// report seen for it, from any create/get/list/update answer. Kept in storage.local so it
// survives the service worker being stopped, bounded so it never grows without limit, and the
// only source of the toolbar badge (which therefore never costs a network request).
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import type { Report } from '../api/model';
import { CachedRating } from '../messages';
import { cachedRatingFor, RATING_CACHE_KEY, ratingCacheKey } from '../rating-cache';

export { RATING_CACHE_KEY, ratingCacheKey };
export const RATING_CACHE_LIMIT = 300;

/** A cached rating plus the report's project, so deleting a project can forget its reports. */
const CacheEntry = z.extend(CachedRating, { project: z.optional(z.string()) });
type CacheEntry = z.infer<typeof CacheEntry>;
export type RatingCache = Record<string, CacheEntry>;

/** The cache as stored; invalid entries (an older layout, damage) are left out. */
export function parseRatingCache(raw: unknown): RatingCache {
  const cache: RatingCache = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return cache;
  for (const [url, value] of Object.entries(raw)) {
    const parsed = CacheEntry.safeParse(value);
    if (parsed.success) cache[url] = parsed.data;
  }
  return cache;
}

/** The cache as stored, unchecked: look addresses up in it with cachedRatingFor. */
export async function readStoredRatingCache(): Promise<unknown> {
  const items = await browser.storage.local.get(RATING_CACHE_KEY);
  return items[RATING_CACHE_KEY];
}

export async function readRatingCache(): Promise<RatingCache> {
  return parseRatingCache(await readStoredRatingCache());
}

/**
 * The latest known rating for `url`, or null. Only that entry is checked (the same check the
 * popup makes): badges look up one address at a time, and the cache holds hundreds.
 */
export async function getCachedRating(url: string | undefined): Promise<CachedRating | null> {
  if (!ratingCacheKey(url)) return null;
  return cachedRatingFor(await readStoredRatingCache(), url);
}

// Every change reads, changes and writes the whole cache; chained so that concurrent answers
// (a list and a create finishing together) cannot overwrite each other's entries.
let queue: Promise<unknown> = Promise.resolve();

function change(mutate: (cache: RatingCache) => boolean): Promise<void> {
  const run = queue.then(async () => {
    const cache = await readRatingCache();
    if (mutate(cache)) await browser.storage.local.set({ [RATING_CACHE_KEY]: cache });
  });
  queue = run.catch(() => undefined);
  return run;
}

function evictOldest(cache: RatingCache, limit: number) {
  const urls = Object.keys(cache);
  if (urls.length <= limit) return;
  urls.sort((a, b) => (cache[a]?.seenAt ?? 0) - (cache[b]?.seenAt ?? 0));
  for (const url of urls.slice(0, urls.length - limit)) delete cache[url];
}

/**
 * Records the reports of one answer in a single write. For each address the newest report
 * (highest id) wins: an older report read or listed later does not replace a newer one.
 */
export function rememberReports(
  reports: readonly Report[],
  { now = Date.now(), limit = RATING_CACHE_LIMIT } = {},
): Promise<void> {
  if (reports.length === 0) return Promise.resolve();
  return change((cache) => {
    let changed = false;
    for (const report of reports) {
      const key = ratingCacheKey(report.url);
      if (!key) continue;
      const existing = cache[key];
      if (existing && existing.reportId > report.id) continue;
      const entry: CacheEntry = {
        reportId: report.id,
        rating: report.rating,
        generatedAt: report.generatedAt,
        privacy: report.privacy,
        seenAt: now,
      };
      if (report.score !== undefined) entry.score = report.score;
      if (report.project !== undefined) entry.project = report.project;
      cache[key] = entry;
      changed = true;
    }
    evictOldest(cache, limit);
    return changed;
  });
}

function removeWhere(test: (url: string, entry: CacheEntry) => boolean): Promise<void> {
  return change((cache) => {
    let changed = false;
    for (const [url, entry] of Object.entries(cache)) {
      if (!test(url, entry)) continue;
      delete cache[url];
      changed = true;
    }
    return changed;
  });
}

/** Forgets a deleted (or vanished) report. */
export function forgetReport(reportId: number): Promise<void> {
  return removeWhere((_url, entry) => entry.reportId === reportId);
}

/**
 * Forgets the reports of a deleted project: those recorded with that project, and, for entries
 * without one, those whose host is the project's name (how services name projects).
 */
export function forgetProject(name: string): Promise<void> {
  const host = name.toLowerCase();
  return removeWhere((url, entry) =>
    entry.project !== undefined ? entry.project === name : new URL(url).host === host,
  );
}

/** Addresses whose entry differs between two stored values of the cache (seenAt aside). */
export function changedUrls(oldValue: unknown, newValue: unknown): Set<string> {
  const before = parseRatingCache(oldValue);
  const after = parseRatingCache(newValue);
  const urls = new Set<string>();
  for (const url of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[url];
    const b = after[url];
    if (!a || !b || JSON.stringify({ ...a, seenAt: 0 }) !== JSON.stringify({ ...b, seenAt: 0 })) {
      urls.add(url);
    }
  }
  return urls;
}
