// Accounts an administrator presets through managed storage: a name and a service, and a key only
// when they choose to. A preset's id comes from its service and name, so what is kept for it
// stays its own when the administrator reorders the list.
import * as z from 'zod/mini';
import { type Account, defaultAccountName } from '../account/accounts';
import { checkFields } from './fields';
import { CONNECTION_KEYS, type SettingKey, type Settings } from './schema';

const Preset = z.looseObject({
  name: z.optional(z.string()),
  serviceUrl: z.string(),
  siteUrl: z.optional(z.string()),
  apiKey: z.optional(z.string()),
});

/** 32-bit FNV-1a of `text`, in hex: a short, stable id part. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Preset accounts are told by their key, whether it is set, and what it locks. */
interface PresetAccount extends Account {
  presetKey: boolean;
}

function presetOf(raw: unknown): PresetAccount | null {
  const parsed = Preset.safeParse(raw);
  if (!parsed.success) return null;
  const { values, errors } = checkFields(parsed.data, { keys: CONNECTION_KEYS });
  if (!values.serviceUrl || errors.serviceUrl) return null;
  const name = parsed.data.name?.trim() || defaultAccountName(values.serviceUrl);
  return {
    id: `m${fnv1a(`${values.serviceUrl} ${name}`)}`,
    name,
    serviceUrl: values.serviceUrl,
    siteUrl: values.siteUrl ?? '',
    apiKey: values.apiKey ?? '',
    presetKey: Boolean(values.apiKey),
  };
}

/**
 * The administrator's accounts: the `accounts` list, and the service URL of earlier policies
 * (`serviceUrl`, `siteUrl`) as one more. Invalid entries are left out.
 */
export function presetAccounts(list: unknown, legacy: Partial<Settings>): Account[] {
  const raws = Array.isArray(list) ? [...list] : [];
  if (legacy.serviceUrl) raws.push({ serviceUrl: legacy.serviceUrl, siteUrl: legacy.siteUrl });
  const presets: Account[] = [];
  for (const raw of raws) {
    const preset = presetOf(raw);
    if (preset && !presets.some((other) => other.id === preset.id)) presets.push(preset);
  }
  return presets;
}

const isPresetWithKey = (account: Account) => (account as PresetAccount).presetKey === true;

/**
 * The user's accounts with the presets: a preset the user gave a key to is stored with the
 * preset's id, and keeps the user's key unless the administrator set one.
 */
export function withPresets(own: readonly Account[], presets: readonly Account[]): Account[] {
  const merged = own.map((account) => {
    const preset = presets.find((candidate) => candidate.id === account.id);
    if (!preset) return account;
    const apiKey = isPresetWithKey(preset) ? preset.apiKey : account.apiKey;
    return { ...account, ...strip(preset), apiKey };
  });
  for (const preset of presets) {
    if (!own.some((account) => account.id === preset.id)) merged.push(strip(preset));
  }
  return merged;
}

function strip(account: Account): Account {
  const { presetKey: _, ...rest } = account as PresetAccount;
  return rest;
}

/** What of `account` the administrator fixed: its service and site, and its key when set. */
export function presetLocks(account: Account, presets: readonly Account[]): SettingKey[] {
  const preset = presets.find((candidate) => candidate.id === account.id);
  if (!preset) return [];
  return isPresetWithKey(preset) ? ['serviceUrl', 'siteUrl', 'apiKey'] : ['serviceUrl', 'siteUrl'];
}

/** The connection part of checked values. */
export function pickConnection(
  values: Partial<Settings>,
): Partial<Pick<Settings, 'serviceUrl' | 'apiKey' | 'siteUrl'>> {
  const connection: Partial<Pick<Settings, 'serviceUrl' | 'apiKey' | 'siteUrl'>> = {};
  for (const key of CONNECTION_KEYS) {
    if (values[key] !== undefined) Object.assign(connection, { [key]: values[key] });
  }
  return connection;
}
