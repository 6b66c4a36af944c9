// Builds the Chrome extension into .output/chrome-mv3 without WXT's progress output, for the
// end-to-end tests, the demo and the benchmark.
import { build } from 'wxt';

export async function buildExtension(): Promise<void> {
  const noop = () => {};
  await build({
    browser: 'chrome',
    logger: {
      debug: noop,
      log: noop,
      info: noop,
      success: noop,
      level: 0,
      fatal: console.error,
      warn: console.warn,
      error: console.error,
    },
  });
}
