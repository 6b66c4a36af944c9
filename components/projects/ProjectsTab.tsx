// Projects in the workspace: the popup's Projects view; choosing a project shows the Reports tab
// filtered to it, through the address's hash.
import { useState } from 'preact/hooks';
import type { Sender } from '../../lib/messaging/send';
import {
  changeFilters,
  DEFAULT_PROJECT_FILTERS,
  type ProjectFilters,
} from '../../lib/reports/view-state';
import { readHash, TAB_KEY, writeHash } from '../../lib/reports/workspace-address';
import { ProjectsView } from './ProjectsView';

export interface ProjectsTabProps {
  send: Sender;
  openOptions: () => unknown;
  active: boolean;
  revision: number;
  onChanged: () => void;
  searchDelay: number;
}

/** The Reports tab with only this project's reports (a search or rating filter would hide some). */
export function showProject(name: string) {
  writeHash({ [TAB_KEY]: 'reports', project: name, search: null, result: null, page: null });
}

function projectDeleted(name: string) {
  if (readHash().project === name) writeHash({ project: null, page: null });
}

export function ProjectsTab(props: ProjectsTabProps) {
  const [filters, setFilters] = useState<ProjectFilters>(DEFAULT_PROJECT_FILTERS);
  return (
    <ProjectsView
      {...props}
      filters={filters}
      onFiltersChange={(patch) => setFilters((current) => changeFilters(current, patch))}
      onOpenProject={showProject}
      onProjectDeleted={projectDeleted}
    />
  );
}
