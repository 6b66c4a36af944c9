// What the popup remembers between openings: the Reports and Projects filters. Pure logic and
// a small storage wrapper; no zod (the popup bundle stays small), so stored data is checked
// field by field and anything odd falls back to its default.

import { PER_PAGE_OPTIONS, RATINGS } from '../api/constants';
import type { PerPage, Rating, SortOrder } from '../api/model';

export type PopupView = 'page' | 'reports' | 'projects';

export const REPORT_SORTS = ['id', 'generated_at', 'url', 'result'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export const PROJECT_SORTS = ['created_at', 'project'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

export interface ReportFilters {
  search: string;
  result: Rating | '';
  project: string;
  sortBy: ReportSort;
  sort: SortOrder;
  perPage: PerPage;
  page: number;
}

export interface ProjectFilters {
  search: string;
  sortBy: ProjectSort;
  sort: SortOrder;
  perPage: PerPage;
  page: number;
}

export interface PopupState {
  reports: ReportFilters;
  projects: ProjectFilters;
}

export const DEFAULT_REPORT_FILTERS: ReportFilters = {
  search: '',
  result: '',
  project: '',
  sortBy: 'id',
  sort: 'desc',
  perPage: 10,
  page: 1,
};

export const DEFAULT_PROJECT_FILTERS: ProjectFilters = {
  search: '',
  sortBy: 'created_at',
  sort: 'desc',
  perPage: 10,
  page: 1,
};

export const DEFAULT_POPUP_STATE: PopupState = {
  reports: DEFAULT_REPORT_FILTERS,
  projects: DEFAULT_PROJECT_FILTERS,
};

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** Each stored field that is allowed replaces its default; text fields take any string. */
function parseFilters<T extends { page: number }>(
  raw: unknown,
  defaults: T,
  allowed: Partial<Record<keyof T, readonly unknown[]>>,
): T {
  const stored = record(raw);
  const filters = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const value = stored[key];
    const choices = allowed[key];
    if (key !== 'page' && (choices ? choices.includes(value) : typeof value === 'string')) {
      filters[key] = value as T[typeof key];
    }
  }
  return filters;
}

const ORDERS = ['asc', 'desc'];

/** Reads a stored state, tolerating anything; a new opening always starts on page 1. */
export function parsePopupState(raw: unknown): PopupState {
  const stored = record(raw);
  return {
    reports: parseFilters(stored.reports, DEFAULT_REPORT_FILTERS, {
      result: ['', ...RATINGS],
      sortBy: REPORT_SORTS,
      sort: ORDERS,
      perPage: PER_PAGE_OPTIONS,
    }),
    projects: parseFilters(stored.projects, DEFAULT_PROJECT_FILTERS, {
      sortBy: PROJECT_SORTS,
      sort: ORDERS,
      perPage: PER_PAGE_OPTIONS,
    }),
  };
}

/** Applies a change; any change other than the page itself goes back to page 1. */
export function changeFilters<T extends { page: number }>(filters: T, patch: Partial<T>): T {
  const next = { ...filters, ...patch };
  if (!('page' in patch)) next.page = 1;
  return next;
}

export const POPUP_STATE_KEY = 'popupState';

export interface PopupStateStore {
  load(): Promise<PopupState>;
  save(state: PopupState): Promise<void>;
}

interface StorageAreaLike {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

/** The filters kept in `storage.local` under 'popupState' (never a password). */
export function createPopupStateStore(area: StorageAreaLike): PopupStateStore {
  return {
    async load() {
      try {
        const items = await area.get(POPUP_STATE_KEY);
        return parsePopupState(items[POPUP_STATE_KEY]);
      } catch {
        return DEFAULT_POPUP_STATE;
      }
    },
    async save(state) {
      try {
        await area.set({ [POPUP_STATE_KEY]: state });
      } catch {
        // Remembering filters is a convenience; a full or failing storage must not break the popup.
      }
    },
  };
}
