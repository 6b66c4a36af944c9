// What the answers of the saved service leave behind: the rating cache, the badges through it,
// the details the pages show next, and the history of analyses; a report found gone leaves the
// watch list too. And the one create request, which remembers its answer.
import { SiteReportError } from '../api';
import type { CreateReportInput, Report } from '../api/model';
import { forgetProjectAnalyses, forgetReportAnalysis, keepAnalyses } from '../issues/analyses';
import type { QueueClient } from '../jobs/queue/items';
import { forgetProject, forgetReport, rememberReports } from '../rating/cache-writes';
import type { RecentDetails } from '../rating/recent-details';
import { hostOf } from '../url-parts';
import { forgetProjectHistory, forgetReportHistory, warnWatch } from '../watch/history';
import { recordAnalyses } from '../watch/record';
import { changeWatch } from '../watch/store';

// A report or project that is gone leaves the watch list and takes its history with it.
const warnNotSaved = (error: unknown) => warnWatch('update the watch list', error);

async function forgetWatchedReport(serviceUrl: string, reportId: number): Promise<void> {
  await Promise.all([
    forgetReportHistory(serviceUrl, reportId),
    forgetReportAnalysis(serviceUrl, reportId),
    changeWatch(serviceUrl, (watch) => {
      watch.reports = watch.reports.filter((report) => report.id !== reportId);
      for (const [project, members] of Object.entries(watch.members)) {
        watch.members[project] = members.filter((report) => report.id !== reportId);
      }
    }).catch(warnNotSaved),
  ]);
}

async function forgetWatchedProject(serviceUrl: string, name: string): Promise<void> {
  await Promise.all([
    forgetProjectHistory(serviceUrl, name),
    forgetProjectAnalyses(serviceUrl, name),
    changeWatch(serviceUrl, (watch) => {
      const gone = new Set((watch.members[name] ?? []).map((report) => report.id));
      watch.projects = watch.projects.filter((project) => project !== name);
      delete watch.members[name];
      // Services name a project after its reports' host (the rating cache's rule).
      const host = name.toLowerCase();
      watch.reports = watch.reports.filter(
        (report) => !gone.has(report.id) && hostOf(report.url) !== host,
      );
    }).catch(warnNotSaved),
  ]);
}

/** A report or project of the service at `serviceUrl` that is gone (deleted, or found missing). */
export async function forgetGone(
  target: { id: number } | { name: string },
  serviceUrl: string,
  details: RecentDetails,
): Promise<void> {
  if ('id' in target) {
    details.forget(target.id, serviceUrl);
    await Promise.all([
      forgetReport(target.id, serviceUrl),
      forgetWatchedReport(serviceUrl, target.id),
    ]);
    return;
  }
  // Which reports went with the project is not known here.
  details.forgetAll();
  await Promise.all([
    forgetProject(target.name, serviceUrl),
    forgetWatchedProject(serviceUrl, target.name),
  ]);
}

/** Runs `action`; when the report turns out to be gone, nothing of it is kept either. */
export async function forgettingGone<T>(
  id: number,
  serviceUrl: string,
  deps: { recentDetails: RecentDetails },
  action: () => Promise<T>,
): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof SiteReportError && error.kind === 'not_found') {
      await forgetGone({ id }, serviceUrl, deps.recentDetails);
    }
    throw error;
  }
}

/**
 * The reports of an answer: their ratings for the cache (a create's also under `askedUrl`, the
 * address it asked about, when the service gives another), their analyses for the history, and
 * with `details` the one report's details, for the page that shows it next.
 */
export async function rememberAnswer(
  reports: readonly Report[],
  serviceUrl: string,
  { details, askedUrl }: { details?: RecentDetails; askedUrl?: string } = {},
): Promise<void> {
  const [report] = reports;
  if (details && report) details.keep(report, serviceUrl);
  // Not waited for: the history's reads wait for it.
  void recordAnalyses(reports, serviceUrl);
  // The latest checks, for the Issues tab, kept by the same owner as the history. Waited for (it
  // never rejects): the tab reads them from its own page, which cannot wait on this worker's
  // writes, once the job that brought them says it has ended.
  await Promise.all([
    keepAnalyses(reports, serviceUrl),
    rememberReports(reports, serviceUrl, { askedUrl }),
  ]);
}

/**
 * The one create request, of a single create (create-report.ts) and of each create of a job (the
 * queue's effects): sends it, then remembers the report. The service may give another address
 * (where its fetch ended): it is remembered for the address asked too, so the tab's badge finds it.
 */
export async function sendCreateRequest(
  client: Pick<QueueClient, 'reports'>,
  input: CreateReportInput,
  serviceUrl: string,
  details: RecentDetails,
): Promise<Report> {
  const made = await client.reports.create(input);
  // The report is made: a cache that cannot be written does not make it a failure.
  await rememberAnswer([made], serviceUrl, { details, askedUrl: input.url }).catch(() => undefined);
  return made;
}
