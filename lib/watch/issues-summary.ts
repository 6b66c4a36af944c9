// The Issues tab's counts per owner, kept beside the analyses they count (history-db.ts, store
// `summaries`) and changed in the same transaction as each analysis written or removed, so that
// "All reports" reads one record instead of every analysis. Each analysis adds what
// lib/issues/aggregate.ts's issueRows counts of it, and its removal takes exactly that away.
import type { KeptAnalysis, KeptCheck } from './model';

type Importance = KeptCheck['importance'];

/** One check's counts over an owner's analyses. */
export interface CheckTally {
  /** Pages it fails on. */
  failing: number;
  newlyFailing: number;
  fixed: number;
  /** How many of the entries counted (failing or fixed) came at each importance. */
  high: number;
  medium: number;
  low: number;
}

export interface IssuesSummary {
  owner: string;
  /** Analyses kept. */
  reports: number;
  /** Of those, how many know their previous analysis's checks (`before`). */
  known: number;
  checks: Record<string, CheckTally>;
}

/** An analysis as stored: with the `"<owner> <check>"` of each failing check, indexed (multiEntry). */
export interface StoredAnalysis extends KeptAnalysis {
  fails: string[];
}

export const failKey = (owner: string, check: string) => `${owner} ${check}`;

export function stored(analysis: KeptAnalysis): StoredAnalysis {
  const fails = analysis.failed.map((check) => failKey(analysis.owner, check.key));
  return { ...analysis, fails };
}

/** The analysis as kept, without what only the store needs. */
export function unstored({ fails: _fails, ...analysis }: StoredAnalysis): KeptAnalysis {
  return analysis;
}

export const emptySummary = (owner: string): IssuesSummary => ({
  owner,
  reports: 0,
  known: 0,
  checks: {},
});

/** Adds (`sign` 1) or takes away (-1) what `analysis` counts for; drops checks left at nothing. */
export function tally(summary: IssuesSummary, analysis: KeptAnalysis, sign: 1 | -1): void {
  const touched = new Set<string>();
  const count = (key: string, importance: Importance) => {
    let entry = summary.checks[key];
    if (!entry) {
      entry = { failing: 0, newlyFailing: 0, fixed: 0, high: 0, medium: 0, low: 0 };
      summary.checks[key] = entry;
    }
    entry[importance] += sign;
    touched.add(key);
    return entry;
  };
  const { before } = analysis;
  const failedBefore = before && new Set(before.map((check) => check.key));
  summary.reports += sign;
  for (const check of analysis.failed) {
    const entry = count(check.key, check.importance);
    entry.failing += sign;
    if (failedBefore && !failedBefore.has(check.key)) entry.newlyFailing += sign;
  }
  if (before) {
    summary.known += sign;
    const passed = new Set(analysis.passed);
    for (const check of before) {
      if (passed.has(check.key)) count(check.key, check.importance).fixed += sign;
    }
  }
  for (const key of touched) {
    const entry = summary.checks[key];
    if (entry && entry.high + entry.medium + entry.low === 0) delete summary.checks[key];
  }
}
