// The right-click menu, on http(s) pages only, present while the setting is on.
import { type Browser, browser } from 'wxt/browser';
import { t } from '../i18n';
import { createLock } from '../lock';
import { loadSettings } from '../settings';
import type { HandlerDeps } from './deps';
import { type QuickCreateOutcome, quickCreate, reportAllTabs } from './quick-create';
import {
  browserSelectionEnvironment,
  reportSelectionLinks,
  type SelectionLinksEnvironment,
  type SelectionOutcome,
} from './selection-links';

export const MENU_PAGE = 'create-report-page';
export const MENU_LINK = 'create-report-link';
export const MENU_ALL_TABS = 'create-reports-all-tabs';
export const MENU_SELECTION_LINKS = 'create-reports-selection-links';
const WEB_PAGES = ['http://*/*', 'https://*/*'];

/** Each item: its id, its title's message, and where it is offered (a page, a link or a selection on one). */
const MENU_ITEMS = [
  [MENU_PAGE, 'menu_create_page', 'page'],
  [MENU_LINK, 'menu_create_link', 'link'],
  [MENU_ALL_TABS, 'menu_create_all_tabs', 'page'],
  [MENU_SELECTION_LINKS, 'menu_create_selection_links', 'selection'],
] as const;

// removeAll-then-create runs one at a time: interleaved runs would create duplicate ids.
const lock = createLock();

/** Makes the menu match the setting (read from storage unless given). */
export function syncContextMenus(enabled?: boolean): Promise<void> {
  return lock.runExclusive(async () => {
    const on = enabled ?? (await loadSettings()).settings.contextMenu;
    await browser.contextMenus.removeAll();
    if (!on) return;
    const ignoreError = () => void browser.runtime.lastError;
    for (const [id, key, context] of MENU_ITEMS) {
      const where =
        context === 'link' ? { targetUrlPatterns: WEB_PAGES } : { documentUrlPatterns: WEB_PAGES };
      browser.contextMenus.create(
        { id, title: t(key), contexts: [context], ...where },
        ignoreError,
      );
    }
  });
}

export function handleMenuClick(
  info: Pick<Browser.contextMenus.OnClickData, 'menuItemId' | 'pageUrl' | 'linkUrl'>,
  tab: (Pick<Browser.tabs.Tab, 'id' | 'url'> & { windowId?: number }) | undefined,
  deps: HandlerDeps,
  selection: () => SelectionLinksEnvironment = browserSelectionEnvironment,
):
  | Promise<QuickCreateOutcome | Awaited<ReturnType<typeof reportAllTabs>> | SelectionOutcome>
  | undefined {
  if (info.menuItemId === MENU_PAGE) {
    return quickCreate({ url: info.pageUrl ?? tab?.url, tabId: tab?.id }, deps);
  }
  if (info.menuItemId === MENU_LINK) {
    return quickCreate({ url: info.linkUrl, tabId: tab?.id }, deps);
  }
  if (info.menuItemId === MENU_ALL_TABS) return reportAllTabs(tab?.windowId, deps);
  if (info.menuItemId === MENU_SELECTION_LINKS) return reportSelectionLinks(tab, selection());
  return undefined;
}
