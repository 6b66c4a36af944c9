// Writing the rating cache: the reports an answer brought, and forgetting what is gone, under one
// lock; the longest unseen entries are evicted to keep it within its bounds. Best effort: a
// failure is logged, never turned into a failed answer.
import type { Report } from '../api/model';
import { createLock } from '../lock';
import {
  CacheEntry,
  isStorableKey,
  RATING_CACHE_LIMIT,
  RATING_CACHE_MAX_BYTES,
  type RatingCache,
  ratingCacheItem,
  ratingCacheKey,
  readRatingCache,
  type ServiceCache,
} from './cache';

const lock = createLock();

/** Changes the entries of one service; all services' together stay within the bounds. */
function change(
  account: string,
  mutate: (cache: ServiceCache) => boolean,
  bounds: { limit: number; maxBytes: number } = {
    limit: RATING_CACHE_LIMIT,
    maxBytes: RATING_CACHE_MAX_BYTES,
  },
): Promise<void> {
  return lock
    .runExclusive(async () => {
      const cache = await readRatingCache();
      const entries = cache[account] ?? {};
      if (!mutate(entries)) return;
      cache[account] = entries;
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
 * Records the reports of one answer of account `account` in a single write. For each
 * address the newest report (highest id) wins, whatever order answers come in. A report is kept
 * under every address it is known by: its own, and the one a create asked for (`askedUrl`, when
 * `reports` is that create's report), since the service stores the address its fetch ended on
 * after redirects. Never rejects.
 */
export function rememberReports(
  reports: readonly Report[],
  account: string,
  {
    now = Date.now(),
    limit = RATING_CACHE_LIMIT,
    maxBytes = RATING_CACHE_MAX_BYTES,
    askedUrl,
  }: { now?: number; limit?: number; maxBytes?: number; askedUrl?: string } = {},
): Promise<void> {
  if (reports.length === 0) return Promise.resolve();
  return change(
    account,
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
  account: string,
  test: (url: string, entry: CacheEntry) => boolean,
): Promise<void> {
  return change(account, (cache) => {
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
 * Forgets a deleted (or vanished) report of account `account`, under every address it
 * is kept by. Never rejects.
 */
export function forgetReport(reportId: number, account: string): Promise<void> {
  return removeWhere(account, (_url, entry) => entry.reportId === reportId);
}

/**
 * Forgets the reports of a deleted project: those recorded with it, and, for entries without a
 * project, those whose host is its name (how services name projects). Never rejects.
 */
export function forgetProject(name: string, account: string): Promise<void> {
  const host = name.toLowerCase();
  const inProject = (url: string, entry: CacheEntry) =>
    entry.project !== undefined ? entry.project === name : new URL(url).host === host;
  return change(account, (cache) => {
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

/**
 * The entries kept under `from` (an earlier version's base URL) become `to`'s (an account's local
 * id); other owners that are not accounts (`isOwner`) are dropped, since whose they are is not
 * known. Rejects when it could not be written (the upgrade then tries again).
 */
export function moveCache(from: string, to: string, isOwner: (key: string) => boolean) {
  return lock.runExclusive(async () => {
    const cache = await readRatingCache();
    const moved: RatingCache = {};
    for (const [owner, entries] of Object.entries(cache)) {
      if (owner === from) moved[to] = { ...entries, ...moved[to] };
      else if (isOwner(owner)) moved[owner] = { ...entries, ...moved[owner] };
    }
    await ratingCacheItem.setValue({ services: moved });
  });
}

/** Forgets everything cached for an account (it was removed). Never rejects. */
export function forgetCache(account: string): Promise<void> {
  return change(account, (cache) => {
    for (const url of Object.keys(cache)) delete cache[url];
    return true;
  });
}
