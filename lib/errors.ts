// What a handler throws, as plain data for the pages: the facts of the failure and its sentence,
// which lib/error-text.ts chooses (the client's own English message is never passed on).
import { SiteReportError, toErrorData } from './api';
import type { ErrorData } from './api/model';
import { type ErrorPlace, errorWithText } from './error-text';

/** Thrown by handlers when no service URL or key is saved; becomes a 'not_connected' answer. */
export class NotConnectedError extends Error {
  override readonly name = 'NotConnectedError';
}

/** A failure already said for the place it happened in (Test connection), passed on as is. */
export class ExplainedError extends Error {
  override readonly name = 'ExplainedError';
  constructor(readonly data: ErrorData) {
    super(data.message);
  }
}

/** Plain-data form of anything a handler throws, said for `place` (a page's alert by default). */
export function errorData(error: unknown, place: ErrorPlace = 'page'): ErrorData {
  if (error instanceof ExplainedError) return error.data;
  if (error instanceof NotConnectedError) {
    return errorWithText({ kind: 'not_connected', reason: 'notConnected' }, place);
  }
  const { message, ...facts } = toErrorData(error);
  // A SiteReportError without a reason was made with its sentence by the extension: keep it.
  const handMade = error instanceof SiteReportError && !error.reason;
  return errorWithText(handMade ? { ...facts, message } : facts, place);
}
