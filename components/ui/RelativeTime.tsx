// "5 minutes ago", kept current while the popup is open, with the exact time on hover.
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { exactTime, relativeTime } from '../../lib/time';

export interface RelativeTimeProps {
  /** ISO 8601 time, or null when there is none yet. */
  iso: string | null;
  /** Text when `iso` is null or unreadable. */
  fallback?: string;
}

export function RelativeTime({ iso, fallback = t('common_notGenerated') }: RelativeTimeProps) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (!iso || Number.isNaN(time)) return <span class="time">{fallback}</span>;
  // A service clock slightly ahead of ours must not read "in 3 seconds".
  return (
    <time class="time" dateTime={iso} title={exactTime(time)}>
      {relativeTime(Math.min(time, now), now)}
    </time>
  );
}
