// The options form's checks, which go through the settings' one field-check path: Save (every
// field not locked) and Test connection (address and key, both required), and Test connection's
// answer in words, naming the address it tested.
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../../lib/messaging/protocol';
import { DEFAULT_SETTINGS, type SettingKey } from '../../../lib/settings';
import {
  checkForTest,
  type FormValues,
  sameConnection,
  testOutcome,
  validateForm,
} from '../../../lib/settings/form';

const form = (patch: Partial<Record<SettingKey, unknown>>) =>
  ({ ...DEFAULT_SETTINGS, ...patch }) as FormValues;

describe('validateForm', () => {
  it('gives the normalised patch and the address in effect', () => {
    expect(
      validateForm(form({ serviceUrl: ' https://r.example/api/v1/ ', apiKey: ' k ' })),
    ).toEqual({
      ok: true,
      patch: { ...DEFAULT_SETTINGS, serviceUrl: 'https://r.example/api/v1', apiKey: 'k' },
      serviceUrl: 'https://r.example/api/v1',
    });
  });

  it.each<[string, Partial<Record<SettingKey, unknown>>, SettingKey[], SettingKey[]]>([
    ['a bad address', { serviceUrl: 'nope' }, [], ['serviceUrl']],
    ['a bad key and site', { apiKey: 'a b', siteUrl: 'nope' }, [], ['apiKey', 'siteUrl']],
    [
      'a locked bad address (left alone)',
      { serviceUrl: 'nope', apiKey: 'a b' },
      ['serviceUrl'],
      ['apiKey'],
    ],
  ])('refuses %s', (_name, patch, locked, errorKeys) => {
    const checked = validateForm(form(patch), locked);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(Object.keys(checked.errors)).toEqual(errorKeys);
  });

  it('leaves locked fields out of the patch, keeping the address in effect', () => {
    const checked = validateForm(form({ serviceUrl: 'https://corp.example' }), ['serviceUrl']);
    expect(checked).toMatchObject({ ok: true, serviceUrl: 'https://corp.example' });
    if (checked.ok) expect(checked.patch).not.toHaveProperty('serviceUrl');
  });
});

describe('checkForTest', () => {
  it.each<[string, string, string, Record<string, RegExp>]>([
    ['no address', '  ', 'k', { serviceUrl: /^Enter the service address/ }],
    ['a malformed address', 'not an address', 'k', { serviceUrl: /not a web address/ }],
    ['no key', 'https://r.example', '  ', { apiKey: /^Enter the API key first/ }],
    ['a bad key', 'https://r.example', 'a b', { apiKey: /characters a key cannot have/ }],
    [
      'neither',
      '',
      '',
      { serviceUrl: /^Enter the service address/, apiKey: /^Enter the API key first/ },
    ],
  ])('with %s', (_name, serviceUrl, apiKey, expected) => {
    const checked = checkForTest({ serviceUrl, apiKey });
    if (checked.ok) throw new Error('expected errors');
    expect(Object.keys(checked.errors)).toEqual(Object.keys(expected));
    for (const [key, message] of Object.entries(expected)) {
      expect(checked.errors[key as SettingKey]).toMatch(message);
    }
  });

  it('with both given: the request, normalised, names the address the background tests', () => {
    expect(checkForTest({ serviceUrl: ' https://r.example/api/v1/ ', apiKey: ' k ' })).toEqual({
      ok: true,
      request: { serviceUrl: 'https://r.example/api/v1', apiKey: 'k' },
    });
  });
});

describe('testOutcome', () => {
  const ADDRESS = 'https://r.example';
  const API = 'https://r.example/api/v1';

  it.each<[string, Answer<'testConnection'>, string]>([
    [
      'a success with a count',
      { ok: true, data: { baseUrl: API, adjusted: false, total: 3 } },
      `Connected to ${API}. Reports on the service: 3.`,
    ],
    [
      'a success without a count',
      { ok: true, data: { baseUrl: API, adjusted: false } },
      `Connected to ${API}.`,
    ],
    [
      'an answer at the API address',
      { ok: true, data: { baseUrl: API, adjusted: true, total: 2 } },
      `The service answered at ${API} (reports on the service: 2). Use that address?`,
    ],
    [
      'a success with the plan',
      {
        ok: true,
        data: {
          baseUrl: API,
          adjusted: false,
          total: 3,
          plan: { name: 'Pro', reportsPerMonth: 500 },
        },
      },
      `Connected to ${API}. Reports on the service: 3. Plan Pro: 500 reports a month.`,
    ],
    [
      'a success with an unlimited plan',
      {
        ok: true,
        data: {
          baseUrl: API,
          adjusted: false,
          plan: { name: 'Agency', reportsPerMonth: 'unlimited' },
        },
      },
      `Connected to ${API}. Plan Agency: unlimited reports.`,
    ],
    [
      'a plan whose allowance is not told',
      { ok: true, data: { baseUrl: API, adjusted: false, plan: { name: 'Pro' } } },
      `Connected to ${API}. Plan Pro.`,
    ],
    [
      'an answer at the API address, with the plan',
      {
        ok: true,
        data: { baseUrl: API, adjusted: true, plan: { name: 'Pro', reportsPerMonth: 1 } },
      },
      `The service answered at ${API}. Use that address? Plan Pro: 1 report a month.`,
    ],
    [
      'a failure',
      { ok: false, error: { kind: 'unauthorized', message: 'The service rejected this API key.' } },
      `${ADDRESS}: The service rejected this API key.`,
    ],
    [
      'a field to fix (nothing was tested)',
      {
        ok: false,
        error: { kind: 'invalid_input', message: 'Enter the API key first.' },
      },
      'Enter the API key first.',
    ],
  ])('names the address tested: %s', (_name, answer, text) => {
    expect(testOutcome(answer, ADDRESS).text).toBe(text);
  });

  it('offers the API address, and puts the service’s field errors next to the fields', () => {
    expect(
      testOutcome({ ok: true, data: { baseUrl: API, adjusted: true } }, ADDRESS),
    ).toMatchObject({ suggestion: API });
    expect(
      testOutcome(
        {
          ok: false,
          error: {
            kind: 'invalid_input',
            message: 'Bad key.',
            fieldErrors: { apiKey: ['Bad key.'] },
          },
        },
        ADDRESS,
      ),
    ).toEqual({ text: 'Bad key.', errors: { apiKey: 'Bad key.' } });
  });
});

describe('sameConnection', () => {
  it('compares the address and key as typed', () => {
    const a = { serviceUrl: 'https://r.example', apiKey: 'k' };
    expect(sameConnection(a, { ...a })).toBe(true);
    expect(sameConnection(a, { ...a, apiKey: 'k2' })).toBe(false);
    expect(sameConnection(a, { ...a, serviceUrl: 'https://r.example/' })).toBe(false);
  });
});
