// What changed from one analysis to the next, and whether the page got worse or better.
//
// Worse: the rating drops, or a high-importance check starts to fail. Better: the rating rises,
// or a high-importance check is fixed while none starts to fail. Anything else is unchanged,
// also a score that moves within the same rating: the score moves by a few points between runs
// on its own (a page's load time), and the rating is the service's own judgement of it.
import type { Rating } from '../api/model';
import type { Change, FailedCheck, HistoryRecord } from './model';

const RANK: Record<Rating, number> = { bad: 0, decent: 1, good: 2 };

/** -1 when the rating dropped, 1 when it rose, 0 when it stayed or either is not known. */
function ratingStep(from: HistoryRecord, to: HistoryRecord): number {
  if (from.result === null || to.result === null) return 0;
  return Math.sign(RANK[to.result] - RANK[from.result]);
}

/** The checks `to` fails that `from` passed, and the keys `from` failed that `to` passes. */
function checksBetween(from: HistoryRecord, to: HistoryRecord) {
  // Only two analyses that both carried their checks can be compared check by check.
  if (!from.failed || !to.failed) return { nowFailing: [], fixed: [] };
  const before = new Set(from.failed.map((check) => check.key));
  const after = new Set(to.failed.map((check) => check.key));
  const nowFailing: FailedCheck[] = to.failed.filter((check) => !before.has(check.key));
  const fixed = from.failed.filter((check) => !after.has(check.key)).map((check) => check.key);
  return { nowFailing, fixed };
}

export function changeBetween(from: HistoryRecord, to: HistoryRecord): Change {
  const { nowFailing, fixed } = checksBetween(from, to);
  const step = ratingStep(from, to);
  const highFailing = nowFailing.some((check) => check.importance === 'high');
  const highFixed = (from.failed ?? []).some(
    (check) => check.importance === 'high' && fixed.includes(check.key),
  );
  let direction: Change['direction'] = 'unchanged';
  if (step < 0 || highFailing) direction = 'worse';
  else if (step > 0 || highFixed) direction = 'better';
  return { from, to, direction, nowFailing, fixed };
}

/** The change into the latest of `records` (oldest first); null with fewer than two. */
export function latestChange(records: readonly HistoryRecord[]): Change | null {
  const to = records.at(-1);
  const from = records.at(-2);
  return from && to ? changeBetween(from, to) : null;
}
