// The one module that puts failures into words: every reason and every kind has its sentence from
// the catalogue, in English the same sentence the API client writes for Node, and no wait, however
// odd, makes it throw.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { toErrorData } from '../../lib/api';
import {
  apiError,
  type ErrorReason as ClientReason,
  type SiteReportErrorDetails,
} from '../../lib/api/errors';
import { ERROR_KINDS, type ErrorData, ErrorReason } from '../../lib/api/model';
import { type ConnectionTest, errorText, errorWithText } from '../../lib/error-text';

const CLIENT_CASES: [ClientReason, SiteReportErrorDetails][] = [
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
  ['rateLimited', { status: 429, retryAfterSeconds: 150 }],
  ['server', { status: 503 }],
  ['otherStatus', { status: 418 }],
  ['network', {}],
  ['timeout', { waitedMs: 15_000 }],
  ['timeout', { waitedMs: 30 }],
  ['notReady', { waitedMs: 60_000 }],
  ['notAnApi', { status: 200 }],
  ['badShape', { status: 200 }],
  ['aborted', {}],
  ['invalidInput', { fieldErrors: { perPage: ['Per page must be 10, 25, 50 or 100.'] } }],
  ['invalidInput', {}],
  // Blank field messages say nothing: the general sentence stands in for them.
  ['invalidInput', { fieldErrors: { url: ['', '  '] } }],
  ['validation', { status: 422, fieldErrors: { url: [' '] } }],
  ['unknown', {}],
];

const KINDS = [...ERROR_KINDS, 'not_connected', 'bad_message'] as const;

/** Every catalogue key asked for, with what was filled in: a stand-in for a translation. */
function translated() {
  vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation(
    (key: string, subs: string | string[] = []) => `«${[key, ...[subs].flat()].join(' ')}»`,
  );
}

describe('errorText on a page', () => {
  it.each(CLIENT_CASES)('says %s (%o) as the client says it in English', (reason, details) => {
    const error = apiError(reason, details);
    const { message: _english, ...facts } = toErrorData(error);
    expect(errorText(facts)).toBe(error.message);
    expect(error.message.trim()).not.toBe('');
  });

  // All but field messages, which are shown as they came (from a form, a schema or the service).
  const SAID = CLIENT_CASES.filter(
    ([reason, { fieldErrors }]) => !(reason === 'invalidInput' && fieldErrors),
  );

  it.each(SAID)('takes the words for %s (%o) from the catalogue', (reason, details) => {
    translated();
    const { message: _english, ...facts } = toErrorData(apiError(reason, details));
    expect(errorText(facts)).toMatch(/^«error_\w+/);
  });

  it.each(ErrorReason.options)('has a sentence in the catalogue for the reason %s', (reason) => {
    const text = errorText({ kind: 'unexpected_response', reason });
    expect(text).toMatch(/^[A-Z].*[.?]$/);
    expect(text).not.toMatch(/^[a-z_]+$/); // a missing key reads as the key itself
  });

  it.each(KINDS)('has a sentence for the kind %s when nothing else is known', (kind) => {
    const text = errorText({ kind, message: '' });
    expect(text).toMatch(/^[A-Z].*[.?]$/);
  });

  it('says the reason, not the words that came with it', () => {
    expect(errorText({ kind: 'not_found', reason: 'reportGone', message: 'Gone!' })).toBe(
      'That report no longer exists.',
    );
  });

  it('shows a sentence written elsewhere when there is no reason', () => {
    expect(errorText({ kind: 'server', message: 'Written by hand.' })).toBe('Written by hand.');
    expect(errorText({ kind: 'server', message: '  ' })).toBe(
      'The service failed. Nothing was changed.',
    );
  });

  it('says the values that were refused, and field messages as they are', () => {
    expect(errorText({ kind: 'validation', fieldErrors: { url: ['Bad url.'] } })).toBe(
      'The service did not accept the values sent: Bad url.',
    );
    expect(errorText({ kind: 'invalid_input', fieldErrors: { apiKey: ['Enter it.'] } })).toBe(
      'Enter it.',
    );
  });

  it('says extension failures in words of their own', () => {
    expect(errorText({ kind: 'not_connected', reason: 'notConnected' })).toMatch(
      /^Site Report is not connected/,
    );
    expect(errorText({ kind: 'bad_message', reason: 'badSender' })).toMatch(/refused/);
    expect(errorText({ kind: 'bad_message', reason: 'noAnswer' })).toBe(
      "The extension didn't answer. Reload it and try again.",
    );
    expect(errorText({ kind: 'invalid_input', reason: 'cannotReport' })).toMatch(/^Only web pages/);
  });
});

