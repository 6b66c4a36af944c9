// The Reports table's header row (ReportsTable.tsx): "Select all on this page" (checked, mixed or
// unchecked), and the sortable columns as buttons, aria-sort saying the order in effect. Compact
// (a narrow panel), three columns: the check box, the report, its actions; Filters sorts.
import type { SortOrder } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { AllState } from '../../lib/reports/selection';
import type { ReportFilters, ReportSort } from '../../lib/reports/view-state';

/** The order a column sorts in when it is chosen: the newest first, names from A. */
const FIRST_ORDER: Record<ReportSort, SortOrder> = {
  id: 'desc',
  generated_at: 'desc',
  url: 'asc',
  result: 'asc',
};

export interface ReportsTableHeadProps {
  /** The narrow form's three columns. */
  compact: boolean;
  /** How much of the page is selected. */
  all: AllState;
  /** Whether any row can be selected (not every one is deleted). */
  canSelect: boolean;
  onSelectAll: () => void;
  sortBy: ReportSort;
  sort: SortOrder;
  onSort: (patch: Pick<ReportFilters, 'sortBy' | 'sort'>) => void;
}

export function ReportsTableHead({
  compact,
  all,
  canSelect,
  onSelectAll,
  sortBy,
  sort,
  onSort,
}: ReportsTableHeadProps) {
  const selectAll = (
    <th scope="col" class="select-cell">
      <SelectAll state={all} disabled={!canSelect} onChange={onSelectAll} />
    </th>
  );
  if (compact) {
    return (
      <thead>
        <tr>
          {selectAll}
          <th scope="col">{t('workspace_reports_columnReport')}</th>
          <th scope="col" class="actions-cell">
            <span class="visually-hidden">{t('workspace_reports_columnActions')}</span>
          </th>
        </tr>
      </thead>
    );
  }
  return (
    <thead>
      <tr>
        {selectAll}
        <SortHeader column="url" label={t('reports_sortUrl')} {...{ sortBy, sort, onSort }} />
        <SortHeader
          column="result"
          label={t('workspace_reports_columnRating')}
          {...{ sortBy, sort, onSort }}
        />
        <SortHeader
          column="generated_at"
          label={t('workspace_reports_columnGenerated')}
          {...{ sortBy, sort, onSort }}
        />
        <th scope="col">{t('privacy_label')}</th>
        <th scope="col">{t('reports_project')}</th>
        <SortHeader
          column="id"
          label={t('workspace_reports_columnCreated')}
          {...{ sortBy, sort, onSort }}
        />
        <th scope="col">{t('workspace_reports_columnActions')}</th>
      </tr>
    </thead>
  );
}

/** "Select all on this page": checked, mixed (indeterminate) or unchecked. */
function SelectAll({
  state,
  disabled,
  onChange,
}: {
  state: AllState;
  disabled: boolean;
  onChange: () => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={t('workspace_reports_selectAll')}
      checked={state === 'all'}
      indeterminate={state === 'some'}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

interface SortHeaderProps {
  column: ReportSort;
  label: string;
  sortBy: ReportSort;
  sort: SortOrder;
  onSort: (patch: Pick<ReportFilters, 'sortBy' | 'sort'>) => void;
}

/** A column header that sorts by `column`; again, the other way round. */
function SortHeader({ column, label, sortBy, sort, onSort }: SortHeaderProps) {
  const active = sortBy === column;
  return (
    <th scope="col" aria-sort={active ? (sort === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button
        type="button"
        class="sort-button"
        onClick={() =>
          onSort({
            sortBy: column,
            sort: active ? (sort === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[column],
          })
        }
      >
        {label}
        <span class="sort-mark" aria-hidden="true">
          {active ? (sort === 'asc' ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );
}
