// Where to find the Firefox that the Firefox end-to-end tests drive.
import { existsSync } from 'node:fs';

export const FIREFOX_CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];

const INSTALL_HINT =
  'Install it with `apt-get install -y firefox-esr` (Debian; `npm run setup` does it when run as root), or set FIREFOX_PATH to a Firefox binary (142 or newer).';

/** FIREFOX_PATH when set, else the first Firefox found; throws with the install command. */
export function findFirefox(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
): string {
  const fromEnv = env.FIREFOX_PATH;
  if (fromEnv) {
    if (exists(fromEnv)) return fromEnv;
    throw new Error(`FIREFOX_PATH is set to ${fromEnv}, but no browser is there. ${INSTALL_HINT}`);
  }
  const found = FIREFOX_CANDIDATES.find((path) => exists(path));
  if (found) return found;
  throw new Error(`No Firefox found. ${INSTALL_HINT}`);
}
