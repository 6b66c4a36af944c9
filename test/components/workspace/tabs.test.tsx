// @vitest-environment happy-dom
// The workspace's tab registry: the tab the address's hash names (Reports when it names none), and
// a view that says it is loading until its code is in, or that it failed, with Try again.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
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
      .fn()
      .mockRejectedValueOnce(new Error('gone'))
      .mockResolvedValue(({ active }: WorkspaceViewProps) => <p>{active ? 'Shown' : 'Hidden'}</p>);
    const tab = { ...WORKSPACE_TABS[1], load };
    render(<TabView tab={tab} props={{ active: true } as WorkspaceViewProps} />);
    expect(screen.getByRole('status').textContent).toBe('Loading projects…');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load the projects.");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Shown')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
