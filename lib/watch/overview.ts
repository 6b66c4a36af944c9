// What the Watched tab shows, read by the tab itself from what the background keeps: the account
// in use's watch list (`local:watch`, store.ts) and each page's history (IndexedDB, history.ts).
// Each read answers as the background's answers do: its data, or the error to show. `service` is
// the account in use's local id (the settings summary's `account`), null when there is none.
import type { ErrorData } from '../api/model';
import { errorWithText } from '../error-text';
import { latestChange } from './diff';
import { historyOf, readAllHistories, readHistory, toRecord } from './history';
import type { PageWatch, ReportHistory, WatchedPage, WatchOverview } from './model';
import { nextRunOf, readWatch, type WatchedReport, watchedReports } from './store';

export type WatchRead<T> = { ok: true; data: T } | { ok: false; error: ErrorData };

async function ofService<T>(
  service: string | null,
  read: (service: string) => Promise<T>,
): Promise<WatchRead<T>> {
  if (!service) {
    return { ok: false, error: errorWithText({ kind: 'not_connected', reason: 'notConnected' }) };
  }
  try {
    return { ok: true, data: await read(service) };
  } catch {
    return { ok: false, error: errorWithText({ kind: 'unexpected_response', reason: 'unknown' }) };
  }
}

async function watchedPage(
  service: string,
  { id, url, project }: WatchedReport & { project?: string },
): Promise<WatchedPage> {
  const records = (await readHistory(service, id)).map(toRecord);
  const latest = records.at(-1);
  return {
    reportId: id,
    url,
    result: latest?.result ?? null,
    ...(latest?.score !== undefined && { score: latest.score }),
    lastAt: latest?.at ?? null,
    scores: records.flatMap((record) => (record.score === undefined ? [] : [record.score])),
    change: latestChange(records),
    ...(project !== undefined && { project }),
  };
}

export const watchReads = {
  /** The watched pages with their latest analyses, the projects, the schedule and its runs. */
  overview: (service: string | null): Promise<WatchRead<WatchOverview>> =>
    ofService(service, async (service) => {
      const watch = await readWatch(service);
      const pages = await Promise.all(
        [...watchedReports(watch).values()].map((report) => watchedPage(service, report)),
      );
      return {
        pages,
        projects: watch.projects,
        schedule: watch.schedule,
        nextRunAt: nextRunOf(watch, Date.now()),
        lastRunAt: watch.lastRunAt ?? null,
      };
    }),

  /** One report's history; its address from the watch list when no analysis is kept. */
  history: (service: string | null, reportId: number): Promise<WatchRead<ReportHistory>> =>
    ofService(service, async (service) => {
      const [records, watch] = await Promise.all([
        readHistory(service, reportId),
        readWatch(service),
      ]);
      const history = historyOf(reportId, records);
      if (history.url) return history;
      return { ...history, url: watchedReports(watch).get(reportId)?.url ?? '' };
    }),

  /** Every kept history of the saved service, for an export. */
  histories: (service: string | null): Promise<WatchRead<ReportHistory[]>> =>
    ofService(service, readAllHistories),
};

export type WatchReads = typeof watchReads;

/** This page's watch state, for the popup's status: the stored watch and two records. */
export async function pageWatchOf(service: string, reportId: number): Promise<PageWatch> {
  const [watch, records] = await Promise.all([readWatch(service), readHistory(service, reportId)]);
  return {
    watching: watchedReports(watch).has(reportId),
    change: latestChange(records.slice(-2).map(toRecord)),
  };
}
