// What the Issues tab works from: each report's latest checks as the extension last saw them, kept
// per owner (the string the history keys its records by), and the table made from them.
import type { Rating } from '../api/model';
import type { KeptCheck } from '../watch/model';

// Stored with the history, in its database (lib/watch/history-db.ts).
export { KeptAnalysis, KeptCheck } from '../watch/model';

/** A page failing a check, as "Pages failing <check>" lists it. */
export interface FailingPage {
  reportId: number;
  url: string;
  rating: Rating | null;
  at: number | null;
  check: KeptCheck;
}

/** One row of the table: a check and how many pages fail it, of those with details. */
export interface IssueRow {
  key: string;
  importance: KeptCheck['importance'];
  /** Pages failing it (the 8 in "8 of 12"). */
  pages: number;
  /** Pages with details (the "of" in "8 of 12"). */
  withDetails: number;
  /** Since those pages' previous analysis, where the history knows it; null when it knows none. */
  change: { newlyFailing: number; fixed: number } | null;
}

/** A row with its failing pages (the exports list them). */
export interface IssueWithPages extends IssueRow {
  failing: FailingPage[];
}
