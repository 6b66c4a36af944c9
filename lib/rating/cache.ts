// The latest report seen for each address, kept per service (by its base URL): another service's
// ratings are never shown as this one's. The badge reads only this, so it costs no request.
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
const CacheEntry = z.object({ ...CachedRating.shape, project: z.optional(z.string()) });
type CacheEntry = z.infer<typeof CacheEntry>;
/** One service's entries, by address. */
type ServiceCache = Record<string, CacheEntry>;
/** By service (its base URL), then by address. */
export type RatingCache = Record<string, ServiceCache>;
/**
 * As stored. The layout before it, entries by address for no service in particular, reads as
 * empty: whose ratings they were is not known.
 */
export interface StoredRatingCache {
  services: RatingCache;
}

const RATING_CACHE = 'ratingCache';
export const ratingCacheItem = storage.defineItem<StoredRatingCache | null>(
  `local:${RATING_CACHE}`,
  { fallback: null },
);

/** The stored value for `entries` by address, of the service at `serviceUrl` (tests, fixtures). */
export function storedRatingCache(
  serviceUrl: string,
  entries: Record<string, unknown>,
): { services: Record<string, Record<string, unknown>> } {
  return { services: { [serviceUrl]: entries } };
}

/** The stored entries of one service, unchecked; undefined for none or another layout. */
function serviceEntries(raw: unknown, serviceUrl: string | null | undefined): unknown {
  if (!serviceUrl || !raw || typeof raw !== 'object') return undefined;
  const { services } = raw as { services?: unknown };
  if (!services || typeof services !== 'object' || Array.isArray(services)) return undefined;
  return Object.hasOwn(services, serviceUrl)
    ? (services as Record<string, unknown>)[serviceUrl]
    : undefined;
}

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

/**
 * The entry for `url` of the service at `serviceUrl` in a stored cache, or null when there is
 * none (or no service is set) or it is unusable.
 */
export function cachedRatingFor(
  cache: unknown,
  url: string | undefined,
  serviceUrl: string | null | undefined,
): CachedRating | null {
  const key = ratingCacheKey(url);
  const entries = serviceEntries(cache, serviceUrl);
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
  for (const [serviceUrl, entries] of Object.entries(services)) {
    const parsed = parseServiceCache(entries);
    if (Object.keys(parsed).length > 0) cache[serviceUrl] = parsed;
  }
  return cache;
}

export async function readRatingCache(): Promise<RatingCache> {
  return parseRatingCache(await ratingCacheItem.getValue());
}

/** The latest known rating for `url` of the service at `serviceUrl`, or null. */
export async function getCachedRating(
  url: string | undefined,
  serviceUrl: string | null | undefined,
): Promise<CachedRating | null> {
  if (!ratingCacheKey(url) || !serviceUrl) return null;
  return cachedRatingFor(await ratingCacheItem.getValue(), url, serviceUrl);
}

const lock = createLock();

