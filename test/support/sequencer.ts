// The order the test files start in. The unit, component, end-to-end and Firefox files share one
// pool of workers, so the run ends when its longest lane does: the longest files start first
// (longest processing time first), and the many short unit files fill in around them. A file's time is
// its last run's where vitest remembers one (a clean clone has none), else an estimate.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds, for the files that wait on purpose (slow services, rate windows) or work long. */
const ESTIMATES: Record<string, number> = {
  'test/e2e/slow-create.e2e.test.ts': 70,
  'test/e2e/failures.e2e.test.ts': 85,
  'test/e2e/a11y.e2e.test.ts': 60,
  'test/unit/jobs/queue/faults.property.test.ts': 50,
  'test/firefox/extension.firefox.test.ts': 45,
  'test/e2e/queue.e2e.test.ts': 30,
  'test/e2e/job-storage.e2e.test.ts': 15,
};
/** Seconds for any other file of a project: a browser to start, or modules to load. */
const PROJECT_ESTIMATES: Record<string, number> = { firefox: 10, e2e: 8, components: 1, unit: 1 };

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => {
      const file = relative(root, spec.moduleId).split('\\').join('/');
      const last = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      if (last && last.duration > 0) return last.duration / 1000;
      return ESTIMATES[file] ?? PROJECT_ESTIMATES[spec.project.name] ?? 1;
    };
    const order = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return [...files].sort((a, b) => order(a) - order(b) || seconds(b) - seconds(a));
  }
}
