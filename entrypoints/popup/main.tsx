// Wires the popup to the real browser; everything else is in App and takes these as props.
import { render } from 'preact';
import { browser } from 'wxt/browser';
import '../../components/ui/theme.css';
import '../../components/ui/views.css';
import './style.css';
import { send } from '../../lib/messaging/send';
import { findActiveTab } from '../../lib/this-page/active-tab';
import { openWorkspace, type WorkspaceOpenerApi } from '../../lib/this-page/open-workspace';
import { startedEarly, watchSettingsSummary } from '../../lib/this-page/status-source';
import { App } from './App';

// Asked before anything else: the popup then asks the background for the page's status.
const getActiveTab = startedEarly(() => findActiveTab(browser));

document.documentElement.lang = browser.i18n.getUILanguage();
document.title = browser.i18n.getMessage('extName');

const root = document.getElementById('app');
if (root) {
  render(
    <App
      send={send}
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
    />,
    root,
  );
}
