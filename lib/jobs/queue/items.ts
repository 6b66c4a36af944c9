// One item's request, and what its failure means. A create is sent again only when provably not
// taken; once sent, a lost answer leaves its fate unknown and it is never repeated.
import { type SiteReportClient, SiteReportError } from '../../api';
import { DEFAULT_ANALYSIS_TIMEOUT_MS } from '../../api/client';
import type { CreateReportInput, ErrorData, Plan, Report, ReportPage } from '../../api/model';
import { isQuotaRefusal } from '../../api/quota';
import { errorWithText } from '../../error-text';
import { errorData, NotConnectedError } from '../../errors';
import { searchHostOf } from '../../url-parts';
import type { JobOp } from '../schema';

/** What the queue uses of the API client. */
export interface QueueClient {
  reports: Pick<SiteReportClient['reports'], 'create' | 'update' | 'delete' | 'list' | 'get'>;
  projects: Pick<SiteReportClient['projects'], 'delete'>;
}

/** Attempts of a read, update or delete that end in a network or service failure. */
export const MAX_TRIES = 3;

/** The job's password was needed but is gone (the browser restarted): nothing was sent. */
export class PasswordGoneError extends Error {
  override readonly name = 'PasswordGoneError';
}

/**
 * Sends `op`: the report of a create or update, the page of a list, nothing for a delete. A create
 * goes through `create`, the one create request (which remembers its answer).
 */
export async function perform(
  client: QueueClient,
  op: JobOp,
  password: () => Promise<string | undefined>,
  signal: AbortSignal,
  create: (input: CreateReportInput) => Promise<Report>,
): Promise<Report | ReportPage | undefined> {
  const secret = 'privacy' in op && op.privacy === 2 ? await password() : undefined;
  if ('privacy' in op && op.privacy === 2 && !secret) throw new PasswordGoneError();
  switch (op.type) {
    case 'create':
      return create({ url: op.url, privacy: op.privacy, password: secret });
    case 'update': {
      const { privacy, results } = op;
      return client.reports.update(op.id, { privacy, password: secret, results });
    }
    case 'deleteReport':
      await client.reports.delete(op.id);
      return undefined;
    case 'deleteProject':
      await client.projects.delete(op.name);
      return undefined;
    case 'listPage':
      return client.reports.list(op.params, { signal });
    case 'read':
      return client.reports.get(op.id, { signal });
  }
}

/**
 * An address as the service may have stored it after following redirects: no scheme, no `www.`,
 * no trailing `/`. Also what a report is searched by, as the service's search finds any part.
 */
export function addressCore(url: string): string {
  try {
    const { host, pathname, search } = new URL(url);
    return `${host.replace(/^www\./, '')}${pathname}${search}`.replace(/\/+$/, '');
  } catch {
    return url;
  }
}

/**
 * The service's clock and the browser's may differ: a report made this much before the create
 * was sent (by the browser's clock) still counts as made by it. Clocks further apart make a lost
 * create's report unfindable, and its fate stays unknown: never sent again on a guess.
 */
const CLOCK_SKEW_MS = 60_000;

/**
 * The report a create of unknown fate made, if the service has it: among the reports of the same
 * host created after the create was sent (within the analysis window), the newest with the same
 * address (see addressCore), else the only one, whatever its path (the service stores the address
 * its fetch ended on, which may have another path). Null when there is none, or several.
 */
