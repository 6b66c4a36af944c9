// The Issues table: the checks failing across a scope's pages, each with its pages, and what
// changed since those pages' previous analysis where it is known (kept with each analysis, from
// the history: analyses.ts).
import type { IssuesSummary } from '../watch/issues-summary';
import type { FailingPage, IssueRow, IssueWithPages, KeptAnalysis, KeptCheck } from './model';

const RANK: Record<KeptCheck['importance'], number> = { high: 0, medium: 1, low: 2 };

interface Tally {
  row: IssueWithPages;
  newlyFailing: number;
  fixed: number;
}

/**
 * The rows: one per check that fails on a page (or was fixed on one), the most important first,
 * then those failing on most pages, then by key.
 */
export function issueRows(analyses: readonly KeptAnalysis[]): IssueWithPages[] {
  const tallies = new Map<string, Tally>();
  const tallyOf = (key: string, importance: KeptCheck['importance']) => {
    let tally = tallies.get(key);
    if (!tally) {
      const row: IssueWithPages = {
        key,
        importance,
        pages: 0,
        failing: [],
        withDetails: analyses.length,
        change: null,
      };
      tally = { row, newlyFailing: 0, fixed: 0 };
      tallies.set(key, tally);
    } else if (RANK[importance] < RANK[tally.row.importance]) {
      tally.row.importance = importance;
    }
    return tally;
  };
  let known = false;
  for (const analysis of analyses) {
    const { reportId, url, rating, at, before } = analysis;
    const failedBefore = before && new Set(before.map((check) => check.key));
    for (const check of analysis.failed) {
      const tally = tallyOf(check.key, check.importance);
      tally.row.failing.push({ reportId, url, rating, at, check });
      tally.row.pages++;
      if (failedBefore && !failedBefore.has(check.key)) tally.newlyFailing++;
    }
    if (!before) continue;
    // Known when one page's previous analysis is: it tells of every check, also those it passes.
    known = true;
    if (before.length === 0) continue;
    const passed = new Set(analysis.passed);
    for (const check of before) {
      if (passed.has(check.key)) tallyOf(check.key, check.importance).fixed++;
    }
  }
  const rows = [...tallies.values()].map(({ row, newlyFailing, fixed }) => ({
    ...row,
    change: known ? { newlyFailing, fixed } : null,
  }));
  return rows.sort(tableOrder);
}

function tableOrder(a: IssueRow, b: IssueRow) {
  return RANK[a.importance] - RANK[b.importance] || b.pages - a.pages || a.key.localeCompare(b.key);
}

/** The rows as issueRows counts them, from an owner's summary (no analysis read). */
export function summaryRows(summary: IssuesSummary): IssueRow[] {
  const known = summary.known > 0;
  const rows = Object.entries(summary.checks).map(([key, tally]): IssueRow => {
    const importance = tally.high > 0 ? 'high' : tally.medium > 0 ? 'medium' : 'low';
    return {
      key,
      importance,
      pages: tally.failing,
      withDetails: summary.reports,
      change: known ? { newlyFailing: tally.newlyFailing, fixed: tally.fixed } : null,
    };
  });
  return rows.sort(tableOrder);
}

/** The pages of `analyses` failing check `key`, in their order, as a row lists them. */
export function failingPages(analyses: readonly KeptAnalysis[], key: string): FailingPage[] {
  return analyses.flatMap(({ reportId, url, rating, at, failed }) =>
    failed
      .filter((check) => check.key === key)
      .map((check) => ({ reportId, url, rating, at, check })),
  );
}
