// The settings' shape, defaults and types.
import * as z from 'zod/mini';
import type { Account } from '../account/accounts';
import { PRIVACY } from '../api/constants';
import type { Plan, Privacy } from '../api/model';

// Zod otherwise probes `new Function('')`, which extension CSPs block and reviewers flag.
z.config({ jitless: true });

export const PrivacySchema: z.ZodMiniType<Privacy> = z.literal([
  PRIVACY.public,
  PRIVACY.private,
  PRIVACY.password,
]);
export const BooleanSchema = z.boolean();
export const StringSchema = z.string();
/** Any object, as storage may hold it; its fields are checked one by one (fields.ts). */
export const StoredObject = z.looseObject({});

/**
 * The settings' shape. Values are further checked field by field (see fields.ts). The service,
 * key and site address are those of the account in use (stored with the accounts, see
 * lib/account/accounts.ts); the rest are stored here and apply to every account.
 */
export const SettingsSchema = z.object({
  /** Normalised base URL of the service ('' when not set). */
  serviceUrl: StringSchema,
  apiKey: StringSchema,
  defaultPrivacy: PrivacySchema,
  showBadge: BooleanSchema,
  contextMenu: BooleanSchema,
  notify: BooleanSchema,
  /** A notification when a watch run finds a watched page worse (lib/watch/worse-notifications.ts). */
  notifyWorse: BooleanSchema,
  /** Where the service shows reports to a browser; '' = derived from serviceUrl. */
  siteUrl: StringSchema,
});
export type Settings = z.infer<typeof SettingsSchema>;
export type SettingKey = keyof Settings;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  serviceUrl: '',
  apiKey: '',
  defaultPrivacy: PRIVACY.public,
  showBadge: true,
  contextMenu: true,
  notify: true,
  notifyWorse: true,
  siteUrl: '',
});

/** Every setting, in the options page's order. */
export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

/** Settings an administrator may fix through storage.managed: everything but the API key. */
export const MANAGEABLE_KEYS = [
  'serviceUrl',
  'defaultPrivacy',
  'showBadge',
  'contextMenu',
  'notify',
  'notifyWorse',
  'siteUrl',
] as const satisfies readonly SettingKey[];

/** The connection settings, which belong to an account. */
export const CONNECTION_KEYS = ['serviceUrl', 'apiKey', 'siteUrl'] as const satisfies SettingKey[];

export interface LoadedSettings {
  /** What is in effect: the user's values with the administrator's on top. */
  settings: Settings;
  /** Keys set by the administrator; the options page shows them disabled. */
  locked: SettingKey[];
  /** The account in use (its values are `settings`' connection), or null when there is none. */
  account: Account | null;
  /** Every account, the administrator's presets included, in the list's order. */
  accounts: Account[];
}

/** A sentence per setting that could not be used (not lib/api's FieldErrors, the service's). */
export type SettingErrors = Partial<Record<SettingKey, string>>;

export type SaveResult =
  | (LoadedSettings & {
      ok: true;
      /** Locked keys in the patch, left unchanged. */
      ignored: SettingKey[];
    })
  | { ok: false; errors: SettingErrors };

/** The answer of Test connection (the background's testConnection). */
export interface TestConnectionAnswer {
  /** The base URL that answered, which may be the typed address with `/api/v1` added. */
  baseUrl: string;
  /** True when `baseUrl` differs from what was typed (offer it to the user). */
  adjusted: boolean;
  /** Number of reports, when the service says it. */
  total?: number;
  /** The account's plan, when the service tells it. */
  plan?: Plan;
}
