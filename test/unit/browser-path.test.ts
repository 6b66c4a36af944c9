import { describe, expect, it } from 'vitest';
import { CHROMIUM_CANDIDATES, findChromium } from '../e2e/browser-path';

const only =
  (...present: string[]) =>
  (path: string) =>
    present.includes(path);

describe('findChromium', () => {
  it('uses CHROME_PATH when it names a browser', () => {
    const env = { CHROME_PATH: '/opt/google/chrome/chrome' };
    expect(findChromium(env, only('/opt/google/chrome/chrome', '/usr/bin/chromium'))).toBe(
      '/opt/google/chrome/chrome',
    );
  });

  it('refuses a CHROME_PATH with nothing there, naming it and the install command', () => {
    expect(() =>
      findChromium({ CHROME_PATH: '/nowhere/chrome' }, only('/usr/bin/chromium')),
    ).toThrow(
      /CHROME_PATH is set to \/nowhere\/chrome, but no browser is there\. Install it with `apt-get install -y chromium`/,
    );
  });

  it.each(CHROMIUM_CANDIDATES)('finds %s without CHROME_PATH', (path) => {
    expect(findChromium({}, only(path))).toBe(path);
  });

  it('prefers Debian’s Chromium when several are installed', () => {
    expect(findChromium({}, only(...CHROMIUM_CANDIDATES))).toBe('/usr/bin/chromium');
  });

  it('says how to install one when there is none', () => {
    expect(() => findChromium({}, only())).toThrow(
      /^No Chromium found\. Install it with `apt-get install -y chromium`/,
    );
  });
});
