// Wires the popup to the real browser; everything else is in App and takes these as props.
import { render } from 'preact';
import { browser } from 'wxt/browser';
import './popup.css';
import { findActiveTab } from '../../lib/this-page/active-tab';
import { openWorkspace, type WorkspaceOpenerApi } from '../../lib/this-page/open-workspace';
import {
  createStatusSource,
  startedEarly,
  watchSettingsSummary,
} from '../../lib/this-page/status-source';
import { App } from './App';
import { send } from './lazy-parts';

// Started first, both at once, before anything else is done: the popup shows its content as
// soon as the tab and the status (settings summary and cached rating) are in.
const getStatus = createStatusSource(send);
const getActiveTab = startedEarly(() => findActiveTab(browser));

document.documentElement.lang = browser.i18n.getUILanguage();
document.title = browser.i18n.getMessage('extName');
// The remembered filters of Reports and Projects, read once This page is on screen: the code
// that checks what is stored loads with those views.
const popupState = () =>
  import('../../lib/reports/view-state').then((module) => module.createPopupStateStore());

const root = document.getElementById('app');
if (root) {
  render(
    <App
      send={send}
      getStatus={getStatus}
      watchStatus={watchSettingsSummary}
      getActiveTab={getActiveTab}
      openTab={(url) => browser.tabs.create({ url })}
      openOptions={() => browser.runtime.openOptionsPage()}
      openWorkspace={(tabId) =>
        openWorkspace(browser as WorkspaceOpenerApi, tabId, (place) => {
          // A panel beside the page: the popup would only cover it.
          if (place !== 'tab') window.close();
        })
      }
      store={{
        load: () => popupState().then((store) => store.load()),
        save: (state) => popupState().then((store) => store.save(state)),
      }}
    />,
    root,
  );
}
