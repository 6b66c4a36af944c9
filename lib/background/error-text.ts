// Errors as plain data, and the sentences the background itself writes about them.
import { toErrorData } from '../api';
import type { ErrorData } from '../api/model';
import { t } from '../i18n';

/** Thrown by handlers when no service URL or key is saved; becomes a 'not_connected' answer. */
export class NotConnectedError extends Error {
  override readonly name = 'NotConnectedError';
}

/** Plain-data form of anything a handler throws: kind, message and the details that matter. */
export function errorData(error: unknown): ErrorData {
  if (error instanceof NotConnectedError) {
    return { kind: 'not_connected', message: t('bg_not_connected') };
  }
  return toErrorData(error);
}

/** "1 second", "30 seconds", "5 minutes". */
export function waitText(seconds: number): string {
  if (seconds <= 1) return t('error_wait_second');
  if (seconds < 120) return t('error_wait_seconds', Math.round(seconds));
  return t('error_wait_minutes', Math.ceil(seconds / 60));
}
