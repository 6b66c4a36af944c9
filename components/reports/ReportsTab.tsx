// The workspace's Reports tab: filters, sort and paging kept in the address, a table of the page
// with a check box per row, and bulk actions and exports handed to the background's queue. In a
// narrow side panel the rows are compact and the filters other than search sit behind a button.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ErrorData, ReportSummary } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import { isFinished } from '../../lib/jobs/schema';
import type { Sender } from '../../lib/messaging/send';
import type { ExportFile, ExportFormat } from '../../lib/reports/export';
import { reportListParams } from '../../lib/reports/list-params';
import { reportPageUrl } from '../../lib/this-page/pages';
import { ErrorAlert } from '../ui/ErrorAlert';
import { ListStatus } from '../ui/ListView';
import { Pager } from '../ui/Pager';
import { useMediaQuery } from '../ui/useMediaQuery';
import { WatchSelected } from '../watch/WatchSelected';
import { BulkBar, useSelection } from './BulkBar';
import { ReportFilterFields } from './ReportFilterFields';
import { ReportsDialogs } from './ReportsDialogs';
import { ReportsProgress } from './ReportsProgress';
import { ReportsTable, type RowWork } from './ReportsTable';
import { ShareOne, ShareStatus } from './ShareStatus';
import { newerReports, useBulkActions } from './useBulkActions';
import { useComparison } from './useComparison';
import { useExport } from './useExport';
import { useHashFilters } from './useHashFilters';
import { useProjectChoices } from './useProjectChoices';
import { type ReportListOptions, useReportList } from './useReportList';
import { useSelectedShare } from './useSelectedShare';
import { useShare } from './useShare';
import './reports.css';

/** A side panel (360–420 px) and anything else this narrow; reports.css uses the same width. */
export const NARROW = '(width < 600px)';

export interface ReportsTabProps {
  send: Sender;
  openTab: (url: string) => unknown;
  /** Where the service shows a report (StatusAnswer.siteUrl); without it, no "Open report". */
  siteUrl: string | null;
  /** Offered by alerts when the key was rejected or the extension is not connected. */
  openOptions?: () => unknown;
  /** Whether the tab is on screen; nothing is loaded while it is not. Default true. */
  active?: boolean;
  /** Bumped when reports or projects changed elsewhere in the workspace: the list loads again. */
  revision?: number;
  /** Reports were deleted here (the workspace may bump `revision` for its other tabs). */
  onChanged?: () => void;
  /** Pause after typing before a search is sent (ms). Default 300. */
  searchDelay?: number;
  /** Saves an export; a download from the page unless given (tests). */
  download?: (file: ExportFile) => void;
  /** The list as last shown, shown out of reach until the service's answer for it is in. */
  lastShown?: ReportListOptions['lastShown'];
  firstAnswer?: ReportListOptions['firstAnswer'];
  /** The account in use (the status's), which each kept list is marked with. */
  account?: string | null;
  /** Whether each page the service answers is kept for the next opening; yes unless told. */
  keep?: boolean;
}

