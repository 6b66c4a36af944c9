// The one query builder behind both lists: paging always sent, search_by only with a search,
// filters between the search and the sorting.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PER_PAGE, type ListInput, listQuery } from '../../../lib/api/list-query';
import type { WireParams } from '../../../lib/api/transport';

/** The query string as the transport sends it: undefined values left out, order kept. */
function sent(query: WireParams): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return params.toString();
}

describe('listQuery', () => {
  it.each<[string, ListInput, string, WireParams, string]>([
    ['nothing asked', {}, 'url', {}, 'per_page=25&page=1'],
    [
      'every report option',
      { search: 'pricing', sortBy: 'generated_at', sort: 'asc', perPage: 50, page: 3 },
      'url',
      { project: 'example.com', result: 'decent' },
      'search=pricing&search_by=url&project=example.com&result=decent&sort_by=generated_at&sort=asc&per_page=50&page=3',
    ],
    [
      'every project option',
      { search: 'exa', sortBy: 'project', sort: 'desc', perPage: 10, page: 2 },
      'project',
      {},
      'search=exa&search_by=project&sort_by=project&sort=desc&per_page=10&page=2',
    ],
    ['a blank search (so no search_by)', { search: '  ' }, 'project', {}, 'per_page=25&page=1'],
    ['an empty search', { search: '' }, 'url', {}, 'per_page=25&page=1'],
    [
      'a search with spaces around it, sent as typed',
      { search: ' a b ' },
      'url',
      {},
      'search=+a+b+&search_by=url&per_page=25&page=1',
    ],
    [
      'filters without a search, unset ones left out',
      { page: 4 },
      'url',
      { project: 'example.com', result: undefined },
      'project=example.com&per_page=25&page=4',
    ],
  ])('%s', (_name, input, searchBy, filters, expected) => {
    expect(sent(listQuery(input, searchBy, filters).query)).toBe(expected);
  });

  it.each<[ListInput, { page: number; perPage: number }]>([
    [{}, { page: 1, perPage: DEFAULT_PER_PAGE }],
    [{ page: 5 }, { page: 5, perPage: DEFAULT_PER_PAGE }],
    [{ perPage: 100 }, { page: 1, perPage: 100 }],
    [
      { page: 2, perPage: 10, search: 'x' },
      { page: 2, perPage: 10 },
    ],
  ])('reads %j as a request for %j', (input, requested) => {
    expect(listQuery(input, 'url').requested).toEqual(requested);
  });

  it('asks for 25 a page by default, whatever the deployment’s own default', () => {
    expect(DEFAULT_PER_PAGE).toBe(25);
  });
});
