// The Reports tab's filters in the workspace's address: one key per filter, left out at its
// default; anything odd falls back to its default (an address can be typed by hand).
import { PER_PAGE_OPTIONS, RATINGS } from '../api/constants';
import type { SortOrder } from '../api/model';
import { DEFAULT_REPORT_FILTERS, REPORT_SORTS, type ReportFilters } from './view-state';
import type { HashPatch, HashState } from './workspace-address';

/** The Reports tab's keys in the hash, in the order they are written. */
export const REPORT_FILTER_KEYS = [
  'search',
  'result',
  'project',
  'sortBy',
  'sort',
  'perPage',
  'page',
] as const satisfies readonly (keyof ReportFilters)[];

const ORDERS: readonly SortOrder[] = ['asc', 'desc'];

function oneOf<T>(choices: readonly T[], value: unknown, fallback: T): T {
  return choices.includes(value as T) ? (value as T) : fallback;
}

export function filtersFromHash(hash: HashState): ReportFilters {
  const defaults = DEFAULT_REPORT_FILTERS;
  const page = Number(hash.page);
  return {
    search: hash.search ?? defaults.search,
    result: oneOf(['', ...RATINGS], hash.result, defaults.result),
    project: hash.project ?? defaults.project,
    sortBy: oneOf(REPORT_SORTS, hash.sortBy, defaults.sortBy),
    sort: oneOf(ORDERS, hash.sort, defaults.sort),
    perPage: oneOf(PER_PAGE_OPTIONS, Number(hash.perPage), defaults.perPage),
    page: Number.isSafeInteger(page) && page >= 1 ? page : defaults.page,
  };
}

/** The hash change that shows `filters`: defaults removed, every other key left alone. */
export function filtersToHash(filters: ReportFilters): HashPatch {
  const patch: HashPatch = {};
  for (const key of REPORT_FILTER_KEYS) {
    const value = filters[key];
    patch[key] = value === DEFAULT_REPORT_FILTERS[key] ? null : value;
  }
  return patch;
}

/** Whether two sets of filters show the same list. */
export function sameFilters(a: ReportFilters, b: ReportFilters): boolean {
  return REPORT_FILTER_KEYS.every((key) => a[key] === b[key]);
}

/** The filters a narrow workspace keeps behind its Filters button: all but the search. */
const HIDDEN_FILTERS = ['result', 'project', 'sortBy', 'sort', 'perPage'] as const;

/** How many of those differ from their defaults: what the Filters button's description says. */
export function activeFilterCount(filters: ReportFilters): number {
  return HIDDEN_FILTERS.filter((key) => filters[key] !== DEFAULT_REPORT_FILTERS[key]).length;
}
