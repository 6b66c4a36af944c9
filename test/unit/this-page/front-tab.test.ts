// The workspace's header follows the tab in front of its window: switches and navigations come
// from the browser's events; its own tab (when it is open as one) and other windows do not count.
import { describe, expect, it, vi } from 'vitest';
import type { ActiveTab } from '../../../lib/this-page/active-tab';
import { followFrontTab, type OwnPlace } from '../../../lib/this-page/front-tab';
import {
  type FakeTab,
  type FakeTabs,
  fakeTabs,
  OTHER_WINDOW,
  WINDOW,
} from '../../support/fake-tabs';
import { settle } from '../../support/time';

function follow(tabs: FakeTabs, place: OwnPlace, first: ActiveTab | undefined) {
  let current = first;
  const listener = vi.fn((tab: ActiveTab) => {
    current = tab;
  });
  const stop = followFrontTab(tabs as never, Promise.resolve(place), () => current, listener);
  return { listener, stop, current: () => current };
}

const TABS = [
  { id: 1, windowId: WINDOW, url: 'https://a.example/', title: 'A' },
  { id: 2, windowId: WINDOW, url: 'https://b.example/', title: 'B' },
  { id: 3, windowId: OTHER_WINDOW, url: 'https://c.example/', title: 'C' },
  { id: 9, windowId: WINDOW, url: 'chrome-extension://x/sidepanel.html', title: 'Workspace' },
];

describe('followFrontTab', () => {
  it('follows tab switches in its window', async () => {
    const tabs = fakeTabs(TABS);
    const { listener, current } = follow(tabs, { windowId: WINDOW }, { id: 1 });
    tabs.activate(2);
    await settle();
    expect(listener).toHaveBeenCalledWith({ id: 2, url: 'https://b.example/', title: 'B' });
    expect(current()?.id).toBe(2);
  });

  it('ignores other windows, and its own tab', async () => {
    const tabs = fakeTabs(TABS);
    const { listener } = follow(tabs, { windowId: WINDOW, tabId: 9 }, { id: 1 });
    tabs.activate(3);
    tabs.activate(9);
    await settle();
    expect(listener).not.toHaveBeenCalled();
  });

  it('follows every window when it does not know its own', async () => {
    const tabs = fakeTabs(TABS);
    const { listener } = follow(tabs, {}, { id: 1 });
    tabs.activate(3);
    await settle();
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
  });

  it("follows the front tab's navigations and title changes, not other tabs'", async () => {
    const tabs = fakeTabs(TABS);
    const { listener } = follow(tabs, { windowId: WINDOW }, { id: 1 });
    tabs.navigate(2, 'https://elsewhere.example/');
    expect(listener).not.toHaveBeenCalled();
    tabs.navigate(1, 'https://a.example/next', 'Next');
    expect(listener).toHaveBeenLastCalledWith({
      id: 1,
      url: 'https://a.example/next',
      title: 'Next',
    });
    tabs.onUpdated.trigger(1, { status: 'complete' } as never, { ...TABS[0], id: 1 } as never);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps the latest switch when an earlier one is read last', async () => {
    const tabs = fakeTabs(TABS);
    let releaseFirst = () => {};
    tabs.get.mockImplementationOnce(
      (id) =>
        new Promise((resolve) => {
          releaseFirst = () => resolve({ ...(TABS.find((tab) => tab.id === id) as FakeTab) });
        }),
    );
    const { listener, current } = follow(tabs, { windowId: WINDOW }, { id: 1 });
    tabs.activate(2);
    await settle();
    tabs.activate(1);
    await settle();
    releaseFirst();
    await settle();
    expect(current()?.id).toBe(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops listening when unsubscribed', async () => {
    const tabs = fakeTabs(TABS);
    const { listener, stop } = follow(tabs, { windowId: WINDOW }, { id: 1 });
    stop();
    expect(tabs.onActivated.count()).toBe(0);
    expect(tabs.onUpdated.count()).toBe(0);
    tabs.activate(2);
    await settle();
    expect(listener).not.toHaveBeenCalled();
  });
});
