// @vitest-environment happy-dom
// Activity: the queue's jobs from storage — what each does and how far it got, its state, when a
// waiting one goes on, why a paused one stopped — with Cancel, Resume and Clear sending the
// right message for the right job.
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { fail, ok, requestsOf } from '../popup-helpers';
import { job, renderShell, storeJobs } from '../workspace/workspace-helpers';

const ANSWERS = {
  cancelJob: ({ id }: { id: string }) => ok({ id }),
  resumeJob: ({ id }: { id: string }) => ok({ id }),
  clearJob: ({ id }: { id: string }) => ok({ id }),
  discardJob: ({ id }: { id: string }) => ok({ id }),
  retryFailed: ({ id }: { id: string }) => ok({ id }),
};

async function activity(jobs: unknown[], handlers = {}) {
  await storeJobs(jobs);
  history.replaceState(null, '', '#tab=activity');
  const rendered = await renderShell({ handlers: { ...ANSWERS, ...handlers } });
  await screen.findByRole('region', { name: 'Activity' });
  if (jobs.length > 0) await screen.findByRole('list', { name: 'Jobs' });
  return rendered;
}

function entry(title: string) {
  const list = screen.getByRole('list', { name: 'Jobs' });
  const found = within(list)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(title));
  if (!found) throw new Error(`No job "${title}"`);
  return found;
}

