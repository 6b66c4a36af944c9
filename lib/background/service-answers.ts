// What each account's answers leave behind, kept under its id: the rating cache, the badges,
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

async function forgetWatchedReport(account: string, reportId: number): Promise<void> {
  await Promise.all([
    forgetReportHistory(account, reportId),
    forgetReportAnalysis(account, reportId),
    changeWatch(account, (watch) => {
      watch.reports = watch.reports.filter((report) => report.id !== reportId);
      for (const [project, members] of Object.entries(watch.members)) {
        watch.members[project] = members.filter((report) => report.id !== reportId);
      }
    }).catch(warnNotSaved),
  ]);
}

async function forgetWatchedProject(account: string, name: string): Promise<void> {
  await Promise.all([
    forgetProjectHistory(account, name),
    forgetProjectAnalyses(account, name),
    changeWatch(account, (watch) => {
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

/** A report or project of account `account` that is gone (deleted, or found missing). */
export async function forgetGone(
  target: { id: number } | { name: string },
  account: string,
  details: RecentDetails,
): Promise<void> {
  if ('id' in target) {
    details.forget(target.id, account);
    await Promise.all([forgetReport(target.id, account), forgetWatchedReport(account, target.id)]);
    return;
  }
  // Which reports went with the project is not known here.
  details.forgetAll();
  await Promise.all([
    forgetProject(target.name, account),
    forgetWatchedProject(account, target.name),
  ]);
}

/** Runs `action`; when the report turns out to be gone, nothing of it is kept either. */
export async function forgettingGone<T>(
  id: number,
  account: string,
  deps: { recentDetails: RecentDetails },
  action: () => Promise<T>,
): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof SiteReportError && error.kind === 'not_found') {
      await forgetGone({ id }, account, deps.recentDetails);
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
  account: string,
  { details, askedUrl }: { details?: RecentDetails; askedUrl?: string } = {},
): Promise<void> {
  const [report] = reports;
  if (details && report) details.keep(report, account);
  // Not waited for: the history's reads wait for it.
  void recordAnalyses(reports, account);
  // The latest checks, for the Issues tab, kept by the same owner as the history. Waited for (it
  // never rejects): the tab reads them from its own page, which cannot wait on this worker's
  // writes, once the job that brought them says it has ended.
  await Promise.all([
    keepAnalyses(reports, account),
    rememberReports(reports, account, { askedUrl }),
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
  account: string,
  details: RecentDetails,
): Promise<Report> {
  const made = await client.reports.create(input);
  // The report is made: a cache that cannot be written does not make it a failure.
  await rememberAnswer([made], account, { details, askedUrl: input.url }).catch(() => undefined);
  return made;
}
