// Errors as plain data, in the user's language: the API client writes English (it also runs in
// Node, without the extension's catalogue), so each failure it detects is said again here from
// its reason and details, with the sentences from _locales.
import { SiteReportError, toErrorData } from '../api';
import { type ErrorReason, firstFieldMessage } from '../api/errors';
import type { ErrorData } from '../api/model';
import { type MessageKey, t } from '../i18n';

/** Thrown by handlers when no service URL or key is saved; becomes a 'not_connected' answer. */
export class NotConnectedError extends Error {
  override readonly name = 'NotConnectedError';
}

/** Plain-data form of anything a handler throws: kind, message and the details that matter. */
export function errorData(error: unknown): ErrorData {
  if (error instanceof NotConnectedError) {
    return { kind: 'not_connected', message: t('bg_not_connected') };
  }
  const data = toErrorData(error);
  if (error instanceof SiteReportError) {
    // Without a reason the message was written by the extension (Test connection) or is a field
    // message the client checked; both are kept.
    if (error.reason) data.message = localMessage(error.reason, error);
  } else {
    data.message = t(data.kind === 'aborted' ? 'api_aborted' : 'api_unknown');
  }
  return data;
}

type DetailedReason =
  | 'validation'
  | 'rateLimited'
  | 'server'
  | 'otherStatus'
  | 'timeout'
  | 'notReady';

/** Reasons whose sentence needs no details. */
const PLAIN: Record<Exclude<ErrorReason, DetailedReason>, MessageKey> = {
  unauthorized: 'api_unauthorized',
  forbidden: 'api_forbidden',
  notFoundOnList: 'api_not_found_on_list',
  reportGone: 'api_report_gone',
  projectGone: 'api_project_gone',
  network: 'api_network',
  notAnApi: 'api_not_an_api',
  badShape: 'api_bad_shape',
  aborted: 'api_aborted',
};

function localMessage(reason: ErrorReason, error: SiteReportError): string {
  const waited = Math.max(1, Math.round((error.waitedMs ?? 0) / 1000));
  switch (reason) {
    case 'validation': {
      const first = firstFieldMessage(error.fieldErrors);
      return first === undefined ? t('api_validation') : t('api_validation_field', first);
    }
    case 'rateLimited':
      return error.retryAfterSeconds === undefined
        ? t('api_rate_limited')
        : t('api_rate_limited_after', waitText(error.retryAfterSeconds));
    case 'server':
      return t('api_server', error.status ?? 500);
    case 'otherStatus':
      return t('api_other_status', error.status ?? 0);
    case 'timeout':
      return t('api_timeout', waitText(waited));
    case 'notReady':
      return t('api_not_ready', waitText(waited));
    default:
      return t(PLAIN[reason]);
  }
}

/** "1 second", "30 seconds", "5 minutes". */
export function waitText(seconds: number): string {
  if (seconds <= 1) return t('error_wait_second');
  if (seconds < 120) return t('error_wait_seconds', Math.round(seconds));
  return t('error_wait_minutes', Math.ceil(seconds / 60));
}
