// What the extension knows about addresses: for each URL (without its fragment), the latest
// report seen for it, from any create/get/list/update answer. Kept in storage.local so it
// survives the service worker being stopped, bounded (in entries and in bytes) so it never
// grows without limit, and the only source of the toolbar badge (which therefore never costs a
// network request). Writing it is best effort: a failure is logged, never passed on, so a
// service answer is never turned into a failure because it could not be remembered.
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import type { Report } from '../api/model';
import { CachedRating } from '../messaging/protocol';
import { cachedRatingFor, RATING_CACHE_KEY, ratingCacheKey } from './cache';

export { RATING_CACHE_KEY, ratingCacheKey };
export const RATING_CACHE_LIMIT = 300;
/**
 * At most this many bytes of stored JSON. Chrome gives storage.local 10 MB for everything the
 * extension keeps (settings, the request queue's state…); the badge cache takes a tenth at
 * most, so a full cache can never make those writes fail.
 */
export const RATING_CACHE_MAX_BYTES = 1024 * 1024;
/**
 * Longer addresses are not cached at all (no badge for them). Pages people come back to have
 * far shorter addresses (many servers refuse request lines over a few kB); longer ones carry
 * data or tracking payloads. At this cap ~240 entries still fit in the byte bound, so a few
 * long addresses cannot crowd out the rest.
 */
export const RATING_CACHE_MAX_URL_LENGTH = 4096;

/** A cached rating plus the report's project, so deleting a project can forget its reports. */
const CacheEntry = z.extend(CachedRating, { project: z.optional(z.string()) });
type CacheEntry = z.infer<typeof CacheEntry>;
export type RatingCache = Record<string, CacheEntry>;

/** Whether `url` can be a key of the cache: a cache key, and not too long to be kept. */
const isStorableKey = (url: string) =>
  url.length <= RATING_CACHE_MAX_URL_LENGTH && ratingCacheKey(url) === url;

/** The cache as stored; invalid entries (an older layout, damage) are left out. */
export function parseRatingCache(raw: unknown): RatingCache {
  const cache: RatingCache = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return cache;
  for (const [url, value] of Object.entries(raw)) {
    if (!isStorableKey(url)) continue;
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

// A failure (quota exceeded, storage unavailable) is only logged: the cache is a convenience,
// and its callers have already got a service answer that must stay a success.
function change(mutate: (cache: RatingCache) => boolean): Promise<void> {
  const run = queue
    .then(async () => {
      const cache = await readRatingCache();
      if (mutate(cache)) await browser.storage.local.set({ [RATING_CACHE_KEY]: cache });
    })
    .catch(warnNotSaved);
  queue = run;
  return run;
}

function warnNotSaved(error: unknown) {
  // The kind of failure only: a storage error's message may quote what was being written.
  const kind = error instanceof Error ? error.name : typeof error;
  console.warn(`Site Report: the rating cache could not be updated (${kind}).`);
}

const encoder = new TextEncoder();
const utf8Bytes = (text: string) => encoder.encode(text).byteLength;
/** An entry's share of the stored JSON, `"url":{…},`, in bytes (how storage quotas count). */
const entryBytes = (url: string, entry: CacheEntry) =>
  utf8Bytes(JSON.stringify(url)) + utf8Bytes(JSON.stringify(entry)) + 2;

/** Drops the longest unseen entries until at most `limit` are left in at most `maxBytes`. */
function evictOldest(cache: RatingCache, limit: number, maxBytes: number) {
  const urls = Object.keys(cache);
  const sizes = new Map(urls.map((url) => [url, entryBytes(url, cache[url] as CacheEntry)]));
  let count = urls.length;
  let bytes = 2;
  for (const size of sizes.values()) bytes += size;
  if (count <= limit && bytes <= maxBytes) return;
  // Stable: among entries seen at the same time, the later ones of an answer are kept.
  urls.sort((a, b) => (cache[a]?.seenAt ?? 0) - (cache[b]?.seenAt ?? 0));
  for (const url of urls) {
    if (count <= limit && bytes <= maxBytes) break;
    delete cache[url];
    count -= 1;
    bytes -= sizes.get(url) ?? 0;
  }
}

/**
 * Records the reports of one answer in a single write. For each address the newest report
 * (highest id) wins: an older report read or listed later does not replace a newer one.
 * Never rejects (see `change`).
 */
export function rememberReports(
  reports: readonly Report[],
  { now = Date.now(), limit = RATING_CACHE_LIMIT, maxBytes = RATING_CACHE_MAX_BYTES } = {},
): Promise<void> {
  if (reports.length === 0) return Promise.resolve();
  return change((cache) => {
    let changed = false;
    for (const report of reports) {
      const key = ratingCacheKey(report.url);
      if (!key || !isStorableKey(key)) continue;
      const entry: CacheEntry = {
        reportId: report.id,
        rating: report.rating,
        generatedAt: report.generatedAt,
        privacy: report.privacy,
        seenAt: now,
      };
      if (report.score !== undefined) entry.score = report.score;
      if (report.project !== undefined) entry.project = report.project;
      // What would not be read back (an id that is not a safe positive integer…) is not written.
      if (!CacheEntry.safeParse(entry).success) continue;
      const existing = cache[key];
      if (existing && existing.reportId > report.id) continue;
      cache[key] = entry;
      changed = true;
    }
    evictOldest(cache, limit, maxBytes);
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

/** Forgets a deleted (or vanished) report. Never rejects (see `change`). */
export function forgetReport(reportId: number): Promise<void> {
  return removeWhere((_url, entry) => entry.reportId === reportId);
}

/**
 * Forgets the reports of a deleted project: those recorded with that project, and, for entries
 * without one, those whose host is the project's name (how services name projects). Never
 * rejects (see `change`).
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
