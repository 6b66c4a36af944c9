// The workspace's Watched tab: the watched pages with their rating, last and next analysis, score
// sparkline and latest change; the schedule, Run now and the history's exports; and one page's
// History when it is opened (also from the address, as a notification's click does).
import { useCallback, useState } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import type { ExportFile, ExportFormat } from '../../lib/reports/export';
import { TAB_KEY, writeHash } from '../../lib/reports/workspace-address';
import { historyExportFile } from '../../lib/watch/history-export';
import type { WatchedPage } from '../../lib/watch/model';
import { type WatchReads, watchReads } from '../../lib/watch/overview';
import { RatingBadge } from '../rating/RatingBadge';
import { downloadFile } from '../reports/useExport';
import { ErrorAlert } from '../ui/ErrorAlert';
import { RelativeTime } from '../ui/RelativeTime';
import { useNow } from '../ui/useNow';
import { ChangeSummary } from './ChangeSummary';
import { HistoryPanel } from './HistoryPanel';
import { ScheduleFields } from './ScheduleFields';
import { Sparkline } from './Sparkline';
import { useOpenHistory, useWatched } from './useWatched';
import './watch.css';

export interface WatchedViewProps {
  send: Sender;
  /** The saved service's base URL, whose watch list and history are read. */
  account: string | null;
  openOptions: () => unknown;
  active: boolean;
  revision: number;
  onChanged: () => void;
  /** Saves an export; a download from the page unless given (tests). */
  download?: (file: ExportFile) => void;
  /** Reads the watch list and the history; from storage and IndexedDB unless given (tests). */
  reads?: WatchReads;
}

type Failure = { context: string; error: ErrorData };

