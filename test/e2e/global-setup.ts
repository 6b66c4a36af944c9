// Builds the Chrome extension once before the end-to-end suites load it, so they always test
// the current source.
import { build } from 'wxt';
import { findChromium } from './browser-path';

export default async function setup(): Promise<void> {
  findChromium();
  await build({ browser: 'chrome', logger: quietLogger() });
}

function quietLogger() {
  const noop = () => {};
  return {
    debug: noop,
    log: noop,
    info: noop,
    success: noop,
    box: noop,
    level: 0,
    fatal: console.error,
    warn: console.warn,
    error: console.error,
  };
}
