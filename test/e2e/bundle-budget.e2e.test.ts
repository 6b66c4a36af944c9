// The byte budgets, enforced: the production build (made by this project's global
// setup in .output/chrome-mv3) must stay within them. Sizes are gzip of what each page loads
// first (its HTML's scripts and stylesheets, following static imports; see bench/bytes.ts).
// `npm run bench` reports the same numbers beside the timings, which are not gated.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BYTE_BUDGETS, type ByteBudgetName } from '../../bench/budgets';
import { backgroundSize, type LoadSize, pageSize } from '../../bench/bytes';
import { EXTENSION_DIR } from './extension';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

function describeSize(name: string, size: LoadSize, budget: number): string {
  const files = size.firstLoad
    .map((file) => `  ${file.file}: ${kB(file.gzip)} gzip (${kB(file.bytes)} raw)`)
    .join('\n');
  const lazy = size.lazy.length
    ? `\nloaded later by import() (not counted): ${kB(size.lazyGzip)}\n${size.lazy
        .map((file) => `  ${file.file}: ${kB(file.gzip)} gzip`)
        .join('\n')}`
    : '';
  return `${name} loads ${kB(size.firstLoadGzip)} gzip first; its budget is ${kB(budget)}:\n${files}${lazy}`;
}

const MEASURES: [ByteBudgetName, string, () => LoadSize][] = [
  ['popup', 'popup.html', () => pageSize(EXTENSION_DIR, 'popup.html')],
  ['options', 'options.html', () => pageSize(EXTENSION_DIR, 'options.html')],
  ['workspace', 'sidepanel.html', () => pageSize(EXTENSION_DIR, 'sidepanel.html')],
  ['background', 'The background service worker', () => backgroundSize(EXTENSION_DIR)],
];

describe('byte budgets of the production build', () => {
  it.each(MEASURES)('%s stays within its gzip budget', (name, label, measure) => {
    const size = measure();
    const budget = BYTE_BUDGETS[name];
    expect(size.firstLoad.length, `${label} loads no scripts`).toBeGreaterThan(0);
    expect(size.firstLoadGzip, describeSize(label, size, budget)).toBeLessThanOrEqual(budget);
  });

  it.each(['popup.html', 'sidepanel.html'])('keeps zod out of %s', (page) => {
    const size = pageSize(EXTENSION_DIR, page);
    // zod's error classes name themselves; their absence means its runtime is not bundled.
    // The workspace's tabs that load later must not bring it either.
    const withZod = [...size.firstLoad, ...size.lazy]
      .filter((file) => file.file.endsWith('.js'))
      .filter((file) => /\$ZodError|ZodError/.test(readText(file.file)));
    expect(withZod.map((file) => file.file)).toEqual([]);
  });
});

function readText(file: string): string {
  return readFileSync(join(EXTENSION_DIR, file), 'utf8');
}
