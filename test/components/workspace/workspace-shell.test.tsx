// @vitest-environment happy-dom
// The workspace's shell: its four tabs (arrow keys, Home and End, like the popup's), the shown
// one kept in the address's hash, "not connected" with the way to the options page, and a
// project chosen in Projects showing the Reports tab filtered to it.
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Answer } from '../../../lib/messaging/protocol';
import { readHash, writeHash } from '../../../lib/reports/workspace-address';
import { listPage, project } from '../../support/fixtures';
import { deferred, fail, ok, requestsOf, status } from '../popup-helpers';
import { renderShell, renderWorkspace, storeSummary } from './workspace-helpers';

const LISTS = {
  listReports: () => ok(listPage([])),
  listProjects: () => ok(listPage([project('example.com', { reportCount: 3 }), project('b.org')])),
};

const NAMES = ['Reports', 'Projects', 'Open tabs', 'Add pages', 'Watched', 'Issues', 'Activity'];

function tab(name: string) {
  return screen.getByRole('tab', { name });
}

function selected() {
  return screen
    .getAllByRole('tab')
    .filter((element) => element.getAttribute('aria-selected') === 'true')
    .map((element) => element.textContent);
}

describe('workspace tabs', () => {
  it('has Reports, Projects, Open tabs, Watched and Activity, and starts on Reports', async () => {
    await renderShell({ handlers: LISTS });
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual(NAMES);
    expect(selected()).toEqual(['Reports']);
    const panel = screen.getByRole('tabpanel', { name: 'Reports' });
    expect(tab('Reports').getAttribute('aria-controls')).toBe(panel.id);
    // A tab not yet visited has no panel in the document, so it controls none.
    expect(tab('Projects').getAttribute('aria-controls')).toBeNull();
  });

  it('keeps the shown tab in the hash, and the panels it leaves in the document', async () => {
    await renderShell({ handlers: LISTS });
    fireEvent.click(tab('Activity'));
    expect(readHash()).toEqual({ tab: 'activity' });
    expect(selected()).toEqual(['Activity']);
    expect(await screen.findByRole('tabpanel', { name: 'Activity' })).toBeTruthy();
    // Reports is hidden, not gone: it keeps its place.
    expect(screen.queryByRole('tabpanel', { name: 'Reports' })).toBeNull();
    expect(document.getElementById('panel-reports')?.hidden).toBe(true);
  });

  it('moves between tabs with the arrow keys, Home and End, focus following', async () => {
    await renderShell({ handlers: LISTS });
    tab('Reports').focus();
    const moves: [string, string][] = [
      ['ArrowRight', 'Projects'],
      ['ArrowRight', 'Open tabs'],
      ['End', 'Activity'],
      ['ArrowRight', 'Reports'],
      ['ArrowLeft', 'Activity'],
      ['Home', 'Reports'],
    ];
    for (const [key, name] of moves) {
      fireEvent.keyDown(document.activeElement as Element, { key });
      expect(selected()).toEqual([name]);
      expect(document.activeElement).toBe(tab(name));
      // One Tab stop: only the selected tab.
      expect(screen.getAllByRole('tab').filter((element) => element.tabIndex === 0)).toEqual([
        tab(name),
      ]);
    }
    expect(readHash().tab).toBe('reports');
  });

  it('opens on the tab the hash names, and follows the hash when it changes', async () => {
    history.replaceState(null, '', '#tab=open-tabs&project=example.com');
    await renderShell({ handlers: LISTS });
    expect(selected()).toEqual(['Open tabs']);
    writeHash({ tab: 'projects' });
    await waitFor(() => expect(selected()).toEqual(['Projects']));
    // The Reports filters in the hash are left alone.
    expect(readHash()).toEqual({ tab: 'projects', project: 'example.com' });
  });
});

