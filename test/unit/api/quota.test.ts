// What a quota refusal is (CONTRACT.md "Quota"): the service's own sentence on `url`, as a whole,
// or any refusal of the url when the plan GET /account told allows no reports a month. A page the
// service cannot fetch is a 422 on `url` too, whatever words its fetch error carries.
import { describe, expect, it } from 'vitest';
import type { ErrorData, Plan } from '../../../lib/api/model';
import { isQuotaRefusal, QUOTA_SENTENCE } from '../../../lib/api/quota';
import { rejection, useServer } from './fixtures';

type Refusal = Pick<ErrorData, 'kind' | 'status' | 'fieldErrors'>;

const onUrl = (...messages: string[]): Refusal => ({
  kind: 'validation',
  status: 422,
  fieldErrors: { url: messages },
});

describe('isQuotaRefusal', () => {
  it('knows the contract’s sentence', () => {
    expect(QUOTA_SENTENCE).toBe('You created too many reports.');
  });

  it.each([
    ['the sentence', 'You created too many reports.'],
    ['the sentence with spaces around it', '  You created too many reports.\n'],
    ['the sentence in other capitals', 'You created too many Reports.'],
    ['the sentence in capitals', 'YOU CREATED TOO MANY REPORTS.'],
  ])('is %s on url', (_name, message) => {
    expect(isQuotaRefusal(onUrl(message))).toBe(true);
  });

  it('is the sentence among other messages on url, and on a field named URL', () => {
    expect(isQuotaRefusal(onUrl('The url is odd.', 'You created too many reports.'))).toBe(true);
    expect(
      isQuotaRefusal({
        kind: 'validation',
        status: 422,
        fieldErrors: { URL: ['You created too many reports.'] },
      }),
    ).toBe(true);
  });

  it.each([
    [
      'a fetch error naming an address of reports with a limit',
      'Could not fetch https://x.test/reports?limit=10: too many redirects',
    ],
    [
      'the local service’s fetch error of such an address',
      'The url could not be fetched: it redirects more than 5 times, the last time to http://127.0.0.1:8787/site/reports?limit=10.',
    ],
    [
      'a page whose address quotes the sentence',
      'Could not fetch https://x.test/?q=You created too many reports.',
    ],
    ['the sentence inside a longer one', 'The page said: You created too many reports. (HTTP 200)'],
    ['the sentence without its full stop', 'You created too many reports'],
    ['a page that redirects too often', 'Too many redirects.'],
    ['other words of a quota', 'Monthly report quota exceeded.'],
    ['other words of a limit', 'You reached the report limit of your plan.'],
    ['a timeout', 'cURL error 28: Operation timed out'],
    ['a url the service refuses', 'The url field must be a valid URL.'],
    ['an empty message', ''],
  ])('is not %s', (_name, message) => {
    expect(isQuotaRefusal(onUrl(message))).toBe(false);
  });

  it.each<[string, Refusal]>([
    [
      'the sentence on another field',
      { kind: 'validation', status: 422, fieldErrors: { privacy: [QUOTA_SENTENCE] } },
    ],
    ['no field errors', { kind: 'validation', status: 422 }],
    ['a 429', { kind: 'rate_limited', status: 429, fieldErrors: { url: [QUOTA_SENTENCE] } }],
    [
      'the client’s own refusal of an input',
      { kind: 'invalid_input', fieldErrors: { url: [QUOTA_SENTENCE] } },
    ],
    ['a 400', { kind: 'validation', status: 400, fieldErrors: { url: [QUOTA_SENTENCE] } }],
  ])('is not %s', (_name, error) => {
    expect(isQuotaRefusal(error)).toBe(false);
    expect(isQuotaRefusal(error, { name: 'Free', reportsPerMonth: 0 })).toBe(false);
  });

  describe('with the plan GET /account told', () => {
    const pageError = onUrl('Could not fetch https://x.test/reports?limit=10: too many redirects');

    it.each<[string, Plan | null | undefined, boolean]>([
      [
        'no reports a month: any refusal of the url is the quota',
        { name: 'Free', reportsPerMonth: 0 },
        true,
      ],
      ['500 reports a month', { name: 'Pro', reportsPerMonth: 500 }, false],
      ['unlimited reports', { name: 'Max', reportsPerMonth: 'unlimited' }, false],
      ['no allowance told', { name: 'Old' }, false],
      ['no plan told', null, false],
      ['no plan kept', undefined, false],
    ])('allowing %s', (_name, plan, quota) => {
      expect(isQuotaRefusal(pageError, plan)).toBe(quota);
    });

    it.each<[string, Plan]>([
      ['500 reports a month', { name: 'Pro', reportsPerMonth: 500 }],
      // Kept for up to a day: the service's own sentence is newer than what it told then.
      ['unlimited reports', { name: 'Max', reportsPerMonth: 'unlimited' }],
    ])('allowing %s, still takes the service’s sentence for the quota', (_name, plan) => {
      expect(isQuotaRefusal(onUrl(QUOTA_SENTENCE), plan)).toBe(true);
    });
  });
});

describe('a create refused by the service, as the client reads it', () => {
  const ctx = useServer();

  it.each([
    ['the contract form', { message: { url: [QUOTA_SENTENCE] }, status: 422 }, true],
    ['the Laravel form', { message: QUOTA_SENTENCE, errors: { url: [QUOTA_SENTENCE] } }, true],
    [
      'a fetch error naming an address of reports with a limit',
      {
        message: { url: ['Could not fetch https://x.test/reports?limit=10: too many redirects'] },
        status: 422,
      },
      false,
    ],
  ])('in %s', async (_name, body, quota) => {
    ctx.server.on({ status: 422, body });
    const error = await rejection(ctx.client().reports.create({ url: 'https://x.test/latest' }));
    expect(isQuotaRefusal(error as ErrorData)).toBe(quota);
  });
});
