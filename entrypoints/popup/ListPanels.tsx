// The Reports and Projects views as the popup shows them: with the filters App keeps (see
// usePopupFilters.ts). Until the remembered filters are read (a few milliseconds, usually done
// before the view is chosen) they show nothing.
import type { ProjectsViewProps } from '../../components/projects/ProjectsView';
import { ProjectsView } from '../../components/projects/ProjectsView';
import type { ReportsViewProps } from '../../components/reports/ReportsView';
import { ReportsView } from '../../components/reports/ReportsView';
import { type PopupLists, usePopupFilters } from '../../components/reports/usePopupFilters';

type Filtered = 'filters' | 'onFiltersChange';

export type ReportsPanelProps = Omit<ReportsViewProps, Filtered> & { lists: PopupLists };

export function ReportsPanel({ lists, ...props }: ReportsPanelProps) {
  const { filters, changeReports } = usePopupFilters(lists);
  return (
    filters && <ReportsView {...props} filters={filters.reports} onFiltersChange={changeReports} />
  );
}

export type ProjectsPanelProps = Omit<
  ProjectsViewProps,
  Filtered | 'onOpenProject' | 'onProjectDeleted'
> & {
  lists: PopupLists;
  /** Shows the Reports view (after a project was chosen: its reports). */
  onShowReports: () => void;
};

export function ProjectsPanel({ lists, onShowReports, ...props }: ProjectsPanelProps) {
  const { filters, changeReports, changeProjects, projectDeleted } = usePopupFilters(lists);
  return (
    filters && (
      <ProjectsView
        {...props}
        filters={filters.projects}
        onFiltersChange={changeProjects}
        onOpenProject={(name) => {
          changeReports({ project: name, search: '', result: '' });
          onShowReports();
        }}
        onProjectDeleted={projectDeleted}
      />
    )
  );
}