export function WatchedView({
  send,
  account,
  openOptions,
  active,
  revision,
  onChanged,
  download = downloadFile,
  reads = watchReads,
}: WatchedViewProps) {
  const readOverview = useCallback(() => reads.overview(account), [reads, account]);
  const watched = useWatched(readOverview, active, revision);
  const history = useOpenHistory();
  const now = useNow(active, 30_000);
  const [notice, setNotice] = useState('');
  const [runStarted, setRunStarted] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const { overview } = watched;

  /** Runs one action: its button waits, its failure shows in the alert with its context. */
  async function act<T>(
    name: string,
    context: string,
    work: () => Promise<{ ok: true; data: T } | { ok: false; error: ErrorData }>,
  ): Promise<T | null> {
    setBusy(name);
    setFailure(null);
    setNotice('');
    setRunStarted(false);
    const answer = await work();
    setBusy(null);
    if (answer.ok) return answer.data;
    setFailure({ context, error: answer.error });
    return null;
  }

  async function stop(page: WatchedPage) {
    const done = await act('stop', t('watch_stopFailed'), () =>
      send({ type: 'unwatchReports', ids: [page.reportId] }),
    );
    if (done === null) return;
    if (history.id === page.reportId) history.open(null);
    setNotice(t('watch_stopped', page.url));
    await watched.reload();
    onChanged();
  }

  async function stopProject(name: string) {
    const done = await act('stop', t('watch_stopFailed'), () =>
      send({ type: 'unwatchProject', name }),
    );
    if (done === null) return;
    await watched.reload();
    onChanged();
  }

  async function runNow() {
    const started = await act('run', t('watch_runFailed'), () => send({ type: 'runWatchNow' }));
    if (started !== null) setRunStarted(true);
  }

  async function exportAs(format: ExportFormat) {
    const histories = await act('export', t('watch_exportFailed'), () => reads.histories(account));
    if (histories === null) return;
    const file = historyExportFile(format, histories);
    download(file);
    setNotice(t('watch_exported', file.name, histories.length));
  }

  /** Closed: the focus goes back to the row's History button (when the row is there). */
  function closeHistory(id: number | null) {
    history.open(null);
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-history="${id}"]`)?.focus(),
    );
  }

  const pages = overview?.pages ?? [];
  return (
    <section class="view watched" aria-label={t('workspace_tabWatched')}>
      {!overview && !watched.error && (
        <p class="notice-status" role="status">
          {t('watch_loading')}
        </p>
      )}
      <ErrorAlert
        error={watched.error}
        context={t('watch_loadFailed')}
        onRetry={watched.reload}
        onOpenOptions={openOptions}
      />
      {overview && (
        <>
          <ScheduleFields
            send={send}
            overview={overview}
            now={now}
            openOptions={openOptions}
            onSaved={(patch) =>
              watched.setOverview((current) => current && { ...current, ...patch })
            }
          />
          <div class="actions">
            <button type="button" aria-disabled={busy === 'run'} onClick={() => busy || runNow()}>
              {t('watch_runNow')}
            </button>
            <button
              type="button"
              aria-disabled={busy === 'export'}
              onClick={() => busy || exportAs('csv')}
            >
              {t('watch_exportCsv')}
            </button>
            <button
              type="button"
              aria-disabled={busy === 'export'}
              onClick={() => busy || exportAs('json')}
            >
              {t('watch_exportJson')}
            </button>
          </div>
        </>
      )}
      <div class="notice-status" role="status">
        {notice}
        {runStarted && (
          <p class="run-started">
            {t('watch_runStarted')}{' '}
            <button type="button" onClick={() => writeHash({ [TAB_KEY]: 'activity' })}>
              {t('watch_showActivity')}
            </button>
          </p>
        )}
      </div>
      <ErrorAlert error={failure?.error} context={failure?.context} onOpenOptions={openOptions} />

      {history.id !== null && (
        <HistoryPanel
          read={reads.history}
          service={account}
          reportId={history.id}
          onClose={() => closeHistory(history.id)}
          openOptions={openOptions}
        />
      )}

      {overview && pages.length === 0 && <p class="notice">{t('watch_empty')}</p>}
      {pages.length > 0 && (
        <ul class="list" aria-label={t('watch_listLabel')}>
          {pages.map((page) => (
            <WatchedRow
              key={page.reportId}
              page={page}
              nextRunAt={overview?.nextRunAt ?? null}
              busy={busy === 'stop'}
              onHistory={() => history.open(page.reportId)}
              onStop={() => void stop(page)}
            />
          ))}
        </ul>
      )}
      {overview && overview.projects.length > 0 && (
        <ul class="list" aria-label={t('watch_projectsLabel')}>
          {overview.projects.map((name) => (
            <li key={name} class="row row-main">
              <span>{t('watch_viaProject', name)}</span>
              <button type="button" onClick={() => busy || stopProject(name)}>
                {t('watch_stopProject', name)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface WatchedRowProps {
  page: WatchedPage;
  nextRunAt: number | null;
  busy: boolean;
  onHistory: () => void;
  onStop: () => void;
}

function WatchedRow({ page, nextRunAt, busy, onHistory, onStop }: WatchedRowProps) {
  return (
    <li class="row watched-row">
      <p class="url">{page.url}</p>
      <div class="row-main">
        <RatingBadge rating={page.result} score={page.score} />
        <Sparkline scores={page.scores} />
      </div>
      <p class="muted">
        {page.lastAt === null ? (
          t('watch_neverAnalysed')
        ) : (
          <RelativeTime
            iso={new Date(page.lastAt).toISOString()}
            say={(when) => t('watch_lastAnalysed', when)}
          />
        )}
        {nextRunAt !== null && (
          <>
            {' · '}
            <RelativeTime
              iso={new Date(nextRunAt).toISOString()}
              say={(when) => t('watch_nextAnalysis', when)}
              upcoming
            />
          </>
        )}
        {page.project && ` · ${t('watch_viaProject', page.project)}`}
      </p>
      {page.change && <ChangeSummary change={page.change} />}
      <div class="actions">
        {/* The address is on the row; the buttons' names carry it for those who hear them. */}
        <button
          type="button"
          aria-label={t('watch_historyOf', page.url)}
          data-history={page.reportId}
          onClick={onHistory}
        >
          {t('watch_history')}
        </button>
        <button
          type="button"
          aria-label={t('watch_stopWatching', page.url)}
          aria-disabled={busy}
          onClick={() => busy || onStop()}
        >
          {t('watch_stop')}
        </button>
      </div>
    </li>
  );
}