describe('Activity', () => {
  it('says when nothing has run yet', async () => {
    await activity([]);
    expect(await screen.findByText(/Nothing has run yet/)).toBeTruthy();
  });

  it('shows a running job: what it does, how far it got, its state, and Cancel', async () => {
    const { send } = await activity([job('j1', 'delete', 'running', { count: 30, done: 12 })]);
    const item = entry('Delete 30 reports');
    const bar = within(item).getByRole('progressbar', { name: 'Delete 30 reports' });
    expect(bar.getAttribute('aria-valuenow')).toBe('12');
    expect(bar.getAttribute('aria-valuemax')).toBe('30');
    expect(item.textContent).toContain('Running');
    expect(within(item).queryByRole('button', { name: 'Clear' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(requestsOf(send, 'cancelJob')).toEqual([{ type: 'cancelJob', id: 'j1' }]),
    );
  });

  it('sums up a finished run of watched pages, from what is stored (as after a restart)', async () => {
    const directions = ['worse', 'unchanged', 'better', 'unchanged'];
    const run = {
      id: 'w1',
      kind: 'reanalyze',
      state: 'done',
      createdAt: Date.now() - 5 * 60_000,
      finishedAt: Date.now() - 60_000,
      watchRun: { slot: Date.now() - 5 * 60_000 },
      items: directions.map((direction, index) => ({
        op: { type: 'update', id: index + 1, results: true },
        state: 'done',
        direction,
      })),
    };
    await activity([run]);
    const item = entry('Re-analyze 4 watched pages');
    expect(within(item).getByText('4 re-analyzed: 1 worse, 1 better, 2 unchanged')).toBeTruthy();
  });

  it('says when a waiting job goes on, counting down', async () => {
    await activity([
      job('j1', 'delete', 'waiting', { count: 30, done: 5, resumeAt: Date.now() + 40_000 }),
    ]);
    const item = entry('Delete 30 reports');
    expect(item.textContent).toContain('Waiting');
    expect(item.textContent).toMatch(/in (39|40) seconds/);
  });

  it('says why a paused job stopped, and Resume resumes it', async () => {
    const { send } = await activity([
      job('j2', 'reanalyze', 'paused', {
        count: 4,
        done: 1,
        pause: { kind: 'unauthorized', reason: 'unauthorized', status: 401, message: '' },
      }),
    ]);
    const item = entry('Re-analyze 4 reports');
    expect(item.textContent).toContain('Paused');
    expect(item.textContent).toContain('The service rejected the API key');
    fireEvent.click(within(item).getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(requestsOf(send, 'resumeJob')).toEqual([{ type: 'resumeJob', id: 'j2' }]),
    );
  });

  it('says which service a held job was made for, offers Discard and no Resume', async () => {
    const { send } = await activity([
      job('j4', 'delete', 'paused', {
        count: 10,
        done: 0,
        service: { url: 'https://staging.example/api/v1', key: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' },
        pause: { kind: 'not_connected', reason: 'otherService', message: '' },
      }),
      job('j5', 'create', 'paused', {
        count: 2,
        pause: { kind: 'not_connected', reason: 'otherService', message: '' },
      }),
    ]);
    const item = entry('Delete 10 reports');
    expect(item.textContent).toContain('Made for https://staging.example');
    expect(within(item).queryByRole('button', { name: 'Resume' })).toBeNull();
    // Stored by an older version: which service it was made for is not known.
    expect(entry('Report 2 pages').textContent).toContain('Made for an unknown service');
    fireEvent.click(within(item).getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(requestsOf(send, 'discardJob')).toEqual([{ type: 'discardJob', id: 'j4' }]),
    );
    await storeJobs([]);
    expect(await screen.findByText(/Nothing has run yet/)).toBeTruthy();
  });

  it('shows a finished job with its outcome, and Clear clears it', async () => {
    const { send } = await activity([
      job('j3', 'delete', 'failed', {
        count: 30,
        done: 28,
        failed: 2,
        finishedAt: Date.now() - 120_000,
      }),
    ]);
    const item = entry('Delete 30 reports');
    expect(within(item).queryByRole('progressbar')).toBeNull();
    expect(within(item).getByRole('status').textContent).toBe('28 deleted, 2 failed');
    expect(item.textContent).toContain('Finished with failures');
    expect(item.textContent).toContain('2 minutes ago');
    expect(within(item).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Clear' }));
    await waitFor(() =>
      expect(requestsOf(send, 'clearJob')).toEqual([{ type: 'clearJob', id: 'j3' }]),
    );
    // The background removes it from storage; the list follows.
    await storeJobs([]);
    expect(await screen.findByText(/Nothing has run yet/)).toBeTruthy();
  });

  it('retries the failed items of a finished job', async () => {
    const { send } = await activity([
      job('j3', 'delete', 'failed', { count: 3, done: 2, failed: 1 }),
    ]);
    fireEvent.click(
      within(entry('Delete 3 reports')).getByRole('button', { name: 'Retry failed' }),
    );
    await waitFor(() =>
      expect(requestsOf(send, 'retryFailed')).toEqual([{ type: 'retryFailed', id: 'j3' }]),
    );
  });

  it('lists unfinished jobs first, then the finished ones newest first', async () => {
    const now = Date.now();
    await activity([
      job('old', 'delete', 'done', { count: 2, done: 2, finishedAt: now - 60_000 }),
      job('run', 'create', 'running', { count: 5 }),
      job('new', 'privacy', 'cancelled', { count: 1, finishedAt: now - 1000 }),
    ]);
    const titles = within(screen.getByRole('list', { name: 'Jobs' }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.job-title')?.textContent);
    expect(titles).toEqual([
      'Report 5 pages',
      'Change the privacy of 1 report',
      'Delete 2 reports',
    ]);
  });

  it('follows the jobs as the background changes them', async () => {
    await activity([job('j1', 'delete', 'running', { count: 2 })]);
    await storeJobs([job('j1', 'delete', 'done', { count: 2, done: 2 })]);
    await waitFor(() => expect(entry('Delete 2 reports').textContent).toContain('Done'));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says when the background refused, beside the job', async () => {
    await activity([job('j1', 'delete', 'running', { count: 2 })], {
      cancelJob: () => fail('bad_message', '', { reason: 'noAnswer' }),
    });
    const item = entry('Delete 2 reports');
    fireEvent.click(within(item).getByRole('button', { name: 'Cancel' }));
    const alert = await within(item).findByRole('alert');
    expect(alert.textContent).toContain("Couldn't cancel the job.");
  });
});
