// The Reports and Projects filters. App keeps them (null until restored, so both views share
// them and they outlive a view); this code, loaded with the views (views.ts), changes them. They
// are restored once from what the popup remembers (App asks once This page is on screen, a view
// again if it is shown before that), and App saves them on every change.
import type { Dispatch, StateUpdater } from 'preact/hooks';
import { useEffect } from 'preact/hooks';
import {
  changeFilters,
  type PopupState,
  type ProjectFilters,
  type ReportFilters,
} from '../../lib/reports/view-state';

/** What App hands the views: the filters (null until restored) and how to restore them. */
export interface PopupLists {
  filters: PopupState | null;
  setFilters: Dispatch<StateUpdater<PopupState | null>>;
  /** Reads the remembered filters; applied only while there are none yet. */
  restore: () => void;
}

export function usePopupFilters({ filters, setFilters, restore }: PopupLists) {
  useEffect(() => {
    if (!filters) restore();
  }, [filters, restore]);

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
