// The order the test files start in. The unit, component, end-to-end and Firefox files share one
// pool of workers, so the run ends when its longest lane does: the longest files start first
// (longest processing time first), and the many short unit files fill in around them. A file's time is
// its last run's where vitest remembers one (a clean clone has none), else an estimate.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds of the files' tests in a clean-clone `npm test` (the machine shared, four workers), for
 * the files whose tests take 8 s or more: they wait on purpose (slow services, rate windows), start
 * browsers, or draw many scenarios. Without them a clean clone would start a two-minute file among
 * the last. Update them when a file grows or shrinks much: the slowest ten print after each run.
 */
const ESTIMATES: Record<string, number> = {
  'test/e2e/a11y.e2e.test.ts': 157,
  'test/e2e/failures.e2e.test.ts': 45,
  'test/e2e/slow-create.e2e.test.ts': 60,
  'test/e2e/job-storage.e2e.test.ts': 67,
  'test/firefox/extension.firefox.test.ts': 54,
  'test/unit/jobs/queue/faults.property.test.ts': 31,
  'test/unit/jobs/queue/faults-storage.property.test.ts': 31,
  'test/unit/jobs/queue/faults-service.property.test.ts': 30,
  'test/unit/jobs/queue/faults-clock.property.test.ts': 16,
  'test/e2e/workspace-shell.e2e.test.ts': 28,
  'test/e2e/workspace-reports.e2e.test.ts': 27,
  'test/e2e/queue.e2e.test.ts': 26,
  'test/e2e/accounts.e2e.test.ts': 25,
  'test/unit/watch/schedule.test.ts': 23,
  'test/e2e/workspace-fit.e2e.test.ts': 23,
  'test/e2e/account.e2e.test.ts': 22,
  'test/e2e/demo.e2e.test.ts': 21,
  'test/e2e/packages.e2e.test.ts': 20,
  'test/unit/api/decode.property.test.ts': 20,
  'test/unit/watch/clock-jumps.property.test.ts': 18,
  'test/e2e/lists.e2e.test.ts': 16,
  'test/e2e/popup.e2e.test.ts': 16,
  'test/e2e/add-pages.e2e.test.ts': 16,
  'test/server/password-tries.test.ts': 15,
  'test/e2e/options.e2e.test.ts': 15,
  'test/e2e/forbidden-and-quota.e2e.test.ts': 14,
  'test/e2e/issues.e2e.test.ts': 13,
  'test/e2e/create-when-possible.e2e.test.ts': 12,
  'test/e2e/german.e2e.test.ts': 12,
  'test/e2e/share.e2e.test.ts': 12,
  'test/e2e/watch.e2e.test.ts': 11,
  'test/e2e/redirects.e2e.test.ts': 10,
  'test/unit/jobs/queue/audit.test.ts': 9,
  'test/unit/account/accounts.property.test.ts': 9,
  'test/unit/messaging/messages.property.test.ts': 9,
  'test/components/reports/popup-reports.test.tsx': 9,
  'test/unit/watch/runs.test.ts': 9,
  'test/e2e/badge.e2e.test.ts': 8,
  'test/e2e/unsupported.e2e.test.ts': 8,
};
/** Seconds of the tests of a file of the project not listed above. */
const PROJECT_ESTIMATES: Record<string, number> = { firefox: 5, e2e: 5, components: 1, unit: 0.5 };
/** Seconds each file of the project takes besides its tests: a browser to start, a service. */
const PROJECT_START: Record<string, number> = { firefox: 14, e2e: 6, components: 0, unit: 0 };

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => {
      const file = relative(root, spec.moduleId).split('\\').join('/');
      const last = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      if (last && last.duration > 0) return last.duration / 1000;
      const project = spec.project.name;
      return (ESTIMATES[file] ?? PROJECT_ESTIMATES[project] ?? 1) + (PROJECT_START[project] ?? 0);
    };
    const order = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return [...files].sort((a, b) => order(a) - order(b) || seconds(b) - seconds(a));
  }
}
