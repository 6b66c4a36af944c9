// The popup: This page, then Reports and Projects as tabs. A view is mounted on its first visit
// and then stays (hidden), keeping its place. Everything from the browser comes in as props.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ProjectsView } from '../../components/projects/ProjectsView';
import { ReportsView } from '../../components/reports/ReportsView';
import { NotReady } from '../../components/this-page/NotReady';
import { ThisPageView } from '../../components/this-page/ThisPageView';
import { type PopupStatusDeps, usePopupStatus } from '../../components/this-page/usePopupStatus';
import { ViewTabs } from '../../components/ui/ViewTabs';
import { type MessageKey, t } from '../../lib/i18n';
import {
  changeFilters,
  DEFAULT_POPUP_STATE,
  type PopupState,
  type PopupStateStore,
  type PopupView,
  type ProjectFilters,
  type ReportFilters,
} from '../../lib/reports/view-state';

const VIEWS: { view: PopupView; key: MessageKey }[] = [
  { view: 'page', key: 'popup_tabThisPage' },
  { view: 'reports', key: 'popup_tabReports' },
  { view: 'projects', key: 'popup_tabProjects' },
];

export interface PopupDeps extends PopupStatusDeps {
  openTab: (url: string) => unknown;
  openOptions: () => unknown;
  /** Opens the workspace beside the page's tab; called from the click (a user gesture). */
  openWorkspace?: (tabId: number | undefined) => unknown;
  store: PopupStateStore;
  /** Pause after typing before a search is sent (ms). */
  searchDelay?: number;
}

/** The Reports and Projects filters, remembered between openings: null until read. */
function usePopupFilters(store: PopupStateStore) {
  const [filters, setFilters] = useState<PopupState | null>(null);
  const restored = useRef<PopupState | null>(null);
  useEffect(() => {
    const restore = (state: PopupState) => {
      restored.current = state;
      setFilters((current) => current ?? state);
    };
    store.load().then(restore, () => restore(DEFAULT_POPUP_STATE));
  }, [store]);
  useEffect(() => {
    if (filters && filters !== restored.current) void store.save(filters);
  }, [filters, store]);

  const change = (update: (state: PopupState) => PopupState) =>
    setFilters((state) => state && update(state));
  return {
    filters,
    changeReports: (patch: Partial<ReportFilters>) =>
      change((state) => ({ ...state, reports: changeFilters(state.reports, patch) })),
    changeProjects: (patch: Partial<ProjectFilters>) =>
      change((state) => ({ ...state, projects: changeFilters(state.projects, patch) })),
    /** A deleted project is no longer a filter. */
    projectDeleted: (name: string) =>
      change((state) =>
        state.reports.project === name
          ? { ...state, reports: changeFilters(state.reports, { project: '' }) }
          : state,
      ),
  };
}

export function App({
  send: rawSend,
  getStatus,
  watchStatus,
  getActiveTab,
  openTab,
  openOptions,
  openWorkspace,
  store,
  searchDelay = 300,
}: PopupDeps) {
  const { load, slow, start, send } = usePopupStatus({
    send: rawSend,
    getStatus,
    watchStatus,
    getActiveTab,
  });
  const { filters, changeReports, changeProjects, projectDeleted } = usePopupFilters(store);
  const [view, setView] = useState<PopupView>('page');
  const [visited, setVisited] = useState<PopupView[]>(['page']);
  const [revision, setRevision] = useState(0);

  const show = useCallback((next: PopupView) => {
    setView(next);
    setVisited((seen) => (seen.includes(next) ? seen : [...seen, next]));
  }, []);
  const changed = useCallback(() => setRevision((n) => n + 1), []);

  if (load.phase !== 'ready') {
    return (
      <main class="popup" aria-busy={load.phase === 'loading' && !slow ? 'true' : undefined}>
        <NotReady load={load} slow={slow} onRetry={start} openOptions={openOptions} />
      </main>
    );
  }

  const { tab, status } = load;
  const common = { send, openOptions, revision, onChanged: changed, searchDelay };
  return (
    <main class="popup">
      <ViewTabs
        label={t('popup_tabsLabel')}
        views={VIEWS.map(({ view, key }) => ({ view, label: t(key) }))}
        view={view}
        visited={visited}
        onShow={show}
      />
      <div role="tabpanel" id="panel-page" aria-labelledby="tab-page" hidden={view !== 'page'}>
        <ThisPageView
          send={send}
          tab={tab}
          status={status}
          openTab={openTab}
          openOptions={openOptions}
          onChanged={changed}
        />
      </div>
      {visited.includes('reports') && (
        <div
          role="tabpanel"
          id="panel-reports"
          aria-labelledby="tab-reports"
          hidden={view !== 'reports'}
        >
          {filters && (
            <ReportsView
              {...common}
              filters={filters.reports}
              onFiltersChange={changeReports}
              siteUrl={status.siteUrl}
              openTab={openTab}
              active={view === 'reports'}
            />
          )}
        </div>
      )}
      {visited.includes('projects') && (
        <div
          role="tabpanel"
          id="panel-projects"
          aria-labelledby="tab-projects"
          hidden={view !== 'projects'}
        >
          {filters && (
            <ProjectsView
              {...common}
              filters={filters.projects}
              onFiltersChange={changeProjects}
              onOpenProject={(name) => {
                changeReports({ project: name, search: '', result: '' });
                show('reports');
              }}
              onProjectDeleted={projectDeleted}
              active={view === 'projects'}
            />
          )}
        </div>
      )}
      {openWorkspace && (
        <footer class="actions">
          <button type="button" class="link" onClick={() => openWorkspace(tab?.id)}>
            {t('workspace_openWorkspace')}
          </button>
        </footer>
      )}
    </main>
  );
}
