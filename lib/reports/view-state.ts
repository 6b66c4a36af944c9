// What the popup remembers between openings: the Reports and Projects filters. Anything odd in
// storage falls back to its default, field by field.
import * as z from 'zod/mini';
import { PER_PAGE_OPTIONS, RATINGS } from '../api/constants';
import { defineStorageItem } from '../storage-item';

export type PopupView = 'page' | 'reports' | 'projects';

export const REPORT_SORTS = ['id', 'generated_at', 'url', 'result'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export const PROJECT_SORTS = ['created_at', 'project'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

const Text = z.catch(z.string(), '');
const Order = z.catch(z.enum(['asc', 'desc']), 'desc');
const PerPage = z.catch(z.literal(PER_PAGE_OPTIONS), 10);
/** A new opening always starts on page 1. */
const FirstPage = z.catch(z.number(), 1);

const ReportFilters = z.object({
  search: Text,
  result: z.catch(z.enum(['', ...RATINGS]), ''),
  project: Text,
  sortBy: z.catch(z.literal(REPORT_SORTS), 'id'),
  sort: Order,
  perPage: PerPage,
  page: FirstPage,
});
export type ReportFilters = z.infer<typeof ReportFilters>;

const ProjectFilters = z.object({
  search: Text,
  sortBy: z.catch(z.literal(PROJECT_SORTS), 'created_at'),
  sort: Order,
  perPage: PerPage,
  page: FirstPage,
});
export type ProjectFilters = z.infer<typeof ProjectFilters>;

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

const StoredState = z.object({
  reports: z.catch(ReportFilters, DEFAULT_REPORT_FILTERS),
  projects: z.catch(ProjectFilters, DEFAULT_PROJECT_FILTERS),
  /** The account they are of: another account's filters (its projects) are not this one's. */
  account: z.optional(z.string()),
});

/**
 * Reads a stored state, tolerating anything; a new opening always starts on page 1. The filters of
 * another account than `account` (when given) read as the defaults; those stored before accounts
 * name none, and are the first account's to open them (an upgrade's one account).
 */
export function parsePopupState(raw: unknown, account?: string | null): PopupState {
  const parsed = StoredState.safeParse(raw);
  if (!parsed.success) return DEFAULT_POPUP_STATE;
  const owner = parsed.data.account;
  if (account !== undefined && owner !== undefined && owner !== account) {
    return DEFAULT_POPUP_STATE;
  }
  const { reports, projects } = parsed.data;
  return { reports: { ...reports, page: 1 }, projects: { ...projects, page: 1 } };
}

/** Applies a change; any change other than the page itself goes back to page 1. */
export function changeFilters<T extends { page: number }>(filters: T, patch: Partial<T>): T {
  const next = { ...filters, ...patch };
  if (!('page' in patch)) next.page = 1;
  return next;
}

export const popupStateItem = defineStorageItem<z.infer<typeof StoredState> | null>(
  'local:popupState',
  null,
);

export interface PopupStateStore {
  load(): Promise<PopupState>;
  save(state: PopupState): Promise<void>;
}

/** The filters of `account` kept in storage.local (never a password). */
export function createPopupStateStore(account: string | null = null): PopupStateStore {
  return {
    async load() {
      try {
        return parsePopupState(await popupStateItem.getValue(), account);
      } catch {
        return DEFAULT_POPUP_STATE;
      }
    },
    async save(state) {
      try {
        await popupStateItem.setValue({ ...state, ...(account && { account }) });
      } catch {
        // Remembering filters is a convenience; a full or failing storage must not break the popup.
      }
    },
  };
}
