// Reports: search, filters, sorting and paging over the service's reports, with open,
// re-analyze and delete on each row. Its code is loaded on demand (see lazy-view.tsx).
//
// The first page costs one request: the Project filter offers the projects of the reports on
// screen, and asks the service for the full list only when someone goes to choose (focus, click
// or key on it) — not every time the view opens. A change elsewhere in the popup (revision)
// makes that list stale until it is asked for again.
import { useRef, useState } from 'preact/hooks';
import { ReportRow } from '../../components/ReportRow';
import { SearchField } from '../../components/SearchField';
import { SelectField } from '../../components/SelectField';
import type { ErrorData, Report } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import { reportPageUrl } from '../../lib/pages';
import { type ReportFilters, reportListParams } from '../../lib/popup/view-state';
import type { Sender } from '../../lib/send';
import { ListView, SortControls } from './ListView';
import { useList } from './useList';

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

type RowState = { busy?: string; context?: string; error?: ErrorData };

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
  /** The service's project names as of a revision, once asked for. */
  const [projects, setProjects] = useState<{ revision: number; names: string[] } | null>(null);
  const [rows, setRows] = useState<Record<number, RowState>>({});
  const [confirm, setConfirm] = useState<Report | null>(null);
  const [notice, setNotice] = useState('');
  const projectsLoaded = useRef<number | null>(null);

  /** The Project filter's choices, on demand; a failure keeps what it offers and tries again. */
  function loadProjects() {
    if (projectsLoaded.current === revision) return;
    const asked = revision;
    projectsLoaded.current = asked;
    void send({
      type: 'listProjects',
      params: { perPage: 100, sortBy: 'project', sort: 'asc' },
    }).then((answer) => {
      if (answer.ok) {
        setProjects({ revision: asked, names: answer.data.items.map((project) => project.name) });
      } else if (projectsLoaded.current === asked) projectsLoaded.current = null;
    });
  }

  const setRow = (id: number, state: RowState) => setRows((all) => ({ ...all, [id]: state }));

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
    setRow(report.id, { busy: t('popup_analyzing') });
    let answer = await send({ type: 'updateReport', id: report.id, input: { results: true } });
    if (answer.ok && answer.data.rating === null) {
      const waited = await send({ type: 'waitForResult', id: report.id });
      if (waited.ok) answer = waited;
    }
    setRow(report.id, {});
    if (answer.ok) {
      const updated = answer.data;
      list.setData((page) => ({
        ...page,
        items: page.items.map((item) => (item.id === updated.id ? updated : item)),
      }));
    } else if (answer.error.kind === 'not_found') {
      gone(t('popup_alreadyDeleted'));
    } else {
      setRow(report.id, { context: t('popup_reanalyzeFailed'), error: answer.error });
    }
  }

  async function remove(report: Report) {
    setConfirm(null);
    setNotice('');
    setRow(report.id, { busy: t('reports_deleting') });
    const answer = await send({ type: 'deleteReport', id: report.id });
    setRow(report.id, {});
    if (answer.ok) gone(t('popup_reportDeleted'));
    else if (answer.error.kind === 'not_found') gone(t('popup_alreadyDeleted'));
    else setRow(report.id, { context: t('popup_deleteFailed'), error: answer.error });
  }

  const onScreen = (list.data?.items ?? []).flatMap((report) => report.project || []);
  const projectNames =
    projects?.revision === revision
      ? [...projects.names]
      : [...new Set(onScreen)].sort((a, b) => a.localeCompare(b));
  if (filters.project && !projectNames.includes(filters.project)) {
    projectNames.push(filters.project);
  }
  const filtered = !!(filters.search.trim() || filters.result || filters.project);
  const canOpen = reportPageUrl(siteUrl, 1) !== undefined;

  return (
    <ListView
      label={t('popup_tabReports')}
      filters={
        <>
          <SearchField
            label={t('reports_search')}
            value={filters.search}
            onSearch={(search) => onFiltersChange({ search })}
            delay={searchDelay}
          />
          <SelectField
            label={t('reports_result')}
            value={filters.result}
            options={[
              { value: '', label: t('reports_resultAll') },
              { value: 'good', label: t('rating_good') },
              { value: 'decent', label: t('rating_decent') },
              { value: 'bad', label: t('rating_bad') },
            ]}
            onChange={(result) => onFiltersChange({ result })}
          />
          <SelectField
            label={t('reports_project')}
            value={filters.project}
            options={[
              { value: '', label: t('reports_projectAll') },
              ...projectNames.map((name) => ({ value: name, label: name })),
            ]}
            onChange={(project) => onFiltersChange({ project })}
            onInteract={loadProjects}
          />
          <SortControls
            sortOptions={[
              { value: 'id', label: t('reports_sortCreated') },
              { value: 'generated_at', label: t('reports_sortGenerated') },
              { value: 'url', label: t('reports_sortUrl') },
              { value: 'result', label: t('reports_sortResult') },
            ]}
            sortBy={filters.sortBy}
            sort={filters.sort}
            perPage={filters.perPage}
            onChange={onFiltersChange}
          />
        </>
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
          busy={rows[report.id]?.busy}
          error={rows[report.id]?.error}
          errorContext={rows[report.id]?.context}
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