export function ReportsTab({
  send,
  openTab,
  siteUrl,
  openOptions,
  active = true,
  revision = 0,
  onChanged,
  searchDelay = 300,
  download,
  lastShown,
  firstAnswer,
  account = null,
  keep = true,
}: ReportsTabProps) {
  const { filters, change } = useHashFilters();
  const compact = useMediaQuery(NARROW);
  const params = reportListParams(filters);
  const view = JSON.stringify(params);
  const list = useReportList(send, params, {
    active,
    revision,
    lastShown,
    firstAnswer,
    keep,
    service: account,
  });
  const items = list.data?.items ?? [];
  // The project choices are live: none come from the rows as last shown.
  const projects = useProjectChoices(send, revision, list.kept ? [] : items, filters.project);
  const bulk = useBulkActions(send);
  const exporter = useExport(send, download);
  const share = useShare(send, siteUrl, () => {
    list.reload();
    onChanged?.();
  });
  useSelectedShare(siteUrl, bulk.run.job, bulk.share, share, bulk.shareDone);

  /** A row deleted on its own (not by a job), and one that is being deleted. */
  const [single, setSingle] = useState<{ id: number; work: RowWork } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<ReportSummary | null>(null);
  const [failure, setFailure] = useState<{ context: string; error: ErrorData } | null>(null);
  const [notice, setNotice] = useState('');

  const work = useMemo(() => {
    if (!single) return bulk.work;
    return new Map(bulk.work).set(single.id, single.work);
  }, [bulk.work, single]);
  const updated = useMemo(() => newerReports(items, bulk.updated), [items, bulk.updated]);
  const order = useMemo(
    () => items.map((report) => report.id).filter((id) => work.get(id) !== 'deleted'),
    [items, work],
  );
  const selection = useSelection(view, order);
  const comparison = useComparison();

  /**
   * Reports went (`deleted` besides those the rows already say): load the page again, or the
   * one before when this one is left empty.
   */
  const latest = useRef({ items, work, page: filters.page });
  latest.current = { items, work, page: filters.page };
  const gone = useCallback(
    (deleted: readonly number[] = []) => {
      const { items: shown, work: doing, page } = latest.current;
      const left = shown.filter(
        (report) => doing.get(report.id) !== 'deleted' && !deleted.includes(report.id),
      ).length;
      if (left === 0 && page > 1) change({ page: page - 1 });
      else list.reload();
      onChanged?.();
    },
    [change, list.reload, onChanged],
  );

  // A bulk job that ended with rows deleted (or found gone): the list loads again without them.
  const bulkJob = bulk.run.job;
  const deleteEnded =
    bulkJob &&
    isFinished(bulkJob) &&
    (bulkJob.kind === 'delete' || [...bulk.work.values()].includes('deleted'))
      ? bulkJob.id
      : null;
  const goneRef = useRef(gone);
  goneRef.current = gone;
  useEffect(() => {
    if (deleteEnded !== null) goneRef.current();
  }, [deleteEnded]);

  async function removeOne(report: ReportSummary) {
    setConfirmDelete(null);
    setFailure(null);
    setNotice('');
    setSingle({ id: report.id, work: 'deleting' });
    const answer = await send({ type: 'deleteReport', id: report.id });
    if (answer.ok || answer.error.kind === 'not_found') {
      setSingle({ id: report.id, work: 'deleted' });
      setNotice(t(answer.ok ? 'popup_reportDeleted' : 'popup_alreadyDeleted'));
      gone([report.id]);
    } else {
      setSingle(null);
      setFailure({ context: t('popup_deleteFailed'), error: answer.error });
    }
  }

  async function confirmBulk(choice?: Parameters<typeof bulk.confirm>[0]) {
    setNotice('');
    if (await bulk.confirm(choice)) selection.clear();
  }

  function exportAs(format: ExportFormat) {
    void exporter.start(format, params);
  }

  const filtered = !!(filters.search.trim() || filters.result || filters.project);
  const canOpen = reportPageUrl(siteUrl, 1) !== undefined;
  const data = list.data;

  return (
    <section class="view workspace-reports" aria-label={t('popup_tabReports')}>
      <div class={compact ? 'filters compact' : 'filters'}>
        <ReportFilterFields
          filters={filters}
          onChange={change}
          projects={projects}
          searchDelay={searchDelay}
          compact={compact}
        />
      </div>

      <div class="toolbar">
        <BulkBar
          count={selection.keys.length}
          status={selection.status}
          onAsk={(kind) =>
            bulk.ask(kind, selection.keys, new Map(items.map(({ id, url }) => [id, url])))
          }
          compareRef={comparison.buttonRef}
          onCompare={() => {
            const [a, b] = selection.keys.map((id) => items.find((report) => report.id === id));
            if (a && b) comparison.open([a, b]);
          }}
        >
          <WatchSelected
            send={send}
            reports={items.filter((report) => selection.keys.includes(report.id))}
          />
        </BulkBar>
        <div class="actions export-actions">
          <button type="button" disabled={exporter.running} onClick={() => exportAs('csv')}>
            {t('export_csv')}
          </button>
          <button type="button" disabled={exporter.running} onClick={() => exportAs('json')}>
            {t('export_json')}
          </button>
        </div>
      </div>

      {comparison.view(send, openOptions)}

      <ReportsProgress
        bulk={bulk.run}
        exporter={{
          ...exporter.run,
          job: exporter.job,
          format: exporter.format,
          failure: exporter.failure,
        }}
        openOptions={openOptions}
      />
      <p class="notice-status" role="status">
        {exporter.notice}
      </p>
      <ShareStatus status={share} />

      <ErrorAlert error={failure?.error} context={failure?.context} onOpenOptions={openOptions} />
      <ListStatus
        list={list}
        loadFailed={t('reports_loadFailed')}
        loadingText={t('reports_loading')}
        emptyText={filtered ? t('reports_emptyFiltered') : t('reports_empty')}
        notice={notice}
        openOptions={openOptions}
      />
      <div
        class={list.kept ? 'report-list kept' : 'report-list'}
        inert={list.kept}
        aria-hidden={list.kept ? 'true' : undefined}
      >
        {data && data.items.length > 0 && (
          // Compact rows fit; the wide table scrolls sideways where it must. A row's menu may
          // reach below the table, which a scrolling box would cut off.
          <div class={compact ? undefined : 'table-scroll'}>
            <ReportsTable
              compact={compact}
              reports={data.items}
              updated={updated}
              work={work}
              selection={selection.selection}
              onSelectionChange={selection.change}
              sortBy={filters.sortBy}
              sort={filters.sort}
              onSort={change}
              canOpen={canOpen}
              onOpen={(report) => {
                const target = reportPageUrl(siteUrl, report.id);
                if (target) openTab(target);
              }}
              onDelete={setConfirmDelete}
              onCopyLink={share.copyLink}
              onShare={share.ask}
              busy={list.loading}
              send={send}
            />
          </div>
        )}
        {data && (data.items.length > 0 || filters.page > 1) && (
          <Pager
            page={filters.page}
            lastPage={data.lastPage}
            hasNext={data.hasNext}
            onPage={(page) => change({ page })}
          />
        )}
      </div>

      <ReportsDialogs
        confirmDelete={confirmDelete}
        onDelete={(report) => void removeOne(report)}
        onCancelDelete={() => setConfirmDelete(null)}
        question={bulk.question}
        onConfirmBulk={(choice) => void confirmBulk(choice)}
        onCancelBulk={bulk.cancelQuestion}
      />
      <ShareOne share={share} openOptions={openOptions} />
    </section>
  );
}
