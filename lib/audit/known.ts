// Which candidate addresses of Add pages already have a report on the saved service: from the
// rating cache, then from the service's list, searched by each host (bounded: see below); which
// are queued to be created already (in a job not over); which were sent by a job now over with
// their outcome unknown; and which the bounds left unchecked. Runs in the background, which alone
// talks to the service.
import type { SiteReportClient } from '../api';
import { SiteReportError } from '../api/errors';
import type { Rating, Report } from '../api/model';
import { addressCore } from '../jobs/queue/items';
import { isFinished, type Job, type JobService } from '../jobs/schema';
import { sameService } from '../jobs/service';
import { cachedRatingFor } from '../rating/cache';
import { searchHostOf } from '../url-parts';

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

/** A 429's Retry-After (seconds) when this lookup may wait it out, else undefined. */
function waitableRetryAfter(error: unknown): number | undefined {
  if (!(error instanceof SiteReportError) || error.kind !== 'rate_limited') return undefined;
  const after = error.retryAfterSeconds;
  return after !== undefined && after <= MAX_KNOWN_WAIT_SECONDS ? after : undefined;
}

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
  /** Candidates without a known report, not queued, whose create in a job now over (cancelled,
   * failed) was sent with its outcome unknown: it may have made a report. */
  unknown: string[];
  /** The rest of the candidates without a known report whose host's reports the bounds left
   * partly unread: they may have one. */
  unchecked: string[];
  /** False when the bounds left hosts or pages of the list unread. */
  complete: boolean;
}

/** The addresses (as `addressCore`) of creates in jobs: still to come, or of unknown outcome. */
export interface JobCreates {
  queued: ReadonlySet<string>;
  unknown: ReadonlySet<string>;
}

const NO_CREATES: JobCreates = { queued: new Set(), unknown: new Set() };

/**
 * The creates of `service`'s create and audit jobs: queued while waiting in a job not over, being
 * sent (even in a cancelled job: its answer is still to come), or of unknown outcome that their
 * job not over still looks for; of unknown outcome otherwise (sent, answer lost, never found, or
 * its job cancelled or over), which no job will ever settle.
 */
export function jobCreates(jobs: readonly Job[], service: JobService): JobCreates {
  const queued = new Set<string>();
  const unknown = new Set<string>();
  for (const job of jobs) {
    if (!sameService(job.service, service)) continue;
    const over = isFinished(job);
    // Only create and audit jobs have creates (KIND_OPS).
    for (const { op, state, reconcileAt } of job.items) {
      if (op.type !== 'create') continue;
      const core = addressCore(op.url);
      if (state === 'running' || (!over && state === 'waiting')) queued.add(core);
      else if (state === 'unknown') {
        (!over && reconcileAt !== undefined ? queued : unknown).add(core);
      }
    }
  }
  return { queued, unknown };
}

/** The addresses whose create is queued (see jobCreates). */
export const queuedCreates = (jobs: readonly Job[], service: JobService) =>
  jobCreates(jobs, service).queued;

/**
 * The candidates with a known report (the cache's first, then the service's newest), and those
 * without one whose create is `queued` (address cores, from queuedCreates).
 */
export async function findKnownPages(
  urls: readonly string[],
  client: Pick<SiteReportClient, 'baseUrl'> & {
    /** The account whose cache is looked at (AccountClient's). */
    accountId: string;
    reports: Pick<SiteReportClient['reports'], 'list'>;
  },
  cache: unknown,
  creates: JobCreates = NO_CREATES,
  wait: (ms: number) => Promise<void> = delay,
): Promise<KnownPages> {
  const known = new Map<string, KnownPage>();
  const byCore = new Map<string, string[]>();
  const hosts = new Set<string>();
  for (const url of urls) {
    const cached = cachedRatingFor(cache, url, client.accountId);
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
    const host = searchHostOf(url);
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
      const after = waited ? undefined : waitableRetryAfter(error);
      if (after === undefined) throw error;
      waited = true;
      await wait(after * 1000);
      return client.reports.list(params);
    }
  };

  // Hosts whose reports were all read: a candidate there without one has none.
  const checked = new Set<string>();
  let pagesRead = 0;
  if (byCore.size > 0) {
    for (const host of [...hosts].slice(0, MAX_KNOWN_HOSTS)) {
      for (let page = 1; pagesRead < MAX_KNOWN_LIST_PAGES; page++) {
        pagesRead += 1;
        const answer = await list({
          search: host,
          sortBy: 'id',
          sort: 'desc',
          perPage: 100,
          page,
        });
        for (const report of answer.items) found(report);
        if (!answer.hasNext) {
          checked.add(host);
          break;
        }
      }
    }
  }
  const queued: string[] = [];
  const unknown: string[] = [];
  const unchecked: string[] = [];
  for (const url of urls) {
    if (known.has(url)) continue;
    const core = addressCore(url);
    if (creates.queued.has(core)) queued.push(url);
    else if (creates.unknown.has(core)) unknown.push(url);
    else if (!checked.has(searchHostOf(url) ?? '')) unchecked.push(url);
  }
  return {
    known: [...known.values()],
    queued,
    unknown,
    unchecked,
    complete: [...hosts].every((host) => checked.has(host)),
  };
}
