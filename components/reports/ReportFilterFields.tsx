// The Reports filters — search, result, project, sort, order and per page — as the popup's
// Reports view and the workspace's Reports tab both show them. Compact (a narrow workspace), the
// filters other than search are behind a Filters button that says how many are in effect.

import { t } from '../../lib/i18n';
import { activeFilterCount } from '../../lib/reports/filters';
import type { ReportFilters } from '../../lib/reports/view-state';
import { Disclosure } from '../ui/Disclosure';
import { SortControls } from '../ui/ListView';
import { SearchField } from '../ui/SearchField';
import { SelectField } from '../ui/SelectField';

export interface ReportFilterFieldsProps {
  filters: ReportFilters;
  onChange: (patch: Partial<ReportFilters>) => void;
  /** The Project filter's choices, and a way to load them when it is first used. */
  projects: { names: readonly string[]; load: () => void };
  searchDelay: number;
  compact?: boolean;
}

export function ReportFilterFields({ compact = false, ...props }: ReportFilterFieldsProps) {
  if (!compact) {
    return (
      <>
        <ReportSearchField {...props} />
        <ReportChoiceFields {...props} />
      </>
    );
  }
  const count = activeFilterCount(props.filters);
  return (
    <>
      <ReportSearchField {...props} />
      <Disclosure
        label={t('workspace_reports_filters')}
        description={
          count === 0
            ? t('workspace_reports_filtersNone')
            : t('workspace_reports_filtersActive', count)
        }
      >
        <div class="filters">
          <ReportChoiceFields {...props} />
        </div>
      </Disclosure>
    </>
  );
}

function ReportSearchField({
  filters,
  onChange,
  searchDelay,
}: Pick<ReportFilterFieldsProps, 'filters' | 'onChange' | 'searchDelay'>) {
  return (
    <SearchField
      label={t('reports_search')}
      value={filters.search}
      onSearch={(search) => onChange({ search })}
      delay={searchDelay}
    />
  );
}

/** Result, Project, Sort by, Order and Per page: what a narrow workspace keeps behind a button. */
function ReportChoiceFields({
  filters,
  onChange,
  projects,
}: Pick<ReportFilterFieldsProps, 'filters' | 'onChange' | 'projects'>) {
  return (
    <>
      <SelectField
        label={t('reports_result')}
        value={filters.result}
        options={[
          { value: '', label: t('reports_resultAll') },
          { value: 'good', label: t('rating_good') },
          { value: 'decent', label: t('rating_decent') },
          { value: 'bad', label: t('rating_bad') },
        ]}
        onChange={(result) => onChange({ result })}
      />
      <SelectField
        label={t('reports_project')}
        value={filters.project}
        options={[
          { value: '', label: t('reports_projectAll') },
          ...projects.names.map((name) => ({ value: name, label: name })),
        ]}
        onChange={(project) => onChange({ project })}
        onInteract={projects.load}
      />
      <SortControls
        sortOptions={[
          { value: 'id', label: t('reports_sortCreated') },
          { value: 'generated_at', label: t('reports_sortGenerated') },
          { value: 'url', label: t('reports_sortUrl') },
          { value: 'result', label: t('reports_sortResult') },
        ]}
        sortBy={filters.sortBy}
        sort={filters.sort}
        perPage={filters.perPage}
        onChange={onChange}
      />
    </>
  );
}
