// What watching pages keeps and shows: one schedule of re-analyses per service, the history the
// service does not keep (one record per analysis seen), and what changed between two analyses.
import * as z from 'zod/mini';
import { IMPORTANCES, Rating, ReportId } from '../api/model';

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
