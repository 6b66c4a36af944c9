// What the Issues tab works from: each report's latest checks as the extension last saw them, kept
// per owner (the string the history keys its records by), and the table made from them.
import * as z from 'zod/mini';
import { IMPORTANCES, Rating } from '../api/model';
import { CheckLimit } from '../rating/checks';
import { FailedCheck } from '../watch/model';

/** One check of an analysis: its key, importance, outcome, and the kinds of its errors. */
export const KeptCheck = z.object({
  key: z.string(),
  importance: z.literal(IMPORTANCES),
  passed: z.boolean(),
  /** The error kinds the service gave (`missing`, `length`…), in its order. */
  errors: z.optional(z.array(z.string())),
  /** The first error's bounds, as "Why this rating" words them. */
  limit: z.optional(CheckLimit),
});
export type KeptCheck = z.infer<typeof KeptCheck>;

/**
 * A report's latest analysis with details; `seenAt` (ms) orders what is dropped first. Compact, as
 * the tab reads thousands at once: the failed checks whole, the passed ones by key.
 */
export const KeptAnalysis = z.object({
  owner: z.string(),
  reportId: z.number(),
  url: z.string(),
  project: z.optional(z.string()),
  rating: z.nullable(Rating),
  score: z.optional(z.number()),
  /** When the service generated it (ms); null when it did not say. */
  at: z.nullable(z.number()),
  seenAt: z.number(),
  failed: z.array(KeptCheck),
  passed: z.array(z.string()),
  /**
   * The checks that failed at the analysis before it that had details, from the history (or the
   * one kept before); absent when neither knows one.
   */
  before: z.optional(z.array(FailedCheck)),
});
export type KeptAnalysis = z.infer<typeof KeptAnalysis>;

/** A page failing a check, as "Pages failing <check>" lists it. */
export interface FailingPage {
  reportId: number;
  url: string;
  rating: Rating | null;
  at: number | null;
  check: KeptCheck;
}

/** One row of the table: a check and the pages that fail it, of those with details. */
export interface IssueRow {
  key: string;
  importance: KeptCheck['importance'];
  failing: FailingPage[];
  /** Pages with details (the "of" in "8 of 12"). */
  withDetails: number;
  /** Since those pages' previous analysis, where the history knows it; null when it knows none. */
  change: { newlyFailing: number; fixed: number } | null;
}
