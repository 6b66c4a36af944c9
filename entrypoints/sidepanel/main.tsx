// Wires the workspace to the real browser; everything else is in App and takes these as props.
// The same page is Chrome's side panel, Firefox's sidebar, and a tab (sidepanel.html).
import { render } from 'preact';
import { browser } from 'wxt/browser';
import '../../components/ui/theme.css';
import '../popup/style.css';
import './style.css';
import { send } from '../../lib/messaging/send';
import { startFirstPage } from '../../lib/reports/first-page';
import { readHash, tabFromHash } from '../../lib/reports/hash';
import { keepingLists } from '../../lib/reports/last-page';
import { findActiveTab } from '../../lib/this-page/active-tab';
import type { OwnPlace } from '../../lib/this-page/front-tab';
import {
  createStatusSource,
  startedEarly,
  watchSettingsSummary,
} from '../../lib/this-page/status-source';
import { App, preloadTabCode } from './App';

document.documentElement.lang = browser.i18n.getUILanguage();
// The background knows a workspace tab that has started (and asks nothing more for it) by this
// title: lib/background/handlers.ts, prefetchWorkspace.
document.title = browser.i18n.getMessage('workspace_title');

// Started before the first render, all at once (see the popup's main.tsx): on Reports, its first
// page — which needs the service, and is most of the time to the first rows — or another tab's
// code, beside the status and the tab.
const hash = readHash();
const shown = tabFromHash(hash);
// Reports' own code is in the first load; another tab's is loaded by import().
if (shown !== 'reports') preloadTabCode(shown);
// With it, the same list as last shown, to show until the answer is in (storage.session); the
// answer is kept in its place.
const firstPage = startFirstPage(keepingLists(send), hash, true);
// Each of these is a round trip to the browser, which is busy opening the page: as few as can be.
// The status is the settings summary only: the workspace shows the front page's rating from the
// cache itself (ThisPage), so the whole rating cache is not read (and copied) for it first.
const getStatus = createStatusSource(send, { cachedRating: false });
// The workspace's own tab (none in a side panel) serves both the search for the front tab and
// the workspace's place: in a tab, its window is the tab's; a side panel is in a window but is
// no tab.
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

const root = document.getElementById('app');
if (root) {
  render(
    <App
      send={send}
      getStatus={getStatus}
      watchStatus={watchSettingsSummary}
      getActiveTab={getActiveTab}
      tabs={browser.tabs}
      place={place}
      openTab={(url) => browser.tabs.create({ url })}
      openOptions={() => browser.runtime.openOptionsPage()}
      firstPage={firstPage}
    />,
    root,
  );
}
