// Prints the ten slowest test files at the end of a run, beside whatever reporters run: it is
// added by a plugin rather than in `test.reporters`, which a `--reporter` flag replaces.
import type { Plugin } from 'vite';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

export class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules.map((module) => {
      const times = module.diagnostic();
      // The file's own time: its environment, imports, setup files and tests.
      const total =
        times.environmentSetupDuration +
        times.prepareDuration +
        times.collectDuration +
        times.setupDuration +
        times.duration;
      return { name: module.relativeModuleId, project: module.project.name, total };
    });
    if (rows.length === 0) return;
    rows.sort((a, b) => b.total - a.total);
    const lines = rows
      .slice(0, SHOWN)
      .map(
        (row) =>
          `${(row.total / 1000).toFixed(1).padStart(7)} s  ${row.name} (${row.project || 'root'})`,
      );
    process.stdout.write(`\nSlowest test files:\n${lines.join('\n')}\n`);
  }
}

/** Adds the reporter once, whichever projects run and whichever reporters the command names. */
export function slowestFiles(): Plugin {
  return {
    name: 'site-report:slowest-files',
    configureVitest({ vitest }) {
      const reporters = vitest.config.reporters as unknown[];
      if (reporters.some((entry) => entry instanceof SlowestFilesReporter)) return;
      reporters.push(new SlowestFilesReporter());
    },
  };
}
