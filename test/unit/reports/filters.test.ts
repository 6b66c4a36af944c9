import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  filtersFromHash,
  filtersToHash,
  sameFilters,
} from '../../../lib/reports/filters';
import { DEFAULT_REPORT_FILTERS } from '../../../lib/reports/view-state';
import { parseHash } from '../../../lib/reports/workspace-address';

describe('the Reports filters in the hash', () => {
  it('reads every filter', () => {
    expect(
      filtersFromHash(
        parseHash(
          '#tab=reports&search=a%20b&result=decent&project=x.example&sortBy=generated_at&sort=asc&perPage=100&page=4',
        ),
      ),
    ).toEqual({
      search: 'a b',
      result: 'decent',
      project: 'x.example',
      sortBy: 'generated_at',
      sort: 'asc',
      perPage: 100,
      page: 4,
    });
  });

  it.each([
    ['result=great'],
    ['sortBy=created_at'],
    ['sort=up'],
    ['perPage=20'],
    ['page=0'],
    ['page=1.5'],
    ['page=abc'],
    [''],
  ])('falls back to the defaults for %j', (hash) => {
    expect(filtersFromHash(parseHash(hash))).toEqual(DEFAULT_REPORT_FILTERS);
  });

  it('writes only what differs from the defaults, removing the rest', () => {
    expect(filtersToHash({ ...DEFAULT_REPORT_FILTERS, perPage: 25, project: 'x' })).toEqual({
      search: null,
      result: null,
      project: 'x',
      sortBy: null,
      sort: null,
      perPage: 25,
      page: null,
    });
  });

  it('round-trips', () => {
    const filters = { ...DEFAULT_REPORT_FILTERS, search: 'zü', sort: 'asc' as const, page: 3 };
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filtersToHash(filters))) {
      if (value !== null && value !== undefined) params.set(key, String(value));
    }
    const back = filtersFromHash(parseHash(params.toString()));
    expect(sameFilters(back, filters)).toBe(true);
    expect(sameFilters(back, { ...filters, page: 2 })).toBe(false);
  });
});

describe('the filters behind the Filters button of a narrow workspace', () => {
  it.each([
    [{}, 0],
    [{ search: 'shop', page: 4 }, 0],
    [{ result: 'bad' as const }, 1],
    [{ project: 'a.example', sortBy: 'url' as const }, 2],
    [
      {
        result: 'good' as const,
        project: 'x',
        sortBy: 'url' as const,
        sort: 'asc' as const,
        perPage: 50 as const,
      },
      5,
    ],
  ])('counts %j as %i changed (the search and the page are not behind it)', (patch, count) => {
    expect(activeFilterCount({ ...DEFAULT_REPORT_FILTERS, ...patch })).toBe(count);
  });
});
