// What the pages may know of the settings, kept in storage.local beside them (key
// 'settingsSummary') so that the popup can show itself without waking the background: everything
// getStatus answers except the cached rating, and never the API key (the popup must not read the
// 'settings' value, which holds it). lib/settings/store.ts writes it with every save and
// migration, and the background re-derives it when the settings change any other way (managed
// storage, direct writes, an update). No zod here: the popup imports this file.
import { PRIVACY } from '../api/constants';
import type { Privacy } from '../api/model';
import type { StatusAnswer } from '../messaging/protocol';

export const SETTINGS_SUMMARY_KEY = 'settingsSummary';
export const SETTINGS_SUMMARY_VERSION = 1;

export type SettingsSummary = Omit<StatusAnswer, 'cached'>;

const PRIVACY_VALUES: readonly unknown[] = Object.values(PRIVACY);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isUrlOrNull = (value: unknown): value is string | null =>
  value === null || (typeof value === 'string' && /^https?:\/\//i.test(value));

/** The stored summary, or null when it is missing, of another version or damaged. */
export function parseSettingsSummary(raw: unknown): SettingsSummary | null {
  if (!raw || typeof raw !== 'object') return null;
  const value = raw as Record<string, unknown>;
  const { connected, serviceUrl, siteUrl, defaultPrivacy, showBadge, contextMenu, notify } = value;
  if (
    value.version !== SETTINGS_SUMMARY_VERSION ||
    !isBoolean(connected) ||
    !isUrlOrNull(serviceUrl) ||
    !isUrlOrNull(siteUrl) ||
    !PRIVACY_VALUES.includes(defaultPrivacy) ||
    !isBoolean(showBadge) ||
    !isBoolean(contextMenu) ||
    !isBoolean(notify)
  ) {
    return null;
  }
  return {
    connected,
    serviceUrl,
    siteUrl,
    defaultPrivacy: defaultPrivacy as Privacy,
    showBadge,
    contextMenu,
    notify,
  };
}

/** The stored form of a summary. */
export function storedSettingsSummary(summary: SettingsSummary): Record<string, unknown> {
  return { version: SETTINGS_SUMMARY_VERSION, ...summary };
}
