// The one error type the client throws: a kind, a reason and details (lib/error-text.ts words
// them), with an English `message` for Node. The only server text kept is scrubbed: 422 messages
// and a 403's message about one report.
import type * as z from 'zod/mini';
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
  /** For 'reportRefused': the service's own message, scrubbed, as text. */
  serviceMessage?: string;
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
  readonly serviceMessage?: string;

  constructor(kind: ErrorKind, message: string, details: SiteReportErrorDetails = {}) {
    super(message);
    this.kind = kind;
    this.fieldErrors = details.fieldErrors ?? {};
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
    if (details.reason !== undefined) this.reason = details.reason;
    if (details.waitedMs !== undefined) this.waitedMs = details.waitedMs;
    if (details.serviceMessage !== undefined) this.serviceMessage = details.serviceMessage;
  }
}

const KIND_OF: Record<ErrorReason, ErrorKind> = {
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  reportRefused: 'forbidden',
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

export function firstFieldMessage(fieldErrors: FieldErrors | undefined): string | undefined {
  return Object.values(fieldErrors ?? {})
    .flat()
    .find((message) => typeof message === 'string' && message.trim() !== '');
}

const waited = (details: SiteReportErrorDetails) => duration((details.waitedMs ?? 0) / 1000, 'en');

/** The English fallback, for Node; a test keeps it in step with the catalogue. */
const ENGLISH: Record<ErrorReason, (details: SiteReportErrorDetails) => string> = {
  unauthorized: () => 'The service rejected the API key. Check the key on the options page.',
  forbidden: () => 'This account has no API access. Check the plan on the service’s site.',
  reportRefused: ({ serviceMessage }) =>
    serviceMessage
      ? `The service refused this for the report: ${serviceMessage}`
      : 'The service refused this for the report (HTTP 403).',
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

export function apiError(reason: ErrorReason, details: SiteReportErrorDetails = {}) {
  return new SiteReportError(KIND_OF[reason], ENGLISH[reason](details), { ...details, reason });
}

export const abortedError = () => apiError('aborted');

/** An invalid_input error from field messages; the first message is its sentence. */
export function invalidInput(fieldErrors: FieldErrors): SiteReportError {
  return apiError('invalidInput', { fieldErrors });
}

/** Anything thrown as plain data; an error not ours loses its text, which could quote a key. */
export function toErrorData(error: unknown): ErrorData {
  if (error instanceof SiteReportError) {
    const data: ErrorData = { kind: error.kind, message: error.message };
    if (error.reason !== undefined) data.reason = error.reason;
    if (error.status !== undefined) data.status = error.status;
    if (Object.keys(error.fieldErrors).length > 0) data.fieldErrors = error.fieldErrors;
    if (error.retryAfterSeconds !== undefined) data.retryAfterSeconds = error.retryAfterSeconds;
    if (error.waitedMs !== undefined) data.waitedMs = error.waitedMs;
    if (error.serviceMessage !== undefined) data.serviceMessage = error.serviceMessage;
    return data;
  }
  // A platform abort (e.g. a caller's own AbortSignal) is a cancellation, not a fault.
  const reason = error instanceof Error && error.name === 'AbortError' ? 'aborted' : 'unknown';
  const { kind, message } = apiError(reason);
  return { kind, reason, message };
}

// Checks of what callers hand the client, before anything is sent.

/** `value` as `schema` reads it; `field` names every issue (e.g. a bare id) instead of its path. */
export function validate<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  field?: string,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = field ?? (issue.path.map(String).join('.') || 'input');
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
  }
  throw invalidInput(fieldErrors);
}

/** A limit in ms given as an option: `fallback` when absent, refused unless finite and > 0. */
export function positiveOption(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (!(value > 0) || !Number.isFinite(value)) throw invalidInput({ [field]: ['Must be > 0.'] });
  return value;
}
