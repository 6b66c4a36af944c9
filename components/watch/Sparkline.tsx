// A score's course as a small line drawing; its accessible name says the trend in words, so the
// picture adds nothing a screen reader user misses.
import { type Box, pointsAttribute, sparklinePoints } from '../../lib/watch/sparkline';
import { trendText } from '../../lib/watch/words';

const SMALL: Box = { width: 96, height: 28, inset: 3 };

export interface SparklineProps {
  scores: readonly number[];
  box?: Box;
}

export function Sparkline({ scores, box = SMALL }: SparklineProps) {
  const points = sparklinePoints(scores, box);
  const last = points.at(-1);
  return (
    <svg
      class="sparkline"
      role="img"
      aria-label={trendText(scores)}
      width={box.width}
      height={box.height}
      viewBox={`0 0 ${box.width} ${box.height}`}
    >
      <line
        class="sparkline-base"
        x1={box.inset}
        x2={box.width - box.inset}
        y1={box.height - box.inset}
        y2={box.height - box.inset}
      />
      {points.length > 1 && <polyline class="sparkline-line" points={pointsAttribute(points)} />}
      {last && <circle class="sparkline-dot" cx={last[0]} cy={last[1]} r={2.5} />}
    </svg>
  );
}
