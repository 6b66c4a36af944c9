// "5 minutes ago" (or, in a sentence, "Last analysed 3 hours ago", "next in 2 days"), kept current
// while the page is open, with the exact time on hover.
import { t } from '../../lib/i18n';
import { exactTime, relativeTime } from '../../lib/time';
import { useNow } from './useNow';

export interface RelativeTimeProps {
  /** ISO 8601 time, or null when there is none yet. */
  iso: string | null;
  /** Text when `iso` is null or unreadable. */
  fallback?: string;
  /** The sentence around the relative time. */
  say?: (when: string) => string;
  /** A time still to come (a next run). Otherwise a time ahead of now reads as now. */
  upcoming?: boolean;
}

export function RelativeTime({
  iso,
  fallback = t('common_notGenerated'),
  say = (when) => when,
  upcoming = false,
}: RelativeTimeProps) {
  const now = useNow(true, 30_000);
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (!iso || Number.isNaN(time)) return <span class="time">{fallback}</span>;
  // A service clock slightly ahead of ours must not read "in 3 seconds".
  return (
    <time class="time" dateTime={iso} title={exactTime(time)}>
      {say(relativeTime(upcoming ? time : Math.min(time, now), now))}
    </time>
  );
}
