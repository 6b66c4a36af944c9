// The popup's "Open workspace": the side panel (Chrome) or sidebar (Firefox), asked for inside
// the click (nothing awaited before, or the browser refuses for want of a user gesture), and a
// tab where neither exists or the browser refuses.
import { describe, expect, it, vi } from 'vitest';
import {
  openWorkspace,
  WORKSPACE_PATH,
  type WorkspaceOpenerApi,
} from '../../../lib/this-page/open-workspace';
import { settle } from '../../support/time';

const URL = 'chrome-extension://abc/sidepanel.html';

function api(extra: Pick<WorkspaceOpenerApi, 'sidePanel' | 'sidebarAction'> = {}) {
  return {
    tabs: { create: vi.fn(async (_: { url: string }) => ({})) },
    runtime: { getURL: vi.fn((path: string) => `chrome-extension://abc${path}`) },
    ...extra,
  };
}

/** Lets the promise callbacks run. */

describe('openWorkspace', () => {
  it("opens Chrome's side panel beside the page's tab, synchronously", async () => {
    const open = vi.fn(async () => undefined);
    const browser = api({ sidePanel: { open } });
    const onOpened = vi.fn();
    expect(openWorkspace(browser, 7, onOpened)).toBe('sidePanel');
    // Called before anything was awaited: still inside the click.
    expect(open).toHaveBeenCalledWith({ tabId: 7 });
    await settle();
    expect(onOpened).toHaveBeenCalledWith('sidePanel');
    expect(browser.tabs.create).not.toHaveBeenCalled();
  });

  it("opens Firefox's sidebar, synchronously", async () => {
    const open = vi.fn(async () => undefined);
    const onOpened = vi.fn();
    const browser = api({ sidebarAction: { open } });
    expect(openWorkspace(browser, 7, onOpened)).toBe('sidebar');
    expect(open).toHaveBeenCalledTimes(1);
    await settle();
    expect(onOpened).toHaveBeenCalledWith('sidebar');
    expect(browser.tabs.create).not.toHaveBeenCalled();
  });

  it('opens a tab where the browser has neither', async () => {
    const browser = api();
    const onOpened = vi.fn();
    expect(openWorkspace(browser, 7, onOpened)).toBe('tab');
    expect(browser.runtime.getURL).toHaveBeenCalledWith(WORKSPACE_PATH);
    expect(browser.tabs.create).toHaveBeenCalledWith({ url: URL });
    await settle();
    expect(onOpened).toHaveBeenCalledWith('tab');
  });

  it('opens a tab when the side panel is refused', async () => {
    const browser = api({
      sidePanel: { open: vi.fn(() => Promise.reject(new Error('No user gesture'))) },
    });
    const onOpened = vi.fn();
    openWorkspace(browser, 7, onOpened);
    await settle();
    expect(browser.tabs.create).toHaveBeenCalledWith({ url: URL });
    await settle();
    expect(onOpened).toHaveBeenCalledTimes(1);
    expect(onOpened).toHaveBeenCalledWith('tab');
  });

  it('opens a tab when the sidebar throws at once', async () => {
    const browser = api({
      sidebarAction: {
        open: vi.fn(() => {
          throw new Error('sidebarAction.open may only be called from a user input handler');
        }),
      },
    });
    expect(() => openWorkspace(browser, 7)).not.toThrow();
    await settle();
    expect(browser.tabs.create).toHaveBeenCalledWith({ url: URL });
  });

  it('opens a tab when no page tab is known to put the side panel beside', () => {
    const open = vi.fn(async () => undefined);
    const browser = api({ sidePanel: { open } });
    expect(openWorkspace(browser, undefined)).toBe('tab');
    expect(open).not.toHaveBeenCalled();
    expect(browser.tabs.create).toHaveBeenCalledWith({ url: URL });
  });

  it('says nothing when even the tab cannot be opened', async () => {
    const browser = api();
    browser.tabs.create.mockRejectedValue(new Error('gone'));
    const onOpened = vi.fn();
    openWorkspace(browser, 7, onOpened);
    await settle();
    expect(onOpened).not.toHaveBeenCalled();
  });
});
