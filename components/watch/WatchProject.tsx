// "Watch project" on a project's row: every report in it is watched, and those created in it later.
import { useState } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { ErrorAlert } from '../ui/ErrorAlert';
import './watch.css';

export interface WatchProjectProps {
  send: Sender;
  name: string;
  /** The id of the project's name, which describes the button (one per row). */
  describedBy: string;
}

export function WatchProject({ send, name, describedBy }: WatchProjectProps) {
  const [done, setDone] = useState(false);
  const [error, setError] = useState<ErrorData | null>(null);

  async function watch() {
    const answer = await send({ type: 'watchProject', name });
    setError(answer.ok ? null : answer.error);
    setDone(answer.ok);
  }

  return (
    <>
      <button type="button" aria-describedby={describedBy} onClick={watch}>
        {t('watch_project')}
      </button>
      <span class="notice-status watch-note" role="status">
        {done ? t('watch_projectDone', name) : ''}
      </span>
      {error && (
        <div class="watch-failure">
          <ErrorAlert error={error} context={t('watch_projectFailed')} />
        </div>
      )}
    </>
  );
}
