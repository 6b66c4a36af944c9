// The details (why it got its rating) of the last reports the background read, created or
// re-analysed (itself or through its queue), kept in the worker's memory for a minute: the page
// that shows such a report asks for them right after, and gets them without a second request.
// Never stored anywhere.
import { type Report, type ReportSummary, toSummary } from '../api/model';
import {
  type CheckOutcome,
  explanationOf,
  type RatingExplanation,
  readCheckOutcomes,
} from './checks';

/** A report with why it got its rating: null when its `results` explain nothing. */
export interface ReportDetails {
  report: ReportSummary;
  explanation: RatingExplanation | null;
  /** Every check, passed or not, with its error kinds (what a comparison needs); null as above. */
  checks?: CheckOutcome[] | null;
}

const KEPT = 20;
export const DETAILS_FRESH_MS = 60_000;

export function detailsOf(report: Report): ReportDetails {
  return {
    report: toSummary(report),
    explanation: explanationOf(report.results),
    checks: readCheckOutcomes(report.results),
  };
}

export type RecentDetails = ReturnType<typeof createRecentDetails>;

export function createRecentDetails(now: () => number = Date.now) {
  const kept = new Map<string, { details: ReportDetails; at: number }>();
  const keyOf = (account: string, id: number) => `${account} ${id}`;
  return {
    /** Keeps the details of a report account `account`'s service just answered with. */
    keep(report: Report, account: string): void {
      const key = keyOf(account, report.id);
      kept.delete(key);
      kept.set(key, { details: detailsOf(report), at: now() });
      for (const oldest of kept.keys()) {
        if (kept.size <= KEPT) break;
        kept.delete(oldest);
      }
    },
    /** The details kept for report `id`, while they are fresh. */
    get(id: number, account: string): ReportDetails | undefined {
      const entry = kept.get(keyOf(account, id));
      return entry && now() - entry.at < DETAILS_FRESH_MS ? entry.details : undefined;
    },
    forget(id: number, account: string): void {
      kept.delete(keyOf(account, id));
    },
    /** A project's reports are gone with it: which ones is not known here. */
    forgetAll(): void {
      kept.clear();
    },
  };
}

/** The background's own: its handlers' and its queue's. */
export const backgroundRecentDetails = createRecentDetails();
