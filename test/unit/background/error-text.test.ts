// The background says every failure of the API client again in the user's language, from the
// catalogue; in English it must read exactly as the client's own sentence.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SiteReportError } from '../../../lib/api';
import { apiError, type ErrorReason, type SiteReportErrorDetails } from '../../../lib/api/errors';
import { errorData, NotConnectedError } from '../../../lib/background/error-text';

const CASES: [ErrorReason, SiteReportErrorDetails][] = [
  ['unauthorized', { status: 401 }],
  ['forbidden', { status: 403 }],
  ['notFoundOnList', { status: 404 }],
  ['reportGone', { status: 404 }],
  ['projectGone', { status: 404 }],
  ['validation', { status: 422 }],
  ['validation', { status: 422, fieldErrors: { url: ['The url field is required.'] } }],
  ['rateLimited', { status: 429 }],
  ['rateLimited', { status: 429, retryAfterSeconds: 1 }],
  ['rateLimited', { status: 429, retryAfterSeconds: 42 }],
  ['server', { status: 503 }],
  ['otherStatus', { status: 418 }],
  ['network', {}],
  ['timeout', { waitedMs: 15_000 }],
  ['notReady', { waitedMs: 60_000 }],
  ['notAnApi', { status: 200 }],
  ['badShape', { status: 200 }],
  ['aborted', {}],
];

describe('errorData', () => {
  it.each(CASES)('says %s (%o) from the catalogue, as the client says it', (reason, details) => {
    const error = apiError(reason, details);
    const getMessage = vi.spyOn(fakeBrowser.i18n, 'getMessage');
    const data = errorData(error);
    expect(data.message).toBe(error.message);
    expect(getMessage).toHaveBeenCalled();
    expect(data).toMatchObject({ kind: error.kind });
    if (details.retryAfterSeconds !== undefined) {
      expect(data.retryAfterSeconds).toBe(details.retryAfterSeconds);
    }
  });

  it('takes every sentence from the catalogue, so a translation changes them all', () => {
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation(
      (key: string, subs: string | string[] = []) => `«${[key, ...[subs].flat()].join(' ')}»`,
    );
    expect(errorData(apiError('rateLimited', { retryAfterSeconds: 30 })).message).toBe(
      '«api_rate_limited_after «error_wait_seconds 30»»',
    );
    expect(errorData(apiError('server', { status: 502 })).message).toBe('«api_server 502»');
    expect(errorData(apiError('reportGone')).message).toBe('«api_report_gone»');
    expect(errorData(new NotConnectedError()).message).toBe('«bg_not_connected»');
    expect(errorData(new Error('boom')).message).toBe('«api_unknown»');
  });

  it('keeps messages the extension wrote itself, and field messages the client checked', () => {
    const written = new SiteReportError('unauthorized', 'Written for the options page.');
    expect(errorData(written).message).toBe('Written for the options page.');
    const checked = new SiteReportError('invalid_input', 'Per page must be 10, 25, 50 or 100.', {
      fieldErrors: { perPage: ['Per page must be 10, 25, 50 or 100.'] },
    });
    expect(errorData(checked)).toEqual({
      kind: 'invalid_input',
      message: 'Per page must be 10, 25, 50 or 100.',
      fieldErrors: { perPage: ['Per page must be 10, 25, 50 or 100.'] },
    });
  });

  it('turns anything else into a plain unexpected_response, and an abort into aborted', () => {
    expect(errorData(new TypeError('x is undefined'))).toEqual({
      kind: 'unexpected_response',
      message: 'Something went wrong while talking to the service. Try again.',
    });
    expect(errorData(new DOMException('The user aborted a request.', 'AbortError'))).toEqual({
      kind: 'aborted',
      message: 'The request was cancelled.',
    });
  });
});
