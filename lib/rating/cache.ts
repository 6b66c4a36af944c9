// The latest report seen for each address; the badge reads only this, so it costs no request.
// Writing is best effort: a failure is logged, never turned into a failed answer.
import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { Privacy, Rating, type Report, ReportId } from '../api/model';
import { createLock } from '../lock';

export const RATING_CACHE_LIMIT = 300;
/** A tenth of storage.local's 10 MB at most, so a full cache never makes other writes fail. */
export const RATING_CACHE_MAX_BYTES = 1024 * 1024;
/** Longer addresses carry data or tracking payloads: they get no badge. */
export const RATING_CACHE_MAX_URL_LENGTH = 4096;

/** What the extension remembers about an address: the latest report known for it. */
export const CachedRating = z.object({
  reportId: ReportId,
  rating: z.nullable(Rating),
  score: z.optional(z.number()),
  generatedAt: z.nullable(z.string()),
  privacy: z.optional(Privacy),
  /** When this entry was written (ms since epoch); the oldest entries are evicted first. */
  seenAt: z.number(),
});
export type CachedRating = z.infer<typeof CachedRating>;

/** With the report's project, so deleting a project can forget its reports. */
const CacheEntry = z.extend(CachedRating, { project: z.optional(z.string()) });
type CacheEntry = z.infer<typeof CacheEntry>;
export type RatingCache = Record<string, CacheEntry>;

const RATING_CACHE = 'ratingCache';
export const ratingCacheItem = storage.defineItem<RatingCache>(`local:${RATING_CACHE}`, {
  fallback: {},
});

/** The cache key of an address: an http(s) URL without its fragment, or null for anything else. */
export function ratingCacheKey(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    parsed.hash = '';
    return parsed.href;
  } catch {
    return null;
  }
}

const isStorableKey = (url: string) =>
  url.length <= RATING_CACHE_MAX_URL_LENGTH && ratingCacheKey(url) === url;

/** The entry for `url` in a stored cache, or null when there is none or it is unusable. */
export function cachedRatingFor(cache: unknown, url: string | undefined): CachedRating | null {
  const key = ratingCacheKey(url);
  if (!key || !cache || typeof cache !== 'object') return null;
  const parsed = CachedRating.safeParse((cache as Record<string, unknown>)[key]);
  return parsed.success ? parsed.data : null;
}

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

export async function readRatingCache(): Promise<RatingCache> {
  return parseRatingCache(await ratingCacheItem.getValue());
}

/** The latest known rating for `url`, or null; only that entry is checked. */
export async function getCachedRating(url: string | undefined): Promise<CachedRating | null> {
  if (!ratingCacheKey(url)) return null;
  return cachedRatingFor(await ratingCacheItem.getValue(), url);
}

const lock = createLock();

function change(mutate: (cache: RatingCache) => boolean): Promise<void> {
  return lock
    .runExclusive(async () => {
      const cache = await readRatingCache();
      if (mutate(cache)) await ratingCacheItem.setValue(cache);
    })
    .catch(warnNotSaved);
}

function warnNotSaved(error: unknown) {
  // The kind of failure only: a storage error's message may quote what was being written.
  const kind = error instanceof Error ? error.name : typeof error;
  console.warn(`Site Report: the rating cache could not be updated (${kind}).`);
}

const encoder = new TextEncoder();
const utf8Bytes = (text: string) => encoder.encode(text).byteLength;
/** An entry's share of the stored JSON, `"url":{…},`, as storage quotas count it. */
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
 * (highest id) wins, whatever order answers come in. Never rejects.
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
      // What would not be read back is not written.
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

/** Forgets a deleted (or vanished) report. Never rejects. */
export function forgetReport(reportId: number): Promise<void> {
  return removeWhere((_url, entry) => entry.reportId === reportId);
}

/**
 * Forgets the reports of a deleted project: those recorded with it, and, for entries without a
 * project, those whose host is its name (how services name projects). Never rejects.
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

/** Whether a storage change (storage.onChanged) touches the cache; its values if so. */
export function ratingCacheChange(
  changes: Record<string, { oldValue?: unknown; newValue?: unknown }>,
  area: string,
): { oldValue?: unknown; newValue?: unknown } | undefined {
  return area === 'local' ? changes[RATING_CACHE] : undefined;
}
