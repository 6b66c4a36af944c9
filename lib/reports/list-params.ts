// The list requests for the Reports and Projects filters: search trimmed, and what is empty
// (All) left out.
import type { ListProjectsParams, ListReportsParams } from '../api/model';
import type { ProjectFilters, ReportFilters } from './view-state';

export function reportListParams(filters: ReportFilters): ListReportsParams {
  const search = filters.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.project ? { project: filters.project } : {}),
    ...(filters.result ? { result: filters.result } : {}),
    sortBy: filters.sortBy,
    sort: filters.sort,
    perPage: filters.perPage,
    page: filters.page,
  };
}

export function projectListParams(filters: ProjectFilters): ListProjectsParams {
  const search = filters.search.trim();
  return {
    ...(search ? { search } : {}),
    sortBy: filters.sortBy,
    sort: filters.sort,
    perPage: filters.perPage,
    page: filters.page,
  };
}
