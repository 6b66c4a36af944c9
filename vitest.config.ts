import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [WxtVitest(), preact()],
        test: {
          name: 'unit',
          include: ['test/{unit,components,server}/**/*.test.{ts,tsx}'],
          restoreMocks: true,
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          // One browser at a time: the suites share a 2-core machine.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'firefox',
          include: ['test/firefox/**/*.firefox.test.ts'],
          globalSetup: ['test/firefox/global-setup.ts'],
          fileParallelism: false,
          // After the other projects, so Firefox never shares the machine with Chromium.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
