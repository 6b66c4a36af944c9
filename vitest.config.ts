import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { LongestFirstSequencer } from './test/support/sequencer.ts';
import { slowestFiles } from './test/support/slowest-reporter.ts';

export default defineConfig({
  test: {
    // The three projects share one pool of three workers on a 2-core machine: the browser suites
    // wait on slow services and timers (two workers left a sixth of the CPU idle, three keep it
    // busy), and the run ends when the longest lane does, the longest files started first.
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        plugins: [WxtVitest(), preact(), slowestFiles()],
        resolve: {
          // WXT's fake `wxt/browser` imports the fake from 'wxt/testing', whose index also loads
          // the vitest plugin and with it WXT's whole build tooling: over a second per test file.
          alias: [{ find: /^wxt\/testing$/, replacement: 'wxt/testing/fake-browser' }],
        },
        test: {
          name: 'unit',
          include: ['test/{unit,components,server}/**/*.test.{ts,tsx}'],
          restoreMocks: true,
          setupFiles: ['test/setup.ts'],
          // They share the two cores with the browsers of the other projects: a CPU-heavy test
          // (a year of schedule slots, a property run) takes several times its time alone.
          testTimeout: 15_000,
        },
      },
      {
        plugins: [slowestFiles()],
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          // Each file has its own browser profile, copy of the build and service port. Tests that
          // run side by side in a file (describe.concurrent) each start a browser: two at a time.
          maxConcurrency: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [slowestFiles()],
        test: {
          name: 'firefox',
          include: ['test/firefox/**/*.firefox.test.ts'],
          globalSetup: ['test/firefox/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
