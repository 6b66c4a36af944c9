// Projects, in the popup and the workspace: search, sorting and paging; choosing a project shows
// its reports, deleting one says that its reports go too.
import { useId } from 'preact/hooks';
import type { Project } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { projectListParams } from '../../lib/reports/list-params';
import type { ProjectFilters } from '../../lib/reports/view-state';
import { ListRow, ListView, SortControls } from '../ui/ListView';
import { RelativeTime } from '../ui/RelativeTime';
import { SearchField } from '../ui/SearchField';
import { type RowFailure, useListView } from '../ui/useList';
import { WatchProject } from '../watch/WatchProject';

export interface ProjectsViewProps {
  send: Sender;
  filters: ProjectFilters;
  onFiltersChange: (patch: Partial<ProjectFilters>) => void;
  openOptions: () => unknown;
  /** Shows the Reports view filtered to this project. */
  onOpenProject: (name: string) => void;
  onProjectDeleted: (name: string) => void;
  active: boolean;
  revision: number;
  onChanged: () => void;
  searchDelay: number;
}

export function ProjectsView({
  send,
  filters,
  onFiltersChange,
  openOptions,
  onOpenProject,
  onProjectDeleted,
  active,
  revision,
  onChanged,
  searchDelay,
}: ProjectsViewProps) {
  const params = projectListParams(filters);
  const projects = useListView<Project, string>({
    load: () => send({ type: 'listProjects', params }),
    shows: JSON.stringify(params),
    active,
    revision,
    page: filters.page,
    onPage: (page) => onFiltersChange({ page }),
    onChanged,
    keyOf: (project) => project.name,
    remove: {
      send: ({ name }) => send({ type: 'deleteProject', name }),
      question: ({ name }) => ({
        title: t('projects_deleteTitle', name),
        text: t('projects_deleteText', name),
      }),
      deleted: t('projects_deleted'),
      alreadyDeleted: t('projects_alreadyDeleted'),
      failed: t('projects_deleteFailed'),
      onDeleted: ({ name }) => onProjectDeleted(name),
    },
  });

  return (
    <ListView
      {...projects.view}
      label={t('popup_tabProjects')}
      filters={
        <>
          <SearchField
            label={t('projects_search')}
            value={filters.search}
            onSearch={(search) => onFiltersChange({ search })}
            delay={searchDelay}
          />
          <SortControls
            sortOptions={[
              { value: 'created_at', label: t('projects_sortCreated') },
              { value: 'project', label: t('projects_sortName') },
            ]}
            sortBy={filters.sortBy}
            sort={filters.sort}
            perPage={filters.perPage}
            onChange={onFiltersChange}
          />
        </>
      }
      loadFailed={t('projects_loadFailed')}
      loadingText={t('projects_loading')}
      emptyText={filters.search.trim() ? t('projects_emptyFiltered') : t('projects_empty')}
      listLabel={t('projects_listLabel')}
      row={(project) => (
        <ProjectRow
          key={project.name}
          project={project}
          send={send}
          onOpen={onOpenProject}
          onDelete={projects.askDelete}
          busy={projects.workOn(project.name) ? t('projects_deleting') : null}
          failure={projects.failureAt(project.name)}
          onOpenOptions={openOptions}
        />
      )}
      openOptions={openOptions}
    />
  );
}

interface ProjectRowProps {
  project: Project;
  send: Sender;
  onOpen: (name: string) => void;
  onDelete: (project: Project) => void;
  busy: string | null;
  failure: RowFailure | null;
  onOpenOptions: () => unknown;
}

function ProjectRow({
  project,
  send,
  onOpen,
  onDelete,
  busy,
  failure,
  onOpenOptions,
}: ProjectRowProps) {
  const nameId = useId();
  return (
    <ListRow
      nameId={nameId}
      main={
        <>
          <button type="button" id={nameId} class="link" onClick={() => onOpen(project.name)}>
            {project.name}
          </button>
          <span class="muted">
            {project.createdAt && (
              <>
                {t('projects_created')} <RelativeTime iso={project.createdAt} />
              </>
            )}
            {project.createdAt && project.reportCount !== undefined && ' · '}
            {project.reportCount !== undefined && t('projects_reportCount', project.reportCount)}
          </span>
        </>
      }
      actions={<WatchProject send={send} name={project.name} describedBy={nameId} />}
      onDelete={() => onDelete(project)}
      busy={busy}
      failure={failure}
      onOpenOptions={onOpenOptions}
    />
  );
}
