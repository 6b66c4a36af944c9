// What an HTTP answer means: a 2xx body decoded with a schema, or a SiteReportError.
import type * as z from 'zod/mini';
import { apiError, type ErrorReason, type FieldErrors, type SiteReportError } from './errors';
import { rateLimitWait } from './retry-after';
import { DeleteAnswer, ValidationBody } from './schemas';

export interface HttpAnswer {
  status: number;
  /** Empty when the body was over MAX_BODY_BYTES (see `tooLarge`). */
  text: string;
  headers: Headers;
  /** The body was over MAX_BODY_BYTES: refused unread. */
  tooLarge?: boolean;
}

/** The body of a 2xx answer read with `schema`; not JSON or not that shape is an error. */
export function decode<S extends z.ZodMiniType>(schema: S, answer: HttpAnswer): z.output<S> {
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw apiError('notAnApi', { status: answer.status });
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw apiError('badShape', { status: answer.status });
}

/** Checks a delete's answer: 204 (or any empty body) or `{ deleted: true }`. */
export function checkDeleted(answer: HttpAnswer): void {
  if (answer.status !== 204 && answer.text.trim() !== '') decode(DeleteAnswer, answer);
}

export function httpError(
  { status, text, headers }: HttpAnswer,
  notFound: ErrorReason,
  scrub: (text: string) => string,
): SiteReportError {
  switch (status) {
    case 401:
      return apiError('unauthorized', { status });
    case 403:
      return apiError('forbidden', { status });
    case 404:
      return apiError(notFound, { status });
    case 422:
      return apiError('validation', { status, fieldErrors: validationErrors(text, scrub) });
    case 429:
      return apiError('rateLimited', { status, retryAfterSeconds: rateLimitWait(headers) });
  }
  return apiError(status >= 500 ? 'server' : 'otherStatus', { status });
}

/** A 422's field messages, scrubbed: a server may echo the key back inside them. */
function validationErrors(text: string, scrub: (text: string) => string): FieldErrors {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {};
  }
  const parsed = ValidationBody.safeParse(body);
  if (!parsed.success) return {};
  const fields = 'errors' in parsed.data ? parsed.data.errors : parsed.data.message;
  return Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [scrub(field), messages.map(scrub)]),
  );
}
