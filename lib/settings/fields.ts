// Field checks, written once: every read (lenient: what fails falls back), every write and the
// options form (strict: say why) go through checkFields.
import type { ZodMiniType } from 'zod/mini';
import { t } from '../i18n';
import {
  BooleanSchema,
  DEFAULT_SETTINGS,
  PrivacySchema,
  SETTING_KEYS,
  type SettingErrors,
  type SettingKey,
  type Settings,
  StringSchema,
} from './schema';
import { normaliseHttpUrl } from './service-url';

/** Printable ASCII only: anything else cannot go into an Authorization header. */
const KEY_CHARACTERS = /^[\x21-\x7e]*$/;

export type FieldCheck<K extends SettingKey> =
  | { ok: true; value: Settings[K] }
  | { ok: false; message: string };

type Invalid = { ok: false; message: string };

function invalid(): Invalid {
  return { ok: false, message: t('error_invalid') };
}

/** A value its schema accepts as it is. */
function schemaField<T>(schema: ZodMiniType<T>) {
  return (value: unknown): { ok: true; value: T } | Invalid => {
    const parsed = schema.safeParse(value);
    return parsed.success ? { ok: true, value: parsed.data } : invalid();
  };
}

/** '' (not set) or an http(s) address, normalised. */
function addressField(kind: 'service' | 'site') {
  return (value: unknown): FieldCheck<'serviceUrl' | 'siteUrl'> => {
    if (!StringSchema.safeParse(value).success) return invalid();
    const text = (value as string).trim();
    if (text === '') return { ok: true, value: '' };
    const check = normaliseHttpUrl(text, kind);
    return check.ok ? { ok: true, value: check.url } : check;
  };
}

function apiKeyField(value: unknown): FieldCheck<'apiKey'> {
  if (!StringSchema.safeParse(value).success) return invalid();
  const key = (value as string).trim();
  if (!KEY_CHARACTERS.test(key)) return { ok: false, message: t('error_api_key_characters') };
  return { ok: true, value: key };
}

const FIELD_CHECKS: { [K in SettingKey]: (value: unknown) => FieldCheck<K> } = {
  serviceUrl: addressField('service'),
  apiKey: apiKeyField,
  defaultPrivacy: schemaField(PrivacySchema),
  showBadge: schemaField(BooleanSchema),
  contextMenu: schemaField(BooleanSchema),
  notify: schemaField(BooleanSchema),
  notifyWorse: schemaField(BooleanSchema),
  siteUrl: addressField('site'),
};

/** Validates one setting as the options page would save it (trimmed, URLs normalised). */
export function checkField<K extends SettingKey>(key: K, value: unknown): FieldCheck<K> {
  return (FIELD_CHECKS[key] as (value: unknown) => FieldCheck<K>)(value);
}

export interface FieldsCheck {
  /** The fields that passed, normalised. */
  values: Partial<Settings>;
  /** Why each of the others cannot be used. */
  errors: SettingErrors;
}

export interface CheckFieldsOptions {
  /** The keys to check, in this order (every setting unless given). */
  keys?: readonly SettingKey[];
  /** Fields that must not be empty here, with what to say when they are. */
  required?: SettingErrors;
}

/** Checks each of `keys` that `raw` has (a missing key is neither a value nor an error). */
export function checkFields(
  raw: Readonly<Record<string, unknown>>,
  { keys = SETTING_KEYS, required = {} }: CheckFieldsOptions = {},
): FieldsCheck {
  const values: Partial<Settings> = {};
  const errors: SettingErrors = {};
  for (const key of keys) {
    if (!(key in raw)) continue;
    const check = checkField(key, raw[key]);
    const whenEmpty = required[key];
    if (!check.ok) errors[key] = check.message;
    else if (whenEmpty && check.value === '') errors[key] = whenEmpty;
    else Object.assign(values, { [key]: check.value });
  }
  return { values, errors };
}

export function hasErrors(errors: SettingErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** Every valid field of `raw`, each invalid or missing one replaced by its default. */
export function settingsFrom(raw: Readonly<Record<string, unknown>>): Settings {
  return { ...DEFAULT_SETTINGS, ...checkFields(raw).values };
}
