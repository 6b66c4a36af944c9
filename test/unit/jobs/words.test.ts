// A job in words: what it does, what its done items are, and its state.
import { describe, expect, it } from 'vitest';
import type { JobItem } from '../../../lib/jobs/schema';
import { JOB_KINDS, JOB_STATES } from '../../../lib/jobs/schema';
import { doneText, jobTitle, stateWord, watchRunSummary } from '../../../lib/jobs/words';

const items = (count: number) => Array.from({ length: count }, () => ({}));

describe('job words', () => {
  it.each([
    ['delete', 30, 'Delete 30 reports'],
    ['delete', 1, 'Delete 1 report'],
    ['create', 3, 'Report 3 pages'],
    ['create', 1, 'Report 1 page'],
    ['reanalyze', 2, 'Re-analyze 2 reports'],
    ['privacy', 1200, 'Change the privacy of 1,200 reports'],
    ['deleteProjects', 2, 'Delete 2 projects'],
    ['export', 4, 'Export reports'],
  ] as const)('%s of %i: "%s"', (kind, count, title) => {
    expect(jobTitle({ kind, items: items(count) })).toBe(title);
  });

  it.each([
    ['delete', 28, '28 deleted'],
    ['create', 3, '3 reported'],
    ['reanalyze', 1, '1 re-analyzed'],
  ] as const)('done items of %s: "%s"', (kind, count, text) => {
    expect(doneText(kind, count)).toBe(text);
  });

  it.each([
    [1, 'Re-analyze 1 watched page'],
    [12, 'Re-analyze 12 watched pages'],
  ])('a watch run of %i: "%s"', (count, title) => {
    expect(jobTitle({ kind: 'reanalyze', items: items(count), watchRun: {} })).toBe(title);
  });

  it('sums up a watch run: done items by how their pages changed, unknown ones as unchanged', () => {
    const item = (state: JobItem['state'], direction?: JobItem['direction']): JobItem => ({
      op: { type: 'update', id: 1, results: true },
      state,
      ...(direction && { direction }),
    });
    const run = {
      items: [
        ...Array.from({ length: 2 }, () => item('done', 'worse')),
        item('done', 'better'),
        ...Array.from({ length: 8 }, () => item('done', 'unchanged')),
        item('done'),
        item('failed'),
        item('waiting'),
      ],
    };
    expect(watchRunSummary(run)).toBe('12 re-analyzed: 2 worse, 1 better, 9 unchanged');
  });

  it('has words for every kind and state', () => {
    for (const kind of JOB_KINDS) {
      expect(jobTitle({ kind, items: items(2) })).not.toMatch(/workspace_/);
      expect(doneText(kind, 2)).not.toMatch(/workspace_/);
    }
    expect(JOB_STATES.map(stateWord)).toEqual([
      'Waiting',
      'Running',
      'Paused',
      'Done',
      'Finished with failures',
      'Cancelled',
    ]);
  });
});
