// What This page shows of its report and its queued create, as plain functions of what it knows.
import type { ErrorData, Privacy, Report } from '../api/model';
import { MAX_RETRY_AFTER_SECONDS } from '../job-limits';
import type { CachedRating } from '../rating/cache';
import { searchHostOf } from '../url-parts';
import { WORKSPACE_PATH } from './open-workspace';

/** The page's report: in full once the popup has it, before that what the rating cache knows. */
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

/**
 * Whether a create that failed with `error` may go to the queue: the service provably did not
 * take it (a 429, or the background did not send it). A create that was sent and got no answer
 * may have been made: it is never offered again.
 */
export function canQueueCreate(error: ErrorData | null | undefined): boolean {
  return error?.kind === 'rate_limited' || error?.reason === 'notSent';
}

/** "Create when possible": the create as one queued job, with the wait the service asked for. */
export function queuedCreateRequest(
  url: string,
  tabId: number | undefined,
  { privacy, password }: { privacy: Privacy; password?: string },
  error: ErrorData,
) {
  return {
    type: 'enqueueJob' as const,
    kind: 'create' as const,
    items: [{ type: 'create' as const, url, privacy, ...(tabId !== undefined && { tabId }) }],
    ...(password !== undefined && { password }),
    ...(error.retryAfterSeconds !== undefined && {
      retryAfterSeconds: Math.min(error.retryAfterSeconds, MAX_RETRY_AFTER_SECONDS),
    }),
  };
}

/**
 * The workspace's Reports searched for the page's host, where a report of unknown outcome is
 * looked for (the service may have stored it under another path of the same host).
 */
export function findInReportsAddress(url: string): string {
  const search = searchHostOf(url) ?? url;
  return `${WORKSPACE_PATH}#${new URLSearchParams({ tab: 'reports', search })}`;
}
