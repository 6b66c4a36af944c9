// Wires the popup to the real browser; everything else is in App and takes these as props.
import { render } from 'preact';
import { browser } from 'wxt/browser';
import '../../components/theme.css';
import './style.css';
import { findActiveTab } from '../../lib/active-tab';
import { createPopupStateStore } from '../../lib/popup-state';
import { send } from '../../lib/send';
import { App } from './App';

document.documentElement.lang = browser.i18n.getUILanguage();
document.title = browser.i18n.getMessage('extName');

const root = document.getElementById('app');
if (root) {
  render(
    <App
      send={send}
      getActiveTab={() => findActiveTab(browser)}
      openTab={(url) => browser.tabs.create({ url })}
      openOptions={() => browser.runtime.openOptionsPage()}
      store={createPopupStateStore(browser.storage.local)}
    />,
    root,
  );
}
