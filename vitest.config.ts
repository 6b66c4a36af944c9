import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { LongestFirstSequencer } from './test/support/sequencer.ts';
import { slowestFiles } from './test/support/slowest-reporter.ts';

/**
 * A project of tests that run in Node (the logic, the local service) or happy-dom (components).
 * Its files share their worker's modules and document (not isolated): each test starts from an
 * empty fake browser and IndexedDB and a blank page (test/setup.ts). Loading zod, the fake
 * browser, happy-dom and the lib afresh for each file took half of the unit files' CPU time, and
 * two thirds of the component files' (114 CPU-seconds for the 43, 44 without).
 */
function inProcess(name: string, include: string) {
  return {
    plugins: [WxtVitest(), preact(), slowestFiles()],
    resolve: {
      // WXT's fake `wxt/browser` imports the fake from 'wxt/testing', whose index also loads
      // the vitest plugin and with it WXT's whole build tooling: over a second per test file.
      alias: [{ find: /^wxt\/testing$/, replacement: 'wxt/testing/fake-browser' }],
    },
    test: {
      name,
      include: [include],
      isolate: false,
      restoreMocks: true,
      setupFiles: ['test/setup.ts'],
      // They share the two cores with the browsers of the other projects: a CPU-heavy test
      // (a year of schedule slots, a property run) takes several times its time alone.
      testTimeout: 15_000,
    },
  };
}

export default defineConfig({
  test: {
    // The projects share one pool of four workers on a 2-core machine: the browser suites wait
    // on slow services and timers, so a fourth worker fills the CPU they leave idle (the whole run
    // took 444 s with four, 531 s with three; six starved the CPU-heavy files). The run ends when
    // the longest lane does: the longest files start first.
    maxWorkers: 4,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      inProcess('unit', 'test/{unit,server}/**/*.test.{ts,tsx}'),
      inProcess('components', 'test/components/**/*.test.{ts,tsx}'),
      {
        plugins: [slowestFiles()],
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          // A worker goes on from file to file with the modules it has loaded (Playwright, the
          // local service): a new process and those imports took over a second of CPU per file.
          // A file's own state is its browser, service and copy of the build, which it starts and
          // closes itself; the helpers keep no state between files.
          isolate: false,
          // Each file has its own browser profile, copy of the build and service port. Tests that
          // run side by side in a file (describe.concurrent: the slow creates and the failures,
          // which wait on the service's delays and the client's retries most of the time) each
          // start a browser: three at a time, so that the short ones run beside the long ones and
          // such a file takes little longer than its longest test.
          maxConcurrency: 3,
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
          // As the end-to-end files: each file starts and closes its own browser and service.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
