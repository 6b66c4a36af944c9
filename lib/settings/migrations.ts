// The stored layouts of the settings, read leniently: what cannot be understood falls back to
// its default, field by field.
import { PRIVACY } from '../api/constants';
import { settingsFrom } from './fields';
import {
  CONNECTION_KEYS,
  DEFAULT_SETTINGS,
  SETTING_KEYS,
  type Settings,
  StoredObject,
} from './schema';

type Layout = Record<string, unknown>;
/** The stored value: `{ version, …Settings }`, or anything an older version or damage left. */
export type StoredSettings = Layout;

const SETTINGS_VERSION = 2;

/**
 * Version 0, the pre-release layout: `{ baseUrl, token, privacy: 'public' | 'private' |
 * 'password', badge }` without a version field.
 */
const MIGRATIONS: Record<number, (old: Layout) => Layout> = {
  0: (old) => ({
    version: 1,
    serviceUrl: old.baseUrl,
    apiKey: old.token,
    defaultPrivacy: PRIVACY[String(old.privacy) as keyof typeof PRIVACY],
    showBadge: old.badge,
  }),
  // The service, key and site address moved to the accounts: until they are moved (by
  // moveToAccounts in store.ts) they are read from here, as the connection of a first account.
  1: (old) => ({ ...old, version: 2 }),
};

export interface StoredRead {
  settings: Settings;
  /** True when the stored value had an older layout and was upgraded. */
  migrated: boolean;
}

/**
 * The layout version of a stored value, or undefined when its version field is missing or
 * damaged: then the fields themselves tell the layout (version 0 had none of today's names).
 */
function storedVersion(value: Layout): number | undefined {
  const { version } = value;
  return typeof version === 'number' && Number.isInteger(version) && version >= 0
    ? version
    : undefined;
}

/** The settings in a stored value of any version, and whether it needs writing again. */
export function readStoredValue(raw: unknown): StoredRead {
  const parsed = StoredObject.safeParse(raw);
  if (!parsed.success) return { settings: { ...DEFAULT_SETTINGS }, migrated: false };
  let value = parsed.data;
  const known = storedVersion(value);
  let version = known ?? (SETTING_KEYS.some((key) => key in value) ? SETTINGS_VERSION : 0);
  // A damaged version field is written again, whole, with the values that could be read.
  const migrated = version < SETTINGS_VERSION || known === undefined;
  while (version < SETTINGS_VERSION) {
    const migrate = MIGRATIONS[version];
    // An unknown old version: nothing to carry over safely.
    if (!migrate) return { settings: { ...DEFAULT_SETTINGS }, migrated: true };
    value = migrate(value);
    version++;
  }
  // A newer version (after a downgrade) is read field by field, as far as it is understood.
  return { settings: settingsFrom(value), migrated };
}

/** The stored form of the settings: today's layout, with its version, without the connection. */
export function toStored(settings: Settings): Layout {
  const stored: Layout = { version: SETTINGS_VERSION, ...settings };
  for (const key of CONNECTION_KEYS) delete stored[key];
  return stored;
}
