// Wiring only: every listener at the top level of main, so a stopped worker wakes for it.
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createHandlerDeps } from '../lib/background/deps';
import {
  handleAlarm,
  handleInstalled,
  handleStartup,
  handleStorageChange,
} from '../lib/background/events';
import { messageListener } from '../lib/background/handlers';
import { handleMenuClick } from '../lib/background/menus';
import { browserOmniboxEnvironment, createOmniboxHandlers } from '../lib/background/omnibox';
import { handleCommand } from '../lib/background/quick-create';
import { handleWaitPort } from '../lib/background/wait-port';
import { handleTabUpdated } from '../lib/rating/badge';
import { handleNotificationClick } from '../lib/service/notifications';

export default defineBackground(() => {
  const deps = createHandlerDeps();
  browser.runtime.onMessage.addListener(messageListener(deps));
  browser.runtime.onConnect.addListener((port) => handleWaitPort(port, deps));
  browser.runtime.onInstalled.addListener(() => handleInstalled(deps));
  browser.runtime.onStartup.addListener(() => handleStartup(deps));
  browser.alarms.onAlarm.addListener((alarm) => handleAlarm(alarm, deps));
  browser.tabs.onUpdated.addListener((tabId, info, tab) => void handleTabUpdated(tabId, info, tab));
  browser.contextMenus.onClicked.addListener((info, tab) => void handleMenuClick(info, tab, deps));
  const omnibox = createOmniboxHandlers(deps, browserOmniboxEnvironment());
  browser.omnibox.onInputChanged.addListener((text, suggest) => {
    void omnibox.onInputChanged(text, suggest);
  });
  browser.omnibox.onInputEntered.addListener(
    (text, disposition) => void omnibox.onInputEntered(text, disposition),
  );
  browser.omnibox.onInputCancelled.addListener(() => omnibox.onInputCancelled());
  browser.commands.onCommand.addListener((command, tab) => void handleCommand(command, tab, deps));
  browser.notifications.onClicked.addListener((id) => void handleNotificationClick(id));
  browser.storage.onChanged.addListener(
    (changes, area) => void handleStorageChange(changes, area, deps),
  );
});
