// @vitest-environment happy-dom
// A queue job's progress: the progress bar with its value and maximum and "12 of 30", Cancel,
// why it waits, and the summary in words (a status region) with Retry failed when items failed.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobProgress, type ProgressJob } from '../../../components/jobs/JobProgress';

afterEach(cleanup);

const labels = { title: 'Delete 30 reports', done: (count: number) => `${count} deleted` };

function job(state: string, states: Record<string, number>, extra: Partial<ProgressJob> = {}) {
  const items = Object.entries(states).flatMap(([itemState, count]) =>
    Array.from({ length: count }, () => ({
      state: itemState,
      ...(itemState === 'failed'
        ? {
            error: { kind: 'server' as const, reason: 'server' as const, status: 503, message: '' },
          }
        : {}),
    })),
  );
  return { id: 'job-1', state, items, ...extra };
}

function renderProgress(value: ProgressJob, more: Partial<Parameters<typeof JobProgress>[0]> = {}) {
  const onCancel = vi.fn();
  const onRetryFailed = vi.fn();
  const view = render(
    <JobProgress
      job={value}
      labels={labels}
      onCancel={onCancel}
      onRetryFailed={onRetryFailed}
      {...more}
    />,
  );
  return { ...view, onCancel, onRetryFailed };
}

describe('JobProgress while the job runs', () => {
  it('shows a named progress bar with its value and maximum, "12 of 30" and Cancel', () => {
    const { onCancel } = renderProgress(
      job('running', { done: 10, failed: 2, running: 3, waiting: 15 }),
    );
    const bar = screen.getByRole('progressbar', { name: 'Delete 30 reports' });
    expect(bar.getAttribute('aria-valuenow')).toBe('12');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('30');
    expect(bar.getAttribute('aria-valuetext')).toBe('12 of 30');
    expect(screen.getByText('12 of 30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Retry failed' })).toBeNull();
    // The status region is there from the start, empty, so that the end is announced.
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says how it goes on while it waits for the service', () => {
    renderProgress(job('running', { waiting: 4 }, { resumeAt: 1_000 + 40_000 }), {
      now: () => 1_000,
    });
    expect(screen.getByText('Waiting for the service; goes on in 40 seconds.')).toBeTruthy();
  });

  it('says why it is paused, and offers Resume', () => {
    const onResume = vi.fn();
    renderProgress(
      job(
        'paused',
        { waiting: 4 },
        { pause: { kind: 'unauthorized', reason: 'unauthorized', message: '' } },
      ),
      { onResume },
    );
    expect(screen.getByText(/^Paused: .*API key/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(onResume).toHaveBeenCalledTimes(1);
  });

  it('takes another way of saying how far it got', () => {
    renderProgress(job('running', { done: 2, waiting: 1 }), {
      labels: { ...labels, position: 'Reports so far: 200' },
    });
    expect(screen.getByText('Reports so far: 200')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      'Reports so far: 200',
    );
  });
});

describe('JobProgress when the job ends', () => {
  it('says what was done in a status region, without a progress bar or Cancel', () => {
    renderProgress(job('done', { done: 30 }));
    expect(screen.getByRole('status').textContent).toBe('30 deleted');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry failed' })).toBeNull();
  });

  it('counts failures, says why, and offers Retry failed', () => {
    const { onRetryFailed } = renderProgress(job('failed', { done: 28, failed: 2 }));
    expect(screen.getByRole('status').textContent).toBe('28 deleted, 2 failed');
    expect(screen.getByRole('listitem').textContent).toContain('503');
    fireEvent.click(screen.getByRole('button', { name: 'Retry failed' }));
    expect(onRetryFailed).toHaveBeenCalledTimes(1);
  });

  it('says the monthly quota stopped its creates: how many were not sent, with Retry failed', () => {
    const refused = {
      kind: 'validation' as const,
      reason: 'validation' as const,
      status: 422,
      fieldErrors: { url: ['You created too many reports.'] },
      message: '',
    };
    const notSent = { kind: 'validation' as const, reason: 'quotaNotSent' as const, message: '' };
    const { onRetryFailed } = renderProgress(
      {
        id: 'job-1',
        state: 'failed',
        items: [
          { state: 'done' },
          { state: 'done' },
          { state: 'failed', error: refused },
          ...Array.from({ length: 3 }, () => ({ state: 'failed', error: notSent })),
        ],
      },
      { labels: { title: 'Report 6 pages', done: (count: number) => `${count} reported` } },
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(
      '2 reported, 1 failed' + 'Monthly report quota used up: 3 not sent.',
    );
    // The refusal's own words are listed once; the creates not sent are said in the summary.
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'The service did not accept the values sent: You created too many reports.',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry failed' }));
    expect(onRetryFailed).toHaveBeenCalledTimes(1);
  });

  it('says what was cancelled or of unknown outcome', () => {
    renderProgress(job('cancelled', { done: 3, unknown: 1, cancelled: 6 }));
    expect(screen.getByRole('status').textContent).toBe(
      '3 deleted, 1 of unknown outcome, 6 not done (cancelled)',
    );
    expect(screen.queryByRole('button', { name: 'Retry failed' })).toBeNull();
  });

  it('adds what is said of the job as a whole', () => {
    renderProgress(
      job(
        'done',
        { done: 100 },
        { error: { kind: 'invalid_input', reason: 'exportCut', message: '' } },
      ),
    );
    expect(screen.getByRole('status').textContent).toMatch(/^100 deleted.*10,?000/);
  });
});

describe('JobProgress with creates of unknown outcome', () => {
  const unknownCreate = { state: 'unknown', op: { type: 'create' } };
  const finished = {
    id: 'job-2',
    state: 'failed',
    items: [{ state: 'done' }, unknownCreate, unknownCreate],
  };

  it('leaves them to the user: a hint, and Create anyway once asked', () => {
    const onCreateUnknown = vi.fn();
    renderProgress(finished, { onCreateUnknown });
    expect(screen.queryByRole('button', { name: 'Retry failed' })).toBeNull();
    expect(screen.getByText(/2 may have made their report/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create anyway' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('2 pages may have a report already');
    fireEvent.click(screen.getAllByRole('button', { name: 'Create anyway' }).at(-1) as Element);
    expect(onCreateUnknown).toHaveBeenCalledTimes(1);
  });

  it('says nothing of those still looked for', () => {
    renderProgress(
      { ...finished, items: [{ ...unknownCreate, reconcileAt: 1 }] },
      { onCreateUnknown: vi.fn() },
    );
    expect(screen.queryByRole('button', { name: 'Create anyway' })).toBeNull();
  });
});
