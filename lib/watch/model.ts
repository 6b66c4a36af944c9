// What watching pages keeps and shows: one schedule of re-analyses per account, the history the
// service does not keep (one record per analysis seen), what changed between two analyses, and
// each report's latest checks kept beside the history (for the Issues tab, lib/issues/).
import * as z from 'zod/mini';
import { IMPORTANCES, Rating, ReportId } from '../api/model';
import { CheckLimit } from '../rating/checks';

export const SCHEDULE_EVERY = ['daily', 'weekly'] as const;

/** `day`: 1 = Monday … 7 = Sunday (for weekly); `hour`: 0–23, in the browser's local time. */
export const Schedule = z.object({
  every: z.literal(SCHEDULE_EVERY),
  day: z.int().check(z.minimum(1), z.maximum(7)),
  hour: z.int().check(z.minimum(0), z.maximum(23)),
});
export type Schedule = z.infer<typeof Schedule>;

export const DEFAULT_SCHEDULE: Schedule = Object.freeze({ every: 'weekly', day: 1, hour: 6 });

export const FailedCheck = z.object({ key: z.string(), importance: z.literal(IMPORTANCES) });
export type FailedCheck = z.infer<typeof FailedCheck>;

/**
 * One analysis seen: when the service generated it (ms), its rating and score, and the checks
 * that failed (absent when the answer carried no `results`, as lists may not).
 */
export const HistoryRecord = z.object({
  at: z.number(),
  result: z.nullable(Rating),
  score: z.optional(z.number()),
  failed: z.optional(z.array(FailedCheck)),
});
export type HistoryRecord = z.infer<typeof HistoryRecord>;

/** From one analysis to the next: the ratings, the checks that now fail and those fixed. */
export const Change = z.object({
  from: HistoryRecord,
  to: HistoryRecord,
  direction: z.enum(['worse', 'better', 'unchanged']),
  nowFailing: z.array(FailedCheck),
  fixed: z.array(z.string()),
});
export type Change = z.infer<typeof Change>;

/** A watched page as the Watched tab lists it. */
export const WatchedPage = z.object({
  reportId: ReportId,
  url: z.string(),
  result: z.nullable(Rating),
  score: z.optional(z.number()),
  /** When it was last analysed (ms), null when no analysis is known. */
  lastAt: z.nullable(z.number()),
  /** The scores of its history, oldest first (the sparkline). */
  scores: z.array(z.number()),
  /** Since the analysis before the last one; null with fewer than two. */
  change: z.nullable(Change),
  /** Watched because it is in this project (not on its own). */
  project: z.optional(z.string()),
});
export type WatchedPage = z.infer<typeof WatchedPage>;

/** The Watched tab: the pages, the projects watched, the schedule and its runs. */
export interface WatchOverview {
  pages: WatchedPage[];
  projects: string[];
  schedule: Schedule;
  /** When the next scheduled run starts (ms); null when nothing is watched. */
  nextRunAt: number | null;
  lastRunAt: number | null;
}

/** This page's watch state, read with the popup's status: one small read. */
export interface PageWatch {
  watching: boolean;
  change: Change | null;
}

/** One report's history, oldest first. */
export interface ReportHistory {
  reportId: number;
  url: string;
  records: HistoryRecord[];
}

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
