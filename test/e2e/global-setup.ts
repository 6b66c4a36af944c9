// Builds the Chrome extension once before the end-to-end suites load it, so they always test
// the current source.
import { findChromium } from './browser-path';
import { buildExtension } from './build';

export default async function setup(): Promise<void> {
  findChromium();
  await buildExtension();
}
