// The work under way on this page's report, shown with the time it has taken.
import { t } from '../../lib/i18n';
import { elapsed } from '../../lib/time';
import { SpinnerLine } from '../ui/Spinner';
import { useNow } from '../ui/useNow';

/** "Analyzing…" and, since `since` (ms), the time it has taken so far ("0:12"). */
export function Progress({ since }: { since: number | null }) {
  const now = useNow(since !== null);
  return (
    <SpinnerLine>
      {t('popup_analyzing')}
      {since !== null && (
        <>
          {' '}
          {/* A timer is not read out each second; the status around it is read once. */}
          <span role="timer" aria-live="off">
            {elapsed(now - since)}
          </span>
        </>
      )}
    </SpinnerLine>
  );
}
