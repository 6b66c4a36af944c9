// @vitest-environment happy-dom
// The Reports tab's table: column headers that sort (aria-sort), rows with their words and
// actions, and filters kept in the address. Selection is in workspace-reports-selection.test.tsx.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { listPage, summary } from '../../support/fixtures';
import { requestsOf } from '../popup-helpers';
import { findTable, renderReports, rowBoxes, selectAllBox } from './workspace-reports-helpers';

afterEach(cleanup);

const header = (name: string) => screen.getByRole('columnheader', { name });

describe('the table', () => {
  it('has a column header for each column, and one row per report', async () => {
    renderReports();
    const table = await findTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      // Without the order's arrow, which is hidden from assistive technology.
      .map((cell) => cell.textContent?.replace(/[▲▼]/, '').trim());
    expect(headers).toEqual([
      '',
      'URL',
      'Rating',
      'Generated',
      'Privacy',
      'Project',
      'Created',
      'Actions',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(header('URL')).getByRole('button', { name: 'URL' })).toBeTruthy();
    expect(within(table).getByRole('checkbox', { name: 'Select all on this page' })).toBeTruthy();
  });

  it('shows each report: link, rating word, times, privacy, project, actions', async () => {
    renderReports({
      page: listPage([
        summary({ id: 1, url: 'https://example.com/a', rating: 'decent', privacy: 2 }),
        summary({ id: 2, url: 'ftp://files.example.com/x', rating: null, generatedAt: null }),
      ]),
    });
    await findTable();
    const [first, second] = screen.getAllByRole('row').slice(1) as HTMLElement[];
    const row = within(first as HTMLElement);
    expect(row.getByRole('link', { name: 'https://example.com/a' }).getAttribute('href')).toBe(
      'https://example.com/a',
    );
    expect(row.getByRole('rowheader').textContent).toBe('https://example.com/a');
    expect(row.getByText('Decent')).toBeTruthy();
    expect(row.getByText('5 minutes ago')).toBeTruthy();
    expect(row.getByText('Password')).toBeTruthy();
    expect(row.getByText('example.com')).toBeTruthy();
    expect(row.getByRole('button', { name: 'Open report' })).toBeTruthy();
    expect(row.getByRole('button', { name: 'Delete' })).toBeTruthy();
    // Only http(s) addresses are links.
    const other = within(second as HTMLElement);
    expect(other.queryByRole('link')).toBeNull();
    expect(other.getByText('ftp://files.example.com/x')).toBeTruthy();
    expect(other.getByText('Not rated yet')).toBeTruthy();
  });

  it('opens a report on the service', async () => {
    const { openTab } = renderReports();
    await findTable();
    fireEvent.click(within(screen.getAllByRole('row')[2] as HTMLElement).getByText('Open report'));
    expect(openTab).toHaveBeenCalledWith('https://reports.example.com/reports/2');
  });

  it('offers no Open report without the service site', async () => {
    renderReports({ siteUrl: null });
    await findTable();
    expect(screen.queryByRole('button', { name: 'Open report' })).toBeNull();
  });

  it('deletes one report after asking, then loads the page again', async () => {
    const { send, onChanged } = renderReports();
    await findTable();
    const row = within(screen.getAllByRole('row')[1] as HTMLElement);
    fireEvent.click(row.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this report?' });
    expect(dialog.textContent).toContain('https://site.example/page-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Report deleted.');
    expect(requestsOf(send, 'deleteReport')).toEqual([{ type: 'deleteReport', id: 1 }]);
    await waitFor(() => expect(requestsOf(send, 'listReports')).toHaveLength(2));
    expect(onChanged).toHaveBeenCalled();
  });
});

describe('sorting by the column headers', () => {
  it('says the order in effect with aria-sort, only on that column', async () => {
    renderReports();
    await findTable();
    // The default: date created (id), newest first.
    expect(header('Created').getAttribute('aria-sort')).toBe('descending');
    for (const name of ['URL', 'Rating', 'Generated', 'Privacy', 'Project']) {
      expect(header(name).hasAttribute('aria-sort')).toBe(false);
    }
  });

  it.each([
    ['URL', 'url', 'asc', 'ascending'],
    ['Rating', 'result', 'asc', 'ascending'],
    ['Generated', 'generated_at', 'desc', 'descending'],
  ] as const)('%s sorts by %s, %s first', async (name, sortBy, sort, ariaSort) => {
    const { send } = renderReports();
    await findTable();
    fireEvent.click(within(header(name)).getByRole('button'));
    await waitFor(() => expect(header(name).getAttribute('aria-sort')).toBe(ariaSort));
    expect(header('Created').hasAttribute('aria-sort')).toBe(false);
    expect(requestsOf(send, 'listReports').at(-1)?.params).toMatchObject({ sortBy, sort, page: 1 });
    expect(location.hash).toContain(`sortBy=${sortBy}`);
    // The Sort by and Order filters follow.
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe(sortBy);
  });

  it('turns the order round when the same column is chosen again', async () => {
    const { send } = renderReports();
    await findTable();
    fireEvent.click(within(header('URL')).getByRole('button'));
    await waitFor(() => expect(header('URL').getAttribute('aria-sort')).toBe('ascending'));
    fireEvent.click(within(header('URL')).getByRole('button'));
    await waitFor(() => expect(header('URL').getAttribute('aria-sort')).toBe('descending'));
    expect(requestsOf(send, 'listReports').at(-1)?.params).toMatchObject({
      sortBy: 'url',
      sort: 'desc',
    });
    fireEvent.click(within(header('Created')).getByRole('button'));
    await waitFor(() => expect(header('Created').getAttribute('aria-sort')).toBe('descending'));
  });
});

describe('filters in the address', () => {
  it('starts from the filters the address names', async () => {
    const { send } = renderReports({
      hash: 'tab=reports&search=pricing&result=bad&project=a.example&sortBy=url&sort=asc&perPage=25&page=2',
    });
    await findTable();
    expect(requestsOf(send, 'listReports')[0]?.params).toEqual({
      search: 'pricing',
      result: 'bad',
      project: 'a.example',
      sortBy: 'url',
      sort: 'asc',
      perPage: 25,
      page: 2,
    });
    expect((screen.getByLabelText('Search reports') as HTMLInputElement).value).toBe('pricing');
    expect((screen.getByLabelText('Per page') as HTMLSelectElement).value).toBe('25');
  });

  it('ignores what it cannot use, and leaves defaults out of the address', async () => {
    const { send } = renderReports({ hash: 'tab=reports&perPage=7&sortBy=evil&page=-1' });
    await findTable();
    expect(requestsOf(send, 'listReports')[0]?.params).toEqual({
      sortBy: 'id',
      sort: 'desc',
      perPage: 10,
      page: 1,
    });
    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '50' } });
    await waitFor(() => expect(location.hash).toBe('#tab=reports&perPage=50'));
    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '10' } });
    await waitFor(() => expect(location.hash).toBe('#tab=reports'));
  });

  it('follows the address when something else changes it (the Projects tab, Back)', async () => {
    const { send } = renderReports();
    await findTable();
    history.replaceState(null, '', '/sidepanel.html#tab=reports&project=b.example');
    window.dispatchEvent(new Event('hashchange'));
    await waitFor(() =>
      expect(requestsOf(send, 'listReports').at(-1)?.params).toMatchObject({
        project: 'b.example',
      }),
    );
  });

  it('costs one request for the first rows and none for selecting', async () => {
    const { send } = renderReports();
    await findTable();
    fireEvent.click(selectAllBox());
    fireEvent.click(rowBoxes()[0] as HTMLInputElement);
    fireEvent.keyDown(rowBoxes()[0] as HTMLInputElement, { key: 'ArrowDown' });
    expect(send.mock.calls.map(([request]) => request.type)).toEqual(['listReports']);
  });
});

describe('the first page asked for as the workspace opened', () => {
  const FIRST = JSON.stringify({ sortBy: 'id', sort: 'desc', perPage: 10, page: 1 });

  it('is shown, and the tab asks the service for nothing more', async () => {
    const asked: string[] = [];
    const early = listPage([summary({ id: 99, url: 'https://early.example/' })]);
    const { send } = renderReports({
      hash: 'tab=reports',
      firstAnswer: (key) => {
        asked.push(key);
        return Promise.resolve({ ok: true, data: early });
      },
    });
    await screen.findByRole('checkbox', { name: 'Select https://early.example/' });
    expect(asked).toEqual([FIRST]);
    expect(requestsOf(send, 'listReports')).toEqual([]);
  });

  it('is not used for another list: the tab asks for its own', async () => {
    const { send } = renderReports({
      hash: 'tab=reports&result=bad',
      firstAnswer: (key) =>
        key === FIRST ? Promise.resolve({ ok: true, data: listPage([]) }) : undefined,
    });
    await findTable();
    await waitFor(() => expect(requestsOf(send, 'listReports')).toHaveLength(1));
    expect(requestsOf(send, 'listReports')[0]?.params).toMatchObject({ result: 'bad' });
  });
});
