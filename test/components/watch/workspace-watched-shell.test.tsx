// @vitest-environment happy-dom
// The Watched tab in the workspace shell: placed after Open tabs and before Activity, loaded when
// first shown, and opened on a page's History by the address a notification's click opens.
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { ok, requestsOf } from '../popup-helpers';
import { renderShell } from '../workspace/workspace-helpers';
import { overview } from './watch-helpers';

const handlers = {
  getWatched: () => ok(overview()),
  getHistory: ({ id }: { id: number }) =>
    ok({
      reportId: id,
      url: 'https://site.example/b',
      records: [{ at: Date.UTC(2026, 0, 1), result: 'bad' as const, score: 40, failed: [] }],
    }),
};

describe('the Watched tab', () => {
  it('comes after Open tabs and before Activity, and shows the watched pages', async () => {
    const { send } = await renderShell({ handlers });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.indexOf('Watched')).toBe(tabs.indexOf('Activity') - 1);
    expect(tabs.indexOf('Watched')).toBeGreaterThan(tabs.indexOf('Open tabs'));
    expect(requestsOf(send, 'getWatched')).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: 'Watched' }));
    await screen.findByRole('list', { name: 'Watched pages' });
  });

  it("opens on a page's history from #tab=watched&history=<id>", async () => {
    history.replaceState(null, '', '/sidepanel.html#tab=watched&history=2');
    const { send } = await renderShell({ handlers });
    expect(screen.getByRole('tab', { name: 'Watched' }).getAttribute('aria-selected')).toBe('true');
    const region = await screen.findByRole('region', { name: 'History' });
    await within(region).findByText('History of https://site.example/b');
    expect(requestsOf(send, 'getHistory')).toEqual([{ type: 'getHistory', id: 2 }]);
  });
});
