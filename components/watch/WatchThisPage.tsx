// This page's "Watch this page" / "Stop watching this page" and what changed since the previous
// analysis, from the status the popup already read (one small read). Loaded after the first paint.
import { useState } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { StatusAnswer } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';
import type { PageOutcome } from '../../lib/this-page/page-report';
import type { PageWatch } from '../../lib/watch/model';
import { ErrorAlert } from '../ui/ErrorAlert';
import { ChangeSummary } from './ChangeSummary';

export interface WatchThisPageProps {
  send: Sender;
  /** The report shown. */
  outcome: PageOutcome;
  /** The status the popup read as it opened. */
  status: StatusAnswer;
}

/**
 * The status's watch state when it is of the report shown: whether it is watched, and what
 * changed — only while the analysis shown is the one the status read (not re-analysed since).
 */
export function watchOf(outcome: PageOutcome, status: StatusAnswer): PageWatch {
  const { cached, watch } = status;
  if (!watch || cached?.reportId !== outcome.id) return { watching: false, change: null };
  const sameAnalysis =
    Date.parse(cached.generatedAt ?? '') === Date.parse(outcome.generatedAt ?? '');
  return { watching: watch.watching, change: sameAnalysis ? watch.change : null };
}

export function WatchThisPage({ send, outcome, status }: WatchThisPageProps) {
  const watch = watchOf(outcome, status);
  const [watching, setWatching] = useState(watch.watching);
  const [error, setError] = useState<ErrorData | null>(null);
  const report = { id: outcome.id, url: outcome.url };

  async function toggle() {
    const answer = await send(
      watching
        ? { type: 'unwatchReports', ids: [report.id] }
        : { type: 'watchReports', reports: [report] },
    );
    setError(answer.ok ? null : answer.error);
    if (answer.ok) setWatching(!watching);
  }

  return (
    <>
      <div class="actions">
        <button type="button" onClick={toggle}>
          {t(watching ? 'watch_stopThisPage' : 'watch_thisPage')}
        </button>
      </div>
      <ErrorAlert error={error} context={t('watch_watchFailed')} />
      {watch.change && <ChangeSummary change={watch.change} />}
    </>
  );
}
