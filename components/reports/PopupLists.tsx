// The popup's Reports and Projects views with their filters, remembered between openings; loaded
// by the popup (one import()) when one of them is first shown.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import {
  changeFilters,
  createPopupStateStore,
  DEFAULT_POPUP_STATE,
  type PopupState,
  type PopupStateStore,
  type PopupView,
  type ProjectFilters,
  type ReportFilters,
} from '../../lib/reports/view-state';
import '../ui/lists.css';
import { ProjectsView } from '../projects/ProjectsView';
import { ViewPanel } from '../ui/ViewTabs';
import { ReportsView } from './ReportsView';

/** The Reports and Projects filters, remembered between openings: null until read. */
function usePopupFilters(store: PopupStateStore) {
  const [filters, setFilters] = useState<PopupState | null>(null);
  const restored = useRef<PopupState | null>(null);
  useEffect(() => {
    const restore = (state: PopupState) => {
      restored.current = state;
      setFilters((current) => current ?? state);
    };
    // Another account's store: its own filters, not the last account's.
    setFilters(null);
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

export interface PopupListsProps {
  view: PopupView;
  visited: PopupView[];
  show: (view: PopupView) => void;
  send: Sender;
  siteUrl: string | null;
  openTab: (url: string) => unknown;
  openOptions: () => unknown;
  /** Bumped when reports or projects changed elsewhere: lists load again. */
  revision: number;
  onChanged: () => void;
  searchDelay: number;
  /** Where the filters are remembered; storage.local unless given. */
  store?: PopupStateStore;
  /** The account in use, whose filters they are. */
  account?: string | null;
}

export function PopupLists({
  view,
  visited,
  show,
  siteUrl,
  openTab,
  store,
  account = null,
  ...common
}: PopupListsProps) {
  const filtersStore = useMemo(() => store ?? createPopupStateStore(account), [store, account]);
  const { filters, changeReports, changeProjects, projectDeleted } = usePopupFilters(filtersStore);
  // Each view has one level-one heading, as This page has (the page's title); the tab names it
  // on screen already.
  return (
    <>
      {visited.includes('reports') && (
        <ViewPanel view="reports" shown={view}>
          <h1 class="visually-hidden">{t('popup_tabReports')}</h1>
          {filters && (
            <ReportsView
              {...common}
              filters={filters.reports}
              onFiltersChange={changeReports}
              siteUrl={siteUrl}
              openTab={openTab}
              active={view === 'reports'}
            />
          )}
        </ViewPanel>
      )}
      {visited.includes('projects') && (
        <ViewPanel view="projects" shown={view}>
          <h1 class="visually-hidden">{t('popup_tabProjects')}</h1>
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
        </ViewPanel>
      )}
    </>
  );
}
