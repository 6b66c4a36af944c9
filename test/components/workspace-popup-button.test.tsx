// @vitest-environment happy-dom
// The popup's "Open workspace": at the foot of the popup (after the views, so the popup's Tab
// order is unchanged), it opens the workspace for the page's tab, from the click itself.
import { fireEvent, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { App, type PopupDeps } from '../../entrypoints/popup/App';
import { fakeSend, memoryStore, ok, PAGE_TAB, pressTab, status } from './popup-helpers';

function renderPopup(openWorkspace: PopupDeps['openWorkspace']) {
  const send = fakeSend({ getStatus: () => ok(status()) });
  render(
    <App
      send={send}
      getActiveTab={async () => PAGE_TAB}
      openTab={vi.fn()}
      openOptions={vi.fn()}
      openWorkspace={openWorkspace}
      store={memoryStore()}
    />,
  );
}

describe('Open workspace', () => {
  it('opens the workspace beside the page the popup is about', async () => {
    const openWorkspace = vi.fn();
    renderPopup(openWorkspace);
    const button = await screen.findByRole('button', { name: 'Open workspace' });
    fireEvent.click(button);
    expect(openWorkspace).toHaveBeenCalledWith(PAGE_TAB.id);
  });

  it('comes after the views in the Tab order', async () => {
    renderPopup(vi.fn());
    await screen.findByRole('button', { name: 'Create report' });
    pressTab();
    expect(document.activeElement?.textContent).toBe('This page');
    const stops: string[] = [];
    for (let i = 0; i < 10 && document.activeElement?.textContent !== 'Open workspace'; i++) {
      pressTab();
      stops.push(document.activeElement?.textContent ?? '');
    }
    expect(stops.at(-2)).toBe('Create report');
    expect(stops.at(-1)).toBe('Open workspace');
  });
});
