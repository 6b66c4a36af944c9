import { describe, expect, it, vi } from 'vitest';
import { findActiveTab, type TabFinderApi } from '../../../lib/this-page/active-tab';

type Tab = {
  id: number;
  url: string;
  title: string;
  active: boolean;
  windowId: number;
  lastAccessed?: number;
};

/**
 * Normal windows 1 and 2 and a detached popup window 3. `focused` is the last-focused window of
 * any type (what `lastFocusedWindow` means), `focusedNormal` the last-focused normal one.
 */
function api(
  tabs: Tab[],
  {
    self,
    focused = 1,
    focusedNormal = focused === 3 ? 1 : focused,
  }: { self?: Tab; focused?: number; focusedNormal?: number } = {},
) {
  const typeOf = (windowId: number) => (windowId === 3 ? 'popup' : 'normal');
  const query = vi.fn(async (info: Record<string, unknown>) =>
    tabs.filter(
      (tab) =>
        (info.active === undefined || tab.active === info.active) &&
        (info.windowId === undefined || tab.windowId === info.windowId) &&
        (info.lastFocusedWindow === undefined || tab.windowId === focused) &&
        (info.windowType === undefined || typeOf(tab.windowId) === info.windowType),
    ),
  );
  return {
    tabs: { query, getCurrent: vi.fn(async () => self) },
    windows: { getLastFocused: vi.fn(async () => ({ id: focusedNormal })) },
  } as unknown as TabFinderApi & { tabs: { query: typeof query } };
}

const page = (id: number, windowId: number, active: boolean, lastAccessed = 0): Tab => ({
  id,
  windowId,
  active,
  lastAccessed,
  url: `https://example.com/${id}`,
  title: `Page ${id}`,
});

describe('findActiveTab', () => {
  it('takes the active tab of the last-focused normal window, in one round trip', async () => {
    const browser = api([page(1, 1, false), page(2, 1, true), page(3, 2, true)], { focused: 1 });
    expect(await findActiveTab(browser)).toEqual({
      id: 2,
      url: 'https://example.com/2',
      title: 'Page 2',
    });
    expect(browser.tabs.query).toHaveBeenCalledTimes(1);
    expect(browser.tabs.query).toHaveBeenCalledWith({
      active: true,
      lastFocusedWindow: true,
      windowType: 'normal',
    });
  });

  it('never asks for a window with all its tabs', async () => {
    const browser = api([page(2, 1, true)]);
    await findActiveTab(browser);
    for (const [options] of vi.mocked(browser.windows.getLastFocused).mock.calls) {
      expect(options).not.toHaveProperty('populate', true);
    }
  });

  it('asks for its own tab, the active tab and the window together', async () => {
    const browser = api([page(2, 1, true)]);
    let resolveSelf: (tab: undefined) => void = () => undefined;
    browser.tabs.getCurrent = vi.fn(() => new Promise<undefined>((done) => (resolveSelf = done)));
    const found = findActiveTab(browser);
    await Promise.resolve();
    expect(browser.tabs.query).toHaveBeenCalled();
    expect(browser.windows.getLastFocused).toHaveBeenCalledWith({ windowTypes: ['normal'] });
    resolveSelf(undefined);
    expect((await found)?.id).toBe(2);
  });

  it('opened as its own window, takes the active tab of the last-focused normal window', async () => {
    const self = { ...page(9, 3, true), url: 'chrome-extension://id/popup.html' };
    const browser = api([page(1, 1, false), page(2, 1, true), page(3, 2, true), self], {
      self,
      focused: 3,
      focusedNormal: 1,
    });
    expect((await findActiveTab(browser))?.id).toBe(2);
    expect(browser.tabs.query).toHaveBeenLastCalledWith({ active: true, windowId: 1 });
  });

  it('still finds the tab when windows cannot be asked', async () => {
    const browser = api([page(5, 1, true)]);
    browser.windows.getLastFocused = vi.fn(async () => {
      throw new Error('no windows API');
    });
    expect((await findActiveTab(browser))?.id).toBe(5);
  });

  it('uses the tab in front before it when popup.html is itself the active tab', async () => {
    const self = { ...page(9, 1, true, 300), url: 'chrome-extension://id/popup.html' };
    const browser = api([page(1, 1, false, 100), page(2, 1, false, 200), self], { self });
    expect((await findActiveTab(browser))?.id).toBe(2);
  });

  it('gives nothing when there is no tab', async () => {
    expect(await findActiveTab(api([]))).toBeUndefined();
  });
});
