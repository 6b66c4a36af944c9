// The options page's logic, kept out of the component so it can be tested on its own: the form's
// values, their validation, the host-access request, and outcomes in words.
import { browser } from 'wxt/browser';
import type { Account } from '../account/accounts';
import type { AccountHoldings } from '../account/key-check';
import { planText } from '../account/words';
import type { ErrorData } from '../api/model';
import { formatNumber } from '../format-number';
import { t } from '../i18n';
import { originOf } from '../url-parts';
import {
  checkFields,
  endsWithApiVersion,
  hasErrors,
  hostPermissionPattern,
  SETTING_KEYS,
  type SettingErrors,
  type SettingKey,
  type Settings,
} from './';
import type { TestConnectionAnswer } from './schema';

/** The form holds exactly the settings; text fields as typed until saved. */
export type FormValues = Settings;

export type FormCheck =
  | { ok: true; patch: Partial<Settings>; serviceUrl: string }
  | { ok: false; errors: SettingErrors };

/**
 * Validates the form for Save. Locked fields are left out of the patch (the administrator's
 * value stays in effect); `serviceUrl` is the address that will be in effect after saving.
 */
export function validateForm(values: FormValues, locked: readonly SettingKey[] = []): FormCheck {
  const keys = SETTING_KEYS.filter((key) => !locked.includes(key));
  const { values: patch, errors } = checkFields(values, { keys });
  if (hasErrors(errors)) return { ok: false, errors };
  return { ok: true, patch, serviceUrl: patch.serviceUrl ?? values.serviceUrl };
}

export interface HostAccessRequest {
  host: string;
  /** Settles with whether access was granted; in headless Chromium it may never settle. */
  granted: Promise<boolean>;
}

type Permissions = Pick<typeof browser.permissions, 'request'>;

/**
 * Asks for access to the service's site. Must be called straight from the click (browsers
 * allow the prompt only during a user action) and must never be waited on before saving.
 * Already granted access resolves at once, without a prompt.
 */
export function requestHostAccess(
  serviceUrl: string,
  permissions: Permissions | undefined = browser.permissions,
): HostAccessRequest | null {
  if (!serviceUrl || !permissions) return null;
  const pattern = hostPermissionPattern(serviceUrl);
  let granted: Promise<boolean>;
  try {
    granted = Promise.resolve(permissions.request({ origins: [pattern] })).then(Boolean);
  } catch {
    granted = Promise.resolve(false);
  }
  return { host: new URL(serviceUrl).host, granted };
}

/** The sentence after a successful save. */
export function savedText(settings: Settings): string {
  if (settings.serviceUrl && !endsWithApiVersion(settings.serviceUrl)) {
    return t('options_saved_check_address');
  }
  return t('options_saved');
}

export function accessDeniedText(host: string): string {
  return t('options_access_denied', host);
}

/** What Test connection tests: the address and key as typed (saved or not). */
export type ConnectionValues = Pick<FormValues, 'serviceUrl' | 'apiKey'>;

export type TestCheck =
  | { ok: true; request: ConnectionValues }
  | { ok: false; errors: SettingErrors };

/**
 * Checks the fields Test connection needs, before anything is sent: both must be given. The
 * request holds them normalised, so the page can name the address the background tests.
 */
export function checkForTest(values: ConnectionValues): TestCheck {
  const { values: checked, errors } = checkFields(values, {
    keys: ['serviceUrl', 'apiKey'],
    required: { serviceUrl: t('error_service_url_empty'), apiKey: t('error_test_no_key') },
  });
  if (hasErrors(errors)) return { ok: false, errors };
  return {
    ok: true,
    request: { serviceUrl: checked.serviceUrl ?? '', apiKey: checked.apiKey ?? '' },
  };
}

/** Whether the form still holds the address and key a test was made with. */
export function sameConnection(a: ConnectionValues, b: ConnectionValues): boolean {
  return a.serviceUrl === b.serviceUrl && a.apiKey === b.apiKey;
}

export interface TestOutcome {
  text: string;
  /** An address that answered instead of the one typed, to offer. */
  suggestion?: string;
  errors?: SettingErrors;
}

