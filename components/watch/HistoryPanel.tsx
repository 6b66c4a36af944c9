// "History": one watched page's analyses, newest first, each with its time, rating, score and
// failed checks (those failing since the analysis before marked), and the score over time.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import { exactTime } from '../../lib/time';
import type { HistoryRecord, ReportHistory } from '../../lib/watch/model';
import type { WatchReads } from '../../lib/watch/overview';
import { checkNames } from '../../lib/watch/words';
import { RatingBadge } from '../rating/RatingBadge';
import { ErrorAlert } from '../ui/ErrorAlert';
import { Sparkline } from './Sparkline';

const WIDE = { width: 300, height: 64, inset: 4 };

export interface HistoryPanelProps {
  read: WatchReads['history'];
  /** The saved service's base URL, whose history is read. */
  service: string | null;
  reportId: number;
  onClose: () => void;
  openOptions: () => unknown;
}

export function HistoryPanel({ read, service, reportId, onClose, openOptions }: HistoryPanelProps) {
  const [history, setHistory] = useState<ReportHistory | null>(null);
  const [error, setError] = useState<ErrorData | null>(null);
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    setHistory(null);
    setError(null);
    void read(service, reportId).then((answer) => {
      if (!live) return;
      if (answer.ok) setHistory(answer.data);
      else setError(answer.error);
    });
    return () => {
      live = false;
    };
  }, [read, service, reportId, attempt]);

  // Opened (by its button or a notification): the reader is taken to it.
  useLayoutEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, [reportId]);

  const records = history?.records ?? [];
  const scores = records.flatMap((record) => (record.score === undefined ? [] : [record.score]));
  return (
    <section class="history stack" aria-label={t('watch_history')}>
      <div class="history-head">
        <h2 ref={heading} tabIndex={-1} class="url">
          {history ? t('watch_historyOf', history.url) : t('watch_history')}
        </h2>
        <button type="button" onClick={onClose}>
          {t('watch_closeHistory')}
        </button>
      </div>
      {!history && !error && (
        <p class="notice-status" role="status">
          {t('watch_historyLoading')}
        </p>
      )}
      <ErrorAlert
        error={error}
        context={t('watch_historyFailed')}
        onRetry={() => setAttempt((n) => n + 1)}
        onOpenOptions={openOptions}
      />
      {history && records.length === 0 && <p class="notice">{t('watch_historyEmpty')}</p>}
      {scores.length > 0 && <Sparkline scores={scores} box={WIDE} />}
      {records.length > 0 && (
        <ol class="list history-list" aria-label={t('watch_historyList')}>
          {records
            .map((record, index) => ({ record, index, before: records[index - 1] }))
            .reverse()
            .map(({ record, index, before }) => (
              // Two analyses may share a time (the service's are whole seconds).
              <HistoryItem key={index} record={record} before={before} />
            ))}
        </ol>
      )}
    </section>
  );
}

function HistoryItem({ record, before }: { record: HistoryRecord; before?: HistoryRecord }) {
  const failed = record.failed;
  const earlier = new Set(before?.failed?.map((check) => check.key));
  const newly = failed?.filter((check) => before?.failed && !earlier.has(check.key)) ?? [];
  return (
    <li class="row history-item">
      <div class="row-main">
        <time dateTime={new Date(record.at).toISOString()}>{exactTime(record.at)}</time>
        <RatingBadge rating={record.result} score={record.score} />
      </div>
      <p class="muted">
        {failed === undefined
          ? t('watch_checksUnknown')
          : failed.length === 0
            ? t('watch_noFailedChecks')
            : t('watch_failedChecks', checkNames(failed.map((check) => check.key)))}
      </p>
      {newly.length > 0 && (
        <p class="change-failing">
          {t('watch_nowFailing', checkNames(newly.map((check) => check.key)))}
        </p>
      )}
    </li>
  );
}
