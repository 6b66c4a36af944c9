// @vitest-environment happy-dom
// Starting to watch from the workspace: Watch selected in Reports (enabled by a selection, says
// how many) and Watch project on each project.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectsTab } from '../../../components/projects/ProjectsTab';
import type { Answer } from '../../../lib/messaging/protocol';
import { listPage, project } from '../../support/fixtures';
import { fail, fakeSend, ok, requestsOf } from '../popup-helpers';
import { findTable, renderReports, rowBoxes } from '../reports/workspace-reports-helpers';

afterEach(cleanup);

describe('Watch selected', () => {
  it('is disabled without a selection, and watches the selected reports', async () => {
    const { send } = renderReports({ handlers: { watchReports: () => ok({ watched: 2 }) } });
    await findTable();
    const button = screen.getByRole('button', { name: 'Watch selected' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(rowBoxes()[0] as HTMLElement);
    fireEvent.click(rowBoxes()[2] as HTMLElement);
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(await screen.findByText('Watching the selected pages: 2.')).toBeTruthy();
    expect(requestsOf(send, 'watchReports')).toEqual([
      {
        type: 'watchReports',
        reports: [
          { id: 1, url: 'https://site.example/page-1' },
          { id: 3, url: 'https://site.example/page-3' },
        ],
      },
    ]);
  });

  it('says when watching failed', async () => {
    renderReports({ handlers: { watchReports: () => fail('server', '') } });
    await findTable();
    fireEvent.click(rowBoxes()[1] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Watch selected' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Couldn't watch the selected pages.",
    );
  });
});

describe('Watch project', () => {
  function renderProjects(
    watchProject: (name: string) => Answer<'watchProject'> = (name) => ok({ name }),
  ) {
    const send = fakeSend({
      listProjects: () => ok(listPage([project('example.com'), project('other.org')])),
      watchProject: ({ name }) => watchProject(name),
    });
    render(
      <ProjectsTab
        send={send}
        openOptions={vi.fn()}
        active
        revision={0}
        onChanged={vi.fn()}
        searchDelay={0}
      />,
    );
    return send;
  }

  it('watches the project of its row, described by its name', async () => {
    const send = renderProjects();
    const row = await screen.findByRole('listitem', { name: 'example.com' });
    const button = within(row).getByRole('button', { name: 'Watch project' });
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(button);
    expect(
      await within(row).findByText('Watching example.com and the reports created in it later.'),
    ).toBeTruthy();
    expect(requestsOf(send, 'watchProject')).toEqual([
      { type: 'watchProject', name: 'example.com' },
    ]);
  });

  it('says when it failed, on the row', async () => {
    renderProjects(() => fail('server', ''));
    const row = await screen.findByRole('listitem', { name: 'other.org' });
    fireEvent.click(within(row).getByRole('button', { name: 'Watch project' }));
    await waitFor(() =>
      expect(within(row).getByRole('alert').textContent).toContain("Couldn't watch the project."),
    );
  });
});
