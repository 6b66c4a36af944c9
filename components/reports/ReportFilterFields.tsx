// The Reports filters — search, result, project, sort, order and per page — as the popup's
// Reports view and the workspace's Reports tab both show them.

import { t } from '../../lib/i18n';
import type { ReportFilters } from '../../lib/reports/view-state';
import { SortControls } from '../ui/ListView';
import { SearchField } from '../ui/SearchField';
import { SelectField } from '../ui/SelectField';

export interface ReportFilterFieldsProps {
  filters: ReportFilters;
  onChange: (patch: Partial<ReportFilters>) => void;
  /** The Project filter's choices, and a way to load them when it is first used. */
  projects: { names: readonly string[]; load: () => void };
  searchDelay: number;
}

/** Every filter, one after the other (the popup, and the workspace when it is wide). */
export function ReportFilterFields(props: ReportFilterFieldsProps) {
  return (
    <>
      <ReportSearchField {...props} />
      <ReportChoiceFields {...props} />
    </>
  );
}

export function ReportSearchField({
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
export function ReportChoiceFields({
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
