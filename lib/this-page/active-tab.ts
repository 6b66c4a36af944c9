// The page the popup acts on: the active tab of the last-focused normal window, or, when the popup
// is itself a window or a tab, the tab that was in front before it.
import type { Browser } from 'wxt/browser';

type Tab = Browser.tabs.Tab;

export interface ActiveTab {
  id?: number;
  url?: string;
  title?: string;
}

export interface TabFinderApi {
  tabs: {
    query(query: Browser.tabs.QueryInfo): Promise<Tab[]>;
    getCurrent(): Promise<Tab | undefined>;
  };
  windows: {
    getLastFocused(options?: Browser.windows.QueryOptions): Promise<Browser.windows.Window>;
  };
}

export async function findActiveTab(api: TabFinderApi): Promise<ActiveTab | undefined> {
  // Filtered by type, the last-focused window is never the popup's own detached window; when
  // the popup is one, the active tab of the last-focused normal window is asked for after.
  const [self, front, focused] = await Promise.all([
    api.tabs.getCurrent().catch(() => undefined),
    api.tabs
      .query({ active: true, lastFocusedWindow: true, windowType: 'normal' })
      .catch((): Tab[] => []),
    api.windows.getLastFocused({ windowTypes: ['normal'] }).catch(() => undefined),
  ]);
  let candidates = front;
  if (candidates.length === 0 && focused?.id !== undefined) {
    candidates = await api.tabs.query({ active: true, windowId: focused.id }).catch(() => []);
  }
  let tab = candidates.find((candidate) => self === undefined || candidate.id !== self.id);
  if (!tab && self) {
    // popup.html is itself the front tab: use the tab that was in front before it.
    const others = await api.tabs.query({ windowType: 'normal' }).catch(() => []);
    tab = others
      .filter((other) => other.id !== self.id)
      .sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
  }
  return tab && { id: tab.id, url: tab.url, title: tab.title };
}
