// What an HTTP answer means: a 2xx body decoded with a schema, or a SiteReportError.
import type * as z from 'zod/mini';
import { apiError, type ErrorReason, type FieldErrors, type SiteReportError } from './errors';
import { rateLimitWait } from './retry-after';
import { DeleteAnswer, RefusalBody, ValidationBody } from './schemas';

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

/** What a call's 403 and 404 mean: the default 403 is "no API access". */
export interface StatusMeanings {
  notFound: ErrorReason;
  /** 'reportRefused': a 403 about one report, whose message is kept. */
  forbidden?: 'forbidden' | 'reportRefused';
}

export function httpError(
  { status, text, headers }: HttpAnswer,
  { notFound, forbidden = 'forbidden' }: StatusMeanings,
  scrub: (text: string) => string,
): SiteReportError {
  switch (status) {
    case 401:
      return apiError('unauthorized', { status });
    case 403:
      if (forbidden === 'reportRefused') {
        return apiError(forbidden, { status, serviceMessage: refusalMessage(text, scrub) });
      }
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

/** The most of a refusal's message that is kept, in characters. */
const MAX_REFUSAL_LENGTH = 300;

/**
 * A refusal's `message` (Laravel's `{ "message": "…" }`) as one line of plain text, scrubbed and
 * bounded; undefined when the body has none (an HTML page's text is never taken).
 */
function refusalMessage(text: string, scrub: (text: string) => string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = RefusalBody.safeParse(body);
  if (!parsed.success) return undefined;
  const line = scrub(parsed.data.message)
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
  if (!line) return undefined;
  return line.length > MAX_REFUSAL_LENGTH ? `${line.slice(0, MAX_REFUSAL_LENGTH - 1)}…` : line;
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