describe('a rate limit', () => {
  it.each<[string, Partial<ErrorData>, string]>([
    ['without Retry-After', {}, 'The service is limiting requests. Wait a minute and try again.'],
    [
      'with Retry-After: 30',
      { retryAfterSeconds: 30 },
      'The service is limiting requests. Try again in 30 seconds.',
    ],
    [
      'with Retry-After: 1',
      { retryAfterSeconds: 1 },
      'The service is limiting requests. Try again in 1 second.',
    ],
    [
      'with Retry-After: 120',
      { retryAfterSeconds: 120 },
      'The service is limiting requests. Try again in 2 minutes.',
    ],
    [
      'with Retry-After: 0',
      { retryAfterSeconds: 0 },
      'The service is limiting requests. Wait a minute and try again.',
    ],
    [
      'with an unreadable wait (NaN)',
      { retryAfterSeconds: Number.NaN },
      'The service is limiting requests. Wait a minute and try again.',
    ],
    [
      'with an endless wait (Infinity)',
      { retryAfterSeconds: Number.POSITIVE_INFINITY },
      'The service is limiting requests. Try again in 30 days.',
    ],
    [
      'with a wait of years',
      { retryAfterSeconds: 1e12 },
      'The service is limiting requests. Try again in 30 days.',
    ],
  ])('is said %s, from its data', (_name, details, text) => {
    const withReason = { kind: 'rate_limited', reason: 'rateLimited', ...details } as const;
    expect(errorText(withReason)).toBe(text);
    // Data a page made without a reason says the same, whatever message came with it.
    expect(errorText({ kind: 'rate_limited', message: 'Too many requests.', ...details })).toBe(
      text,
    );
  });

  it('puts the wait into the catalogue sentence', () => {
    translated();
    expect(
      errorText({ kind: 'rate_limited', reason: 'rateLimited', retryAfterSeconds: 30 }),
    ).toMatch(/^«error_rate_limited_after 30 \S+»$/);
    expect(errorText({ kind: 'rate_limited', reason: 'rateLimited' })).toBe('«error_rate_limited»');
  });
});

describe('waits that never throw', () => {
  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1, 0, 1e300])(
    'says a timeout after %s ms',
    (waitedMs) => {
      expect(() => errorText({ kind: 'timeout', reason: 'timeout', waitedMs })).not.toThrow();
      expect(() => errorText({ kind: 'timeout', reason: 'notReady', waitedMs })).not.toThrow();
      expect(() => apiError('timeout', { waitedMs })).not.toThrow();
    },
  );

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1, 0, 1e300])(
    'says a rate limit with Retry-After %s everywhere',
    (retryAfterSeconds) => {
      const error = { kind: 'rate_limited', reason: 'rateLimited', retryAfterSeconds } as const;
      expect(() => errorText(error)).not.toThrow();
      expect(() => errorText(error, 'notification')).not.toThrow();
      expect(() => errorText(error, { host: 'h', hostAccess: true })).not.toThrow();
      expect(() => apiError('rateLimited', { retryAfterSeconds })).not.toThrow();
    },
  );
});

