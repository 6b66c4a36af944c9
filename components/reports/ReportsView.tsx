// The popup's Reports: search, filters, sorting and paging over the service's reports, with
// open, copy link, share, re-analyze and delete on each row.
import type { Report } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { reportListParams } from '../../lib/reports/list-params';
import type { ReportFilters } from '../../lib/reports/view-state';
import { reportPageUrl } from '../../lib/this-page/pages';
import { ListView } from '../ui/ListView';
import { useListView } from '../ui/useList';
import { ReportFilterFields } from './ReportFilterFields';
import { ReportRow } from './ReportRow';
import { ShareOne, ShareStatus } from './ShareStatus';
import { useProjectChoices } from './useProjectChoices';
import { useReportActions } from './useReportActions';
import { useShare } from './useShare';

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
  const reports = useListView<Report, number, 'reanalyze'>({
    load: () => send({ type: 'listReports', params }),
    shows: JSON.stringify(params),
    active,
    revision,
    page: filters.page,
    onPage: (page) => onFiltersChange({ page }),
    onChanged,
    keyOf: (report) => report.id,
    remove: {
      send: ({ id }) => send({ type: 'deleteReport', id }),
      question: ({ url }) => ({
        title: t('popup_deleteReportTitle'),
        text: t('popup_deleteReportText', url),
      }),
      deleted: t('popup_reportDeleted'),
      alreadyDeleted: t('popup_alreadyDeleted'),
      failed: t('popup_deleteFailed'),
    },
  });
  const { list } = reports;
  const projects = useProjectChoices(send, revision, list.data?.items ?? [], filters.project);
  /** The re-analysis and its wait for the rating. */
  const rating = useReportActions<number, never>(send);

  /** A row's report as the service answered a change to it. */
  function replace(updated: Report) {
    list.setData((page) => ({
      ...page,
      items: page.items.map((item) => (item.id === updated.id ? updated : item)),
    }));
  }
  const share = useShare(send, siteUrl, (report) => {
    replace(report);
    onChanged();
  });

  async function reanalyze(report: Report) {
    reports.begin(report.id, 'reanalyze');
    // A failed wait leaves the report as the service answered it, not yet rated.
    const { answer } = await rating.reanalyze(report.id);
    if (answer.ok) {
      reports.end(report.id);
      replace(answer.data);
    } else if (answer.error.kind === 'not_found') {
      reports.end(report.id);
      reports.gone(t('error_report_gone'));
    } else {
      reports.end(report.id, { context: t('popup_reanalyzeFailed'), error: answer.error });
    }
  }

  const filtered = !!(filters.search.trim() || filters.result || filters.project);
  const canOpen = reportPageUrl(siteUrl, 1) !== undefined;

  return (
    <>
      <ListView
        {...reports.view}
        label={t('popup_tabReports')}
        filters={
          <ReportFilterFields
            filters={filters}
            onChange={onFiltersChange}
            projects={projects}
            searchDelay={searchDelay}
          />
        }
        loadFailed={t('reports_loadFailed')}
        loadingText={t('reports_loading')}
        emptyText={filtered ? t('reports_emptyFiltered') : t('reports_empty')}
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
            onCopyLink={share.copyLink}
            onShare={share.ask}
            onReanalyze={reanalyze}
            onDelete={reports.askDelete}
            busy={busyText(reports.workOn(report.id))}
            failure={reports.failureAt(report.id)}
          />
        )}
        openOptions={openOptions}
      />
      <ShareStatus status={share} />
      <ShareOne share={share} openOptions={openOptions} />
    </>
  );
}

/** What a row says while an action runs on it. */
function busyText(work: 'reanalyze' | 'delete' | null): string | undefined {
  if (work === 'delete') return t('reports_deleting');
  return work ? t('popup_analyzing') : undefined;
}
