// @vitest-environment happy-dom
// The Watched tab in the workspace shell: placed after Add pages and before Issues and Activity,
// loaded when first shown, and opened on a page's History by the address a notification's click
// opens. It reads the watch list and the history as the background keeps them for the account in
// use (storage and IndexedDB).
import { fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { watchReads } from '../../../lib/watch/overview';
import { recordAnalyses } from '../../../lib/watch/record';
import { emptyWatch } from '../../../lib/watch/store';
import { report } from '../../support/fixtures';
import { status } from '../popup-helpers';
import { renderShell } from '../workspace/workspace-helpers';

/** The account in use, which the watch list and history are kept under. */
const ACCOUNT = status().account as string;
const PAGE = { id: 2, url: 'https://site.example/b' };

beforeEach(async () => {
  await fakeBrowser.storage.local.set({
    watch: { services: { [ACCOUNT]: { ...emptyWatch(), reports: [PAGE] } } },
  });
  await recordAnalyses(
    [report({ ...PAGE, rating: 'bad', score: 40, generatedAt: '2026-01-01T00:00:00.000Z' })],
    ACCOUNT,
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Watched tab', () => {
  it('comes after Open tabs and before Activity, and shows the watched pages', async () => {
    const overview = vi.spyOn(watchReads, 'overview');
    await renderShell();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    // The Issues tab comes between it and Activity.
    expect(tabs.slice(tabs.indexOf('Open tabs'))).toEqual([
      'Open tabs',
      'Add pages',
      'Watched',
      'Issues',
      'Activity',
    ]);
    expect(overview).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: 'Watched' }));
    const list = await screen.findByRole('list', { name: 'Watched pages' });
    await within(list).findByText('Bad');
    expect(list.textContent).toContain('score 40');
    within(list).getByRole('button', { name: 'History of https://site.example/b' });
  });

  it("opens on a page's history from #tab=watched&history=<id>", async () => {
    history.replaceState(null, '', '/sidepanel.html#tab=watched&history=2');
    await renderShell();
    expect(screen.getByRole('tab', { name: 'Watched' }).getAttribute('aria-selected')).toBe('true');
    const region = await screen.findByRole('region', { name: 'History' });
    await within(region).findByText('History of https://site.example/b');
    const list = await within(region).findByRole('list', { name: 'Analyses, newest first' });
    expect(list.children).toHaveLength(1);
    expect(list.textContent).toContain('Bad');
  });
});
