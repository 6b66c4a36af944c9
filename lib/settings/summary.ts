// What the pages may know of the settings (store.ts writes it), stored beside them so that pages
// can watch it. Never the API key: pages never read the 'settings' value.
import { defineStorageItem } from '../storage-item';
import type { SettingsSummary, StoredSettingsSummary } from './schema';

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

/** Calls `listener` whenever the stored settings summary changes; answers the unsubscribe. */
export function watchSettingsSummary(listener: () => void): () => void {
  return settingsSummaryItem.watch(() => listener());
}
