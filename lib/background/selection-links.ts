// The right-click menu's "Create site reports for the links in the selection": the links are read
// in the page (the click grants activeTab; no host access is asked for), and Add pages opens with
// them, where the user sees how many, which have a report, and starts the one paced job.
import { browser } from 'wxt/browser';
import { t } from '../i18n';
import { linksInSelection, selectionAddresses, selectionLinksItem } from '../reach/selection-links';
import { notify } from '../service/notifications';

export const SELECTION_NONE_NOTIFICATION = 'selection-links-none';
export const SELECTION_REFUSED_NOTIFICATION = 'selection-links-refused';
export const ADD_PAGES_PATH = '/sidepanel.html#tab=add-pages';

export interface SelectionLinksEnvironment {
  /** The hrefs the selection touches in the tab's top frame; throws where scripts are refused. */
  readLinks(tabId: number): Promise<unknown[]>;
  keep(links: { addresses: string[]; from?: string }): Promise<void>;
  openAddPages(): Promise<unknown>;
  notify(id: string, title: string, message: string): Promise<void>;
}

export function browserSelectionEnvironment(): SelectionLinksEnvironment {
  return {
    async readLinks(tabId) {
      const [frame] = await browser.scripting.executeScript({
        target: { tabId },
        func: linksInSelection,
      });
      const result: unknown = frame?.result;
      return Array.isArray(result) ? result : [];
    },
    keep: (links) => selectionLinksItem.setValue(links),
    openAddPages: () => browser.tabs.create({ url: browser.runtime.getURL(ADD_PAGES_PATH) }),
    notify,
  };
}

export type SelectionOutcome = 'opened' | 'none' | 'refused';

export async function reportSelectionLinks(
  tab: { id?: number; url?: string } | undefined,
  env: SelectionLinksEnvironment,
): Promise<SelectionOutcome> {
  let hrefs: unknown[];
  try {
    if (tab?.id === undefined) throw new Error('No tab');
    hrefs = await env.readLinks(tab.id);
  } catch {
    // chrome://, the web store, another extension's page: the browser lets no script in.
    await env.notify(
      SELECTION_REFUSED_NOTIFICATION,
      t('selection_refused_title'),
      t('selection_refused_message'),
    );
    return 'refused';
  }
  const addresses = selectionAddresses(hrefs);
  if (addresses.length === 0) {
    await env.notify(
      SELECTION_NONE_NOTIFICATION,
      t('selection_none_title'),
      t('selection_none_message'),
    );
    return 'none';
  }
  await env.keep({ addresses, ...(tab.url && { from: tab.url }) });
  await env.openAddPages();
  return 'opened';
}
