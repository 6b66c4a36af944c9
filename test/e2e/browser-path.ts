// Where to find the Chromium that end-to-end tests, the demo and the benchmark drive.
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

const INSTALL_HINT =
  'Install it with `apt-get install -y chromium` (Debian/Ubuntu), or set CHROME_PATH to a Chromium or Google Chrome binary.';

/** CHROME_PATH when set, else the first Chromium found; throws with the install command. */
export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
): string {
  const fromEnv = env.CHROME_PATH;
  if (fromEnv) {
    if (exists(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no browser is there. ${INSTALL_HINT}`);
  }
  const found = CHROMIUM_CANDIDATES.find((path) => exists(path));
  if (found) return found;
  throw new Error(`No Chromium found. ${INSTALL_HINT}`);
}
