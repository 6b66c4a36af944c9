// The latest report seen for each address, kept per account (by its local id): another account's
// ratings are never shown as this one's. The badge reads only this, so it costs no request.
// Writing it is cache-writes.ts; the badge follows its stored changes (badge.ts).
import * as z from 'zod/mini';
import { Privacy, Rating, ReportId } from '../api/model';
import { defineStorageItem } from '../storage-item';
import { pageOf } from '../url-parts';

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
export const CacheEntry = z.object({ ...CachedRating.shape, project: z.optional(z.string()) });
export type CacheEntry = z.infer<typeof CacheEntry>;
/** One account's entries, by address. */
export type ServiceCache = Record<string, CacheEntry>;
/** By account (its local id), then by address. */
export type RatingCache = Record<string, ServiceCache>;
/**
 * As stored. The layout before it, entries by address for no service in particular, reads as
 * empty: whose ratings they were is not known.
 */
export interface StoredRatingCache {
  services: RatingCache;
}

export const RATING_CACHE = 'ratingCache';
export const ratingCacheItem = defineStorageItem<StoredRatingCache | null>(
  `local:${RATING_CACHE}`,
  null,
);

/** The stored value for `entries` by address, of account `account` (tests, fixtures). */
export function storedRatingCache(
  account: string,
  entries: Record<string, unknown>,
): { services: Record<string, Record<string, unknown>> } {
  return { services: { [account]: entries } };
}

/** The stored entries of one service, unchecked; undefined for none or another layout. */
function serviceEntries(raw: unknown, account: string | null | undefined): unknown {
  if (!account || !raw || typeof raw !== 'object') return undefined;
  const { services } = raw as { services?: unknown };
  if (!services || typeof services !== 'object' || Array.isArray(services)) return undefined;
  return Object.hasOwn(services, account)
    ? (services as Record<string, unknown>)[account]
    : undefined;
}

/** The cache key of an address: the page it is of (http(s), without its fragment), or null. */
export const ratingCacheKey = pageOf;

export const isStorableKey = (url: string) =>
  url.length <= RATING_CACHE_MAX_URL_LENGTH && ratingCacheKey(url) === url;

/**
 * The entry for `url` of account `account` in a stored cache, or null when there is
 * none (or no service is set) or it is unusable.
 */
export function cachedRatingFor(
  cache: unknown,
  url: string | undefined,
  account: string | null | undefined,
): CachedRating | null {
  const key = ratingCacheKey(url);
  const entries = serviceEntries(cache, account);
  if (!key || !entries || typeof entries !== 'object') return null;
  const parsed = CachedRating.safeParse((entries as Record<string, unknown>)[key]);
  return parsed.success ? parsed.data : null;
}

function parseServiceCache(raw: unknown): ServiceCache {
  const cache: ServiceCache = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return cache;
  for (const [url, value] of Object.entries(raw)) {
    if (!isStorableKey(url)) continue;
    const parsed = CacheEntry.safeParse(value);
    if (parsed.success) cache[url] = parsed.data;
  }
  return cache;
}

/** The cache as stored; invalid entries (an older layout, damage) are left out. */
export function parseRatingCache(raw: unknown): RatingCache {
  const cache: RatingCache = {};
  const services = raw && typeof raw === 'object' ? (raw as { services?: unknown }).services : null;
  if (!services || typeof services !== 'object' || Array.isArray(services)) return cache;
  for (const [account, entries] of Object.entries(services)) {
    const parsed = parseServiceCache(entries);
    if (Object.keys(parsed).length > 0) cache[account] = parsed;
  }
  return cache;
}

export async function readRatingCache(): Promise<RatingCache> {
  return parseRatingCache(await ratingCacheItem.getValue());
}

/** The latest known rating for `url` of account `account`, or null. */
export async function getCachedRating(
  url: string | undefined,
  account: string | null | undefined,
): Promise<CachedRating | null> {
  if (!ratingCacheKey(url) || !account) return null;
  return cachedRatingFor(await ratingCacheItem.getValue(), url, account);
}
