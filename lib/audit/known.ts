// Which candidate addresses of Add pages already have a report on the saved service: from the
// rating cache, then from the service's list, searched by each host (bounded: see below); and
// which are queued to be created already (in a job not over). Runs in the background, which alone
// talks to the service.
import type { SiteReportClient } from '../api';
import { SiteReportError } from '../api/errors';
import type { Rating, Report } from '../api/model';
import { addressCore } from '../jobs/queue/items';
import { isFinished, type Job, type JobService } from '../jobs/schema';
import { sameService } from '../jobs/service';
import { cachedRatingFor } from '../rating/cache';
import { hostOf } from '../url-parts';

/** At most this many hosts are searched, in the order the candidates name them… */
export const MAX_KNOWN_HOSTS = 10;
/** …and at most this many list pages (of 100 reports) are read in all. */
export const MAX_KNOWN_LIST_PAGES = 20;

/**
 * The lookup runs beside the queue, which may be using up the service's rate limit. The client
 * waits out a 429's Retry-After of up to 10 s itself; a longer one, up to a rate-limit window
 * (a minute) and this bound, is waited out here once per lookup. Longer, or a second 429, fails
 * the lookup: Add pages then says when to try again, and sends nothing.
 */
export const MAX_KNOWN_WAIT_SECONDS = 65;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface KnownPage {
  /** The candidate's address, as asked. */
  url: string;
  reportId: number;
  rating: Rating | null;
  score?: number;
  /** The address the service gives for the report (it may differ: redirects). */
  reportUrl: string;
}

export interface KnownPages {
  known: KnownPage[];
  /** Candidates (as asked) without a known report whose create is queued already. */
  queued: string[];
  /** False when the bounds left hosts or pages of the list unread. */
  complete: boolean;
}

/**
 * The addresses (as `addressCore`) that `service`'s create and audit jobs still mean to create:
 * creates waiting, being sent, or sent with their fate unknown, in jobs not over. A cancelled
 * job's create that was under way may yet make its report: it counts too.
 */
export function queuedCreates(jobs: readonly Job[], service: JobService): Set<string> {
  const queued = new Set<string>();
  for (const job of jobs) {
    const cancelled = job.state === 'cancelled';
    if ((isFinished(job) && !cancelled) || !sameService(job.service, service)) continue;
    // Only create and audit jobs have creates (KIND_OPS).
    for (const { op, state } of job.items) {
      const open =
        state === 'running' || state === 'unknown' || (state === 'waiting' && !cancelled);
      if (open && op.type === 'create') queued.add(addressCore(op.url));
    }
  }
  return queued;
}

/**
 * The candidates with a known report (the cache's first, then the service's newest), and those
 * without one whose create is `queued` (address cores, from queuedCreates).
 */
export async function findKnownPages(
  urls: readonly string[],
  client: Pick<SiteReportClient, 'baseUrl'> & {
    reports: Pick<SiteReportClient['reports'], 'list'>;
  },
  cache: unknown,
  queued: ReadonlySet<string> = new Set(),
  wait: (ms: number) => Promise<void> = delay,
): Promise<KnownPages> {
  const known = new Map<string, KnownPage>();
  const byCore = new Map<string, string[]>();
  const hosts = new Set<string>();
  for (const url of urls) {
    const cached = cachedRatingFor(cache, url, client.baseUrl);
    if (cached) {
      known.set(url, {
        url,
        reportId: cached.reportId,
        rating: cached.rating,
        ...(cached.score !== undefined && { score: cached.score }),
        reportUrl: url,
      });
      continue;
    }
    const core = addressCore(url);
    byCore.set(core, [...(byCore.get(core) ?? []), url]);
    const host = hostOf(url)?.replace(/^www\./, '') ?? null;
    if (host) hosts.add(host);
  }

  const found = (report: Report) => {
    for (const url of byCore.get(addressCore(report.url)) ?? []) {
      const before = known.get(url);
      if (before && before.reportId > report.id) continue;
      known.set(url, {
        url,
        reportId: report.id,
        rating: report.rating,
        ...(report.score !== undefined && { score: report.score }),
        reportUrl: report.url,
      });
    }
  };

  let waited = false;
  const list: typeof client.reports.list = async (params) => {
    try {
      return await client.reports.list(params);
    } catch (error) {
      // A 429's Retry-After, when this lookup may wait it out.
      const after = error instanceof SiteReportError ? error.retryAfterSeconds : undefined;
      if (waited || after === undefined || after > MAX_KNOWN_WAIT_SECONDS) throw error;
      waited = true;
      await wait(after * 1000);
      return client.reports.list(params);
    }
  };

  let complete = hosts.size <= MAX_KNOWN_HOSTS;
  let pagesRead = 0;
  if (byCore.size > 0) {
    for (const host of [...hosts].slice(0, MAX_KNOWN_HOSTS)) {
      for (let page = 1; ; page++) {
        if (pagesRead >= MAX_KNOWN_LIST_PAGES) {
          complete = false;
          break;
        }
        pagesRead += 1;
        const answer = await list({
          search: host,
          sortBy: 'id',
          sort: 'desc',
          perPage: 100,
          page,
        });
        for (const report of answer.items) found(report);
        if (!answer.hasNext) break;
      }
    }
  }
  const waiting = urls.filter((url) => !known.has(url) && queued.has(addressCore(url)));
  return { known: [...known.values()], queued: waiting, complete };
}
