// The extension's settings: one versioned value in storage.local (the API key included, never
// storage.sync), validated with zod/mini on write and on read, where anything unusable falls back
// to its default. An administrator's values in storage.managed win and are reported as locked;
// managed storage may set everything except the API key, which is personal and must live only in
// storage.local. zod/mini keeps the options page within its size budget.
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { checkBaseUrl } from './api/base-url';
import { t } from './i18n';
import {
  parseSettingsSummary,
  SETTINGS_SUMMARY_KEY,
  type SettingsSummary,
  storedSettingsSummary,
} from './settings-summary';

// Zod otherwise probes `new Function('')`, which extension CSPs block and reviewers flag.
z.config({ jitless: true });

export const SETTINGS_KEY = 'settings';
export const SETTINGS_VERSION = 1;

const PrivacySchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const BooleanSchema = z.boolean();
const StringSchema = z.string();

/** The settings' shape. Values are further checked field by field (see FIELD_CHECKS). */
export const SettingsSchema = z.object({
  /** Normalised base URL of the service ('' when not set). */
  serviceUrl: StringSchema,
  apiKey: StringSchema,
  defaultPrivacy: PrivacySchema,
  showBadge: BooleanSchema,
  contextMenu: BooleanSchema,
  notify: BooleanSchema,
  /** Where the service shows reports to a browser; '' = derived from serviceUrl. */
  siteUrl: StringSchema,
});
export type Settings = z.infer<typeof SettingsSchema>;
export type Privacy = Settings['defaultPrivacy'];
export type SettingKey = keyof Settings;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  serviceUrl: '',
  apiKey: '',
  defaultPrivacy: 0,
  showBadge: true,
  contextMenu: true,
  notify: true,
  siteUrl: '',
});

/** Settings an administrator may fix through storage.managed. */
export const MANAGEABLE_KEYS = [
  'serviceUrl',
  'defaultPrivacy',
  'showBadge',
  'contextMenu',
  'notify',
  'siteUrl',
] as const satisfies readonly SettingKey[];

export interface LoadedSettings {
  /** What is in effect: the user's values with the administrator's on top. */
  settings: Settings;
  /** Keys set by the administrator; the options page shows them disabled. */
  locked: SettingKey[];
}

export type FieldErrors = Partial<Record<SettingKey, string>>;

export type SaveResult =
  | (LoadedSettings & {
      ok: true /** Locked keys in the patch, left unchanged. */;
      ignored: SettingKey[];
    })
  | { ok: false; fieldErrors: FieldErrors };

// ---------------------------------------------------------------------------------------------
// Addresses: the API client's rules (lib/api/base-url.ts), with localised messages.

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

const URL_PROBLEMS = {
  scheme: 'error_url_scheme',
  http_not_loopback: 'error_url_http_not_loopback',
  extra_parts: 'error_url_extra_parts',
} as const;

function normaliseHttpUrl(input: string, kind: 'service' | 'site'): UrlCheck {
  const check = checkBaseUrl(input);
  if (check.ok) return check;
  if (check.problem === 'malformed') {
    return {
      ok: false,
      message: t(kind === 'service' ? 'error_service_url_malformed' : 'error_site_url_malformed'),
    };
  }
  return { ok: false, message: t(URL_PROBLEMS[check.problem]) };
}

/**
 * The service base URL as people paste it (`https://host`, `https://host/`,
 * `https://host/api/v1/`): trimmed, without trailing slashes. Plain http only for loopback.
 */
export function normaliseServiceUrl(input: string): UrlCheck {
  if (!input.trim()) return { ok: false, message: t('error_service_url_empty') };
  return normaliseHttpUrl(input, 'service');
}

/** True when the address ends in the version segment the API lives under. */
export function endsWithApiVersion(baseUrl: string): boolean {
  return /\/v1$/i.test(baseUrl);
}

/**
 * The host permission to ask for: the service's scheme and host. Without the port, because
 * Firefox's match patterns cannot carry one (Chrome's pattern then covers every port).
 */
export function hostPermissionPattern(baseUrl: string): string {
  const { protocol, hostname } = new URL(baseUrl);
  return `${protocol}//${hostname}/*`;
}

/** Where reports are shown to a browser: the override, or the base URL without `/api/v1`. */
export function effectiveSiteUrl(settings: Pick<Settings, 'serviceUrl' | 'siteUrl'>): string {
  if (settings.siteUrl) return settings.siteUrl;
  return settings.serviceUrl.replace(/\/api\/v1$/i, '');
}

export function isConnected(settings: Settings): boolean {
  return settings.serviceUrl !== '' && settings.apiKey !== '';
}

/** What the pages may know of the settings (see settings-summary.ts): never the key. */
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

// ---------------------------------------------------------------------------------------------
// Field validation, shared by reads (lenient: fall back) and writes (strict: say why).

/** Printable ASCII only: anything else cannot go into an Authorization header. */
const KEY_CHARACTERS = /^[\x21-\x7e]*$/;

export type FieldCheck<K extends SettingKey> =
  | { ok: true; value: Settings[K] }
  | { ok: false; message: string };

