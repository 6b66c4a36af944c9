// What a handler throws becomes plain data for the pages: the facts, and the sentence from
// lib/error-text.ts — never the client's English, never the text of an unexpected exception.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SiteReportError } from '../../../lib/api';
import { apiError, invalidInput } from '../../../lib/api/errors';
import { ExplainedError, errorData, NotConnectedError } from '../../../lib/errors';

describe('errorData', () => {
  it('carries the reason and details, said from the catalogue', () => {
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation(
      (key: string, subs: string | string[] = []) => `«${[key, ...[subs].flat()].join(' ')}»`,
    );
    expect(errorData(apiError('server', { status: 502 }))).toEqual({
      kind: 'server',
      reason: 'server',
      status: 502,
      message: '«error_server 502»',
    });
    expect(errorData(apiError('reportGone', { status: 404 })).message).toBe('«error_report_gone»');
    expect(errorData(new NotConnectedError())).toEqual({
      kind: 'not_connected',
      reason: 'notConnected',
      message: '«error_not_connected»',
    });
    expect(errorData(new Error('boom')).message).toBe('«error_unknown»');
  });

  it('keeps what a page needs to say a rate limit or a timeout again', () => {
    expect(errorData(apiError('rateLimited', { status: 429, retryAfterSeconds: 30 }))).toEqual({
      kind: 'rate_limited',
      reason: 'rateLimited',
      status: 429,
      retryAfterSeconds: 30,
      message: 'The service is limiting requests. Try again in 30 seconds.',
    });
    expect(errorData(apiError('notReady', { waitedMs: 60_000 }))).toMatchObject({
      kind: 'timeout',
      reason: 'notReady',
      waitedMs: 60_000,
      message: 'The report was not ready within 60 seconds. Try again later.',
    });
  });

  it('says field messages the client checked as they are', () => {
    const checked = invalidInput({ perPage: ['Per page must be 10, 25, 50 or 100.'] });
    expect(errorData(checked)).toEqual({
      kind: 'invalid_input',
      reason: 'invalidInput',
      message: 'Per page must be 10, 25, 50 or 100.',
      fieldErrors: { perPage: ['Per page must be 10, 25, 50 or 100.'] },
    });
  });

  it('says a failure for the place it is shown in', () => {
    expect(errorData(apiError('server', { status: 503 }), 'notification').message).toBe(
      'The service is not working right now; nothing was created. Try again later.',
    );
    expect(
      errorData(apiError('network'), { host: 'h.example', hostAccess: false }).message,
    ).toMatch(/^Could not reach h\.example\. Allow Site Report/);
  });

  it('passes on a failure already said for its place, and a sentence written by hand', () => {
    const said = { kind: 'network', reason: 'network', message: 'Said for the form.' } as const;
    expect(errorData(new ExplainedError(said))).toBe(said);
    const written = new SiteReportError('unauthorized', 'Written for the options page.');
    expect(errorData(written)).toEqual({
      kind: 'unauthorized',
      message: 'Written for the options page.',
    });
  });

  it('turns anything else into unknown, never quoting it, and an abort into aborted', () => {
    expect(errorData(new TypeError('x is undefined: sr_secret'))).toEqual({
      kind: 'unexpected_response',
      reason: 'unknown',
      message: 'Something went wrong while talking to the service. Try again.',
    });
    expect(errorData(new DOMException('The user aborted a request.', 'AbortError'))).toEqual({
      kind: 'aborted',
      reason: 'aborted',
      message: 'The request was cancelled.',
    });
  });
});
