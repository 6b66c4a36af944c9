// The background's answer to Add pages' "which of these have a report?": the client and the
// service the queue's jobs are matched by come from one read of the saved settings, so both are
// always those of the same settings (a key changed meanwhile cannot pair one with the other).
import type { RateInfo } from '../api/rate-info';
import type { HandlerDeps } from '../background/deps';
import { NotConnectedError } from '../background/error-data';
import { keepWorkerAlive } from '../background/keep-alive';
import { jobsItem, parseStoredJobs } from '../jobs/jobs';
import { backgroundQueue } from '../jobs/queue';
import { serviceOf } from '../jobs/service';
import { ratingCacheItem } from '../rating/cache';
import { isConnected } from '../settings';
import { findKnownPages, jobCreates, type KnownPages } from './known';

export async function knownPagesOfSaved(
  urls: readonly string[],
  deps: Pick<HandlerDeps, 'loadSettings' | 'createClient'>,
  /** Told what each answer says of the rate limit: the queue's pacer, as for the handlers. */
  tell: (info: RateInfo, serviceUrl: string) => void = (info, serviceUrl) =>
    backgroundQueue().noteRateInfo(info, serviceUrl),
): Promise<KnownPages> {
  const { settings } = await deps.loadSettings();
  if (!isConnected(settings)) throw new NotConnectedError();
  const { serviceUrl: baseUrl, apiKey } = settings;
  const client = deps.createClient({
    baseUrl,
    apiKey,
    onRateInfo: (info) => tell(info, baseUrl),
  });
  const [cache, jobs, service] = await Promise.all([
    ratingCacheItem.getValue(),
    jobsItem.getValue(),
    serviceOf(baseUrl, apiKey),
  ]);
  // It may wait out a 429 (known.ts): the worker is kept alive meanwhile.
  return keepWorkerAlive(
    findKnownPages(urls, client, cache, jobCreates(parseStoredJobs(jobs), service)),
  );
}
