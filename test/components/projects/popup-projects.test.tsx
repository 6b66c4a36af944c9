// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../../lib/messaging/protocol';
import { listPage, project, report } from '../../support/fixtures';
import {
  deferred,
  type FakeSender,
  fail,
  type Handlers,
  memoryStore,
  ok,
  renderPopup,
  requestsOf,
} from '../popup-helpers';

const PROJECTS = [
  project('example.com', { reportCount: 3 }),
  project('other.org'),
  project('third.net'),
];

function handlers(overrides: Handlers = {}): Handlers {
  return {
    listProjects: () => ok(listPage(PROJECTS)),
    listReports: () => ok(listPage([report()])),
    ...overrides,
  };
}

async function openProjects(options: Parameters<typeof renderPopup>[0] = {}) {
  const rendered = renderPopup({ ...options, handlers: handlers(options.handlers) });
  fireEvent.click(await screen.findByRole('tab', { name: 'Projects' }));
  return rendered;
}

function lastProjectsRequest(send: FakeSender) {
  return requestsOf(send, 'listProjects').at(-1)?.params;
}

function choose(name: string, value: string) {
  fireEvent.change(screen.getByRole('combobox', { name }), { target: { value } });
}

describe('Projects: states', () => {
  it('says it is loading, then lists the projects', async () => {
    const answer = deferred<Answer<'listProjects'>>();
    await openProjects({ handlers: { listProjects: () => answer.promise } });
    expect(await screen.findByText('Loading projects…')).toBeTruthy();
    answer.resolve(ok(listPage(PROJECTS)));
    const list = await screen.findByRole('list', { name: 'Projects' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const first = screen.getByRole('listitem', { name: 'example.com' });
    within(first).getByRole('button', { name: 'example.com' });
    within(first).getByText(/Reports: 3/);
    within(first).getByText('1 hour ago');
  });

  it('asks for the first page with explicit defaults', async () => {
    const { send } = await openProjects();
    await screen.findByRole('list', { name: 'Projects' });
    expect(lastProjectsRequest(send)).toEqual({
      sortBy: 'created_at',
      sort: 'desc',
      perPage: 10,
      page: 1,
    });
  });

  it('says when there are no projects, and when none match', async () => {
    await openProjects({ handlers: { listProjects: () => ok(listPage([])) } });
    expect(await screen.findByText(/No projects yet/)).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: 'Search projects' });
    fireEvent.input(box, { target: { value: 'nothing' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(await screen.findByText('No projects match this search.')).toBeTruthy();
  });

  it('shows a failed load in an alert, with the options page for a rejected key', async () => {
    const { openOptions } = await openProjects({
      handlers: { listProjects: () => fail('unauthorized', 'The API key was rejected.') },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load the projects.");
    expect(alert.textContent).toContain('The API key was rejected.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Open options' }));
    expect(openOptions).toHaveBeenCalledOnce();
  });
});

describe('Projects: filters and paging', () => {
  it.each([
    ['Sort by', 'project', { sortBy: 'project' }],
    ['Order', 'asc', { sort: 'asc' }],
    ['Per page', '25', { perPage: 25 }],
  ])('%s = %s asks for %o', async (name, value, expected) => {
    const { send } = await openProjects();
    await screen.findByRole('list', { name: 'Projects' });
    choose(name, value);
    await waitFor(() => expect(lastProjectsRequest(send)).toMatchObject({ ...expected, page: 1 }));
  });

  it('offers Date created and Name to sort by', async () => {
    await openProjects();
    await screen.findByRole('list', { name: 'Projects' });
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    expect([...sortBy.options].map((option) => option.text)).toEqual(['Date created', 'Name']);
  });

  it('searches once typing pauses', async () => {
    const { send } = await openProjects({ searchDelay: 50 });
    await screen.findByRole('list', { name: 'Projects' });
    fireEvent.input(screen.getByRole('searchbox', { name: 'Search projects' }), {
      target: { value: 'exam' },
    });
    expect(requestsOf(send, 'listProjects')).toHaveLength(1);
    await waitFor(() => expect(lastProjectsRequest(send)?.search).toBe('exam'));
  });

  it('pages with Previous and Next', async () => {
    const { send } = await openProjects({
      handlers: {
        listProjects: ({ params }) =>
          ok(
            listPage([project(`p${params.page}.example`)], {
              page: params.page ?? 1,
              lastPage: 2,
              hasNext: params.page === 1,
            }),
          ),
      },
    });
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(lastProjectsRequest(send)?.page).toBe(2);
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
  });

  it('remembers its filters for the next opening', async () => {
    const store = memoryStore();
    const first = await openProjects({ store });
    await screen.findByRole('list', { name: 'Projects' });
    choose('Sort by', 'project');
    await waitFor(() => expect(store.saved()?.projects.sortBy).toBe('project'));
    first.unmount();
    const second = await openProjects({ store });
    await screen.findByRole('list', { name: 'Projects' });
    expect(requestsOf(second.send, 'listProjects')[0]?.params.sortBy).toBe('project');
  });
});

describe('Projects: choosing and deleting', () => {
  it('shows the reports of a chosen project', async () => {
    const { send } = await openProjects();
    fireEvent.click(await screen.findByRole('button', { name: 'other.org' }));
    expect(screen.getByRole('tab', { name: 'Reports' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() =>
      expect(requestsOf(send, 'listReports').at(-1)?.params).toMatchObject({
        project: 'other.org',
        page: 1,
      }),
    );
    const projectFilter = screen.getByRole('combobox', { name: 'Project' }) as HTMLSelectElement;
    expect(projectFilter.value).toBe('other.org');
  });

  it('says that deleting a project deletes its reports; Cancel keeps it', async () => {
    const { send } = await openProjects({ handlers: { deleteProject: () => ok({ name: 'x' }) } });
    const row = await screen.findByRole('listitem', { name: 'example.com' });
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete project example.com?' });
    expect(dialog.textContent).toContain('Deleting project example.com also deletes its reports.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsOf(send, 'deleteProject')).toEqual([]);
  });

  it.each([
    ['deleted', () => ok({ name: 'example.com' }), 'Project deleted.'],
    [
      'already gone',
      () => fail('not_found', 'Resource not found.'),
      'That project had already been deleted.',
    ],
  ])('refreshes the list when the project is %s', async (_, answer, text) => {
    const { send } = await openProjects({ handlers: { deleteProject: answer } });
    const row = await screen.findByRole('listitem', { name: 'example.com' });
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(requestsOf(send, 'deleteProject')).toEqual([
      { type: 'deleteProject', name: 'example.com' },
    ]);
    await waitFor(() => expect(requestsOf(send, 'listProjects')).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failed delete next to the project', async () => {
    await openProjects({
      handlers: { deleteProject: () => fail('network', 'The service could not be reached.') },
    });
    const row = await screen.findByRole('listitem', { name: 'other.org' });
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const alert = await within(row).findByRole('alert');
    expect(alert.textContent).toContain("Couldn't delete the project.");
    expect(alert.textContent).toContain('The service could not be reached.');
  });

  it('drops the Reports filter on a project that was deleted', async () => {
    const store = memoryStore({ reports: { project: 'example.com' } });
    const { send } = await openProjects({
      store,
      handlers: { deleteProject: () => ok({ name: 'example.com' }) },
    });
    const row = await screen.findByRole('listitem', { name: 'example.com' });
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Project deleted.');
    fireEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    await waitFor(() => expect(requestsOf(send, 'listReports')).toHaveLength(1));
    expect(requestsOf(send, 'listReports')[0]?.params).not.toHaveProperty('project');
  });
});
