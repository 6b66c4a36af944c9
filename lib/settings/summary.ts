// What the pages may know of the settings (store.ts writes it), stored beside them so that pages
// can watch it and the workspace read it. Never the API key: pages never read the 'settings'
// value. Its schema is here, apart from the settings', which the pages do not load.
import * as z from 'zod/mini';
import { AccountChoice, AccountId } from '../account/choice';
import { Privacy } from '../api/model';
import { defineStorageItem } from '../storage-item';

const HttpUrl = z.string().check(z.regex(/^https?:\/\//i));

export const SettingsSummary = z.object({
  connected: z.boolean(),
  /** The local id of the account in use: what everything kept is keyed by. */
  account: z.nullable(AccountId),
  /** The accounts by name, for the pages' Account select. */
  accounts: z.array(AccountChoice),
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

const StoredSettingsSummary = z.object({ ...SettingsSummary.shape, version: z.literal(2) });
export type StoredSettingsSummary = z.infer<typeof StoredSettingsSummary>;

/** The stored summary, or null when it is missing, of another layout or damaged. */
export function parseSettingsSummary(raw: unknown): SettingsSummary | null {
  const parsed = StoredSettingsSummary.safeParse(raw);
  if (!parsed.success) return null;
  const { version: _, ...summary } = parsed.data;
  return summary;
}

/**
 * The layout stored before storage items, `{ version: 1, … }`, is version 1; version 2 adds the
 * accounts. An older summary reads as none, and the background writes it again at its start.
 */
export const settingsSummaryItem = defineStorageItem<StoredSettingsSummary | null>(
  'local:settingsSummary',
  null,
);

export function storedSettingsSummary(summary: SettingsSummary): StoredSettingsSummary {
  return { version: 2, ...summary };
}

/** The stored summary, as store.ts last wrote it; null when none of this layout is stored. */
export async function readSettingsSummary(): Promise<SettingsSummary | null> {
  return parseSettingsSummary(await settingsSummaryItem.getValue());
}

/** Calls `listener` whenever the stored settings summary changes; answers the unsubscribe. */
export function watchSettingsSummary(listener: () => void): () => void {
  return settingsSummaryItem.watch(() => listener());
}