export async function findMade(
  client: QueueClient,
  url: string,
  sentAt: number,
  signal: AbortSignal,
): Promise<Report | null> {
  const core = addressCore(url);
  const host = searchHostOf(url);
  const madeAfterSend = (report: Report) => {
    const createdAt = report.createdAt === null ? Number.NaN : Date.parse(report.createdAt);
    return (
      createdAt >= sentAt - CLOCK_SKEW_MS &&
      createdAt <= sentAt + DEFAULT_ANALYSIS_TIMEOUT_MS + CLOCK_SKEW_MS
    );
  };
  const newest = (reports: Report[]) =>
    reports.reduce<Report | null>((found, r) => (found && found.id > r.id ? found : r), null);
  const PAGE = 100;
  const search = async (text: string) =>
    (
      await client.reports.list(
        { search: text, sortBy: 'id', sort: 'desc', perPage: PAGE },
        { signal },
      )
    ).items;
  const sameAddress = (reports: Report[]) =>
    reports.filter((r) => madeAfterSend(r) && addressCore(r.url) === core);

  const listed = host === null ? [] : await search(host);
  const onHost = listed.filter((r) => madeAfterSend(r) && searchHostOf(r.url) === host);
  // A busy host may have more reports than one page holds: then the address itself is searched.
  const found =
    newest(sameAddress(listed)) ??
    (host !== null && listed.length < PAGE ? null : newest(sameAddress(await search(core))));
  if (found) return found;
  return onHost.length === 1 ? (onHost[0] ?? null) : null;
}

/** What becomes of an item whose request failed. */
export type Verdict =
  /** As good as done: a delete of something already gone. */
  | { next: 'done' }
  /** Provably not taken (a 429): send it again when the limit allows. */
  | { next: 'waiting' }
  /** Key rejected, no API access, not connected: the jobs wait for the user. */
  | { next: 'pause'; error: ErrorData }
  /** A read, update or delete to try again. */
  | { next: 'retry'; error: ErrorData }
  /** A create refused for the monthly quota: failed, and no more creates are sent. */
  | { next: 'quotaUsedUp'; error: ErrorData }
  | { next: 'failed' | 'unknown' | 'cancelled'; error: ErrorData };

/** A create that was sent and got no answer that can be read: it may or may not exist now. */
export function fateUnknown(kind: ErrorData['kind'] = 'network', status?: number): ErrorData {
  return errorWithText({ kind, reason: 'fateUnknown', status });
}

/** `plan`: the service's, as GET /account told it (a quota refusal may depend on it). */
export function verdictOf(op: JobOp, error: unknown, tries: number, plan?: Plan | null): Verdict {
  if (error instanceof NotConnectedError) return { next: 'pause', error: errorData(error) };
  if (error instanceof PasswordGoneError) {
    return {
      next: 'failed',
      error: errorWithText({ kind: 'invalid_input', reason: 'passwordGone' }),
    };
  }
  const data = errorData(error);
  if (!(error instanceof SiteReportError)) return { next: 'failed', error: data };
  const create = op.type === 'create';
  switch (error.kind) {
    case 'aborted':
      return { next: 'cancelled', error: data };
    case 'rate_limited':
      return { next: 'waiting' };
    case 'unauthorized':
      return { next: 'pause', error: data };
    case 'forbidden':
      // A refusal about one report is that item's failure; only "no API access" stops every job.
      return error.reason === 'reportRefused'
        ? { next: 'failed', error: data }
        : { next: 'pause', error: data };
    case 'not_found':
      return op.type === 'deleteReport' || op.type === 'deleteProject'
        ? { next: 'done' }
        : { next: 'failed', error: data };
    case 'network':
    case 'timeout':
      if (create) return { next: 'unknown', error: fateUnknown(error.kind) };
      return tries + 1 < MAX_TRIES
        ? { next: 'retry', error: data }
        : { next: 'failed', error: data };
    case 'server':
      // A 503 says the service did not take the request (unavailable, in maintenance). A
      // gateway's 502 or 504, or a 500 while acting, does not prove it did not make the report.
      if (create && error.status === 503) return { next: 'failed', error: data };
      if (create) return { next: 'unknown', error: fateUnknown(error.kind, error.status) };
      return tries + 1 < MAX_TRIES
        ? { next: 'retry', error: data }
        : { next: 'failed', error: data };
    case 'validation':
      if (create && isQuotaRefusal(error, plan)) return { next: 'quotaUsedUp', error: data };
      return { next: 'failed', error: data };
    case 'unexpected_response':
      // A create answered 2xx in a form not understood was taken, but its report is not known.
      if (create && error.status !== undefined && error.status < 300) {
        return { next: 'unknown', error: fateUnknown(error.kind) };
      }
      return { next: 'failed', error: data };
    default:
      return { next: 'failed', error: data };
  }
}
