// The keyboard command that creates a report for the current page (the toolbar shortcut that
// opens the popup is the browser's own `_execute_action`).
import { type Browser, browser } from 'wxt/browser';
import { type QuickCreateOutcome, quickCreate } from '../this-page/quick-create';
import type { HandlerDeps } from './deps';

export const CREATE_REPORT_COMMAND = 'create-report';

export async function handleCommand(
  command: string,
  tab: Pick<Browser.tabs.Tab, 'id' | 'url'> | undefined,
  deps: HandlerDeps,
): Promise<QuickCreateOutcome | undefined> {
  if (command !== CREATE_REPORT_COMMAND) return undefined;
  // Chrome and Firefox pass the active tab; otherwise ask for the last-focused window's.
  const target =
    tab?.id !== undefined
      ? tab
      : (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0];
  return quickCreate({ url: target?.url, tabId: target?.id }, deps);
}