describe('errorText in a notification', () => {
  it.each<[string, ErrorData['kind'], ErrorReason, Partial<ErrorData>, string]>([
    [
      'not connected',
      'not_connected',
      'notConnected',
      {},
      'Connect Site Report to a service in its options first.',
    ],
    [
      'key rejected',
      'unauthorized',
      'unauthorized',
      {},
      "The service rejected the API key. Check it in Site Report's options.",
    ],
    [
      'service down',
      'server',
      'server',
      { status: 503 },
      'The service is not working right now; nothing was created. Try again later.',
    ],
    [
      'unreachable',
      'network',
      'network',
      {},
      "Could not reach the service. Check your connection, and the service URL in Site Report's options.",
    ],
    [
      'too slow',
      'timeout',
      'timeout',
      { waitedMs: 15_000 },
      "Could not reach the service. Check your connection, and the service URL in Site Report's options.",
    ],
    [
      'rate limited',
      'rate_limited',
      'rateLimited',
      { retryAfterSeconds: 120 },
      'The service is limiting requests. Try again in 2 minutes.',
    ],
    [
      'no API access',
      'forbidden',
      'forbidden',
      {},
      'This account has no API access. Check the plan on the service’s site.',
    ],
    [
      'not a web page',
      'invalid_input',
      'cannotReport',
      {},
      'Only web pages (http:// and https:// addresses) can be reported.',
    ],
  ])('says %s its own way, or as a page does', (_name, kind, reason, details, text) => {
    expect(errorText({ kind, reason, ...details }, 'notification')).toBe(text);
  });
});

describe('errorText in Test connection', () => {
  const test: ConnectionTest = { host: 'reports.example.com', hostAccess: true };

  it.each<[ClientReason, SiteReportErrorDetails, RegExp]>([
    ['network', {}, /^Could not reach reports\.example\.com\. Check the address/],
    ['timeout', { waitedMs: 15_000 }, /^reports\.example\.com did not answer in time/],
    ['notFoundOnList', { status: 404 }, /no Site Report API there \(404\)/],
    ['notAnApi', { status: 200 }, /^The address answered, but not like a Site Report API/],
    ['badShape', { status: 200 }, /^The address answered, but not like a Site Report API/],
    ['otherStatus', { status: 418 }, /^The address answered, but not like a Site Report API/],
    ['unauthorized', { status: 401 }, /^The service rejected this API key/],
    ['forbidden', { status: 403 }, /^The key was accepted, but this account has no API access/],
    ['rateLimited', { status: 429 }, /Wait a minute, then test again\.$/],
    ['rateLimited', { status: 429, retryAfterSeconds: 90 }, /Test again in 90 seconds\.$/],
    ['server', { status: 500 }, /\(HTTP 500\)/],
    ['aborted', {}, /^The request was cancelled\.$/],
  ])('says %s (%o) for the form', (reason, details, text) => {
    const { message: _english, ...facts } = toErrorData(apiError(reason, details));
    expect(errorText(facts, test)).toMatch(text);
  });

  it('asks for access to the site when the extension has none', () => {
    expect(
      errorText({ kind: 'network', reason: 'network' }, { ...test, hostAccess: false }),
    ).toMatch(/^Could not reach reports\.example\.com\. Allow Site Report to access this site/);
  });

  it('names the API’s address when it is not the one typed', () => {
    const place = { ...test, apiAddress: 'https://reports.example.com/api/v1' };
    expect(errorText({ kind: 'unauthorized', reason: 'unauthorized' }, place)).toBe(
      "https://reports.example.com/api/v1 is the API's address, but: The service rejected this API key. Check that you copied the whole key.",
    );
  });
});

describe('errorWithText', () => {
  it('keeps the facts and adds the sentence for the place', () => {
    const facts = { kind: 'rate_limited', reason: 'rateLimited', status: 429 } as const;
    expect(errorWithText(facts)).toEqual({
      ...facts,
      message: 'The service is limiting requests. Wait a minute and try again.',
    });
    expect(errorWithText(facts, { host: 'h', hostAccess: true }).message).toBe(
      'The service is limiting requests. Wait a minute, then test again.',
    );
  });
});
