// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Report } from '../../../lib/api/model';
import type { Answer } from '../../../lib/messaging/protocol';
import { createPopupStateStore } from '../../../lib/reports/view-state';
import { listPage, project, report } from '../../support/fixtures';
import { deferred, fail, type Handlers, ok, renderPopup, requestsOf } from '../popup-helpers';

const REPORTS: Report[] = [
  report({ id: 1, url: 'https://example.com/', rating: 'good' }),
  report({ id: 2, url: 'https://example.com/blog', rating: 'bad', score: 12 }),
  report({ id: 3, url: 'ftp://files.example.com/x', rating: null, generatedAt: null }),
];

function handlers(overrides: Handlers = {}): Handlers {
  return {
    listReports: () => ok(listPage(REPORTS)),
    listProjects: () => ok(listPage([project('example.com'), project('other.org')])),
    ...overrides,
  };
}

async function openReports(options: Parameters<typeof renderPopup>[0] = {}) {
  const rendered = renderPopup({ ...options, handlers: handlers(options.handlers) });
  fireEvent.click(await screen.findByRole('tab', { name: 'Reports' }));
  return rendered;
}

function select(name: string) {
  return screen.getByRole('combobox', { name }) as HTMLSelectElement;
}

function choose(name: string, value: string) {
  fireEvent.change(select(name), { target: { value } });
}

function lastListRequest(send: Parameters<typeof requestsOf>[0]) {
  return requestsOf(send, 'listReports').at(-1)?.params;
}

