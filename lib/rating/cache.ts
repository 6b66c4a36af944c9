// The part of the rating cache the popup reads directly from storage.local: the cache's key and
// key function, and a lookup that checks the entry by hand. No zod here (the popup bundle has a
// size budget); the background writes and fully validates the cache (background/rating-store.ts).
import { PRIVACY, RATINGS } from '../api/constants';
import type { CachedRating } from '../messaging/protocol';

export const RATING_CACHE_KEY = 'ratingCache';

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

const isOptional = (value: unknown, test: (value: unknown) => boolean) =>
  value === undefined || test(value);
const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
/** As the background's schema (ReportId): a safe positive integer, so ids compare exactly. */
const isReportId = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The entry for `url` in a stored cache value, or null when there is none or it is unusable. */
export function cachedRatingFor(cache: unknown, url: string | undefined): CachedRating | null {
  const key = ratingCacheKey(url);
  if (!key || !cache || typeof cache !== 'object') return null;
  const entry = (cache as Record<string, unknown>)[key];
  if (!entry || typeof entry !== 'object') return null;
  const { reportId, rating, score, generatedAt, privacy, seenAt } = entry as Record<
    string,
    unknown
  >;
  const valid =
    isReportId(reportId) &&
    (rating === null || RATINGS.includes(rating as CachedRating['rating'] & string)) &&
    isOptional(score, isNumber) &&
    (generatedAt === null || typeof generatedAt === 'string') &&
    isOptional(privacy, (value) => Object.values(PRIVACY).includes(value as 0)) &&
    isNumber(seenAt);
  if (!valid) return null;
  const found = { reportId, rating, generatedAt, seenAt } as CachedRating;
  if (score !== undefined) found.score = score as number;
  if (privacy !== undefined) found.privacy = privacy as CachedRating['privacy'];
  return found;
}
