// Wiring only: every listener at the top level of main, so a stopped worker wakes for it.
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createHandlerDeps } from '../lib/background/deps';
import { messageListener } from '../lib/background/handlers';
import { handleMenuClick, syncContextMenus } from '../lib/background/menus';
import { backgroundQueue } from '../lib/background/queue';
import { handleCommand } from '../lib/background/quick-create';
import { handleStorageChange } from '../lib/background/storage-events';
import { handleWaitPort } from '../lib/background/wait-port';
import { handleTabUpdated, refreshBadges } from '../lib/rating/badge';
import { handleNotificationClick } from '../lib/service/notifications';
import { syncSettingsSummary } from '../lib/settings';
import { handleWatchAlarm, runDueSlot } from '../lib/watch/runs';

export default defineBackground(() => {
  const deps = createHandlerDeps();
  browser.runtime.onMessage.addListener(messageListener(deps));
  browser.runtime.onConnect.addListener((port) => handleWaitPort(port, deps));
  // Installs, updates and browser starts may find settings the summary does not reflect yet.
  browser.runtime.onInstalled.addListener(() =>
    Promise.all([
      syncContextMenus(),
      refreshBadges(),
      syncSettingsSummary(),
      backgroundQueue().wake(),
      runDueSlot(deps),
    ]),
  );
  // A scheduled run missed while the browser was closed runs once now (lib/watch/runs.ts).
  browser.runtime.onStartup.addListener(() =>
    Promise.all([
      syncContextMenus(),
      syncSettingsSummary(),
      backgroundQueue().wake(),
      runDueSlot(deps),
    ]),
  );
  // The queue's work goes on after the worker stopped (lib/jobs/queue/); watched pages' runs.
  browser.alarms.onAlarm.addListener((alarm) => {
    void backgroundQueue().handleAlarm(alarm);
    void handleWatchAlarm(alarm, deps);
  });
  browser.tabs.onUpdated.addListener((tabId, info, tab) => void handleTabUpdated(tabId, info, tab));
  browser.contextMenus.onClicked.addListener((info, tab) => void handleMenuClick(info, tab, deps));
  browser.commands.onCommand.addListener((command, tab) => void handleCommand(command, tab, deps));
  browser.notifications.onClicked.addListener((id) => void handleNotificationClick(id));
  browser.storage.onChanged.addListener(
    (changes, area) => void handleStorageChange(changes, area, deps),
  );
});