/** Changes the entries of one service; all services' together stay within the bounds. */
function change(
  serviceUrl: string,
  mutate: (cache: ServiceCache) => boolean,
  bounds: { limit: number; maxBytes: number } = {
    limit: RATING_CACHE_LIMIT,
    maxBytes: RATING_CACHE_MAX_BYTES,
  },
): Promise<void> {
  return lock
    .runExclusive(async () => {
      const cache = await readRatingCache();
      const entries = cache[serviceUrl] ?? {};
      if (!mutate(entries)) return;
      cache[serviceUrl] = entries;
      evictOldest(cache, bounds.limit, bounds.maxBytes);
      for (const [service, kept] of Object.entries(cache)) {
        if (Object.keys(kept).length === 0) delete cache[service];
      }
      await ratingCacheItem.setValue({ services: cache });
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

/**
 * Drops the longest unseen entries, of any service, until at most `limit` are left in at most
 * `maxBytes` (each service's name counted too).
 */
function evictOldest(cache: RatingCache, limit: number, maxBytes: number) {
  const all = Object.entries(cache).flatMap(([, entries]) =>
    Object.entries(entries).map(([url, entry]) => ({
      entries,
      url,
      seenAt: entry.seenAt,
      size: entryBytes(url, entry),
    })),
  );
  let count = all.length;
  let bytes = utf8Bytes('{"services":{}}');
  for (const service of Object.keys(cache)) bytes += utf8Bytes(JSON.stringify(service)) + 4;
  for (const { size } of all) bytes += size;
  if (count <= limit && bytes <= maxBytes) return;
  // Stable: among entries seen at the same time, the later ones of an answer are kept.
  all.sort((a, b) => a.seenAt - b.seenAt);
  for (const { entries, url, size } of all) {
    if (count <= limit && bytes <= maxBytes) break;
    delete entries[url];
    count -= 1;
    bytes -= size;
  }
}

/**
 * Records the reports of one answer of the service at `serviceUrl` in a single write. For each
 * address the newest report (highest id) wins, whatever order answers come in. A report is kept
 * under every address it is known by: its own, and the one a create asked for (`askedUrl`, when
 * `reports` is that create's report), since the service stores the address its fetch ended on
 * after redirects. Never rejects.
 */
export function rememberReports(
  reports: readonly Report[],
  serviceUrl: string,
  {
    now = Date.now(),
    limit = RATING_CACHE_LIMIT,
    maxBytes = RATING_CACHE_MAX_BYTES,
    askedUrl,
  }: { now?: number; limit?: number; maxBytes?: number; askedUrl?: string } = {},
): Promise<void> {
  if (reports.length === 0) return Promise.resolve();
  return change(
    serviceUrl,
    (cache) => {
      const askedKey = ratingCacheKey(askedUrl);
      // The other addresses each report is kept under already: they follow it (a re-analysis).
      const addresses = new Map<number, string[]>();
      for (const [url, { reportId }] of Object.entries(cache)) {
        addresses.set(reportId, [...(addresses.get(reportId) ?? []), url]);
      }
      let changed = false;
      for (const report of reports) {
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
        const keys = new Set([ratingCacheKey(report.url), ...(addresses.get(report.id) ?? [])]);
        if (askedKey) keys.add(askedKey);
        for (const key of keys) {
          if (!key || !isStorableKey(key)) continue;
          const existing = cache[key];
          if (existing && existing.reportId > report.id) continue;
          cache[key] = { ...entry };
          changed = true;
        }
      }
      return changed;
    },
    { limit, maxBytes },
  );
}

function removeWhere(
  serviceUrl: string,
  test: (url: string, entry: CacheEntry) => boolean,
): Promise<void> {
  return change(serviceUrl, (cache) => {
    let changed = false;
    for (const [url, entry] of Object.entries(cache)) {
      if (!test(url, entry)) continue;
      delete cache[url];
      changed = true;
    }
    return changed;
  });
}

/**
 * Forgets a deleted (or vanished) report of the service at `serviceUrl`, under every address it
 * is kept by. Never rejects.
 */
export function forgetReport(reportId: number, serviceUrl: string): Promise<void> {
  return removeWhere(serviceUrl, (_url, entry) => entry.reportId === reportId);
}

/**
 * Forgets the reports of a deleted project: those recorded with it, and, for entries without a
 * project, those whose host is its name (how services name projects). Never rejects.
 */
export function forgetProject(name: string, serviceUrl: string): Promise<void> {
  const host = name.toLowerCase();
  const inProject = (url: string, entry: CacheEntry) =>
    entry.project !== undefined ? entry.project === name : new URL(url).host === host;
  return change(serviceUrl, (cache) => {
    // A report kept under the address a create asked for too goes from there as well.
    const gone = new Set<number>();
    for (const [url, entry] of Object.entries(cache)) {
      if (inProject(url, entry)) gone.add(entry.reportId);
    }
    let changed = false;
    for (const [url, entry] of Object.entries(cache)) {
      if (!gone.has(entry.reportId)) continue;
      delete cache[url];
      changed = true;
    }
    return changed;
  });
}

/** Addresses whose entry of any service differs between two stored values (seenAt aside). */
export function changedUrls(oldValue: unknown, newValue: unknown): Set<string> {
  const before = parseRatingCache(oldValue);
  const after = parseRatingCache(newValue);
  const urls = new Set<string>();
  for (const service of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[service] ?? {};
    const is = after[service] ?? {};
    for (const url of new Set([...Object.keys(was), ...Object.keys(is)])) {
      const a = was[url];
      const b = is[url];
      if (!a || !b || JSON.stringify({ ...a, seenAt: 0 }) !== JSON.stringify({ ...b, seenAt: 0 })) {
        urls.add(url);
      }
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
