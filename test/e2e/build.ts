// Builds the Chrome extension into .output/chrome-mv3 without WXT's progress output, for the
// end-to-end tests, the demo and the benchmark's byte budgets.
import { build } from 'wxt';

const noop = () => {};

/** WXT's logger with only warnings and errors: builds inside tests and tools stay quiet. */
export const quietLogger = {
  debug: noop,
  log: noop,
  info: noop,
  success: noop,
  level: 0,
  fatal: console.error,
  warn: console.warn,
  error: console.error,
};

/** `.output/chrome-mv3`, or `.output/firefox-mv3` (Firefox as MV3, as `npm run build:firefox`). */
export async function buildExtension(browser: 'chrome' | 'firefox' = 'chrome'): Promise<void> {
  // Vite builds for production only when NODE_ENV says so, and vitest sets it to 'test': the
  // build would then carry Preact's devtools bridge and the development JSX transform, and not
  // be what `npm run build` ships (and what the byte budgets are about).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      browser,
      manifestVersion: 3,
      logger: quietLogger,
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
