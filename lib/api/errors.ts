// The one error type the client throws, and the sentences users read. Messages are written here;
// the only server text passed on is 422 field messages, scrubbed of the key by the client, so a
// key echoed back by a server cannot leak into the UI or logs.
import type { ErrorData, ErrorKind } from './model';

export type FieldErrors = Record<string, string[]>;

/**
 * Which failure, more precisely than its kind: what a caller that writes its own sentences
 * (the extension, in the user's language) needs to say the same thing as `message`.
 */
export type ErrorReason =
  | 'unauthorized'
  | 'forbidden'
  | 'notFoundOnList'
  | 'reportGone'
  | 'projectGone'
  | 'validation'
  | 'rateLimited'
  | 'server'
  | 'otherStatus'
  | 'network'
  | 'timeout'
  | 'notReady'
  | 'notAnApi'
  | 'badShape'
  | 'aborted';

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
  /** Set on every failure the client itself detects (see ErrorReason). */
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

const seconds = (n: number) => (n === 1 ? '1 second' : `${n} seconds`);

export const MESSAGES = {
  unauthorized: 'The service rejected the API key. Check the key on the options page.',
  forbidden: 'This account has no API access. Check the plan on the service’s site.',
  notFoundOnList:
    'The service has nothing at this address. Check the service URL on the options page.',
  reportGone: 'That report no longer exists.',
  projectGone: 'That project no longer exists.',
  validation: (first?: string) =>
    first === undefined
      ? 'The service did not accept the values sent. Check them and try again.'
      : `The service did not accept the values sent: ${first}`,
  network:
    'Could not reach the service. You may be offline, the address may be wrong, or the connection was blocked.',
  aborted: 'The request was cancelled.',
  notAnApi: 'The address answered, but not like a Site Report API. Check the service URL.',
  badShape:
    'The service answered in a form this extension does not understand. Check the service URL, or update the extension.',
  unknown: 'Something went wrong while talking to the service. Try again.',
  rateLimited: (after?: number) =>
    after === undefined
      ? 'The service is limiting requests. Wait a minute and try again.'
      : `The service is limiting requests. Try again in ${seconds(after)}.`,
  server: (status: number) =>
    `The service failed (HTTP ${status}); nothing was changed here. Try again later.`,
  otherStatus: (status: number) =>
    `The service refused the request (HTTP ${status}). Check the service URL on the options page.`,
  timeout: (ms: number) =>
    `The service did not answer within ${seconds(Math.max(1, Math.round(ms / 1000)))}. Try again later.`,
  notReady: (ms: number) =>
    `The report was not ready within ${seconds(Math.max(1, Math.round(ms / 1000)))}. Try again later.`,
} as const;

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
  badShape: 'unexpected_response',
  aborted: 'aborted',
};

/** The first message of the first field, the one a one-line summary quotes. */
export function firstFieldMessage(fieldErrors: FieldErrors | undefined): string | undefined {
  return Object.values(fieldErrors ?? {}).flat()[0];
}

function englishMessage(reason: ErrorReason, details: SiteReportErrorDetails): string {
  const waited = details.waitedMs ?? 0;
  switch (reason) {
    case 'validation':
      return MESSAGES.validation(firstFieldMessage(details.fieldErrors));
    case 'rateLimited':
      return MESSAGES.rateLimited(details.retryAfterSeconds);
    case 'server':
      return MESSAGES.server(details.status ?? 500);
    case 'otherStatus':
      return MESSAGES.otherStatus(details.status ?? 0);
    case 'timeout':
      return MESSAGES.timeout(waited);
    case 'notReady':
      return MESSAGES.notReady(waited);
    default:
      return MESSAGES[reason];
  }
}

/** A failure the client detected, with its kind, English sentence and reason. */
export function apiError(reason: ErrorReason, details: SiteReportErrorDetails = {}) {
  return new SiteReportError(KIND_OF[reason], englishMessage(reason, details), {
    ...details,
    reason,
  });
}

export const abortedError = () => apiError('aborted');

/** An invalid_input error from field messages; the first message becomes the sentence. */
export function invalidInput(fieldErrors: FieldErrors): SiteReportError {
  const first = firstFieldMessage(fieldErrors) ?? 'Check the values entered.';
  return new SiteReportError('invalid_input', first, { fieldErrors });
}

/** Plain-data form of anything thrown, safe to send between extension contexts. */
export function toErrorData(error: unknown): ErrorData {
  if (error instanceof SiteReportError) {
    const data: ErrorData = { kind: error.kind, message: error.message };
    if (error.status !== undefined) data.status = error.status;
    if (Object.keys(error.fieldErrors).length > 0) data.fieldErrors = error.fieldErrors;
    if (error.retryAfterSeconds !== undefined) data.retryAfterSeconds = error.retryAfterSeconds;
    return data;
  }
  // A platform abort (e.g. a caller's own AbortSignal) is a cancellation, not a fault.
  if (error instanceof Error && error.name === 'AbortError') {
    return { kind: 'aborted', message: MESSAGES.aborted };
  }
  return { kind: 'unexpected_response', message: MESSAGES.unknown };
}
