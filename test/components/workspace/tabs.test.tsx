// @vitest-environment happy-dom
// The workspace's tab registry: the tab the address's hash names (Reports when it names none), and
// a view that says it is loading until its code is in, or that it failed, with Try again.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import type { ComponentType } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportsTab } from '../../../components/reports/ReportsTab';
import {
  loadOnce,
  TabView,
  tabFromHash,
  WORKSPACE_TABS,
  type WorkspaceViewProps,
} from '../../../components/workspace/tabs';
import type { HashState } from '../../../lib/reports/workspace-address';

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
