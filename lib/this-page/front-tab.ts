// The page the workspace's header is about: the tab in front of its window, followed through tab
// switches and navigations (no request); the workspace's own tab never counts as the page.
import type { Browser } from 'wxt/browser';
import type { ActiveTab } from './active-tab';

type Tab = Browser.tabs.Tab;

interface Event<L> {
  addListener(listener: L): void;
  removeListener(listener: L): void;
}

type ActivatedListener = (info: { tabId: number; windowId: number }) => void;
type UpdatedListener = (tabId: number, change: { url?: string; title?: string }, tab: Tab) => void;

/** The part of `browser.tabs` it uses. */
export interface FrontTabEvents {
  get(tabId: number): Promise<Tab>;
  onActivated: Event<ActivatedListener>;
  onUpdated: Event<UpdatedListener>;
}

/** Where the workspace itself is: its window, and its tab when it is open as one. */
export interface OwnPlace {
  windowId?: number;
  tabId?: number;
}

const pick = (tab: Tab): ActiveTab => ({ id: tab.id, url: tab.url, title: tab.title });

/**
 * Calls `listener` with the front tab whenever another tab comes to the front of the workspace's
 * window, or the front tab's address or title changes. `place` says where the workspace is;
 * `current` answers the tab shown now. Answers the unsubscribe.
 */
export function followFrontTab(
  tabs: FrontTabEvents,
  place: Promise<OwnPlace>,
  current: () => ActiveTab | undefined,
  listener: (tab: ActiveTab) => void,
): () => void {
  let live = true;
  let switches = 0;
  const onActivated: ActivatedListener = ({ tabId, windowId }) => {
    void place.then(async (own) => {
      if (own.tabId === tabId || (own.windowId !== undefined && own.windowId !== windowId)) return;
      const switched = ++switches;
      const tab = await tabs.get(tabId).catch(() => undefined);
      // A later switch wins, even when its tab was read first.
      if (live && tab && switched === switches) listener(pick(tab));
    });
  };
  const onUpdated: UpdatedListener = (tabId, change, tab) => {
    if (tabId !== current()?.id || !('url' in change || 'title' in change)) return;
    listener(pick(tab));
  };
  tabs.onActivated.addListener(onActivated);
  tabs.onUpdated.addListener(onUpdated);
  return () => {
    live = false;
    tabs.onActivated.removeListener(onActivated);
    tabs.onUpdated.removeListener(onUpdated);
  };
}
