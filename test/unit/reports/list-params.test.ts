import { describe, expect, it } from 'vitest';
import { projectListParams, reportListParams } from '../../../lib/reports/list-params';
import { DEFAULT_POPUP_STATE, DEFAULT_REPORT_FILTERS } from '../../../lib/reports/view-state';

describe('list parameters', () => {
  it('sends every paging and sorting value, and filters only when set', () => {
    expect(reportListParams(DEFAULT_REPORT_FILTERS)).toEqual({
      sortBy: 'id',
      sort: 'desc',
      perPage: 10,
      page: 1,
    });
    expect(
      reportListParams({
        ...DEFAULT_REPORT_FILTERS,
        search: '  blog ',
        result: 'good',
        project: 'example.com',
      }),
    ).toMatchObject({ search: 'blog', result: 'good', project: 'example.com' });
    expect(projectListParams({ ...DEFAULT_POPUP_STATE.projects, search: ' ' })).toEqual({
      sortBy: 'created_at',
      sort: 'desc',
      perPage: 10,
      page: 1,
    });
  });
});
