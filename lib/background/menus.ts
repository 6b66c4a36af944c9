// The right-click menu: "Create site report for this page" and "… for this link", offered only
// for http(s) addresses, present only while the setting is on.
import { type Browser, browser } from 'wxt/browser';
import { t } from '../i18n';
import { loadSettings } from '../settings';
import type { HandlerDeps } from './deps';
import { type QuickCreateOutcome, quickCreate } from './quick-create';

export const MENU_PAGE = 'create-report-page';
export const MENU_LINK = 'create-report-link';
const WEB_PAGES = ['http://*/*', 'https://*/*'];

// removeAll-then-create runs one at a time: interleaved runs would create duplicate ids.
let queue: Promise<unknown> = Promise.resolve();

/** Makes the menu match the setting (read from storage unless given). */
export function syncContextMenus(enabled?: boolean): Promise<void> {
  const run = queue.then(async () => {
    const on = enabled ?? (await loadSettings()).settings.contextMenu;
    await browser.contextMenus.removeAll();
    if (!on) return;
    const ignoreError = () => void browser.runtime.lastError;
    browser.contextMenus.create(
      {
        id: MENU_PAGE,
        title: t('menu_create_page'),
        contexts: ['page'],
        documentUrlPatterns: WEB_PAGES,
      },
      ignoreError,
    );
    browser.contextMenus.create(
      {
        id: MENU_LINK,
        title: t('menu_create_link'),
        contexts: ['link'],
        targetUrlPatterns: WEB_PAGES,
      },
      ignoreError,
    );
  });
  queue = run.catch(() => undefined);
  return run;
}

export function handleMenuClick(
  info: Pick<Browser.contextMenus.OnClickData, 'menuItemId' | 'pageUrl' | 'linkUrl'>,
  tab: Pick<Browser.tabs.Tab, 'id' | 'url'> | undefined,
  deps: HandlerDeps,
): Promise<QuickCreateOutcome> | undefined {
  if (info.menuItemId === MENU_PAGE) {
    return quickCreate({ url: info.pageUrl ?? tab?.url, tabId: tab?.id }, deps);
  }
  if (info.menuItemId === MENU_LINK) {
    return quickCreate({ url: info.linkUrl, tabId: tab?.id }, deps);
  }
  return undefined;
}
