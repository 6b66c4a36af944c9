// What This page shows about the page's report: the full report once the popup has it, and
// before that what the rating cache knows (no project, perhaps no privacy).
import type { Privacy, Report } from '../api/model';
import type { CachedRating } from '../messaging/protocol';

export type PageOutcome = Pick<Report, 'id' | 'url' | 'rating' | 'score' | 'generatedAt'> & {
  privacy?: Privacy;
};

export function outcomeFromCache(cached: CachedRating, url: string): PageOutcome {
  return {
    id: cached.reportId,
    url,
    rating: cached.rating,
    score: cached.score,
    generatedAt: cached.generatedAt,
    privacy: cached.privacy,
  };
}
