// @vitest-environment happy-dom
// The Reports tab's exports: one job of every page the filters match, handed to the queue
// (enqueueJob), its progress while it runs, and the file once the queue has every page.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_EXPORT_REPORTS } from '../../../lib/jobs/schema';
import { reportsCsv, reportsJson } from '../../../lib/reports/export';
import { requestsOf } from '../popup-helpers';
import { findTable, renderReports, reports } from './workspace-reports-helpers';

afterEach(cleanup);

describe('Export', () => {
  it('queues one listPage of the filters (100 a page, from page 1) and downloads CSV', async () => {
    const { send, queue, download } = renderReports({
      hash: 'tab=reports&search=pricing&result=good&sortBy=url&sort=asc&perPage=25&page=3',
    });
    await findTable();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(requestsOf(send, 'enqueueJob')).toEqual([
        {
          type: 'enqueueJob',
          kind: 'export',
          items: [
            {
              type: 'listPage',
              params: {
                search: 'pricing',
                result: 'good',
                sortBy: 'url',
                sort: 'asc',
                perPage: 100,
                page: 1,
              },
            },
          ],
        },
      ]),
    );
    await screen.findByRole('progressbar', { name: 'Exporting reports as CSV' });
    expect(
      (screen.getByRole('button', { name: 'Export JSON' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // The queue appends the next page after each answer.
    const all = reports(130);
    await queue.update('job-1', (job) => {
      job.state = 'running';
      Object.assign(job.items[0] as object, { state: 'done', count: 100 });
      job.items.push({
        op: { type: 'listPage', params: { perPage: 100, page: 2 } },
        state: 'waiting',
      });
    });
    await screen.findByText('Reports so far: 100');
    queue.setExport('job-1', all);
    await queue.finish('job-1', {}, {});
    await queue.update('job-1', (job) => {
      (job.items[1] as { count?: number }).count = 30;
    });
    await screen.findByText(
      /^Downloaded site-reports-\d{4}-\d{2}-\d{2}\.csv \(reports in it: 130\)\.$/,
    );
    expect(requestsOf(send, 'takeExport')).toEqual([{ type: 'takeExport', id: 'job-1' }]);
    expect(download).toHaveBeenCalledTimes(1);
    const file = download.mock.calls[0]?.[0];
    expect(file.name).toMatch(/^site-reports-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.type).toBe('text/csv;charset=utf-8');
    expect(file.text).toBe(reportsCsv(all));
    expect(screen.getByText('Reports exported: 130')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Export JSON' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('downloads JSON, and says so when the export was cut at the limit', async () => {
    const { queue, download } = renderReports();
    await findTable();
    fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    await screen.findByRole('progressbar', { name: 'Exporting reports as JSON' });
    const some = reports(3);
    queue.setExport('job-1', some);
    await queue.finish(
      'job-1',
      {},
      { error: { kind: 'invalid_input', reason: 'exportCut', message: '' } },
    );
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.calls[0]?.[0]).toMatchObject({
      type: 'application/json',
      text: reportsJson(some),
    });
    expect(download.mock.calls[0]?.[0].name).toMatch(/^site-reports-\d{4}-\d{2}-\d{2}\.json$/);
    const status = screen
      .getAllByRole('status')
      .map((region) => region.textContent)
      .join(' ');
    expect(status).toContain(String(MAX_EXPORT_REPORTS));
  });

  it('downloads nothing when cancelled', async () => {
    const { send, download } = renderReports();
    await findTable();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByRole('progressbar');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText(/not done \(cancelled\)/);
    expect(requestsOf(send, 'takeExport')).toEqual([]);
    expect(download).not.toHaveBeenCalled();
  });
});
