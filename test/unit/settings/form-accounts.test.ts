// The options form's account logic: when Save must ask whose key it writes, which fields of an
// account the administrator fixed, an account's values in the form, and what removing one takes.
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../lib/account/accounts';
import { DEFAULT_SETTINGS, type SettingKey } from '../../../lib/settings';
import {
  accountLocks,
  formOfAccount,
  holdingsText,
  needsKeyCheck,
} from '../../../lib/settings/form';

const SAVED = { serviceUrl: 'https://r.example/api/v1', apiKey: 'sr_saved_key' };

describe('needsKeyCheck', () => {
  it.each([
    ['a new account', undefined, { ...SAVED, apiKey: 'sr_typed' }, false],
    ['an account without a key', { ...SAVED, apiKey: '' }, { ...SAVED, apiKey: 'sr_typed' }, false],
    ['the saved values', SAVED, SAVED, false],
    ['the key removed', SAVED, { ...SAVED, apiKey: '' }, false],
    [
      'another path on the same origin',
      SAVED,
      { ...SAVED, serviceUrl: 'https://r.example/v1' },
      false,
    ],
    ['a key typed over the saved one', SAVED, { ...SAVED, apiKey: 'sr_typed' }, true],
    ['another origin', SAVED, { ...SAVED, serviceUrl: 'https://other.example/api/v1' }, true],
    ['another port', SAVED, { ...SAVED, serviceUrl: 'https://r.example:8443/api/v1' }, true],
  ] as const)('%s: %s', (_name, saved, typed, expected) => {
    expect(needsKeyCheck(saved, typed)).toBe(expected);
  });
});

const account = (id: string): Account => ({
  id,
  name: id,
  serviceUrl: `https://${id}.example/api/v1`,
  siteUrl: '',
  apiKey: `key-${id}`,
});

describe('accountLocks', () => {
  const inUse = { id: 'a1', locked: ['serviceUrl', 'siteUrl', 'notify'] as SettingKey[] };

  it.each([
    ['the account in use', account('a1'), ['serviceUrl', 'siteUrl', 'notify']],
    ['another of the user’s', account('a2'), ['notify']],
    ['an administrator’s preset', account('m0a1b2c3d'), ['notify', 'serviceUrl', 'siteUrl']],
    ['a new account', undefined, ['notify']],
  ] as const)('%s', (_name, edited, expected) => {
    expect(accountLocks(edited, inUse)).toEqual(expected);
  });
});

describe('formOfAccount', () => {
  it('puts the account’s connection over the shared preferences', () => {
    const preferences = { ...DEFAULT_SETTINGS, notify: false, serviceUrl: 'https://old.example' };
    expect(formOfAccount(preferences, account('a2'))).toEqual({
      ...preferences,
      serviceUrl: 'https://a2.example/api/v1',
      apiKey: 'key-a2',
      siteUrl: '',
    });
    expect(formOfAccount(preferences, undefined)).toMatchObject({
      serviceUrl: '',
      apiKey: '',
      notify: false,
    });
  });
});

describe('holdingsText', () => {
  it.each([
    [
      { watched: 0, analyses: 0, jobs: 0 },
      'This browser forgets its API key, 0 watched pages, 0 analyses kept and 0 unfinished jobs. Its reports stay on the service.',
    ],
    [
      { watched: 1, analyses: 1, jobs: 1 },
      'This browser forgets its API key, 1 watched page, 1 analysis kept and 1 unfinished job. Its reports stay on the service.',
    ],
    [
      { watched: 12, analyses: 1500, jobs: 2 },
      'This browser forgets its API key, 12 watched pages, 1,500 analyses kept and 2 unfinished jobs. Its reports stay on the service.',
    ],
    [
      null,
      'This browser forgets its API key and everything it keeps for it. Its reports stay on the service.',
    ],
  ])('%j', (holdings, text) => {
    expect(holdingsText(holdings)).toBe(text);
  });
});
