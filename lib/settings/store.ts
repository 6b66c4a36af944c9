// The user's settings (the API key included, only in storage.local) with the administrator's from
// storage.managed on top, and the summary the pages read. Only the background and options read it.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { createLock } from '../lock';
import { checkFields, hasErrors } from './fields';
import { readStoredValue, type StoredRead, type StoredSettings, toStored } from './migrations';
import {
  DEFAULT_SETTINGS,
  type LoadedSettings,
  MANAGEABLE_KEYS,
  parseSettingsSummary,
  type SaveResult,
  SETTING_KEYS,
  type SettingKey,
  type Settings,
  type SettingsSummary,
  StoredObject,
} from './schema';
import { effectiveSiteUrl } from './service-url';
import { settingsSummaryItem, storedSettingsSummary } from './summary';

const SETTINGS = 'settings';
/**
 * Version 1 is the layout stored before storage items, `{ version: 1, …Settings }`; the
 * pre-release layout has no version field and is read by readStoredValue.
 */
export const settingsItem = storage.defineItem<StoredSettings | null>(`local:${SETTINGS}`, {
  fallback: null,
  version: 1,
});

async function readStored(): Promise<StoredRead> {
  const raw = await settingsItem.getValue();
  if (raw === null) return { settings: { ...DEFAULT_SETTINGS }, migrated: false };
  return readStoredValue(raw);
}

/** Stores the user's settings and, in the same write, the summary of what is in effect. */
function writeStored(settings: Settings, managed: Partial<Settings>): Promise<void> {
  return storage.setItems([
    { item: settingsItem, value: toStored(settings) },
    {
      item: settingsSummaryItem,
      value: storedSettingsSummary(summaryOf({ ...settings, ...managed })),
    },
  ]);
}

/** The administrator's valid values. Chrome without a policy and the fake browser may throw. */
async function readManaged(): Promise<Partial<Settings>> {
  let raw: unknown;
  try {
    raw = await browser.storage?.managed?.get();
  } catch {
    return {};
  }
  const parsed = StoredObject.safeParse(raw);
  if (!parsed.success) return {};
  return checkFields(parsed.data, { keys: MANAGEABLE_KEYS }).values;
}

function lockedBy(managed: Partial<Settings>): SettingKey[] {
  return SETTING_KEYS.filter((key) => key in managed);
}

export async function loadSettings(): Promise<LoadedSettings> {
  const [{ settings: stored, migrated }, managed] = await Promise.all([
    readStored(),
    readManaged(),
  ]);
  if (migrated) await writeStored(stored, managed);
  return { settings: { ...stored, ...managed }, locked: lockedBy(managed) };
}

// Two quick changes (a toggle, then Save) must not undo each other.
const lock = createLock();

/**
 * Re-derives the stored summary from the settings in effect, and writes it when it differs: for
 * changes that did not go through saveSettings (the administrator's values, a direct write, an
 * update from a version without the summary).
 */
export function syncSettingsSummary(): Promise<void> {
  return lock.runExclusive(async () => {
    const managed = await readManaged();
    const { settings } = await readStored();
    const summary = summaryOf({ ...settings, ...managed });
    const current = parseSettingsSummary(await settingsSummaryItem.getValue());
    if (JSON.stringify(current) === JSON.stringify(summary)) return;
    await settingsSummaryItem.setValue(storedSettingsSummary(summary));
  });
}

/** Validates and stores `patch`; answers per-field messages instead of throwing. */
export function saveSettings(patch: Partial<Record<SettingKey, unknown>>): Promise<SaveResult> {
  return lock.runExclusive(async () => {
    const { values, errors } = checkFields(patch);
    if (hasErrors(errors)) return { ok: false, errors };
    const [{ settings: stored }, managed] = await Promise.all([readStored(), readManaged()]);
    const ignored = SETTING_KEYS.filter((key) => key in values && key in managed);
    for (const key of ignored) delete values[key];
    const next = { ...stored, ...values };
    await writeStored(next, managed);
    return { ok: true, settings: { ...next, ...managed }, locked: lockedBy(managed), ignored };
  });
}

/** Calls `listener` with the new settings whenever the user's or the administrator's change. */
export function onSettingsChanged(listener: (loaded: LoadedSettings) => void): () => void {
  const onChanged = (changes: Record<string, unknown>, area: string) => {
    if (isSettingsChange(changes, area)) loadSettings().then(listener, () => undefined);
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => browser.storage.onChanged.removeListener(onChanged);
}

/** True when a storage change touches the settings (managed storage has no items). */
export function isSettingsChange(changes: Record<string, unknown>, area: string): boolean {
  return area === 'managed' || (area === 'local' && SETTINGS in changes);
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
