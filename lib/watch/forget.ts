// A report or project that is gone (deleted, or found missing) leaves the watch list and takes
// its history with it. Never rejects.
import { forgetProjectHistory, forgetReportHistory, hostOf, warnWatch } from './history';
import { changeWatch } from './store';

const warnNotSaved = (error: unknown) => warnWatch('update the watch list', error);

export async function forgetWatchedReport(serviceUrl: string, reportId: number): Promise<void> {
  await Promise.all([
    forgetReportHistory(serviceUrl, reportId),
    changeWatch(serviceUrl, (watch) => {
      watch.reports = watch.reports.filter((report) => report.id !== reportId);
      for (const [project, members] of Object.entries(watch.members)) {
        watch.members[project] = members.filter((report) => report.id !== reportId);
      }
    }).catch(warnNotSaved),
  ]);
}

export async function forgetWatchedProject(serviceUrl: string, name: string): Promise<void> {
  await Promise.all([
    forgetProjectHistory(serviceUrl, name),
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
