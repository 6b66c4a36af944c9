// @vitest-environment happy-dom
// The workspace's tab registry: the tab the address's hash names (Reports when it names none), and
// a view that says it is loading until its code is in, or that it failed, with Try again.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import type { ComponentType } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportsTab } from '../../../components/reports/ReportsTab';
import { openingLists } from '../../../components/workspace/opening-lists';
import {
  firstReportsList,
  loadOnce,
  TabView,
  tabFromHash,
  WORKSPACE_TABS,
  type WorkspaceViewProps,
} from '../../../components/workspace/tabs';
import type { HashState } from '../../../lib/reports/workspace-address';
import { listPage } from '../../support/fixtures';
import { fakeSend, ok } from '../popup-helpers';

afterEach(cleanup);

describe('tabFromHash', () => {
  it.each(WORKSPACE_TABS.map((tab) => tab.id))('reads %s', (tab) => {
    expect(tabFromHash({ tab })).toBe(tab);
  });

  it.each<HashState>([{}, { tab: 'settings' }, { tab: '' }])('shows Reports for %j', (hash) => {
    expect(tabFromHash(hash)).toBe('reports');
  });
});

describe('TabView', () => {
  it('says it is loading, then that it failed, and shows the view after Try again', async () => {
    const load = vi
      .fn<() => Promise<ComponentType<WorkspaceViewProps>>>()
      .mockRejectedValueOnce(new Error('gone'))
      .mockResolvedValue(({ active }: WorkspaceViewProps) => <p>{active ? 'Shown' : 'Hidden'}</p>);
    // Its own loadOnce: the Projects tab's code may be in already, from a file before this one.
    const tab = { ...WORKSPACE_TABS[1], ...loadOnce(load) };
    render(<TabView tab={tab} props={{ active: true } as WorkspaceViewProps} />);
    expect(screen.getByRole('status').textContent).toBe('Loading projects…');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load the projects.");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Shown')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('loadOnce', () => {
  it('loads once for every caller, has the view once it is in, and loads again after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('gone')).mockResolvedValue('view');
    const once = loadOnce(load);
    const first = once.load();
    expect(once.load()).toBe(first);
    await expect(first).rejects.toThrow('gone');
    expect(once.loaded()).toBeUndefined();
    expect(await once.load()).toBe('view');
    expect(await once.load()).toBe('view');
    expect(once.loaded()).toBe('view');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('TabView with its code in already', () => {
  it('shows the view in its first render, without loading it again', () => {
    const View = () => <p>Shown</p>;
    const load = vi.fn();
    const tab = { ...WORKSPACE_TABS[1], load, loaded: () => View };
    render(<TabView tab={tab} props={{ active: true } as WorkspaceViewProps} />);
    expect(screen.getByText('Shown')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('the Reports tab', () => {
  it("is in the first load: its view is the registry's, with nothing to load", () => {
    const [reports] = WORKSPACE_TABS;
    expect(reports.id).toBe('reports');
    expect('view' in reports && reports.view).toBe(ReportsTab);
    expect('load' in reports).toBe(false);
  });
});

describe('firstReportsList', () => {
  afterEach(() => history.replaceState(null, '', '/'));
  const KEY = JSON.stringify({ sortBy: 'id', sort: 'desc', perPage: 10, page: 1 });

  it('reads the list as last shown before it asks for the list', () => {
    history.replaceState(null, '', '/sidepanel.html#tab=reports');
    const order: string[] = [];
    const send = fakeSend({
      listReports: () => {
        order.push('listReports');
        return ok(listPage([]));
      },
    });
    const readLastShown = vi.fn(async () => {
      order.push('lastShown');
      return undefined;
    });
    const first = firstReportsList(send, readLastShown);
    expect(first?.key).toBe(KEY);
    expect(readLastShown).toHaveBeenCalledWith(KEY);
    expect(order).toEqual(['lastShown', 'listReports']);
    expect(send.mock.calls[0]).toEqual([
      { type: 'listReports', params: JSON.parse(KEY), keepAs: KEY },
    ]);
  });

  it('asks for nothing when the workspace opens on another tab', () => {
    history.replaceState(null, '', '/sidepanel.html#tab=projects');
    const send = vi.fn();
    const readLastShown = vi.fn();
    expect(firstReportsList(send, readLastShown)).toBeUndefined();
    expect(send).not.toHaveBeenCalled();
    expect(readLastShown).not.toHaveBeenCalled();
  });
});

describe('openingLists', () => {
  const answer = Promise.resolve(ok(listPage([])));
  const lastShown = Promise.resolve(undefined);

  it('hands each out once, to the list they were read for', () => {
    const readLastShown = vi.fn(async () => undefined);
    const opening = openingLists({ key: 'a', answer, lastShown }, readLastShown);
    expect(opening.answer('a')).toBe(answer);
    expect(opening.answer('a')).toBeUndefined();
    expect(opening.lastShown('a')).toBe(lastShown);
    expect(opening.lastShown('a')).toBeUndefined();
    expect(readLastShown).not.toHaveBeenCalled();
  });

  it('reads the list as last shown when asked for another list, or without a first list', () => {
    const readLastShown = vi.fn(async () => undefined);
    const other = openingLists({ key: 'a', answer, lastShown }, readLastShown);
    expect(other.answer('b')).toBeUndefined();
    expect(other.answer('a')).toBeUndefined();
    expect(other.lastShown('b')).not.toBe(lastShown);
    expect(readLastShown).toHaveBeenLastCalledWith('b');
    const none = openingLists(undefined, readLastShown);
    none.lastShown('c');
    expect(readLastShown).toHaveBeenLastCalledWith('c');
    expect(none.lastShown('c')).toBeUndefined();
  });

  it('hands out nothing once forgotten (the settings changed)', () => {
    const readLastShown = vi.fn(async () => undefined);
    const opening = openingLists({ key: 'a', answer, lastShown }, readLastShown);
    opening.forget();
    expect(opening.answer('a')).toBeUndefined();
    expect(opening.lastShown('a')).toBeUndefined();
    expect(readLastShown).not.toHaveBeenCalled();
  });
});
