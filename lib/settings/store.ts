// Reading and writing the settings: the user's value in storage.local (the API key included,
// never storage.sync), the administrator's in storage.managed on top (reported as locked; they
// may set everything except the API key, which is personal), and the summary the popup reads.
import { browser } from 'wxt/browser';
import { checkFields, hasErrors } from './fields';
import { readStoredValue, type StoredRead, toStored } from './migrations';
import {
  DEFAULT_SETTINGS,
  type LoadedSettings,
  MANAGEABLE_KEYS,
  type SaveResult,
  SETTING_KEYS,
  SETTINGS_KEY,
  type SettingKey,
  type Settings,
  StoredObject,
} from './schema';
import { summaryOf } from './summary';
import { parseSettingsSummary, SETTINGS_SUMMARY_KEY, storedSettingsSummary } from './summary-store';

async function readStored(): Promise<StoredRead> {
  const items = await browser.storage.local.get(SETTINGS_KEY);
  const raw = items[SETTINGS_KEY];
  if (raw === undefined) return { settings: { ...DEFAULT_SETTINGS }, migrated: false };
  return readStoredValue(raw);
}

/** Stores the user's settings and, in the same write, the summary of what is in effect. */
function writeStored(settings: Settings, managed: Partial<Settings>): Promise<void> {
  return browser.storage.local.set({
    [SETTINGS_KEY]: toStored(settings),
    [SETTINGS_SUMMARY_KEY]: storedSettingsSummary(summaryOf({ ...settings, ...managed })),
  });
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

let summarySyncs: Promise<unknown> = Promise.resolve();

/**
 * Re-derives the stored settings summary from the settings in effect, and writes it when it
 * differs: for changes that did not go through saveSettings (the administrator's values, a
 * direct write, an update from a version without the summary). One at a time, each reading the
 * settings after the (possibly slow) managed storage, so the last one wins with current values.
 */
export function syncSettingsSummary(): Promise<void> {
  const run = summarySyncs.then(async () => {
    const managed = await readManaged();
    const { settings } = await readStored();
    const summary = storedSettingsSummary(summaryOf({ ...settings, ...managed }));
    const items = await browser.storage.local.get(SETTINGS_SUMMARY_KEY);
    const current = parseSettingsSummary(items[SETTINGS_SUMMARY_KEY]);
    if (current && JSON.stringify(storedSettingsSummary(current)) === JSON.stringify(summary)) {
      return;
    }
    await browser.storage.local.set({ [SETTINGS_SUMMARY_KEY]: summary });
  });
  summarySyncs = run.catch(() => undefined);
  return run;
}

// Saves are serialised so that two quick changes (a toggle, then Save) cannot undo each other.
let writes: Promise<unknown> = Promise.resolve();

/** Validates and stores `patch`; answers per-field messages instead of throwing. */
export function saveSettings(patch: Partial<Record<SettingKey, unknown>>): Promise<SaveResult> {
  const result = writes.then(() => writeSettings(patch));
  writes = result.catch(() => undefined);
  return result;
}

async function writeSettings(patch: Partial<Record<SettingKey, unknown>>): Promise<SaveResult> {
  const { values, errors } = checkFields(patch);
  if (hasErrors(errors)) return { ok: false, errors };

  const [{ settings: stored }, managed] = await Promise.all([readStored(), readManaged()]);
  const ignored = SETTING_KEYS.filter((key) => key in values && key in managed);
  for (const key of ignored) delete values[key];
  const next = { ...stored, ...values };
  await writeStored(next, managed);
  return { ok: true, settings: { ...next, ...managed }, locked: lockedBy(managed), ignored };
}

/** Calls `listener` with the new settings whenever the user's or the administrator's change. */
export function onSettingsChanged(listener: (loaded: LoadedSettings) => void): () => void {
  const onChanged = (changes: Record<string, unknown>, area: string) => {
    if (isSettingsChange(changes, area)) loadSettings().then(listener, () => undefined);
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => browser.storage.onChanged.removeListener(onChanged);
}

/** True when a storage change touches the settings (for listeners wired elsewhere). */
export function isSettingsChange(changes: Record<string, unknown>, area: string): boolean {
  return area === 'managed' || (area === 'local' && SETTINGS_KEY in changes);
}
