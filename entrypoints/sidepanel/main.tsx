// Wires the workspace to the real browser; everything else is in App and takes these as props.
// The same page is Chrome's side panel, Firefox's sidebar, and a tab (sidepanel.html).
import { render } from 'preact';
import { browser } from 'wxt/browser';
import '../../components/ui/theme.css';
import '../../components/ui/lists.css';
import '../../components/ui/views.css';
import './style.css';
import { tabFromHash } from '../../components/workspace/tabs';
import { keepingLists, send } from '../../lib/messaging/send';
import { filtersFromHash } from '../../lib/reports/filters';
import { readLastPage } from '../../lib/reports/last-page';
import { reportListParams } from '../../lib/reports/list-params';
import { readHash } from '../../lib/reports/workspace-address';
import { findActiveTab } from '../../lib/this-page/active-tab';
import type { OwnPlace } from '../../lib/this-page/front-tab';
import { startedEarly, watchSettingsSummary } from '../../lib/this-page/status-source';
import { App } from './App';

document.documentElement.lang = browser.i18n.getUILanguage();
document.title = browser.i18n.getMessage('workspace_title');

// The workspace's own tab, when it is open as one (a side panel is no tab), gives its window.
const ownTab = browser.tabs.getCurrent().catch(() => undefined);
const getActiveTab = startedEarly(() =>
  findActiveTab({
    tabs: { query: (query) => browser.tabs.query(query), getCurrent: () => ownTab },
    windows: browser.windows,
  }),
);
const place: Promise<OwnPlace> = ownTab.then(async (tab) =>
  tab
    ? { tabId: tab.id, windowId: tab.windowId }
    : { windowId: (await browser.windows.getCurrent().catch(() => undefined))?.id },
);

// Opened on Reports, its first page is asked for now, while the tab's code loads, not after.
const hash = readHash();
const firstParams =
  tabFromHash(hash) === 'reports' ? reportListParams(filtersFromHash(hash)) : null;
const firstList = firstParams && {
  key: JSON.stringify(firstParams),
  answer: keepingLists(send)({ type: 'listReports', params: firstParams }),
};

const root = document.getElementById('app');
if (root) {
  render(
    <App
      send={send}
      watchStatus={watchSettingsSummary}
      getActiveTab={getActiveTab}
      tabs={browser.tabs}
      place={place}
      openTab={(url) => browser.tabs.create({ url })}
      openOptions={() => browser.runtime.openOptionsPage()}
      readLastShown={readLastPage}
      {...(firstList && { firstList })}
    />,
    root,
  );
}
