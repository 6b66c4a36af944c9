// Starts a page that acts on a tab (the popup, the workspace): the tab is looked for before
// anything else, then the page's language and title, then its App in #app with what the browser
// gives every such page. (The options page starts on its own: this would add the tab code to it.)
import { render, type VNode } from 'preact';
import { browser } from 'wxt/browser';
import { type MessageKey, t } from '../../lib/i18n';
import { type Sender, send } from '../../lib/messaging/send';
import { watchSettingsSummary } from '../../lib/settings/summary';
import { type ActiveTab, findActiveTab } from '../../lib/this-page/active-tab';
import type { OwnPlace } from '../../lib/this-page/front-tab';
import { startedEarly } from '../../lib/this-page/status-source';

/** What a page that acts on a tab gets from the browser; tests hand in their own. */
export interface TabPageDeps {
  send: Sender;
  /** Calls its listener when the stored settings summary changes; answers the unsubscribe. */
  watchStatus: (listener: () => void) => () => void;
  getActiveTab: () => Promise<ActiveTab | undefined>;
  openTab: (url: string) => unknown;
  openOptions: () => unknown;
}

function showPage(titleKey: MessageKey, app: VNode): void {
  document.documentElement.lang = browser.i18n.getUILanguage();
  document.title = t(titleKey);
  const root = document.getElementById('app');
  if (root) render(app, root);
}

/** `app` gets the deps, and where the page is (its window, and its own tab when it is one). */
export function startTabPage(
  titleKey: MessageKey,
  app: (deps: TabPageDeps, place: () => Promise<OwnPlace>) => VNode,
): void {
  // Asked before anything else: the page then asks the background for the tab's status.
  const ownTab = browser.tabs.getCurrent().catch(() => undefined);
  const getActiveTab = startedEarly(() =>
    findActiveTab({
      tabs: { query: (query) => browser.tabs.query(query), getCurrent: () => ownTab },
      windows: browser.windows,
    }),
  );
  const place = async (): Promise<OwnPlace> => {
    const tab = await ownTab;
    // A side panel is no tab: its window is the current one.
    if (tab) return { tabId: tab.id, windowId: tab.windowId };
    return { windowId: (await browser.windows.getCurrent().catch(() => undefined))?.id };
  };
  const deps: TabPageDeps = {
    send,
    watchStatus: watchSettingsSummary,
    getActiveTab,
    openTab: (url) => browser.tabs.create({ url }),
    openOptions: () => browser.runtime.openOptionsPage(),
  };
  showPage(titleKey, app(deps, place));
}
