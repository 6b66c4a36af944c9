// Which pages the Issues tab looks at ("Show issues for"), and its table over them: all reports
// (the counts kept with the details, against the account's total the Reports list last gave), the
// watched pages, or a project's reports (listed from the service, a page of 100 at a time, only as
// many pages as there are).
import type { ErrorData, ListReportsParams, ReportSummary } from '../api/model';
import type { Answer } from '../messaging/protocol';
import { lastPageItem } from '../reports/last-page';
import { readWatch, watchedReports } from '../watch/store';
import { failingPages, issueRows, summaryRows } from './aggregate';
import { readAnalyses, readAnalysesOf, readFailingPages, readSummary } from './analyses';
import type { FailingPage, IssueRow, IssueWithPages, KeptAnalysis } from './model';

export type IssueScope = { kind: 'all' } | { kind: 'watched' } | { kind: 'project'; name: string };

/**
 * Where a row's pages come from: the owner's kept analyses, read a check at a time (All reports),
 * or the scope's analyses, read already.
 */
export type IssuesSource =
  | { kind: 'kept'; owner: string }
  | { kind: 'read'; analyses: readonly KeptAnalysis[] };

export interface IssuesData {
  rows: IssueRow[];
  /** The scope's reports. */
  total: number;
  /** Those with details kept (and as new as the list says they are). */
  withDetails: number;
  /** How many have none. */
  missing: number;
  /** Their ids, when known (Read details reads them); for All reports they are listed first. */
  missingIds?: number[];
  source: IssuesSource;
}

/** Report id → when its list says it was generated (ms), null or absent when not known. */
export type Members = ReadonlyMap<number, number | null | undefined>;

const PAGE_SIZE = 100;
/** A project (or account) larger than this is listed this far (the most a job reads). */
const MAX_LIST_PAGES = 100;

export type ListReports = (params: ListReportsParams) => Promise<Answer<'listReports'>>;
type Listed = { ok: true; data: ReportSummary[] } | { ok: false; error: ErrorData };

/** Every report of the list (`project`'s, or the account's), page after page; or the error. */
async function listEvery(list: ListReports, project?: string): Promise<Listed> {
  const reports: ReportSummary[] = [];
  for (let page = 1; page <= MAX_LIST_PAGES; page++) {
    const answer = await list({
      ...(project !== undefined && { project }),
      perPage: PAGE_SIZE,
      page,
      sortBy: 'id',
      sort: 'asc',
    });
    if (!answer.ok) return answer;
    reports.push(...answer.data.items);
    if (!answer.data.hasNext || answer.data.items.length === 0) break;
  }
  return { ok: true, data: reports };
}

/** Every report of project `name`, page after page while there is a next; or the error. */
export const listProjectReports = (name: string, list: ListReports) => listEvery(list, name);

/** Every report of the account (as far as a project is listed); or the error. */
export const listAccountReports = (list: ListReports) => listEvery(list);

/** The project's reports as members: each with the time its list gives. */
export function membersOf(reports: readonly ReportSummary[]): Members {
  return new Map(
    reports.map((report) => {
      const at = report.generatedAt === null ? null : Date.parse(report.generatedAt);
      return [report.id, Number.isFinite(at) ? at : null];
    }),
  );
}

/**
 * The table over the scope's reports, `analyses` being those kept of them: `members` null means
 * every report with details kept. A member whose list shows a newer analysis than the details
 * kept has none yet.
 */
export function issuesOf(analyses: readonly KeptAnalysis[], members: Members | null): IssuesData {
  const byId = new Map(analyses.map((analysis) => [analysis.reportId, analysis]));
  const ids = members ? [...members.keys()] : [...byId.keys()];
  const inScope: KeptAnalysis[] = [];
  const missing: number[] = [];
  for (const id of ids) {
    const analysis = byId.get(id);
    const listedAt = members?.get(id);
    const stale = analysis && listedAt != null && analysis.at !== null && analysis.at < listedAt;
    if (analysis && !stale) inScope.push(analysis);
    else missing.push(id);
  }
  const rows = issueRows(inScope);
  return {
    rows,
    total: ids.length,
    withDetails: inScope.length,
    missing: missing.length,
    missingIds: missing,
    source: { kind: 'read', analyses: inScope },
  };
}

/** Filters that make a list less than the account's. */
const NARROWING = ['search', 'project', 'result'] as const;

/**
 * How many reports the account has, as the Reports tab's list last said (kept in
 * storage.session: no request); null when the list kept is another account's, or filtered.
 */
export async function accountTotal(owner: string): Promise<number | null> {
  try {
    const kept = await lastPageItem.getValue();
    if (!kept || kept.service !== owner) return null;
    const params = JSON.parse(kept.key) as Record<string, unknown>;
    if (NARROWING.some((name) => params[name] !== undefined)) return null;
    const { total, hasNext, items, page, perPage } = kept.data;
    if (total !== undefined) return total;
    return hasNext ? null : (page - 1) * perPage + items.length;
  } catch {
    return null;
  }
}

/** All reports: the owner's counts, against the account's `total` when it is known. */
async function allIssues(owner: string): Promise<IssuesData> {
  const [summary, listed] = await Promise.all([readSummary(owner), accountTotal(owner)]);
  if (!summary) throw new Error('The details kept could not be read.');
  const kept = summary.reports;
  const total = Math.max(listed ?? kept, kept);
  return {
    rows: summaryRows(summary),
    total,
    withDetails: kept,
    missing: total - kept,
    source: { kind: 'kept', owner },
  };
}

/**
 * The table for `scope` of `owner`, from what is kept (`members` of a project: listed before).
 * All reports reads the owner's counts only; the watched pages and a project read their reports'
 * analyses by id.
 */
export async function readIssues(
  owner: string,
  scope: IssueScope,
  projectMembers?: Members,
): Promise<IssuesData> {
  if (scope.kind === 'all') return allIssues(owner);
  const members: Members =
    scope.kind === 'watched'
      ? new Map([...watchedReports(await readWatch(owner)).keys()].map((id) => [id, undefined]))
      : (projectMembers ?? new Map());
  return issuesOf(await readAnalysesOf(owner, members.keys()), members);
}

/** The first `count` pages failing check `key`, in the order of their ids. */
export async function pagesFailing(
  source: IssuesSource,
  key: string,
  count: number,
): Promise<FailingPage[]> {
  if (source.kind === 'read') return failingPages(source.analyses, key).slice(0, count);
  return readFailingPages(source.owner, key, count);
}

/** Every row with its pages, for the exports (All reports: every analysis read, once). */
export async function issuesWithPages(source: IssuesSource): Promise<IssueWithPages[]> {
  return issueRows(source.kind === 'read' ? source.analyses : await readAnalyses(source.owner));
}

/**
 * The account's reports without details, for All reports' Read details: its list read (paced by
 * the background, as a project's), then what is kept of them.
 */
export async function missingOfAccount(
  owner: string,
  list: ListReports,
): Promise<{ ok: true; ids: number[] } | { ok: false; error: ErrorData }> {
  const listed = await listAccountReports(list);
  if (!listed.ok) return listed;
  const members = membersOf(listed.data);
  const data = issuesOf(await readAnalysesOf(owner, members.keys()), members);
  return { ok: true, ids: data.missingIds ?? [] };
}
