// What the Reports and Projects views have in common: filters on top, the alert, a status
// line, the empty state, the list, paging, and the delete confirmation.
import type { ComponentChildren } from 'preact';
import { PER_PAGE_OPTIONS } from '../../lib/api/constants';
import type { ErrorData, PerPage, SortOrder } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import { ConfirmDialog } from './ConfirmDialog';
import { ErrorAlert } from './ErrorAlert';
import { Pager } from './Pager';
import { SelectField, type SelectOption } from './SelectField';
import type { ListState } from './useList';

interface Page<T> {
  items: T[];
  lastPage?: number;
  hasNext: boolean;
}

export interface ListViewProps<T> {
  label: string;
  /** The filter controls. */
  filters: ComponentChildren;
  list: Pick<ListState<Page<T>>, 'data' | 'loading' | 'error' | 'reload'>;
  loadFailed: string;
  loadingText: string;
  emptyText: string;
  notice: string;
  listLabel: string;
  row: (item: T) => ComponentChildren;
  page: number;
  onPage: (page: number) => void;
  openOptions: () => unknown;
  /** The pending delete question, if any. */
  confirm: { title: string; text: string; onConfirm: () => void; onCancel: () => void } | null;
}

export function ListView<T>({
  label,
  filters,
  list,
  loadFailed,
  loadingText,
  emptyText,
  notice,
  listLabel,
  row,
  page,
  onPage,
  openOptions,
  confirm,
}: ListViewProps<T>) {
  const data = list.data;
  const error: ErrorData | null = list.error;
  return (
    <section class="view" aria-label={label}>
      <div class="filters">{filters}</div>
      <ErrorAlert
        error={error}
        context={loadFailed}
        onRetry={list.reload}
        onOpenOptions={openOptions}
      />
      <p class="notice-status" role="status">
        {list.loading ? loadingText : notice}
      </p>
      {data && !error && !list.loading && data.items.length === 0 && (
        <p class="notice">{emptyText}</p>
      )}
      {data && data.items.length > 0 && (
        <ul class="list" aria-label={listLabel} aria-busy={list.loading}>
          {data.items.map(row)}
        </ul>
      )}
      {data && (data.items.length > 0 || page > 1) && (
        <Pager page={page} lastPage={data.lastPage} hasNext={data.hasNext} onPage={onPage} />
      )}
      {confirm && (
        <ConfirmDialog
          title={confirm.title}
          onConfirm={confirm.onConfirm}
          onCancel={confirm.onCancel}
        >
          {confirm.text}
        </ConfirmDialog>
      )}
    </section>
  );
}

export interface SortControlsProps<S extends string> {
  sortOptions: SelectOption<S>[];
  sortBy: S;
  sort: SortOrder;
  perPage: PerPage;
  onChange: (patch: { sortBy?: S; sort?: SortOrder; perPage?: PerPage }) => void;
}

/** "Sort by", "Order" and "Per page", the same in both lists. */
export function SortControls<S extends string>({
  sortOptions,
  sortBy,
  sort,
  perPage,
  onChange,
}: SortControlsProps<S>) {
  return (
    <>
      <SelectField
        label={t('common_sortBy')}
        value={sortBy}
        options={sortOptions}
        onChange={(value) => onChange({ sortBy: value })}
      />
      <SelectField
        label={t('common_order')}
        value={sort}
        options={[
          { value: 'desc', label: t('common_descending') },
          { value: 'asc', label: t('common_ascending') },
        ]}
        onChange={(value) => onChange({ sort: value })}
      />
      <SelectField
        label={t('common_perPage')}
        value={perPage}
        options={PER_PAGE_OPTIONS.map((value) => ({ value, label: String(value) }))}
        onChange={(value) => onChange({ perPage: value })}
      />
    </>
  );
}