describe('not connected', () => {
  it('says so, offers the options page, and shows no tabs', async () => {
    const { openOptions, send } = await renderWorkspace({ summary: { connected: false } });
    expect(await screen.findByRole('heading', { name: 'Not connected yet' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open options' }));
    expect(openOptions).toHaveBeenCalledTimes(1);
    // The settings' status alone: the front page's rating comes from the rating cache.
    expect(send.mock.calls.map(([request]) => request)).toEqual([{ type: 'getStatus' }]);
  });
});

describe('the status', () => {
  const TWO_ACCOUNTS = {
    account: 'a2',
    accounts: [
      { id: 'a1', name: 'Work' },
      { id: 'a2', name: 'Client' },
    ],
  };

  it('is the settings summary as stored until the background answers', async () => {
    const { readSummary } = await renderShell({
      summary: TWO_ACCOUNTS,
      // A background that has not woken yet.
      handlers: { getStatus: () => new Promise(() => {}) },
    });
    const select = screen.getByRole('combobox', { name: 'Account' }) as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe('Client');
    expect(readSummary).toHaveBeenCalledTimes(1);
  });

  it("gives way to the background's answer when that differs", async () => {
    const answer = deferred<Answer<'getStatus'>>();
    await renderShell({ summary: TWO_ACCOUNTS, handlers: { getStatus: () => answer.promise } });
    // A summary the background could not write: its answer is the one shown.
    answer.resolve(ok(status({ connected: false, ...TWO_ACCOUNTS })));
    expect(await screen.findByRole('heading', { name: 'Not connected yet' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it("gives way to the background's answer when that failed, with Try again", async () => {
    const answer = deferred<Answer<'getStatus'>>();
    await renderShell({ summary: TWO_ACCOUNTS, handlers: { getStatus: () => answer.promise } });
    answer.resolve(fail('bad_message', 'No answer.'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't read the extension's settings.");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('waits for the background when no summary is stored, or one of another layout', async () => {
    const { cached: _, ...summary } = status(TWO_ACCOUNTS);
    for (const stored of [undefined, { ...summary, version: 1 }]) {
      await fakeBrowser.storage.local.clear();
      if (stored) await fakeBrowser.storage.local.set({ settingsSummary: stored });
      const answer = deferred<Answer<'getStatus'>>();
      const { unmount } = await renderWorkspace({
        summary: null,
        handlers: { getStatus: () => answer.promise },
      });
      // Still waiting once loading takes long enough to say so (the summary long read by then).
      expect(await screen.findByText('Loading…')).toBeTruthy();
      expect(screen.queryByRole('tablist')).toBeNull();
      answer.resolve(ok(status(TWO_ACCOUNTS)));
      await screen.findByRole('tablist', { name: 'Workspace views' });
      const select = screen.getByRole('combobox', { name: 'Account' }) as HTMLSelectElement;
      expect(select.selectedOptions[0]?.textContent).toBe('Client');
      unmount();
    }
  });

  it('follows a change of the stored summary', async () => {
    await renderShell();
    await storeSummary({ connected: false });
    expect(await screen.findByRole('heading', { name: 'Not connected yet' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});

describe('Projects', () => {
  it('lists the projects with their report counts', async () => {
    history.replaceState(null, '', '#tab=projects');
    await renderShell({ handlers: LISTS });
    const item = await screen.findByRole('listitem', { name: 'example.com' });
    expect(within(item).getByText(/Reports: 3/)).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search projects' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeTruthy();
  });

  it("shows a chosen project's reports in the Reports tab", async () => {
    history.replaceState(null, '', '#tab=projects&search=old&result=bad&page=3');
    const { send } = await renderShell({ handlers: LISTS });
    const item = await screen.findByRole('listitem', { name: 'example.com' });
    fireEvent.click(within(item).getByRole('button', { name: 'example.com' }));
    expect(readHash()).toEqual({ tab: 'reports', project: 'example.com' });
    expect(selected()).toEqual(['Reports']);
    await waitFor(() =>
      expect(requestsOf(send, 'listReports').at(-1)?.params).toMatchObject({
        project: 'example.com',
        page: 1,
      }),
    );
  });

  it('asks before deleting a project, saying its reports go too', async () => {
    history.replaceState(null, '', '#tab=projects');
    await renderShell({ handlers: LISTS });
    const item = await screen.findByRole('listitem', { name: 'example.com' });
    fireEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Deleting project example.com also deletes its reports');
  });
});
