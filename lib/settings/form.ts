// The options page's logic, kept out of the component so it can be tested on its own: the form's
// values, their validation, the host-access request, and outcomes in words.
import { browser } from 'wxt/browser';
import { planText } from '../account/words';
import type { ErrorData } from '../api/model';
import { t } from '../i18n';
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
