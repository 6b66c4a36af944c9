// The right-click menu, on http(s) pages only, present while the setting is on.
import { type Browser, browser } from 'wxt/browser';
import { t } from '../i18n';
import { createLock } from '../lock';
import { loadSettings } from '../settings';
import type { HandlerDeps } from './deps';
import { type QuickCreateOutcome, quickCreate, reportAllTabs } from './quick-create';

export const MENU_PAGE = 'create-report-page';
export const MENU_LINK = 'create-report-link';
export const MENU_ALL_TABS = 'create-reports-all-tabs';
const WEB_PAGES = ['http://*/*', 'https://*/*'];

/** Each item: its id, its title's message, and where it is offered (a page, or a link on one). */
const MENU_ITEMS = [
  [MENU_PAGE, 'menu_create_page', 'page'],
  [MENU_LINK, 'menu_create_link', 'link'],
  [MENU_ALL_TABS, 'menu_create_all_tabs', 'page'],
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
): Promise<QuickCreateOutcome | Awaited<ReturnType<typeof reportAllTabs>>> | undefined {
  if (info.menuItemId === MENU_PAGE) {
    return quickCreate({ url: info.pageUrl ?? tab?.url, tabId: tab?.id }, deps);
  }
  if (info.menuItemId === MENU_LINK) {
    return quickCreate({ url: info.linkUrl, tabId: tab?.id }, deps);
  }
  if (info.menuItemId === MENU_ALL_TABS) return reportAllTabs(tab?.windowId, deps);
  return undefined;
}
