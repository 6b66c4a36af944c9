// The query /reports and /projects share: paging, sorting and search; their filters differ.
import type { PerPage, SortOrder } from './model';
import type { WireParams } from './transport';

/** Sent when the caller names none: deployments default to 10 or 25, so it is always sent. */
export const DEFAULT_PER_PAGE = 25;

export interface ListInput {
  search?: string;
  sortBy?: string;
  sort?: SortOrder;
  perPage?: PerPage;
  page?: number;
}

export interface ListQuery {
  query: WireParams;
  /** The page asked for: how an answer without `meta` is read (see toPage). */
  requested: { page: number; perPage: number };
}

/** `searchBy` is sent only with a search; `filters` go between the search and the sorting. */
export function listQuery(input: ListInput, searchBy: string, filters: WireParams = {}): ListQuery {
  const requested = { page: input.page ?? 1, perPage: input.perPage ?? DEFAULT_PER_PAGE };
  const search = input.search?.trim() ? input.search : undefined;
  return {
    query: {
      search,
      search_by: search === undefined ? undefined : searchBy,
      ...filters,
      sort_by: input.sortBy,
      sort: input.sort,
      per_page: requested.perPage,
      page: requested.page,
    },
    requested,
  };
}
