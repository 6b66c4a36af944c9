// A job in words: what it does, what its done items are, and its state.
import { describe, expect, it } from 'vitest';
import { JOB_KINDS, JOB_STATES } from '../../../lib/jobs/jobs';
import { doneText, jobTitle, stateWord } from '../../../lib/jobs/words';

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
