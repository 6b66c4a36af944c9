// The background's answer to Add pages' "which of these have a report?": the client and the
// service the queue's jobs are matched by come from one read of the saved settings (the one
// client source), so both are always those of the same settings.

import { findKnownPages, jobCreates, type KnownPages } from '../audit/known';
import { NotConnectedError } from '../errors';
import { jobsItem, parseStoredJobs } from '../jobs/schema';
import { ratingCacheItem } from '../rating/cache';
import { keepWorkerAlive } from '../service/keep-alive';
import type { HandlerDeps } from './deps';

export async function knownPagesOfSaved(
  urls: readonly string[],
  deps: Pick<HandlerDeps, 'clients'>,
): Promise<KnownPages> {
  const saved = await deps.clients.saved();
  if (!saved) throw new NotConnectedError();
  const { client, service } = saved;
  const [cache, jobs] = await Promise.all([ratingCacheItem.getValue(), jobsItem.getValue()]);
  // It may wait out a 429 (known.ts): the worker is kept alive meanwhile.
  return keepWorkerAlive(
    findKnownPages(urls, client, cache, jobCreates(parseStoredJobs(jobs), service)),
  );
}
