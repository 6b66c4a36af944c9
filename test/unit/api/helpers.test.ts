// The helpers the background uses beside the client: base URL checks, the site address, plain
// error data, and Retry-After parsing.
import { describe, expect, it } from 'vitest';
import {
  normaliseBaseUrl,
  parseRetryAfter,
  SiteReportError,
  siteUrlFromBaseUrl,
  toErrorData,
} from '../../../lib/api';

describe('normaliseBaseUrl', () => {
  it.each([
    ['https://reports.example.com/api/v1', 'https://reports.example.com/api/v1'],
    ['  https://reports.example.com/api/v1///  ', 'https://reports.example.com/api/v1'],
    ['https://Reports.Example.com:443/api/v1/', 'https://reports.example.com/api/v1'],
    ['https://reports.example.com', 'https://reports.example.com'],
    ['http://localhost:8000/api/v1/', 'http://localhost:8000/api/v1'],
    ['http://127.0.0.1:8000/api/v1', 'http://127.0.0.1:8000/api/v1'],
    ['http://127.10.20.30/api/v1', 'http://127.10.20.30/api/v1'],
    ['http://[::1]:8000/api/v1', 'http://[::1]:8000/api/v1'],
  ])('accepts %s', (input, expected) => {
    expect(normaliseBaseUrl(input)).toBe(expected);
  });

  it.each([
    ['', /full URL/],
    ['reports.example.com/api/v1', /full URL/],
    ['/api/v1', /full URL/],
    ['ftp://reports.example.com/api/v1', /https:\/\//],
    ['localhost:8000/api/v1', /https:\/\//],
    ['http://reports.example.com/api/v1', /only allowed for localhost/],
    ['http://128.0.0.1/api/v1', /only allowed for localhost/],
    ['http://localhost.example.com/api/v1', /only allowed for localhost/],
    ['https://user:pw@reports.example.com/api/v1', /cannot contain/],
    ['https://reports.example.com/api/v1?x=1', /cannot contain/],
  ])('refuses %j', (input, message) => {
    let error: unknown;
    try {
      normaliseBaseUrl(input);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SiteReportError);
    expect(error).toMatchObject({ kind: 'invalid_input' });
    expect((error as SiteReportError).fieldErrors.baseUrl?.[0]).toMatch(message);
    expect((error as SiteReportError).message).toMatch(message);
  });
});

describe('siteUrlFromBaseUrl', () => {
  it.each([
    ['https://reports.example.com/api/v1', 'https://reports.example.com'],
    ['https://reports.example.com/api/v1/', 'https://reports.example.com'],
    ['https://example.com/tools/reports/api/v1', 'https://example.com/tools/reports'],
    ['https://reports.example.com/v1', 'https://reports.example.com/v1'],
  ])('%s → %s', (base, site) => {
    expect(siteUrlFromBaseUrl(base)).toBe(site);
  });
});

describe('toErrorData', () => {
  it('copies a SiteReportError as plain data', () => {
    const error = new SiteReportError('rate_limited', 'Try again in 5 seconds.', {
      status: 429,
      retryAfterSeconds: 5,
    });
    expect(toErrorData(error)).toStrictEqual({
      kind: 'rate_limited',
      message: 'Try again in 5 seconds.',
      status: 429,
      retryAfterSeconds: 5,
    });
  });

  it('keeps field errors only when there are some', () => {
    const withFields = new SiteReportError('validation', 'x', { fieldErrors: { url: ['bad'] } });
    expect(toErrorData(withFields).fieldErrors).toEqual({ url: ['bad'] });
    expect(toErrorData(new SiteReportError('server', 'x'))).not.toHaveProperty('fieldErrors');
  });

  it.each([
    ['a TypeError', new TypeError('secret detail')],
    ['a string', 'boom'],
    ['undefined', undefined],
  ])('turns %s into a generic unexpected_response', (_name, thrown) => {
    const data = toErrorData(thrown);
    expect(data.kind).toBe('unexpected_response');
    expect(data.message).not.toContain('secret');
    expect(data.message).toMatch(/Something went wrong/);
  });

  it('treats a platform AbortError as a cancellation', () => {
    expect(toErrorData(new DOMException('x', 'AbortError')).kind).toBe('aborted');
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-20T09:00:00Z');
  it.each<[string | null, number | undefined]>([
    ['120', 120],
    [' 0 ', 0],
    ['Fri, 20 Nov 2026 09:00:30 GMT', 30],
    ['Fri, 20 Nov 2026 08:59:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j → %j', (header, seconds) => {
    expect(parseRetryAfter(header, now)).toBe(seconds);
  });
});
