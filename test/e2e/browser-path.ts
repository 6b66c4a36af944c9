// Where to find the Chromium that end-to-end tests, the demo and the benchmark drive.
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** CHROME_PATH when set, else the first Chromium found; throws with the install command. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no browser is there.`);
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  throw new Error(
    'No Chromium found. Install it with `apt-get install -y chromium` (Debian/Ubuntu), or set CHROME_PATH to a Chromium or Google Chrome binary.',
  );
}
