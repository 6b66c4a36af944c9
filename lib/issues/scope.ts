// Which pages the Issues tab looks at ("Show issues for"), and its table over them: all reports
// whose details are kept, the watched pages, or a project's reports (listed from the service, a
// page of 100 at a time, only as many pages as there are).
import type { ErrorData, ListReportsParams, ReportSummary } from '../api/model';
import type { Answer } from '../messaging/protocol';
import { readWatch, watchedReports } from '../watch/store';
import { issueRows } from './aggregate';
import { readAnalyses } from './analyses';
import type { IssueRow, KeptAnalysis } from './model';

export type IssueScope = { kind: 'all' } | { kind: 'watched' } | { kind: 'project'; name: string };

export interface IssuesData {
  rows: IssueRow[];
  /** The scope's reports. */
  total: number;
  /** Those with details kept (and as new as the list says they are). */
  withDetails: number;
  /** The ids of those without: Read details reads them. */
  missing: number[];
}

/** Report id → when its list says it was generated (ms), null or absent when not known. */
export type Members = ReadonlyMap<number, number | null | undefined>;

const PAGE_SIZE = 100;
/** A project larger than this is listed this far (the most a job reads). */
const MAX_LIST_PAGES = 100;

export type ListReports = (params: ListReportsParams) => Promise<Answer<'listReports'>>;

/** Every report of project `name`, page after page while there is a next; or the error. */
export async function listProjectReports(
  name: string,
  list: ListReports,
): Promise<{ ok: true; data: ReportSummary[] } | { ok: false; error: ErrorData }> {
  const reports: ReportSummary[] = [];
  for (let page = 1; page <= MAX_LIST_PAGES; page++) {
    const answer = await list({
      project: name,
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
 * The table over the scope's reports: `members` null means every report with details kept (the
 * history's reports are not walked: one step each, seconds for thousands). A member whose list
 * shows a newer analysis than the details kept has none yet.
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
  return { rows, total: ids.length, withDetails: inScope.length, missing };
}

/** The table for `scope` of `owner`, from what is kept (`members` of a project: listed before). */
export async function readIssues(
  owner: string,
  scope: IssueScope,
  projectMembers?: Members,
): Promise<IssuesData> {
  let members: Members | null = null;
  if (scope.kind === 'watched') {
    members = new Map(
      [...watchedReports(await readWatch(owner)).keys()].map((id) => [id, undefined]),
    );
  } else if (scope.kind === 'project') {
    members = projectMembers ?? new Map();
  }
  return issuesOf(await readAnalyses(owner), members);
}
