// What the pages may know of the settings, stored beside them so the popup can show itself
// without waking the background. Never the API key: pages never read the 'settings' value.
import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { Privacy } from '../api/model';
import type { Settings } from './schema';
import { effectiveSiteUrl } from './service-url';

const HttpUrl = z.string().check(z.regex(/^https?:\/\//i));

export const SettingsSummary = z.object({
  connected: z.boolean(),
  /** Normalised base URL of the service, or null when none is set. */
  serviceUrl: z.nullable(HttpUrl),
  /** Where the service shows a report to a browser: `${siteUrl}/reports/${id}`. */
  siteUrl: z.nullable(HttpUrl),
  defaultPrivacy: Privacy,
  showBadge: z.boolean(),
  contextMenu: z.boolean(),
  notify: z.boolean(),
});
export type SettingsSummary = z.infer<typeof SettingsSummary>;

const StoredSettingsSummary = z.extend(SettingsSummary, { version: z.literal(1) });
type StoredSettingsSummary = z.infer<typeof StoredSettingsSummary>;

/** The layout stored before storage items, `{ version: 1, … }`, is version 1. */
export const settingsSummaryItem = storage.defineItem<StoredSettingsSummary | null>(
  'local:settingsSummary',
  { fallback: null, version: 1 },
);

export function storedSettingsSummary(summary: SettingsSummary): StoredSettingsSummary {
  return { version: 1, ...summary };
}

/** The stored summary, or null when it is missing, of another layout or damaged. */
export function parseSettingsSummary(raw: unknown): SettingsSummary | null {
  const parsed = StoredSettingsSummary.safeParse(raw);
  if (!parsed.success) return null;
  const { version: _, ...summary } = parsed.data;
  return summary;
}

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
