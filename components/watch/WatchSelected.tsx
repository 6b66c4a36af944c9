// "Watch selected" in the Reports tab's bulk bar: the selected reports join the watch list at once
// (no job: nothing is sent to the service), and the status says how many.
import { useState } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { ErrorAlert } from '../ui/ErrorAlert';
import './watch.css';

export interface WatchSelectedProps {
  send: Sender;
  /** The selected reports, in the table's order. */
  reports: readonly { id: number; url: string }[];
  onWatched?: () => void;
}

export function WatchSelected({ send, reports, onWatched }: WatchSelectedProps) {
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<ErrorData | null>(null);
  const [busy, setBusy] = useState(false);

  async function watch() {
    if (busy || reports.length === 0) return;
    setBusy(true);
    setNotice('');
    const chosen = reports.map(({ id, url }) => ({ id, url }));
    const answer = await send({ type: 'watchReports', reports: chosen });
    setBusy(false);
    setError(answer.ok ? null : answer.error);
    if (!answer.ok) return;
    setNotice(t('watch_selectedDone', chosen.length));
    onWatched?.();
  }

  return (
    <>
      <button
        type="button"
        disabled={reports.length === 0}
        aria-disabled={busy || undefined}
        onClick={watch}
      >
        {t('watch_selected')}
      </button>
      <span class="notice-status watch-note" role="status">
        {notice}
      </span>
      {error && (
        <div class="watch-failure">
          <ErrorAlert error={error} context={t('watch_selectedFailed')} />
        </div>
      )}
    </>
  );
}
