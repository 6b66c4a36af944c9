// The options page's logic, kept out of the component so it can be tested on its own: the form's
// values, their validation, the host-access request, and outcomes in words.
import { browser } from 'wxt/browser';
import { t } from '../i18n';
import type { Answer } from '../messages';
import {
  checkField,
  endsWithApiVersion,
  type FieldErrors,
  hostPermissionPattern,
  normaliseServiceUrl,
  type SettingKey,
  type Settings,
} from '../settings';

/** The form holds exactly the settings; text fields as typed until saved. */
export type FormValues = Settings;

export type FormCheck =
  | { ok: true; patch: Partial<Settings>; serviceUrl: string }
  | { ok: false; fieldErrors: FieldErrors };

/**
 * Validates the form for Save. Locked fields are left out of the patch (the administrator's
 * value stays in effect); `serviceUrl` is the address that will be in effect after saving.
 */
export function validateForm(values: FormValues, locked: readonly SettingKey[] = []): FormCheck {
  const fieldErrors: FieldErrors = {};
  const patch: Partial<Settings> = {};
  for (const key of Object.keys(values) as SettingKey[]) {
    if (locked.includes(key)) continue;
    const check = checkField(key, values[key]);
    if (check.ok) Object.assign(patch, { [key]: check.value });
    else fieldErrors[key] = check.message;
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
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

/** Checks the fields Test connection needs, before anything is sent. */
export function checkForTest(values: Pick<FormValues, 'serviceUrl' | 'apiKey'>): FieldErrors {
  const fieldErrors: FieldErrors = {};
  const address = normaliseServiceUrl(values.serviceUrl);
  if (!address.ok) fieldErrors.serviceUrl = address.message;
  if (!values.apiKey.trim()) fieldErrors.apiKey = t('error_test_no_key');
  else {
    const key = checkField('apiKey', values.apiKey);
    if (!key.ok) fieldErrors.apiKey = key.message;
  }
  return fieldErrors;
}

export interface TestOutcome {
  text: string;
  /** An address that answered instead of the one typed, to offer. */
  suggestion?: string;
  fieldErrors?: FieldErrors;
}

/** Test connection's answer in words. The background writes the error sentences. */
export function testOutcome(answer: Answer<'testConnection'>): TestOutcome {
  if (!answer.ok) {
    const fieldErrors: FieldErrors = {};
    for (const key of ['serviceUrl', 'apiKey'] as const) {
      const message = answer.error.fieldErrors?.[key]?.[0];
      if (message) fieldErrors[key] = message;
    }
    return Object.keys(fieldErrors).length > 0
      ? { text: answer.error.message, fieldErrors }
      : { text: answer.error.message };
  }
  const { baseUrl, adjusted, total } = answer.data;
  if (adjusted) {
    const text =
      total === undefined
        ? t('options_test_adjusted', baseUrl)
        : t('options_test_adjusted_count', baseUrl, total);
    return { text, suggestion: baseUrl };
  }
  return { text: total === undefined ? t('options_test_ok') : t('options_test_ok_count', total) };
}