/**
 * Test connection's answer in words, naming the address tested (`address`, as sent): with two
 * presses close together, the user can tell which values the answer is about. The background
 * writes the error sentences (lib/error-text.ts); a problem with a field is said as it is.
 */
export function testOutcome(
  answer: { ok: true; data: TestConnectionAnswer } | { ok: false; error: ErrorData },
  address: string,
): TestOutcome {
  if (!answer.ok) {
    const { kind, message } = answer.error;
    // The service's field errors (lib/api's FieldErrors, lists) as one sentence per setting.
    const errors: SettingErrors = {};
    for (const key of ['serviceUrl', 'apiKey'] as const) {
      const first = answer.error.fieldErrors?.[key]?.[0];
      if (first) errors[key] = first;
    }
    const text = kind === 'invalid_input' ? message : t('options_test_failed_at', address, message);
    return hasErrors(errors) ? { text, errors } : { text };
  }
  const { baseUrl, adjusted, total, plan } = answer.data;
  // "Plan Pro: 500 reports a month" after the rest, when the service tells it.
  const withPlan = (text: string) =>
    plan ? t('options_test_with_plan', text, planText(plan)) : text;
  if (adjusted) {
    const text =
      total === undefined
        ? t('options_test_adjusted', baseUrl)
        : t('options_test_adjusted_count', baseUrl, total);
    return { text: withPlan(text), suggestion: baseUrl };
  }
  return {
    text: withPlan(
      total === undefined
        ? t('options_test_ok', baseUrl)
        : t('options_test_ok_count', baseUrl, total),
    ),
  };
}

/** Which account the form edits: one by its id, or a new one. */
export type Editing = string | 'new';

/**
 * Whether Save must first ask the service whose key it writes (checkAccountKey): a key typed over
 * an account's saved key, or a service of another origin for an account that has a key. A new
 * account, an account without a key, and a key removed (left empty) are saved without asking.
 */
export function needsKeyCheck(
  saved: Pick<Account, 'serviceUrl' | 'apiKey'> | undefined,
  typed: ConnectionValues,
): boolean {
  if (!saved?.apiKey || !typed.apiKey) return false;
  if (typed.apiKey !== saved.apiKey) return true;
  return originOf(typed.serviceUrl) !== originOf(saved.serviceUrl);
}

/** The account's values in the form: its connection over the preferences every account shares. */
export function formOfAccount(preferences: FormValues, account: Account | undefined): FormValues {
  return {
    ...preferences,
    serviceUrl: account?.serviceUrl ?? '',
    apiKey: account?.apiKey ?? '',
    siteUrl: account?.siteUrl ?? '',
  };
}

/**
 * An administrator's preset: its id is `m` and a hash (lib/settings/presets.ts), the user's
 * accounts are `a` and a number (lib/account/accounts.ts).
 */
export function isPresetId(id: string): boolean {
  return id.startsWith('m');
}

/** What the administrator fixed of an account: its service and site (see presetLocks). */
export function accountLocks(
  account: Account | undefined,
  inUse: { id: string | undefined; locked: readonly SettingKey[] },
): SettingKey[] {
  const preferences = inUse.locked.filter(
    (key) => key !== 'serviceUrl' && key !== 'siteUrl' && key !== 'apiKey',
  );
  if (!account) return preferences;
  if (account.id === inUse.id) return [...inUse.locked];
  return isPresetId(account.id) ? [...preferences, 'serviceUrl', 'siteUrl'] : preferences;
}

/** What removing an account takes from this browser, in words ("3 watched pages", …). */
export function holdingsText(holdings: AccountHoldings | null): string {
  if (!holdings) return t('options_remove_account_detail_unknown');
  const { watched, analyses, jobs } = holdings;
  return t(
    'options_remove_account_detail',
    watched === 1
      ? t('options_holdings_watched_one')
      : t('options_holdings_watched', formatNumber(watched)),
    analyses === 1
      ? t('options_holdings_analyses_one')
      : t('options_holdings_analyses', formatNumber(analyses)),
    jobs === 1 ? t('options_holdings_jobs_one') : t('options_holdings_jobs', formatNumber(jobs)),
  );
}
