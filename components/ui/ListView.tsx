// What the popup's Reports and Projects views show alike (their wiring is useListView): filters
// on top, the alert, a status line, the empty state, the rows with their work, failure and
// Delete, paging, and the delete question.
import type { ComponentChildren } from 'preact';
import { PER_PAGE_OPTIONS } from '../../lib/api/constants';
import type { PerPage, SortOrder } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import { ConfirmDialog } from './ConfirmDialog';
import { ErrorAlert } from './ErrorAlert';
import { Pager } from './Pager';
import { SelectField, type SelectOption } from './SelectField';
import { SpinnerLine } from './Spinner';
import type { ListState, Page, RowFailure } from './useList';

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
  return (
    <section class="view" aria-label={label}>
      <div class="filters">{filters}</div>
      <ListStatus {...{ list, loadFailed, loadingText, emptyText, notice, openOptions }} />
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

export interface ListStatusProps {
  list: Pick<ListState<{ items: unknown[] }>, 'data' | 'loading' | 'error' | 'reload'>;
  loadFailed: string;
  loadingText: string;
  emptyText: string;
  notice: string;
  openOptions?: () => unknown;
}

/** Above a list: why it failed to load (with Try again), its status line and its empty state. */
export function ListStatus({
  list,
  loadFailed,
  loadingText,
  emptyText,
  notice,
  openOptions,
}: ListStatusProps) {
  const { data, error, loading } = list;
  return (
    <>
      <ErrorAlert
        error={error}
        context={loadFailed}
        onRetry={list.reload}
        onOpenOptions={openOptions}
      />
      <p class="notice-status" role="status">
        {loading ? loadingText : notice}
      </p>
      {data && !error && !loading && data.items.length === 0 && <p class="notice">{emptyText}</p>}
    </>
  );
}

export interface ListRowProps {
  /** The id of what names the row (its address or name); its buttons are described by it. */
  nameId: string;
  /** What the row shows: its name first. */
  main: ComponentChildren;
  /** Buttons before Delete. */
  actions: ComponentChildren;
  onDelete: () => void;
  /** Set while work runs on the row: what it says (with a spinner) below it. */
  busy?: string | null;
  failure?: RowFailure | null;
  onOpenOptions?: () => unknown;
}

/** One row of a list: what it shows, its buttons ending with Delete, its work and its failure. */
export function ListRow({
  nameId,
  main,
  actions,
  onDelete,
  busy,
  failure,
  onOpenOptions,
}: ListRowProps) {
  return (
    <li class="row" aria-labelledby={nameId} aria-busy={busy ? true : undefined}>
      <div class="row-main">{main}</div>
      <div class="actions">
        {actions}
        {/* aria-disabled keeps focus on the button while the row is busy. */}
        <button
          type="button"
          class="danger"
          aria-describedby={nameId}
          aria-disabled={!!busy}
          onClick={() => busy || onDelete()}
        >
          {t('common_delete')}
        </button>
      </div>
      {busy && <SpinnerLine>{busy}</SpinnerLine>}
      <ErrorAlert error={failure?.error} context={failure?.context} onOpenOptions={onOpenOptions} />
    </li>
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
