// What the handlers share about talking to the saved service: its client, and what its answers
// leave behind (the rating cache, the badges through it, the details the pages show next, and
// the history of analyses; a report found gone leaves the watch list too).
import { SiteReportError } from '../api';
import type { Report } from '../api/model';
import { forgetReport, rememberReports } from '../rating/cache';
import { forgetWatchedReport } from '../watch/forget';
import { recordAnalyses } from '../watch/record';
import type { HandlerDeps } from './deps';
import { NotConnectedError } from './error-data';

export async function clientOf(deps: HandlerDeps) {
  const client = await deps.clients.get();
  if (!client) throw new NotConnectedError();
  return client;
}

/** Runs `action`; when the report turns out to be gone, the cache forgets it too. */
export async function forgettingGone<T>(
  id: number,
  serviceUrl: string,
  deps: HandlerDeps,
  action: () => Promise<T>,
): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof SiteReportError && error.kind === 'not_found') {
      deps.recentDetails.forget(id, serviceUrl);
      await Promise.all([forgetReport(id, serviceUrl), forgetWatchedReport(serviceUrl, id)]);
    }
    throw error;
  }
}

/**
 * A report the service answered with: its rating for the cache (also under `askedUrl`, the
 * address a create asked about, when the service gives another), its details for the pages.
 */
export async function remember(
  report: Report,
  serviceUrl: string,
  deps: HandlerDeps,
  askedUrl?: string,
): Promise<void> {
  deps.recentDetails.keep(report, serviceUrl);
  void recordAnalyses([report], serviceUrl);
  await rememberReports([report], serviceUrl, { askedUrl });
}

/** The reports of a list: their ratings for the cache, their analyses for the history. */
export async function rememberListed(reports: readonly Report[], serviceUrl: string) {
  void recordAnalyses(reports, serviceUrl);
  await rememberReports(reports, serviceUrl);
}
