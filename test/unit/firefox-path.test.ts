import { describe, expect, it } from 'vitest';
import { FIREFOX_CANDIDATES, findFirefox } from '../firefox/browser-path';

const only =
  (...present: string[]) =>
  (path: string) =>
    present.includes(path);

describe('findFirefox', () => {
  it('uses FIREFOX_PATH when it names a browser', () => {
    const env = { FIREFOX_PATH: '/opt/firefox/firefox' };
    expect(findFirefox(env, only('/opt/firefox/firefox', '/usr/bin/firefox-esr'))).toBe(
      '/opt/firefox/firefox',
    );
  });

  it('refuses a FIREFOX_PATH with nothing there, naming it and the install command', () => {
    expect(() =>
      findFirefox({ FIREFOX_PATH: '/nowhere/firefox' }, only('/usr/bin/firefox-esr')),
    ).toThrow(
      /FIREFOX_PATH is set to \/nowhere\/firefox, but no browser is there\. Install it with `apt-get install -y firefox-esr`/,
    );
  });

  it.each(FIREFOX_CANDIDATES)('finds %s without FIREFOX_PATH', (path) => {
    expect(findFirefox({}, only(path))).toBe(path);
  });

  it('prefers Firefox ESR when both are installed', () => {
    expect(findFirefox({}, only(...FIREFOX_CANDIDATES))).toBe('/usr/bin/firefox-esr');
  });

  it('says how to install one when there is none', () => {
    expect(() => findFirefox({}, only())).toThrow(
      /^No Firefox found\. Install it with `apt-get install -y firefox-esr`/,
    );
  });
});
