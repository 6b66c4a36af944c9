// The one error type the client throws. The client reports *what* happened — a kind, a reason and
// its details; the extension puts that into words, in the user's language, in lib/error-text.ts.
// The client also runs in Node (the service's tests, scripts), where there is no catalogue: there
// `message` is the same sentence in English. The only server text passed on is 422 field
// messages, scrubbed of the key by the client, so a key echoed back by a server cannot leak into
// the UI or logs.
import { duration } from '../time';
import type { ApiErrorReason, ErrorData, ErrorKind } from './model';

export type FieldErrors = Record<string, string[]>;

/** Which failure, more precisely than its kind: what lib/error-text.ts chooses the words by. */
export type ErrorReason = ApiErrorReason;

export interface SiteReportErrorDetails {
  status?: number;
  fieldErrors?: FieldErrors;
  retryAfterSeconds?: number;
  reason?: ErrorReason;
  /** For 'timeout' and 'notReady': how long was waited, in ms. */
  waitedMs?: number;
}

export class SiteReportError extends Error {
  override readonly name = 'SiteReportError';
  readonly kind: ErrorKind;
  readonly status?: number;
  /** Messages per input field, for 'validation' and 'invalid_input'; empty otherwise. */
  readonly fieldErrors: FieldErrors;
  /** For 'rate_limited': when the service says it may be asked again. */
  readonly retryAfterSeconds?: number;
  /** Set on every failure the client detects (apiError, invalidInput, abortedError). */
  readonly reason?: ErrorReason;
  readonly waitedMs?: number;

  constructor(kind: ErrorKind, message: string, details: SiteReportErrorDetails = {}) {
    super(message);
    this.kind = kind;
    this.fieldErrors = details.fieldErrors ?? {};
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
    if (details.reason !== undefined) this.reason = details.reason;
    if (details.waitedMs !== undefined) this.waitedMs = details.waitedMs;
  }
}

const KIND_OF: Record<ErrorReason, ErrorKind> = {
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFoundOnList: 'not_found',
  reportGone: 'not_found',
  projectGone: 'not_found',
  validation: 'validation',
  rateLimited: 'rate_limited',
  server: 'server',
  otherStatus: 'unexpected_response',
  network: 'network',
  timeout: 'timeout',
  notReady: 'timeout',
  notAnApi: 'unexpected_response',
  redirected: 'unexpected_response',
  badShape: 'unexpected_response',
  aborted: 'aborted',
  invalidInput: 'invalid_input',
  unknown: 'unexpected_response',
};

/** The first non-blank field message, the one a one-line summary quotes. */
export function firstFieldMessage(fieldErrors: FieldErrors | undefined): string | undefined {
  return Object.values(fieldErrors ?? {})
    .flat()
    .find((message) => typeof message === 'string' && message.trim() !== '');
}

const waited = (details: SiteReportErrorDetails) => duration((details.waitedMs ?? 0) / 1000, 'en');

/**
 * The English fallback, for Node. The extension never shows it: it says the same from the
 * catalogue (a test keeps the two in step).
 */
const ENGLISH: Record<ErrorReason, (details: SiteReportErrorDetails) => string> = {
  unauthorized: () => 'The service rejected the API key. Check the key on the options page.',
  forbidden: () => 'This account has no API access. Check the plan on the service’s site.',
  notFoundOnList: () =>
    'The service has nothing at this address. Check the service URL on the options page.',
  reportGone: () => 'That report no longer exists.',
  projectGone: () => 'That project no longer exists.',
  validation: ({ fieldErrors }) => {
    const first = firstFieldMessage(fieldErrors);
    return first === undefined
      ? 'The service did not accept the values sent. Check them and try again.'
      : `The service did not accept the values sent: ${first}`;
  },
  rateLimited: ({ retryAfterSeconds: after }) =>
    after !== undefined && after > 0
      ? `The service is limiting requests. Try again in ${duration(after, 'en')}.`
      : 'The service is limiting requests. Wait a minute and try again.',
  server: ({ status }) =>
    `The service failed (HTTP ${status ?? 500}); nothing was changed here. Try again later.`,
  otherStatus: ({ status }) =>
    `The service refused the request (HTTP ${status ?? 0}). Check the service URL on the options page.`,
  network: () =>
    'Could not reach the service. You may be offline, the address may be wrong, or the connection was blocked.',
  timeout: (details) => `The service did not answer within ${waited(details)}. Try again later.`,
  notReady: (details) => `The report was not ready within ${waited(details)}. Try again later.`,
  notAnApi: () => 'The address answered, but not like a Site Report API. Check the service URL.',
  redirected: () =>
    'The service answered with a redirect to another address, which was not followed. Check the service URL on the options page.',
  badShape: () =>
    'The service answered in a form this extension does not understand. Check the service URL, or update the extension.',
  aborted: () => 'The request was cancelled.',
  invalidInput: ({ fieldErrors }) => firstFieldMessage(fieldErrors) ?? 'Check the values entered.',
  unknown: () => 'Something went wrong while talking to the service. Try again.',
};

/** A failure the client detected: its kind, reason and details, and the English sentence. */
export function apiError(reason: ErrorReason, details: SiteReportErrorDetails = {}) {
  return new SiteReportError(KIND_OF[reason], ENGLISH[reason](details), { ...details, reason });
}

export const abortedError = () => apiError('aborted');

/** An invalid_input error from field messages; the first message is its sentence. */
export function invalidInput(fieldErrors: FieldErrors): SiteReportError {
  return apiError('invalidInput', { fieldErrors });
}

/**
 * Plain-data form of anything thrown, safe to send between extension contexts: the facts, and
 * the error's own (English) message. Anything not a SiteReportError is reported without its
 * text, which could quote anything (a key, a URL).
 */
export function toErrorData(error: unknown): ErrorData {
  if (error instanceof SiteReportError) {
    const data: ErrorData = { kind: error.kind, message: error.message };
    if (error.reason !== undefined) data.reason = error.reason;
    if (error.status !== undefined) data.status = error.status;
    if (Object.keys(error.fieldErrors).length > 0) data.fieldErrors = error.fieldErrors;
    if (error.retryAfterSeconds !== undefined) data.retryAfterSeconds = error.retryAfterSeconds;
    if (error.waitedMs !== undefined) data.waitedMs = error.waitedMs;
    return data;
  }
  // A platform abort (e.g. a caller's own AbortSignal) is a cancellation, not a fault.
  const reason = error instanceof Error && error.name === 'AbortError' ? 'aborted' : 'unknown';
  const { kind, message } = apiError(reason);
  return { kind, reason, message };
}