const FIELD_CHECKS: { [K in SettingKey]: (value: unknown) => FieldCheck<K> } = {
  serviceUrl(value) {
    if (!StringSchema.safeParse(value).success) return { ok: false, message: t('error_invalid') };
    const text = (value as string).trim();
    if (text === '') return { ok: true, value: '' };
    const check = normaliseServiceUrl(text);
    return check.ok ? { ok: true, value: check.url } : check;
  },
  apiKey(value) {
    if (!StringSchema.safeParse(value).success) return { ok: false, message: t('error_invalid') };
    const key = (value as string).trim();
    if (!KEY_CHARACTERS.test(key)) return { ok: false, message: t('error_api_key_characters') };
    return { ok: true, value: key };
  },
  defaultPrivacy(value) {
    const parsed = PrivacySchema.safeParse(value);
    return parsed.success ? { ok: true, value: parsed.data } : invalid();
  },
  showBadge: booleanField,
  contextMenu: booleanField,
  notify: booleanField,
  siteUrl(value) {
    if (!StringSchema.safeParse(value).success) return { ok: false, message: t('error_invalid') };
    const text = (value as string).trim();
    if (text === '') return { ok: true, value: '' };
    const check = normaliseHttpUrl(text, 'site');
    return check.ok ? { ok: true, value: check.url } : check;
  },
};

function invalid(): { ok: false; message: string } {
  return { ok: false, message: t('error_invalid') };
}

function booleanField(value: unknown): FieldCheck<'showBadge'> {
  const parsed = BooleanSchema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : invalid();
}

const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

/** Validates one setting as the options page would save it (trimmed, URLs normalised). */
export function checkField<K extends SettingKey>(key: K, value: unknown): FieldCheck<K> {
  return (FIELD_CHECKS[key] as (value: unknown) => FieldCheck<K>)(value);
}

/** Every field of `raw` that is valid, each invalid or missing one replaced by its default. */
function settingsFrom(raw: Record<string, unknown>): Settings {
  const settings = { ...DEFAULT_SETTINGS };
  for (const key of SETTING_KEYS) {
    const check = checkField(key, raw[key]);
    if (check.ok) Object.assign(settings, { [key]: check.value });
  }
  return settings;
}

// ---------------------------------------------------------------------------------------------
// Stored layout and its migrations.

const StoredObject = z.record(z.string(), z.unknown());

/**
 * Version 0, the pre-release layout: `{ baseUrl, token, privacy: 'public' | 'private' |
 * 'password', badge }` without a version field. Each migration takes the previous version's
 * object and returns the next one's.
 */
const MIGRATIONS: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {
  0: (old) => ({
    version: 1,
    serviceUrl: old.baseUrl,
    apiKey: old.token,
    defaultPrivacy: { public: 0, private: 1, password: 2 }[String(old.privacy)],
    showBadge: old.badge,
  }),
};

interface StoredRead {
  settings: Settings;
  /** True when the stored value had an older layout and was upgraded. */
  migrated: boolean;
}

/**
 * The layout version of a stored value, or undefined when its version field is missing or
 * damaged: then the fields themselves tell the layout (version 0 had none of today's names).
 */
function storedVersion(value: Record<string, unknown>): number | undefined {
  const { version } = value;
  return typeof version === 'number' && Number.isInteger(version) && version >= 0
    ? version
    : undefined;
}

function readStoredValue(raw: unknown): StoredRead {
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

function toStored(settings: Settings): Record<string, unknown> {
  return { version: SETTINGS_VERSION, ...settings };
}

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
  const managed: Partial<Settings> = {};
  for (const key of MANAGEABLE_KEYS) {
    if (parsed.data[key] === undefined) continue;
    const check = checkField(key, parsed.data[key]);
    if (check.ok) Object.assign(managed, { [key]: check.value });
  }
  return managed;
}

// Saves are serialised so that two quick changes (a toggle, then Save) cannot undo each other.
let writes: Promise<unknown> = Promise.resolve();

export async function loadSettings(): Promise<LoadedSettings> {
  const [{ settings: stored, migrated }, managed] = await Promise.all([
    readStored(),
    readManaged(),
  ]);
  if (migrated) await writeStored(stored, managed);
  return {
    settings: { ...stored, ...managed },
    locked: SETTING_KEYS.filter((key) => key in managed),
  };
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

/** Validates and stores `patch`; answers per-field messages instead of throwing. */
export function saveSettings(patch: Partial<Record<SettingKey, unknown>>): Promise<SaveResult> {
  const result = writes.then(() => writeSettings(patch));
  writes = result.catch(() => undefined);
  return result;
}

async function writeSettings(patch: Partial<Record<SettingKey, unknown>>): Promise<SaveResult> {
  const fieldErrors: FieldErrors = {};
  const values: Partial<Settings> = {};
  for (const key of SETTING_KEYS) {
    if (!(key in patch)) continue;
    const check = checkField(key, patch[key]);
    if (check.ok) Object.assign(values, { [key]: check.value });
    else fieldErrors[key] = check.message;
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  const [{ settings: stored }, managed] = await Promise.all([readStored(), readManaged()]);
  const ignored = SETTING_KEYS.filter((key) => key in values && key in managed);
  for (const key of ignored) delete values[key];
  const next = { ...stored, ...values };
  await writeStored(next, managed);
  return {
    ok: true,
    settings: { ...next, ...managed },
    locked: SETTING_KEYS.filter((key) => key in managed),
    ignored,
  };
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
