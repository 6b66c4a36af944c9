// @vitest-environment happy-dom
// The Reports tab's bulk actions: the question that says how many, the job handed to the queue
// (enqueueJob), its progress while it runs, and the rows following its items. Exports are in
// workspace-reports-export.test.tsx.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { listPage, summary } from '../../support/fixtures';
import { fail, ok, requestsOf } from '../popup-helpers';
import {
  checkedRows,
  findTable,
  renderReports,
  rowBoxes,
  selectAllBox,
} from './workspace-reports-helpers';

afterEach(cleanup);

function select(...positions: number[]) {
  for (const position of positions) fireEvent.click(rowBoxes()[position - 1] as HTMLInputElement);
}

const progressbar = () => screen.getByRole('progressbar');

describe('Delete selected', () => {
  it('asks first, saying how many, and Cancel sends nothing', async () => {
    const { send } = renderReports();
    await findTable();
    select(1, 3);
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 reports?' });
    expect(dialog.textContent).toContain("This can't be undone.");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsOf(send, 'enqueueJob')).toEqual([]);
    expect(checkedRows()).toEqual([1, 3]);
  });

  it('says "1 report" for one', async () => {
    renderReports();
    await findTable();
    select(2);
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    expect(screen.getByRole('dialog', { name: 'Delete 1 report?' })).toBeTruthy();
  });

  it('queues one deleteReport per row, shows progress, marks rows and loads again', async () => {
    const { send, queue, onChanged } = renderReports();
    await findTable();
    select(1, 2);
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(queue.requests).toHaveLength(1));
    expect(requestsOf(send, 'enqueueJob')).toEqual([
      {
        type: 'enqueueJob',
        kind: 'delete',
        items: [
          { type: 'deleteReport', id: 1 },
          { type: 'deleteReport', id: 2 },
        ],
      },
    ]);
    // The selection went to the job.
    await waitFor(() => expect(checkedRows()).toEqual([]));
    const bar = await screen.findByRole('progressbar', { name: 'Delete 2 reports' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('2');
    expect(screen.getByText('0 of 2')).toBeTruthy();
    const rows = () => screen.getAllByRole('row').slice(1) as HTMLElement[];
    expect(within(rows()[0] as HTMLElement).getByText('Deleting…')).toBeTruthy();

    await queue.update('job-1', (job) => {
      job.state = 'running';
      (job.items[0] as { state: string }).state = 'done';
    });
    await waitFor(() => expect(progressbar().getAttribute('aria-valuenow')).toBe('1'));
    expect(screen.getByText('1 of 2')).toBeTruthy();
    expect(within(rows()[0] as HTMLElement).getByText('Deleted')).toBeTruthy();
    expect((rowBoxes()[0] as HTMLInputElement).disabled).toBe(true);
    expect(requestsOf(send, 'listReports')).toHaveLength(1);

    await queue.finish('job-1');
    const summary = await screen.findByText('2 deleted');
    expect(summary.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry failed' })).toBeNull();
    await waitFor(() => expect(requestsOf(send, 'listReports')).toHaveLength(2));
    expect(onChanged).toHaveBeenCalled();
  });

  it('says what failed, and Retry failed sends retryFailed', async () => {
    const { send, queue } = renderReports();
    await findTable();
    fireEvent.click(selectAllBox());
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (3)' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('progressbar');
    await queue.finish('job-1', { 1: 'failed' });
    await screen.findByText('2 deleted, 1 failed');
    fireEvent.click(screen.getByRole('button', { name: 'Retry failed' }));
    await waitFor(() =>
      expect(requestsOf(send, 'retryFailed')).toEqual([{ type: 'retryFailed', id: 'job-1' }]),
    );
    await screen.findByRole('progressbar');
  });

  it('Cancel sends cancelJob; the summary says what was not done', async () => {
    const { send, queue } = renderReports();
    await findTable();
    fireEvent.click(selectAllBox());
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (3)' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('progressbar');
    await queue.update('job-1', (job) => {
      (job.items[0] as { state: string }).state = 'done';
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('1 deleted, 2 not done (cancelled)');
    expect(requestsOf(send, 'cancelJob')).toEqual([{ type: 'cancelJob', id: 'job-1' }]);
  });

  it('held for another service: says which, offers Discard instead of Resume, and goes', async () => {
    const { send, queue } = renderReports({
      handlers: { discardJob: ({ id }) => ok({ id }) },
    });
    await findTable();
    fireEvent.click(selectAllBox());
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (3)' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('progressbar');
    await queue.update('job-1', (job) => {
      job.state = 'paused';
      job.service = { url: 'https://staging.example/api/v1', key: '0123456789abcdef' };
      job.pause = { kind: 'not_connected', reason: 'otherService', message: '' };
    });
    await screen.findByText(/Made for https:\/\/staging\.example/);
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(requestsOf(send, 'discardJob')).toEqual([{ type: 'discardJob', id: 'job-1' }]);
  });

  it('shows a refusal of the queue as an alert, keeping the selection', async () => {
    renderReports({
      handlers: {
        enqueueJob: () => fail('invalid_input', 'A job can have at most 1000 items.'),
      },
    });
    await findTable();
    select(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't start the bulk action.");
    expect(checkedRows()).toEqual([1]);
  });
});

describe('Re-analyze selected', () => {
  it('asks, queues update results:true and shows each new rating as it comes', async () => {
    const { send, queue } = renderReports({
      page: listPage([
        summary({ id: 1, url: 'https://a.example/', rating: 'bad' }),
        summary({ id: 2, url: 'https://b.example/', rating: 'bad' }),
      ]),
    });
    await findTable();
    fireEvent.click(selectAllBox());
    fireEvent.click(screen.getByRole('button', { name: 'Re-analyze selected (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Re-analyze 2 reports?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Re-analyze' }));
    await waitFor(() =>
      expect(requestsOf(send, 'enqueueJob')).toEqual([
        {
          type: 'enqueueJob',
          kind: 'reanalyze',
          items: [
            { type: 'update', id: 1, results: true },
            { type: 'update', id: 2, results: true },
          ],
        },
      ]),
    );
    await screen.findByRole('progressbar', { name: 'Re-analyze 2 reports' });
    const row = () => within(screen.getAllByRole('row')[1] as HTMLElement);
    expect(row().getByText('Updating…')).toBeTruthy();
    await queue.update('job-1', (job) => {
      const item = job.items[0] as { state: string; report?: unknown };
      item.state = 'done';
      item.report = summary({
        id: 1,
        url: 'https://a.example/',
        rating: 'good',
        updatedAt: new Date().toISOString(),
      });
    });
    await waitFor(() => expect(row().getByText('Good')).toBeTruthy());
    expect(row().queryByText('Bad')).toBeNull();
    expect(row().getByRole('button', { name: 'Delete' })).toBeTruthy();
    await queue.finish('job-1');
    await screen.findByText('2 re-analyzed');
    // Nothing needs loading again: the rows have the answers.
    expect(requestsOf(send, 'listReports')).toHaveLength(1);
  });
});

describe('Change privacy of selected', () => {
  it('asks for the privacy and one password for all, then queues the updates', async () => {
    const { send } = renderReports();
    await findTable();
    select(1, 3);
    fireEvent.click(screen.getByRole('button', { name: 'Change privacy of selected (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the privacy of 2 reports' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Password' }));
    const save = within(dialog).getByRole('button', { name: 'Save privacy' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.input(within(dialog).getByLabelText('Report password'), {
      target: { value: 's3cret' },
    });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() =>
      expect(requestsOf(send, 'enqueueJob')).toEqual([
        {
          type: 'enqueueJob',
          kind: 'privacy',
          items: [
            { type: 'update', id: 1, privacy: 2 },
            { type: 'update', id: 3, privacy: 2 },
          ],
          password: 's3cret',
        },
      ]),
    );
    await screen.findByRole('progressbar', { name: 'Change the privacy of 2 reports' });
  });

  it('opens with focus on the privacy chosen; Escape cancels and gives focus back', async () => {
    const { send } = renderReports();
    await findTable();
    select(2);
    const button = screen.getByRole('button', { name: 'Change privacy of selected (1)' });
    button.focus();
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Change the privacy of 1 report' });
    expect(document.activeElement).toBe(within(dialog).getByRole('radio', { name: 'Private' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(requestsOf(send, 'enqueueJob')).toEqual([]);
  });

  it('sends no password for Public or Private, and resends it on Retry failed', async () => {
    const { send, queue } = renderReports();
    await findTable();
    select(2);
    fireEvent.click(screen.getByRole('button', { name: 'Change privacy of selected (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the privacy of 1 report' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Public' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save privacy' }));
    await waitFor(() =>
      expect(requestsOf(send, 'enqueueJob')).toEqual([
        { type: 'enqueueJob', kind: 'privacy', items: [{ type: 'update', id: 2, privacy: 0 }] },
      ]),
    );
    await queue.finish('job-1', { 0: 'failed' });
    await screen.findByText('0 changed, 1 failed');
    fireEvent.click(screen.getByRole('button', { name: 'Retry failed' }));
    await waitFor(() =>
      expect(requestsOf(send, 'retryFailed')).toEqual([{ type: 'retryFailed', id: 'job-1' }]),
    );
  });
});
