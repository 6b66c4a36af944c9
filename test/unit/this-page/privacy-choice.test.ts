import { describe, expect, it } from 'vitest';
import { PRIVACY } from '../../../lib/api/constants';
import { passwordMissing, privacyInput } from '../../../lib/this-page/privacy-choice';

describe('passwordMissing', () => {
  it.each([
    [PRIVACY.password, '', true],
    [PRIVACY.password, 's3cret', false],
    [PRIVACY.public, '', false],
    [PRIVACY.private, '', false],
  ])('privacy %s with password %j: %s', (privacy, password, missing) => {
    expect(passwordMissing({ privacy, password })).toBe(missing);
  });
});

describe('privacyInput', () => {
  it('sends the password with Password', () => {
    expect(privacyInput({ privacy: PRIVACY.password, password: 's3cret' })).toEqual({
      privacy: 2,
      password: 's3cret',
    });
  });

  it.each([PRIVACY.public, PRIVACY.private])('never sends a password with privacy %s', (p) => {
    expect(privacyInput({ privacy: p, password: 'typed before' })).toStrictEqual({ privacy: p });
  });
});
