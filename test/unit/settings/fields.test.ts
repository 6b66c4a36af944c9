// The one field-check path: what each setting accepts (normalised) and what it refuses (with the
// sentence shown next to the field), and how several are checked at once.
import { describe, expect, it } from 'vitest';
import { PRIVACY } from '../../../lib/api/constants';
import {
  checkField,
  checkFields,
  DEFAULT_SETTINGS,
  hasErrors,
  type SettingKey,
} from '../../../lib/settings';
import { settingsFrom } from '../../../lib/settings/fields';

const INVALID = 'This value is not valid.';
const NOT_A_SERVICE_ADDRESS = /^This is not a web address\. Enter the full service address/;
const NOT_A_SITE_ADDRESS = /^This is not a web address\. Enter a full address that starts/;

describe('checkField', () => {
  it.each<[SettingKey, unknown, unknown]>([
    ['serviceUrl', '', ''],
    ['serviceUrl', '   ', ''],
    ['serviceUrl', ' https://R.example.com/api/v1/ ', 'https://r.example.com/api/v1'],
    ['serviceUrl', 'http://localhost:8080/', 'http://localhost:8080'],
    ['apiKey', '', ''],
    ['apiKey', '  sr_key-123  ', 'sr_key-123'],
    ['defaultPrivacy', PRIVACY.public, 0],
    ['defaultPrivacy', PRIVACY.password, 2],
    ['showBadge', false, false],
    ['contextMenu', true, true],
    ['notify', false, false],
    ['siteUrl', '', ''],
    ['siteUrl', 'https://www.r.example/', 'https://www.r.example'],
  ])('accepts %s = %j as %j', (key, value, expected) => {
    expect(checkField(key, value)).toEqual({ ok: true, value: expected });
  });

  it.each<[SettingKey, unknown, string | RegExp]>([
    ['serviceUrl', 42, INVALID],
    ['serviceUrl', 'reports example com', NOT_A_SERVICE_ADDRESS],
    ['serviceUrl', 'ftp://r.example', 'The address must start with https://.'],
    ['serviceUrl', 'http://r.example/api/v1', /plain http:\/\/ is only allowed/],
    ['serviceUrl', 'https://u:p@r.example', /user name, a password/],
    ['apiKey', null, INVALID],
    ['apiKey', 'has space inside', /characters a key cannot have/],
    ['apiKey', 'clé', /characters a key cannot have/],
    ['defaultPrivacy', 3, INVALID],
    ['defaultPrivacy', '1', INVALID],
    ['showBadge', 'yes', INVALID],
    ['contextMenu', 1, INVALID],
    ['notify', undefined, INVALID],
    ['siteUrl', 'nope', NOT_A_SITE_ADDRESS],
    ['siteUrl', 'https://r.example/?x', /\?/],
  ])('refuses %s = %j, saying why', (key, value, message) => {
    const check = checkField(key, value);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toMatch(message);
  });
});

describe('checkFields', () => {
  it.each<[string, Record<string, unknown>, Parameters<typeof checkFields>[1], object, string[]]>([
    ['checks only the keys present', { notify: false }, undefined, { notify: false }, []],
    [
      'splits valid values from errors',
      { serviceUrl: 'nope', apiKey: ' k ', showBadge: 'no' },
      undefined,
      { apiKey: 'k' },
      ['serviceUrl', 'showBadge'],
    ],
    [
      'leaves out keys not asked for',
      { serviceUrl: 'nope', apiKey: 'k', notify: false },
      { keys: ['apiKey', 'notify'] },
      { apiKey: 'k', notify: false },
      [],
    ],
    [
      'refuses an empty required field',
      { serviceUrl: '  ', apiKey: '' },
      { keys: ['serviceUrl', 'apiKey'], required: { serviceUrl: 'need url', apiKey: 'need key' } },
      {},
      ['serviceUrl', 'apiKey'],
    ],
    [
      'checks a key with an undefined value (present, so not skipped)',
      { notify: undefined },
      undefined,
      {},
      ['notify'],
    ],
  ])('%s', (_name, raw, options, values, errorKeys) => {
    const result = checkFields(raw, options);
    expect(result.values).toEqual(values);
    expect(Object.keys(result.errors)).toEqual(errorKeys);
    expect(hasErrors(result.errors)).toBe(errorKeys.length > 0);
  });

  it('says the required sentence only when the value itself is fine', () => {
    const { errors } = checkFields(
      { serviceUrl: '', apiKey: 'bad key' },
      { keys: ['serviceUrl', 'apiKey'], required: { serviceUrl: 'need url', apiKey: 'need key' } },
    );
    expect(errors).toEqual({
      serviceUrl: 'need url',
      apiKey: expect.stringMatching(/characters a key cannot have/),
    });
    // In the order of the keys asked for, so the first message is the first field's.
    expect(Object.keys(errors)).toEqual(['serviceUrl', 'apiKey']);
  });
});

describe('settingsFrom', () => {
  it('keeps what is valid and defaults the rest', () => {
    expect(
      settingsFrom({ serviceUrl: 'https://a.example/', apiKey: 7, notify: false, extra: 1 }),
    ).toEqual({ ...DEFAULT_SETTINGS, serviceUrl: 'https://a.example', notify: false });
  });
});
