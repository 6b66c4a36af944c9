import { describe, expect, it } from 'vitest';
import { APT_GET, nodeTooOld, planSetup } from '../../scripts/setup-plan';

const CHROMIUM = '/usr/bin/chromium';
const FIREFOX = '/usr/bin/firefox-esr';

/** A machine where only `present` exist, with these variables, as root unless told. */
function machine(present: string[], env: NodeJS.ProcessEnv = {}, isRoot = true) {
  return { env, isRoot, exists: (path: string) => present.includes(path) };
}

describe('planSetup', () => {
  it('has nothing to do when both browsers are there', () => {
    expect(planSetup(machine([CHROMIUM, FIREFOX, APT_GET]))).toEqual({
      action: 'none',
      found: [
        { name: 'Chromium', path: CHROMIUM },
        { name: 'Firefox', path: FIREFOX },
      ],
    });
  });

  it('takes browsers named by CHROME_PATH and FIREFOX_PATH, and installs nothing', () => {
    const env = { CHROME_PATH: '/opt/chrome/chrome', FIREFOX_PATH: '/opt/firefox/firefox' };
    expect(planSetup(machine(['/opt/chrome/chrome', '/opt/firefox/firefox'], env))).toEqual({
      action: 'none',
      found: [
        { name: 'Chromium', path: '/opt/chrome/chrome' },
        { name: 'Firefox', path: '/opt/firefox/firefox' },
      ],
    });
  });

  it('installs both with apt-get, after apt-get update, on a bare machine as root', () => {
    expect(planSetup(machine([APT_GET]))).toEqual({
      action: 'install',
      found: [],
      packages: ['chromium', 'firefox-esr'],
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'chromium', 'firefox-esr'],
      ],
    });
  });

  it.each([
    { present: [CHROMIUM], missing: 'firefox-esr', found: 'Chromium' },
    { present: [FIREFOX], missing: 'chromium', found: 'Firefox' },
  ])('installs only $missing when $found is there', ({ present, missing, found }) => {
    const plan = planSetup(machine([...present, APT_GET]));
    expect(plan).toMatchObject({ action: 'install', packages: [missing] });
    expect(plan.found.map((browser) => browser.name)).toEqual([found]);
  });

  it('installs nothing for a browser its variable names elsewhere', () => {
    const plan = planSetup(
      machine(['/opt/chrome/chrome', APT_GET], { CHROME_PATH: '/opt/chrome/chrome' }),
    );
    expect(plan).toMatchObject({ action: 'install', packages: ['firefox-esr'] });
  });

  it('prints the command to run as root instead of running it', () => {
    const plan = planSetup(machine([APT_GET], {}, false));
    expect(plan).toMatchObject({
      action: 'stop',
      command: 'sudo apt-get update && sudo apt-get install -y chromium firefox-esr',
    });
    expect(plan.action === 'stop' && plan.reason).toMatch(
      /^Chromium \(for the demo and the end-to-end tests\) and Firefox \(for the Firefox end-to-end tests\) not found\. Installing needs root/,
    );
  });

  it('says what to install by hand where there is no apt-get', () => {
    const plan = planSetup(machine([CHROMIUM]));
    expect(plan).toMatchObject({ action: 'stop', found: [{ name: 'Chromium', path: CHROMIUM }] });
    expect(plan).not.toHaveProperty('command');
    expect(plan.action === 'stop' && plan.reason).toMatch(
      /^Firefox \(for the Firefox end-to-end tests\) not found, and there is no apt-get here to install it\. .*set FIREFOX_PATH to the browser\.$/,
    );
  });

  it('stops on a variable that names nothing, since installing would not help', () => {
    const plan = planSetup(machine([CHROMIUM, APT_GET], { FIREFOX_PATH: '/nowhere/firefox' }));
    expect(plan).toMatchObject({ action: 'stop' });
    expect(plan).not.toHaveProperty('command');
    expect(plan.action === 'stop' && plan.reason).toBe(
      "FIREFOX_PATH is set to /nowhere/firefox, but nothing is there: point it at a Firefox binary, or unset it to use Debian's firefox-esr.",
    );
  });
});

describe('nodeTooOld', () => {
  it.each([
    ['v20.12.0', '>=20.12'],
    ['v20.20.2', '>=20.12'],
    ['v22.1.0', '>=20.12'],
    ['v20.12.1', '>=20.12.1'],
  ])('lets Node %s run what needs %s', (version, wanted) => {
    expect(nodeTooOld(version, wanted)).toBeUndefined();
  });

  it.each([
    ['v20.11.1', '>=20.12'],
    ['v18.20.0', '>=20.12'],
    ['v20.12.0', '>=20.12.1'],
  ])('says Node %s is too old for %s', (version, wanted) => {
    expect(nodeTooOld(version, wanted)).toMatch(`Node ${version} is too old`);
  });

  it('says when it cannot read the wanted version', () => {
    expect(nodeTooOld('v20.20.2', '^20 || ^22')).toMatch('not of the form');
  });
});
