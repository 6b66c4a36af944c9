// What the pages may know of the settings (see lib/settings/summary-store.ts): never the key.

import type { Settings } from './schema';
import { effectiveSiteUrl } from './service-url';
import type { SettingsSummary } from './summary-store';

export function isConnected(settings: Settings): boolean {
  return settings.serviceUrl !== '' && settings.apiKey !== '';
}

export function summaryOf(settings: Settings): SettingsSummary {
  return {
    connected: isConnected(settings),
    serviceUrl: settings.serviceUrl || null,
    siteUrl: settings.serviceUrl || settings.siteUrl ? effectiveSiteUrl(settings) : null,
    defaultPrivacy: settings.defaultPrivacy,
    showBadge: settings.showBadge,
    contextMenu: settings.contextMenu,
    notify: settings.notify,
  };
}
