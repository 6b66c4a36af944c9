// A score's course over its analyses: the direction in numbers (which words/trendText says) and the
// points of a small line drawing, scores 0–100 from the bottom of the box to its top.

export interface ScoreTrend {
  direction: 'rising' | 'falling' | 'steady';
  from: number;
  to: number;
  count: number;
}

/** From the first score to the last; null without any score. */
export function scoreTrend(scores: readonly number[]): ScoreTrend | null {
  const from = scores[0];
  const to = scores.at(-1);
  if (from === undefined || to === undefined) return null;
  const direction = to > from ? 'rising' : to < from ? 'falling' : 'steady';
  return { direction, from, to, count: scores.length };
}

export interface Box {
  width: number;
  height: number;
  /** Room left on every side, so that the line's ends and dots are not cut off. */
  inset: number;
}

const clamp = (score: number) => Math.min(100, Math.max(0, score));
const round = (value: number) => Math.round(value * 10) / 10;

/** Each score's place in the box, oldest on the left; one score sits in the middle. */
export function sparklinePoints(
  scores: readonly number[],
  { width, height, inset }: Box,
): [x: number, y: number][] {
  const innerWidth = width - 2 * inset;
  const innerHeight = height - 2 * inset;
  const step = scores.length > 1 ? innerWidth / (scores.length - 1) : 0;
  return scores.map((score, index) => [
    round(scores.length > 1 ? inset + index * step : width / 2),
    round(inset + innerHeight * (1 - clamp(score) / 100)),
  ]);
}

/** The points as an SVG `points` attribute ("x,y x,y …"). */
export function pointsAttribute(points: readonly [number, number][]): string {
  return points.map(([x, y]) => `${x},${y}`).join(' ');
}