describe('Reports: states', () => {
  it('says it is loading, then lists the reports', async () => {
    const answer = deferred<Answer<'listReports'>>();
    await openReports({ handlers: { listReports: () => answer.promise } });
    expect(await screen.findByText('Loading reports…')).toBeTruthy();
    answer.resolve(ok(listPage(REPORTS)));
    const list = await screen.findByRole('list', { name: 'Reports' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText('Loading reports…')).toBeNull();
  });

  it('asks for the first page with explicit defaults', async () => {
    const { send } = await openReports();
    await screen.findByRole('list', { name: 'Reports' });
    expect(lastListRequest(send)).toEqual({ sortBy: 'id', sort: 'desc', perPage: 10, page: 1 });
  });

  it('shows each report with its rating word, address and generation time', async () => {
    await openReports();
    const first = await screen.findByRole('listitem', { name: 'https://example.com/' });
    within(first).getByText('Good');
    within(first).getByText('5 minutes ago');
    const link = within(first).getByRole('link', { name: 'https://example.com/' });
    expect(link.getAttribute('href')).toBe('https://example.com/');
    for (const name of ['Open report', 'Re-analyze', 'Delete']) {
      within(first).getByRole('button', { name });
    }
    const second = screen.getByRole('listitem', { name: 'https://example.com/blog' });
    within(second).getByText('Bad');
  });

  it('never turns a non-web address into a link', async () => {
    await openReports();
    const row = await screen.findByRole('listitem', { name: 'ftp://files.example.com/x' });
    expect(within(row).queryByRole('link')).toBeNull();
    within(row).getByText('Not rated yet');
    within(row).getByText('Not generated yet');
  });

  it('says when there are no reports at all', async () => {
    await openReports({ handlers: { listReports: () => ok(listPage([])) } });
    expect(await screen.findByText(/No reports yet/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Reports' })).toBeNull();
  });

  it('says when no report matches the filters', async () => {
    await openReports({ handlers: { listReports: () => ok(listPage([])) } });
    await screen.findByText(/No reports yet/);
    choose('Result', 'bad');
    expect(await screen.findByText('No reports match these filters.')).toBeTruthy();
  });

  it('shows a failed load in an alert and tries again on request', async () => {
    let calls = 0;
    const { send } = await openReports({
      handlers: {
        listReports: () =>
          ++calls === 1 ? fail('server', 'The service failed.') : ok(listPage(REPORTS)),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load the reports.");
    expect(alert.textContent).toContain('The service failed.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Reports' });
    expect(requestsOf(send, 'listReports')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not load anything until the view is shown', async () => {
    const { send } = renderPopup({ handlers: handlers() });
    await screen.findByRole('button', { name: 'Create report' });
    expect(requestsOf(send, 'listReports')).toEqual([]);
    expect(requestsOf(send, 'listProjects')).toEqual([]);
  });
});

describe('Reports: paging', () => {
  function pages(lastPage?: number) {
    return (request: { params: { page?: number } }) => {
      const page = request.params.page ?? 1;
      return ok(
        listPage([report({ id: page, url: `https://example.com/${page}` })], {
          page,
          ...(lastPage ? { lastPage } : {}),
          hasNext: page < 3,
        }),
      );
    };
  }

  it('moves between pages and says which page of how many', async () => {
    const { send } = await openReports({ handlers: { listReports: pages(3) } });
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    const previous = screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    expect(next.disabled).toBe(false);

    fireEvent.click(next);
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    await screen.findByRole('listitem', { name: 'https://example.com/2' });
    expect(lastListRequest(send)?.page).toBe(2);
    expect(previous.disabled).toBe(false);

    fireEvent.click(next);
    await screen.findByRole('listitem', { name: 'https://example.com/3' });
    screen.getByText('Page 3 of 3');
    expect(next.disabled).toBe(true);

    fireEvent.click(previous);
    await screen.findByRole('listitem', { name: 'https://example.com/2' });
    expect(lastListRequest(send)?.page).toBe(2);
  });

  it('says only the page number when the service does not say how many', async () => {
    await openReports({ handlers: { listReports: pages() } });
    expect(await screen.findByText('Page 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2')).toBeTruthy();
  });

  it('goes back to page 1 when a filter changes', async () => {
    const { send } = await openReports({ handlers: { listReports: pages(3) } });
    await screen.findByText('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 3');
    choose('Order', 'asc');
    await waitFor(() => expect(lastListRequest(send)).toMatchObject({ sort: 'asc', page: 1 }));
  });
});

describe('Reports: filters', () => {
  it.each([
    ['Result', 'good', { result: 'good' }],
    ['Result', 'decent', { result: 'decent' }],
    ['Project', 'example.com', { project: 'example.com' }],
    ['Sort by', 'generated_at', { sortBy: 'generated_at' }],
    ['Sort by', 'url', { sortBy: 'url' }],
    ['Sort by', 'result', { sortBy: 'result' }],
    ['Order', 'asc', { sort: 'asc' }],
    ['Per page', '25', { perPage: 25 }],
    ['Per page', '100', { perPage: 100 }],
  ])('%s = %s asks for %o', async (name, value, expected) => {
    const { send } = await openReports();
    await screen.findByRole('list', { name: 'Reports' });
    choose(name, value);
    await waitFor(() => expect(lastListRequest(send)).toMatchObject({ ...expected, page: 1 }));
    expect(select(name).value).toBe(value);
  });

  it('offers the options the contract names', async () => {
    await openReports();
    await screen.findByRole('list', { name: 'Reports' });
    const labels = (name: string) => [...select(name).options].map((option) => option.text);
    expect(labels('Result')).toEqual(['All', 'Good', 'Decent', 'Bad']);
    expect(labels('Sort by')).toEqual(['Date created', 'Date generated', 'URL', 'Result']);
    expect(labels('Order')).toEqual(['Descending', 'Ascending']);
    expect(labels('Per page')).toEqual(['10', '25', '50', '100']);
    // The projects of the reports shown, until someone goes to choose one…
    expect(labels('Project')).toEqual(['All projects', 'example.com']);
    // …then the service's full list.
    fireEvent.focus(select('Project'));
    await waitFor(() =>
      expect(labels('Project')).toEqual(['All projects', 'example.com', 'other.org']),
    );
  });

  it('opens with one request: the projects are asked for only when the Project filter is used', async () => {
    const { send } = await openReports();
    await screen.findByRole('list', { name: 'Reports' });
    expect(send.mock.calls.map(([request]) => request.type)).toEqual(['getStatus', 'listReports']);
    fireEvent.focus(select('Project'));
    fireEvent.pointerDown(select('Project'));
    fireEvent.keyDown(select('Project'), { key: 'ArrowDown' });
    await waitFor(() => expect(requestsOf(send, 'listProjects')).toHaveLength(1));
    expect(requestsOf(send, 'listProjects')).toEqual([
      { type: 'listProjects', params: { perPage: 100, sortBy: 'project', sort: 'asc' } },
    ]);
  });

  it.each([
    ['a click', (element: HTMLElement) => fireEvent.pointerDown(element)],
    ['a key', (element: HTMLElement) => fireEvent.keyDown(element, { key: 'ArrowDown' })],
    ['focus', (element: HTMLElement) => fireEvent.focus(element)],
  ])('loads the Project choices on %s, and a project can then be chosen', async (_, use) => {
    const { send } = await openReports();
    await screen.findByRole('list', { name: 'Reports' });
    use(select('Project'));
    await waitFor(() =>
      expect([...select('Project').options].map((option) => option.value)).toContain('other.org'),
    );
    choose('Project', 'other.org');
    await waitFor(() => expect(lastListRequest(send)).toMatchObject({ project: 'other.org' }));
    expect(select('Project').value).toBe('other.org');
  });

  it('asks for the projects again after a change, when the filter is used again', async () => {
    const { send } = await openReports({ handlers: { deleteReport: () => ok({ id: 2 }) } });
    await screen.findByRole('list', { name: 'Reports' });
    fireEvent.focus(select('Project'));
    await waitFor(() => expect(requestsOf(send, 'listProjects')).toHaveLength(1));
    const blog = await screen.findByRole('listitem', { name: 'https://example.com/blog' });
    fireEvent.click(within(blog).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Report deleted.');
    expect(requestsOf(send, 'listProjects')).toHaveLength(1);
    fireEvent.focus(select('Project'));
    await waitFor(() => expect(requestsOf(send, 'listProjects')).toHaveLength(2));
  });

  it('asks again after a failed projects request', async () => {
    let calls = 0;
    const { send } = await openReports({
      handlers: {
        listProjects: () =>
          ++calls === 1
            ? fail('network', 'Offline.')
            : ok(listPage([project('example.com'), project('other.org')])),
      },
    });
    await screen.findByRole('list', { name: 'Reports' });
    fireEvent.focus(select('Project'));
    await waitFor(() => expect(requestsOf(send, 'listProjects')).toHaveLength(1));
    fireEvent.focus(select('Project'));
    await waitFor(() =>
      expect([...select('Project').options].map((option) => option.value)).toContain('other.org'),
    );
    expect(requestsOf(send, 'listProjects')).toHaveLength(2);
  });

  it('leaves out the result when All is chosen again', async () => {
    const { send } = await openReports();
    await screen.findByRole('list', { name: 'Reports' });
    choose('Result', 'bad');
    await waitFor(() => expect(lastListRequest(send)?.result).toBe('bad'));
    choose('Result', '');
    await waitFor(() => expect(lastListRequest(send)).not.toHaveProperty('result'));
  });

  it('searches by address once typing pauses', async () => {
    const { send } = await openReports({ searchDelay: 80 });
    await screen.findByRole('list', { name: 'Reports' });
    const box = screen.getByRole('searchbox', { name: 'Search reports' });
    fireEvent.input(box, { target: { value: 'exa' } });
    fireEvent.input(box, { target: { value: 'example.com/bl' } });
    expect(requestsOf(send, 'listReports')).toHaveLength(1);
    await waitFor(() => expect(lastListRequest(send)?.search).toBe('example.com/bl'));
    expect(requestsOf(send, 'listReports').map((request) => request.params.search)).toEqual([
      undefined,
      'example.com/bl',
    ]);
  });

  it('searches at once on Enter', async () => {
    const { send } = await openReports({ searchDelay: 60_000 });
    await screen.findByRole('list', { name: 'Reports' });
    const box = screen.getByRole('searchbox', { name: 'Search reports' });
    fireEvent.input(box, { target: { value: 'pricing' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() => expect(lastListRequest(send)?.search).toBe('pricing'));
  });

  it('remembers the filters and restores them the next time the popup opens', async () => {
    const store = createPopupStateStore();
    const first = await openReports({ store });
    await screen.findByRole('list', { name: 'Reports' });
    choose('Result', 'bad');
    choose('Sort by', 'url');
    choose('Per page', '50');
    const box = screen.getByRole('searchbox', { name: 'Search reports' });
    fireEvent.input(box, { target: { value: 'blog' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(async () => {
      const { popupState } = await fakeBrowser.storage.local.get('popupState');
      expect(popupState).toMatchObject({ reports: { result: 'bad', search: 'blog', perPage: 50 } });
    });
    first.unmount();

    const second = await openReports({ store });
    await screen.findByRole('list', { name: 'Reports' });
    expect(select('Result').value).toBe('bad');
    expect(select('Sort by').value).toBe('url');
    expect(select('Per page').value).toBe('50');
    expect(screen.getByRole('searchbox', { name: 'Search reports' })).toHaveProperty(
      'value',
      'blog',
    );
    expect(requestsOf(second.send, 'listReports')[0]?.params).toEqual({
      search: 'blog',
      result: 'bad',
      sortBy: 'url',
      sort: 'desc',
      perPage: 50,
      page: 1,
    });
  });

  it('keeps the filters while switching views', async () => {
    const { send } = await openReports();
    await screen.findByRole('list', { name: 'Reports' });
    choose('Result', 'good');
    await waitFor(() => expect(lastListRequest(send)?.result).toBe('good'));
    fireEvent.click(screen.getByRole('tab', { name: 'This page' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    expect(select('Result').value).toBe('good');
    // Coming back shows what was there; it does not load again.
    expect(requestsOf(send, 'listReports')).toHaveLength(2);
  });
});

describe('Reports: actions on a row', () => {
  async function row(url: string) {
    return screen.findByRole('listitem', { name: url });
  }

  it('opens the report on the service', async () => {
    const { openTab } = await openReports();
    fireEvent.click(
      within(await row('https://example.com/blog')).getByRole('button', { name: 'Open report' }),
    );
    expect(openTab).toHaveBeenCalledWith('https://reports.example.com/reports/2');
  });

  it('re-analyzes a report and shows its new rating', async () => {
    const { send } = await openReports({
      handlers: {
        updateReport: () =>
          ok(report({ id: 2, url: 'https://example.com/blog', rating: 'decent' })),
      },
    });
    const item = await row('https://example.com/blog');
    fireEvent.click(within(item).getByRole('button', { name: 'Re-analyze' }));
    expect(await within(item).findByText('Decent')).toBeTruthy();
    expect(requestsOf(send, 'updateReport')).toEqual([
      { type: 'updateReport', id: 2, input: { results: true } },
    ]);
  });

  it('waits for the new rating of a re-analyzed report, showing Analyzing… in its row', async () => {
    const waited = deferred<Answer<'waitForResult'>>();
    const blog = { id: 2, url: 'https://example.com/blog' };
    const { send } = await openReports({
      handlers: {
        updateReport: () => ok(report({ ...blog, rating: null, generatedAt: null })),
        waitForResult: () => waited.promise,
      },
    });
    const item = await row(blog.url);
    fireEvent.click(within(item).getByRole('button', { name: 'Re-analyze' }));
    await waitFor(() =>
      expect(requestsOf(send, 'waitForResult')).toEqual([{ type: 'waitForResult', id: 2 }]),
    );
    within(item).getByText('Analyzing…');
    expect(item.getAttribute('aria-busy')).toBe('true');
    waited.resolve(ok(report({ ...blog, rating: 'decent' })));
    expect(await within(item).findByText('Decent')).toBeTruthy();
    expect(within(item).queryByText('Analyzing…')).toBeNull();
  });

  it('shows a failed re-analysis in its row only', async () => {
    await openReports({
      handlers: { updateReport: () => fail('server', 'The service failed.') },
    });
    const item = await row('https://example.com/blog');
    fireEvent.click(within(item).getByRole('button', { name: 'Re-analyze' }));
    const alert = await within(item).findByRole('alert');
    expect(alert.textContent).toContain("Couldn't re-analyze the report.");
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('says a re-analyzed report that is gone no longer exists, and refreshes the list', async () => {
    const { send } = await openReports({
      handlers: { updateReport: () => fail('not_found', 'That report no longer exists.') },
    });
    fireEvent.click(
      within(await row('https://example.com/blog')).getByRole('button', { name: 'Re-analyze' }),
    );
    expect(await screen.findByText('That report no longer exists.')).toBeTruthy();
    await waitFor(() => expect(requestsOf(send, 'listReports')).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks before deleting, says what is lost, and Cancel keeps it', async () => {
    const { send } = await openReports({ handlers: { deleteReport: () => ok({ id: 2 }) } });
    fireEvent.click(
      within(await row('https://example.com/blog')).getByRole('button', { name: 'Delete' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this report?' });
    expect(dialog.textContent).toContain('The report for https://example.com/blog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsOf(send, 'deleteReport')).toEqual([]);
  });

  it('deletes after confirmation and refreshes the list', async () => {
    let deleted = false;
    const { send } = await openReports({
      handlers: {
        deleteReport: () => {
          deleted = true;
          return ok({ id: 2 });
        },
        listReports: () => ok(listPage(deleted ? REPORTS.filter((r) => r.id !== 2) : REPORTS)),
      },
    });
    fireEvent.click(
      within(await row('https://example.com/blog')).getByRole('button', { name: 'Delete' }),
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Report deleted.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'https://example.com/blog' })).toBeNull(),
    );
    expect(requestsOf(send, 'deleteReport')).toEqual([{ type: 'deleteReport', id: 2 }]);
    expect(requestsOf(send, 'listReports')).toHaveLength(2);
  });

  it('refreshes instead of failing when the report was already deleted', async () => {
    const { send } = await openReports({
      handlers: { deleteReport: () => fail('not_found', 'Resource not found.') },
    });
    fireEvent.click(
      within(await row('https://example.com/blog')).getByRole('button', { name: 'Delete' }),
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('That report had already been deleted.')).toBeTruthy();
    await waitFor(() => expect(requestsOf(send, 'listReports')).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failed delete in the row', async () => {
    await openReports({
      handlers: { deleteReport: () => fail('forbidden', 'No API access on this plan.') },
    });
    const item = await row('https://example.com/blog');
    fireEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const alert = await within(item).findByRole('alert');
    expect(alert.textContent).toContain("Couldn't delete the report.");
    expect(alert.textContent).toContain('No API access on this plan.');
  });
});
