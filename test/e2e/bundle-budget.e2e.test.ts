// The byte budgets, enforced on the production build the end-to-end setup makes in
// .output/chrome-mv3: gzip of what each page (and the background) loads first, following static
// imports (bench/bytes.ts), and how many files each page loads first. `npm run bench` reports the
// same numbers.
import { describe, expect, it } from 'vitest';
import { BYTE_BUDGETS, type ByteBudgetName, FIRST_LOAD_FILES } from '../../bench/budgets';
import { extensionBytes } from '../../bench/bytes';
import { EXTENSION_DIR } from './extension';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

describe('byte budgets of the production build', () => {
  const bytes = extensionBytes(EXTENSION_DIR);

  it.each(Object.keys(BYTE_BUDGETS) as ByteBudgetName[])(
    '%s stays within its gzip budget',
    (name) => {
      const size = bytes[name];
      const files = size.firstLoad.map((file) => `  ${file.file}: ${kB(file.gzip)}`).join('\n');
      const why = `${name} loads ${kB(size.firstLoadGzip)} first (budget ${kB(BYTE_BUDGETS[name])}):\n${files}`;
      expect(size.firstLoad.length, `${name} loads no files`).toBeGreaterThan(0);
      expect(size.firstLoadGzip, why).toBeLessThanOrEqual(BYTE_BUDGETS[name]);
    },
  );

  it.each(['popup', 'options', 'workspace'] as const)(
    `%s loads at most ${FIRST_LOAD_FILES} files first`,
    (name) => {
      const files = bytes[name].firstLoad.map((file) => file.file);
      expect(files.length, files.join('\n')).toBeLessThanOrEqual(FIRST_LOAD_FILES);
    },
  );
});
