// The Issues table: the checks failing across a scope's pages, each with its pages, and what
// changed since those pages' previous analysis where it is known (kept with each analysis, from
// the history: analyses.ts).
import type { IssueRow, KeptAnalysis, KeptCheck } from './model';

const RANK: Record<KeptCheck['importance'], number> = { high: 0, medium: 1, low: 2 };

interface Tally {
  row: IssueRow;
  newlyFailing: number;
  fixed: number;
}

/**
 * The rows: one per check that fails on a page (or was fixed on one), the most important first,
 * then those failing on most pages, then by key.
 */
export function issueRows(analyses: readonly KeptAnalysis[]): IssueRow[] {
  const tallies = new Map<string, Tally>();
  const tallyOf = (key: string, importance: KeptCheck['importance']) => {
    let tally = tallies.get(key);
    if (!tally) {
      const row: IssueRow = {
        key,
        importance,
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
  return rows.sort(
    (a, b) =>
      RANK[a.importance] - RANK[b.importance] ||
      b.failing.length - a.failing.length ||
      a.key.localeCompare(b.key),
  );
}
