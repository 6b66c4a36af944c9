// The popup's Reports: search, filters, sorting and paging over the service's reports, with
// open, re-analyze and delete on each row.
import { useState } from 'preact/hooks';
import type { Report } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { reportListParams } from '../../lib/reports/list-params';
import type { ReportFilters } from '../../lib/reports/view-state';
import { reportPageUrl } from '../../lib/this-page/pages';
import { ListView } from '../ui/ListView';
import { useList } from '../ui/useList';
import { ReportFilterFields } from './ReportFilterFields';
import { ReportRow } from './ReportItem';
import { useProjectChoices } from './useProjectChoices';
import { useReportActions } from './useReportActions';

export interface ReportsViewProps {
  send: Sender;
  filters: ReportFilters;
  onFiltersChange: (patch: Partial<ReportFilters>) => void;
  siteUrl: string | null;
  openTab: (url: string) => unknown;
  openOptions: () => unknown;
  /** Whether the view is on screen; nothing is loaded while it is not. */
  active: boolean;
  /** Bumped when reports or projects changed elsewhere in the popup. */
  revision: number;
  onChanged: () => void;
  searchDelay: number;
}

export function ReportsView({
  send,
  filters,
  onFiltersChange,
  siteUrl,
  openTab,
  openOptions,
  active,
  revision,
  onChanged,
  searchDelay,
}: ReportsViewProps) {
  const params = reportListParams(filters);
  const list = useList(
    () => send({ type: 'listReports', params }),
    `${JSON.stringify(params)}#${revision}`,
    active,
  );
  const projects = useProjectChoices(send, revision, list.data?.items ?? [], filters.project);
  /** What runs on each row (by report id), and what failed there. */
  const rows = useReportActions<number, 'reanalyze' | 'delete'>(send);
  const [confirm, setConfirm] = useState<Report | null>(null);
  const [notice, setNotice] = useState('');

  /** A report went (deleted now or before): refresh, going back a page if this one empties. */
  function gone(text: string) {
    setNotice(text);
    if ((list.data?.items.length ?? 0) <= 1 && filters.page > 1) {
      onFiltersChange({ page: filters.page - 1 });
    }
    onChanged();
  }

  async function reanalyze(report: Report) {
    setNotice('');
    rows.begin(report.id, 'reanalyze');
    // A failed wait leaves the report as the service answered it, not yet rated.
    const { answer } = await rows.reanalyze(report.id);
    if (answer.ok) {
      rows.end(report.id);
      const updated = answer.data;
      list.setData((page) => ({
        ...page,
        items: page.items.map((item) => (item.id === updated.id ? updated : item)),
      }));
    } else if (answer.error.kind === 'not_found') {
      rows.end(report.id);
      gone(t('error_report_gone'));
    } else {
      rows.end(report.id, { context: t('popup_reanalyzeFailed'), error: answer.error });
    }
  }

  async function remove(report: Report) {
    setConfirm(null);
    setNotice('');
    rows.begin(report.id, 'delete');
    const answer = await send({ type: 'deleteReport', id: report.id });
    if (answer.ok || answer.error.kind === 'not_found') {
      rows.end(report.id);
      gone(t(answer.ok ? 'popup_reportDeleted' : 'popup_alreadyDeleted'));
    } else {
      rows.end(report.id, { context: t('popup_deleteFailed'), error: answer.error });
    }
  }

  const filtered = !!(filters.search.trim() || filters.result || filters.project);
  const canOpen = reportPageUrl(siteUrl, 1) !== undefined;

  return (
    <ListView
      label={t('popup_tabReports')}
      filters={
        <ReportFilterFields
          filters={filters}
          onChange={onFiltersChange}
          projects={projects}
          searchDelay={searchDelay}
        />
      }
      list={list}
      loadFailed={t('reports_loadFailed')}
      loadingText={t('reports_loading')}
      emptyText={filtered ? t('reports_emptyFiltered') : t('reports_empty')}
      notice={notice}
      listLabel={t('reports_listLabel')}
      row={(report) => (
        <ReportRow
          key={report.id}
          report={report}
          canOpen={canOpen}
          onOpen={(item) => {
            const target = reportPageUrl(siteUrl, item.id);
            if (target) openTab(target);
          }}
          onReanalyze={reanalyze}
          onDelete={setConfirm}
          busy={busyText(rows.workOn(report.id))}
          error={rows.failureAt(report.id)?.error}
          errorContext={rows.failureAt(report.id)?.context}
        />
      )}
      page={filters.page}
      onPage={(page) => onFiltersChange({ page })}
      openOptions={openOptions}
      confirm={
        confirm === null
          ? null
          : {
              title: t('popup_deleteReportTitle'),
              text: t('popup_deleteReportText', confirm.url),
              onConfirm: () => void remove(confirm),
              onCancel: () => setConfirm(null),
            }
      }
    />
  );
}

/** What a row says while an action runs on it. */
function busyText(work: 'reanalyze' | 'delete' | null): string | undefined {
  if (work === 'delete') return t('reports_deleting');
  return work ? t('popup_analyzing') : undefined;
}
