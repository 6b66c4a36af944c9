// @vitest-environment happy-dom
// A report's details in the Reports table: a Details button per row opens a row below it with
// "Why this rating", read when opened.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../../lib/messaging/protocol';
import { explanationOf } from '../../../lib/rating/checks';
import { summary, wireChecks } from '../../support/fixtures';
import { deferred, fail, ok, requestsOf } from '../popup-helpers';
import { findTable, renderReports } from './workspace-reports-helpers';

afterEach(cleanup);

const detailsButton = (index: number) =>
  within(screen.getAllByRole('row')[index] as HTMLElement).getByRole('button', {
    name: 'Details',
  });

describe('a report’s details', () => {
  it('opens below the row when asked, reading why the report got its rating', async () => {
    const answer = deferred<Answer<'getReportDetails'>>();
    const { send } = renderReports({ handlers: { getReportDetails: () => answer.promise } });
    await findTable();
    expect(requestsOf(send, 'getReportDetails')).toEqual([]);
    const button = detailsButton(2);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-describedby')).toBeTruthy();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // Asked for once the details' code is in (loaded on first use).
    await waitFor(() =>
      expect(requestsOf(send, 'getReportDetails')).toEqual([{ type: 'getReportDetails', id: 2 }]),
    );
    const pane = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(pane).toBeTruthy();
    within(pane as HTMLElement).getByText('Loading…');

    answer.resolve(ok({ report: summary({ id: 2 }), explanation: explanationOf(wireChecks()) }));
    const region = await within(pane as HTMLElement).findByRole('region', {
      name: 'Why this rating',
    });
    within(region).getByText('3 of 6 checks passed');
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Title length: 10–60 characters high importance',
      'Load time: at most 1 s medium importance',
      'Image formats low importance',
    ]);
    // The details row comes right after its report's row.
    const rows = screen.getAllByRole('row');
    expect(rows[3]?.contains(region)).toBe(true);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Why this rating' })).toBeNull();
  });

  it('says when the service gives no details', async () => {
    renderReports({
      handlers: {
        getReportDetails: ({ id }) => ok({ report: summary({ id }), explanation: null }),
      },
    });
    await findTable();
    fireEvent.click(detailsButton(1));
    expect(
      await screen.findByText("The service doesn't say why this report got its rating."),
    ).toBeTruthy();
  });

  it('says when the details cannot be read, and the table goes on working', async () => {
    renderReports({
      handlers: { getReportDetails: () => fail('server', 'The service failed.') },
    });
    await findTable();
    fireEvent.click(detailsButton(1));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Couldn't read why this report got its rating\./);
    fireEvent.click(screen.getAllByRole('button', { name: 'Details' })[2] as HTMLElement);
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
  });
});
