// Which addresses a change of the stored rating cache concerns: the badges of their tabs follow.
import { parseRatingCache, RATING_CACHE } from './cache';

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
