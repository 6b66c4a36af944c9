// Projects, in the popup and the workspace: search, sorting and paging; choosing a project shows
// its reports, deleting one says that its reports go too.
import { useId, useState } from 'preact/hooks';
import type { ErrorData, Project } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { projectListParams } from '../../lib/reports/list-params';
import type { ProjectFilters } from '../../lib/reports/view-state';
import { ErrorAlert } from '../ui/ErrorAlert';
import { ListView, SortControls } from '../ui/ListView';
import { RelativeTime } from '../ui/RelativeTime';
import { SearchField } from '../ui/SearchField';
import { useList } from '../ui/useList';
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
  const list = useList(
    () => send({ type: 'listProjects', params }),
    `${JSON.stringify(params)}#${revision}`,
    active,
  );
  const [confirm, setConfirm] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ name: string; error: ErrorData } | null>(null);
  const [notice, setNotice] = useState('');

  async function remove(name: string) {
    setConfirm(null);
    setNotice('');
    setFailure(null);
    setDeleting(name);
    const answer = await send({ type: 'deleteProject', name });
    setDeleting(null);
    if (!answer.ok && answer.error.kind !== 'not_found') {
      setFailure({ name, error: answer.error });
      return;
    }
    // Already gone counts as done: the list is refreshed either way.
    setNotice(answer.ok ? t('projects_deleted') : t('projects_alreadyDeleted'));
    if ((list.data?.items.length ?? 0) <= 1 && filters.page > 1) {
      onFiltersChange({ page: filters.page - 1 });
    }
    onProjectDeleted(name);
    onChanged();
  }

  return (
    <ListView
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
      list={list}
      loadFailed={t('projects_loadFailed')}
      loadingText={t('projects_loading')}
      emptyText={filters.search.trim() ? t('projects_emptyFiltered') : t('projects_empty')}
      notice={notice}
      listLabel={t('projects_listLabel')}
      row={(project) => (
        <ProjectRow
          key={project.name}
          project={project}
          onOpen={onOpenProject}
          onDelete={setConfirm}
          send={send}
          busy={deleting === project.name}
          error={failure?.name === project.name ? failure.error : null}
          onOpenOptions={openOptions}
        />
      )}
      page={filters.page}
      onPage={(page) => onFiltersChange({ page })}
      openOptions={openOptions}
      confirm={
        confirm === null
          ? null
          : {
              title: t('projects_deleteTitle', confirm),
              text: t('projects_deleteText', confirm),
              onConfirm: () => void remove(confirm),
              onCancel: () => setConfirm(null),
            }
      }
    />
  );
}

interface ProjectRowProps {
  project: Project;
  send: Sender;
  onOpen: (name: string) => void;
  onDelete: (name: string) => void;
  busy: boolean;
  error: ErrorData | null;
  onOpenOptions: () => unknown;
}

function ProjectRow({
  project,
  send,
  onOpen,
  onDelete,
  busy,
  error,
  onOpenOptions,
}: ProjectRowProps) {
  const nameId = useId();
  return (
    <li class="row" aria-labelledby={nameId} aria-busy={busy || undefined}>
      <div class="row-main">
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
      </div>
      <div class="actions">
        <WatchProject send={send} name={project.name} describedBy={nameId} />
        <button
          type="button"
          class="danger"
          aria-describedby={nameId}
          aria-disabled={busy}
          onClick={() => busy || onDelete(project.name)}
        >
          {t('common_delete')}
        </button>
      </div>
      {busy && (
        <p class="progress" role="status">
          <span class="spinner" aria-hidden="true" />
          {t('projects_deleting')}
        </p>
      )}
      <ErrorAlert
        error={error}
        context={t('projects_deleteFailed')}
        onOpenOptions={onOpenOptions}
      />
    </li>
  );
}
