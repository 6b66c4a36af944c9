// Wires the popup to the real browser; everything else is in App and takes these as props.
import { render } from 'preact';
import { browser } from 'wxt/browser';
import '../../components/theme.css';
import './style.css';
import { findActiveTab } from '../../lib/popup/active-tab';
import {
  createStatusSource,
  startedEarly,
  watchSettingsSummary,
} from '../../lib/popup/status-source';
import { createPopupStateStore } from '../../lib/popup/view-state';
import { send } from '../../lib/send';
import { App } from './App';

document.documentElement.lang = browser.i18n.getUILanguage();
document.title = browser.i18n.getMessage('extName');

// Started before the first render, all at once: the popup shows its content as soon as the
// tab, the status (settings summary and cached rating) and the remembered filters are in.
const getStatus = createStatusSource(browser.storage.local, send);
const getActiveTab = startedEarly(() => findActiveTab(browser));
const store = createPopupStateStore(browser.storage.local);
const loadStore = startedEarly(() => store.load());

const root = document.getElementById('app');
if (root) {
  render(
    <App
      send={send}
      getStatus={getStatus}
      watchStatus={(listener) => watchSettingsSummary(browser.storage, listener)}
      getActiveTab={getActiveTab}
      openTab={(url) => browser.tabs.create({ url })}
      openOptions={() => browser.runtime.openOptionsPage()}
      store={{ load: loadStore, save: (state) => store.save(state) }}
    />,
    root,
  );
}
