// The Issues table: the checks failing across a scope's pages, each with its pages, and what
// changed since those pages' previous analysis where the history knows it.
import type { ReportHistory } from '../watch/model';
import type { IssueRow, KeptAnalysis, KeptCheck } from './model';

const RANK: Record<KeptCheck['importance'], number> = { high: 0, medium: 1, low: 2 };

/** Each page's failing checks at its analysis before the kept one, where the history has it. */
export function previousFailing(
  analyses: readonly KeptAnalysis[],
  histories: readonly ReportHistory[],
): Map<number, Set<string>> {
  const byReport = new Map(histories.map((history) => [history.reportId, history.records]));
  const previous = new Map<number, Set<string>>();
  for (const { reportId, at } of analyses) {
    const records = byReport.get(reportId);
    if (!records || at === null) continue;
    // The records are oldest first: the last one before this analysis that had details.
    for (let index = records.length - 1; index >= 0; index--) {
      const record = records[index];
      if (!record || record.at >= at || !record.failed) continue;
      previous.set(reportId, new Set(record.failed.map((check) => check.key)));
      break;
    }
  }
  return previous;
}

interface Tally {
  row: IssueRow;
  newlyFailing: number;
  fixed: number;
}

/**
 * The rows: one per check that fails on a page (or was fixed on one), the most important first,
 * then those failing on most pages. `previous` is previousFailing's answer.
 */
export function issueRows(
  analyses: readonly KeptAnalysis[],
  previous: ReadonlyMap<number, ReadonlySet<string>> = new Map(),
): IssueRow[] {
  const tallies = new Map<string, Tally>();
  const tallyOf = (check: KeptCheck) => {
    let tally = tallies.get(check.key);
    if (!tally) {
      tally = {
        row: {
          key: check.key,
          importance: check.importance,
          failing: [],
          withDetails: analyses.length,
          change: null,
        },
        newlyFailing: 0,
        fixed: 0,
      };
      tallies.set(check.key, tally);
    } else if (RANK[check.importance] < RANK[tally.row.importance]) {
      tally.row.importance = check.importance;
    }
    return tally;
  };
  for (const analysis of analyses) {
    const before = previous.get(analysis.reportId);
    for (const check of analysis.checks) {
      const failed = !check.passed;
      if (!failed && !before?.has(check.key)) continue;
      const tally = tallyOf(check);
      if (failed) {
        const { reportId, url, rating, at } = analysis;
        tally.row.failing.push({ reportId, url, rating, at, check });
      }
      if (!before) continue;
      if (failed && !before.has(check.key)) tally.newlyFailing++;
      if (!failed) tally.fixed++;
    }
  }
  // Known when one page's previous analysis is: it tells of every check, also those it passes.
  const known = analyses.some((analysis) => previous.has(analysis.reportId));
  const rows = [...tallies.values()].map(({ row, newlyFailing, fixed }) => ({
    ...row,
    change: known ? { newlyFailing, fixed } : null,
  }));
  return rows.sort(
    (a, b) =>
      RANK[a.importance] - RANK[b.importance] ||
      b.failing.length - a.failing.length ||
      a.key.localeCompare(b.key),
  );
}
