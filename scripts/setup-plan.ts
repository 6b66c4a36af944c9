// What `npm run setup` has to do on this machine, decided from what is there (no side effects):
// the demo and the end-to-end tests drive Chromium, the Firefox tests drive Firefox; each is found
// by its *_PATH variable or at its usual place, and what is missing comes from Debian's apt.
import { findChromium } from '../test/e2e/browser-path';
import { findFirefox } from '../test/firefox/browser-path';

export interface SetupEnvironment {
  env: NodeJS.ProcessEnv;
  exists(path: string): boolean;
  /** Whether this process runs as root (apt-get needs it). */
  isRoot: boolean;
}

export interface NeededBrowser {
  name: string;
  /** The variable that names a browser installed elsewhere. */
  variable: string;
  aptPackage: string;
  usedBy: string;
  find(env: NodeJS.ProcessEnv, exists: (path: string) => boolean): string;
}

export const NEEDED_BROWSERS: readonly NeededBrowser[] = [
  {
    name: 'Chromium',
    variable: 'CHROME_PATH',
    aptPackage: 'chromium',
    usedBy: 'the demo and the end-to-end tests',
    find: findChromium,
  },
  {
    name: 'Firefox',
    variable: 'FIREFOX_PATH',
    aptPackage: 'firefox-esr',
    usedBy: 'the Firefox end-to-end tests',
    find: findFirefox,
  },
];

export const APT_GET = '/usr/bin/apt-get';

export interface FoundBrowser {
  name: string;
  path: string;
}

export type SetupPlan =
  /** Every browser is there. */
  | { action: 'none'; found: FoundBrowser[] }
  /** Run these commands (as root), in order. */
  | { action: 'install'; found: FoundBrowser[]; packages: string[]; commands: string[][] }
  /** Nothing this script may do: say why (and the command to run, when there is one) and stop. */
  | { action: 'stop'; found: FoundBrowser[]; reason: string; command?: string };

export function planSetup(
  { env, exists, isRoot }: SetupEnvironment,
  browsers: readonly NeededBrowser[] = NEEDED_BROWSERS,
): SetupPlan {
  const found: FoundBrowser[] = [];
  const missing: NeededBrowser[] = [];
  const misnamed: string[] = [];
  for (const browser of browsers) {
    const named = env[browser.variable];
    if (named && !exists(named)) {
      // Installing a browser would not help: the variable still wins.
      misnamed.push(
        `${browser.variable} is set to ${named}, but nothing is there: point it at a ${browser.name} binary, or unset it to use Debian's ${browser.aptPackage}.`,
      );
      continue;
    }
    try {
      found.push({ name: browser.name, path: browser.find(env, exists) });
    } catch {
      missing.push(browser);
    }
  }
  if (misnamed.length > 0) return { action: 'stop', found, reason: misnamed.join('\n') };
  if (missing.length === 0) return { action: 'none', found };

  const packages = missing.map((browser) => browser.aptPackage);
  const what = missing.map((browser) => `${browser.name} (for ${browser.usedBy})`).join(' and ');
  if (!exists(APT_GET)) {
    const variables = missing.map((browser) => browser.variable).join(' and ');
    return {
      action: 'stop',
      found,
      reason: `${what} not found, and there is no apt-get here to install ${missing.length > 1 ? 'them' : 'it'}. Install ${missing.length > 1 ? 'them' : 'it'} with this system's package manager and set ${variables} to the browser${missing.length > 1 ? 's' : ''}.`,
    };
  }
  const commands = [
    ['apt-get', 'update'],
    ['apt-get', 'install', '-y', ...packages],
  ];
  if (!isRoot) {
    return {
      action: 'stop',
      found,
      reason: `${what} not found. Installing needs root: run this, then \`npm run setup\` again.`,
      command: commands.map((command) => `sudo ${command.join(' ')}`).join(' && '),
    };
  }
  return { action: 'install', found, packages, commands };
}

/**
 * Why this Node cannot run the tools, or undefined when it can. `wanted` is package.json's
 * `engines.node`, of the form `>=MAJOR.MINOR[.PATCH]` (the only form this project uses).
 */
export function nodeTooOld(version: string, wanted: string): string | undefined {
  const floor = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(wanted.trim());
  if (!floor) return `package.json's engines.node ("${wanted}") is not of the form >=X.Y.`;
  const have = version.replace(/^v/, '').split('.').map(Number);
  const need = floor.slice(1).map((part) => Number(part ?? 0));
  for (let i = 0; i < 3; i++) {
    const [a = 0, b = 0] = [have[i], need[i]];
    if (a > b) return undefined;
    if (a < b) {
      return `Node ${version} is too old: this project needs Node ${wanted} (package.json engines). Install a newer Node, then run \`npm ci\` and \`npm run setup\` again.`;
    }
  }
  return undefined;
}
