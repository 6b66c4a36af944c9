// The one way a report is created (the popup's Create, the right-click menu, the keyboard
// command; a job's creates send the same request, sendCreateRequest): refused offline (provably
// not sent), sent as a one-item job the queue watches while it is out (a reopened popup finds it
// under way, and a lost answer is looked for before anything is said, so no page gets two
// reports), then its rating waited for.
import { PRIVACY } from '../api/constants';
import {
  type CreateReportInput,
  type ErrorData,
  type ReportSummary,
  toSummary,
} from '../api/model';
import { errorWithText } from '../error-text';
import { ExplainedError, errorData, NotConnectedError } from '../errors';
import { waitShared } from '../rating/shared-waits';
import { type AccountClient, clientOf, type SavedClient } from '../service/client-source';
import type { HandlerDeps } from './deps';
import { backgroundQueue } from './queue';
import { forgettingGone, rememberAnswer, sendCreateRequest } from './service-answers';

export interface Created {
  /** The report, with its rating unless waiting for it failed. */
  report: ReportSummary;
  /** Why waiting for the rating failed; the report is made all the same. */
  waitError?: ErrorData;
}

/**
 * Creates the report and waits for its rating. `signal`: the page that asked has gone; the wait
 * ends, the create goes on (the queue follows it). Throws only when nothing was made, or when
 * whether it was is unknown.
 */
export async function createReport(
  input: CreateReportInput,
  deps: HandlerDeps,
  signal?: AbortSignal,
): Promise<Created> {
  // Offline, the create provably was not sent: it may be queued ("Create when possible").
  if (!deps.isOnline()) {
    throw new ExplainedError(errorWithText({ kind: 'network', reason: 'notSent' }));
  }
  // The client and the service its job is stored for, from one read of the settings; the
  // rating is waited for with the same client.
  const saved = await deps.clients.saved();
  if (!saved) throw new NotConnectedError();
  const report = await sendCreate(input, deps, saved);
  if (report.rating !== null) return { report };
  try {
    return { report: await waitWith(saved.client, report.id, deps, signal) };
  } catch (error) {
    return { report, waitError: errorData(error) };
  }
}

/** Sends the create, watched as a one-item job (unwatched when it cannot be stored). */
async function sendCreate(
  input: CreateReportInput,
  deps: HandlerDeps,
  { client, service }: SavedClient,
): Promise<ReportSummary> {
  const create = () => sendCreateRequest(client, input, client.accountId, deps.recentDetails);
  const op = { url: input.url, privacy: input.privacy ?? PRIVACY.public };
  return backgroundQueue().watchedCreate(op, service, create);
}

/**
 * One poll per report, shared by every waiter (shared-waits.ts); it stops when the last waiter
 * leaves. A waiter with a `signal` (a page's port) leaves when it aborts; others stay until the
 * answer.
 */
export async function waitForRating(
  id: number,
  deps: HandlerDeps,
  signal?: AbortSignal,
): Promise<ReportSummary> {
  return waitWith(await clientOf(deps), id, deps, signal);
}

async function waitWith(
  client: AccountClient,
  id: number,
  deps: HandlerDeps,
  signal?: AbortSignal,
): Promise<ReportSummary> {
  const poll = async (stop: AbortSignal) => {
    const report = await forgettingGone(id, client.accountId, deps, () =>
      client.reports.waitForResult(id, { signal: stop }),
    );
    await rememberAnswer([report], client.accountId, { details: deps.recentDetails });
    return report;
  };
  return toSummary(await waitShared(client, id, poll, signal));
}
