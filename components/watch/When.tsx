// A time before or after now in words ("Last analysed 3 hours ago", "next in 2 days"), the exact
// time on hover.
import { exactTime, relativeTime } from '../../lib/time';

export interface WhenProps {
  at: number;
  now: number;
  /** The sentence around the relative time. */
  say: (when: string) => string;
}

export function When({ at, now, say }: WhenProps) {
  return (
    <time class="time" dateTime={new Date(at).toISOString()} title={exactTime(at)}>
      {say(relativeTime(at, now))}
    </time>
  );
}
