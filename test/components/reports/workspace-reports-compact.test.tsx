// @vitest-environment happy-dom
// The Reports tab in a narrow panel (under 600 px): each report is a compact row — its check
// box, the address (host and path, whole in the link's name and tooltip), its rating and time —
// whose actions are in a menu "Actions for <address>"; search stays in view and the other
// filters are behind "Filters", whose description counts the active ones.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { explanationOf } from '../../../lib/rating/checks';
import { readHash } from '../../../lib/reports/workspace-address';
import { summary, wireChecks } from '../../support/fixtures';
import { ok, requestsOf } from '../popup-helpers';
import { checkedRows, findTable, renderReports, rowBoxes } from './workspace-reports-helpers';

/** happy-dom's own control of the window's size (matchMedia follows it). */
function setWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM.setViewport({
    width,
    height: 900,
  });
}

beforeEach(() => setWidth(400));
afterEach(() => {
  cleanup();
  setWidth(1024);
});

const URL_1 = 'https://site.example/page-1';

function actionsOf(url: string) {
  return screen.getByRole('button', { name: `Actions for ${url}` });
}

describe('the compact Reports table', () => {
  it('has three columns: the check box, the report on two lines, and its actions menu', async () => {
    renderReports();
    const table = await findTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['', 'Report', 'Actions']);
    expect(within(table).getByRole('checkbox', { name: 'Select all on this page' })).toBeTruthy();
    expect(rowBoxes().map((box) => box.getAttribute('aria-label'))).toEqual([
      `Select ${URL_1}`,
      'Select https://site.example/page-2',
      'Select https://site.example/page-3',
    ]);

    const row = within(screen.getAllByRole('row')[1] as HTMLElement);
    const link = row.getByRole('link', { name: URL_1 });
    expect(link.getAttribute('href')).toBe(URL_1);
    expect(link.getAttribute('title')).toBe(URL_1);
    expect(link.querySelector('.host')?.textContent).toBe('site.example');
    expect(link.querySelector('.path')?.textContent).toBe('/page-1');
    expect(row.getByText('Good')).toBeTruthy();
    expect(row.getByText('5 minutes ago')).toBeTruthy();
    expect(row.getByText('Public')).toBeTruthy();
    // The row's actions are in its menu, not beside it.
    expect(row.queryByRole('button', { name: 'Delete' })).toBeNull();
    const actions = actionsOf(URL_1);
    expect(actions.getAttribute('aria-haspopup')).toBe('menu');
    expect(actions.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a report from its menu', async () => {
    const { openTab } = renderReports();
    await findTable();
    fireEvent.click(actionsOf(URL_1));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Open report',
      'Copy link',
      'Details',
      'Delete',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Open report' }));
    expect(openTab).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(actionsOf(URL_1));
  });

  it('offers no Open report without the service’s site', async () => {
    renderReports({ siteUrl: null });
    await findTable();
    fireEvent.click(actionsOf(URL_1));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Details',
      'Delete',
    ]);
  });

  it('shows why a report got its rating below its row, and hides it again', async () => {
    renderReports({
      handlers: {
        getReportDetails: () =>
          ok({ report: summary({ id: 1 }), explanation: explanationOf(wireChecks()) }),
      },
    });
    await findTable();
    fireEvent.click(actionsOf(URL_1));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Details' }));
    const region = await screen.findByRole('region', { name: 'Why this rating' });
    expect(screen.getAllByRole('row')[2]?.contains(region)).toBe(true);
    fireEvent.click(actionsOf(URL_1));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hide details' }));
    expect(screen.queryByRole('region', { name: 'Why this rating' })).toBeNull();
  });

  it('asks before deleting from the menu, then deletes', async () => {
    const { send } = renderReports();
    await findTable();
    fireEvent.click(actionsOf(URL_1));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(URL_1);
    expect(requestsOf(send, 'deleteReport')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(requestsOf(send, 'deleteReport')).toEqual([{ type: 'deleteReport', id: 1 }]),
    );
  });

  it('keeps selecting with the check boxes: Space, Shift+click and Select all', async () => {
    renderReports();
    await findTable();
    const boxes = rowBoxes();
    (boxes[0] as HTMLInputElement).focus();
    fireEvent.keyDown(boxes[0] as HTMLInputElement, { key: ' ' });
    fireEvent.keyUp(boxes[0] as HTMLInputElement, { key: ' ' });
    expect(checkedRows()).toEqual([1]);
    // Space's own click is over once its keyup has passed.
    await new Promise((resolve) => setTimeout(resolve));
    fireEvent.click(rowBoxes()[2] as HTMLInputElement, { shiftKey: true });
    expect(checkedRows()).toEqual([1, 2, 3]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(checkedRows()).toEqual([]);
  });
});

describe('the filters in a narrow panel', () => {
  it('keeps search in view and the others behind Filters, described by how many are active', async () => {
    renderReports();
    await findTable();
    expect(screen.getByRole('searchbox', { name: 'Search reports' })).toBeTruthy();
    const filters = screen.getByRole('button', { name: 'Filters' });
    const description = () =>
      document.getElementById(filters.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description()).toBe('None active');
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('combobox', { name: 'Result' })).toBeNull();

    fireEvent.click(filters);
    expect(filters.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Project', 'Sort by', 'Order', 'Per page']) {
      expect(screen.getByRole('combobox', { name })).toBeTruthy();
    }
    fireEvent.change(screen.getByRole('combobox', { name: 'Result' }), {
      target: { value: 'bad' },
    });
    await waitFor(() => expect(description()).toBe('1 active'));
    expect(readHash().result).toBe('bad');
    fireEvent.change(screen.getByRole('combobox', { name: 'Per page' }), {
      target: { value: '50' },
    });
    await waitFor(() => expect(description()).toBe('2 active'));
    // The button's name never changes.
    expect(screen.getByRole('button', { name: 'Filters' })).toBe(filters);
  });

  it('follows the panel’s width: wide, the table with every filter in line; narrowed, compact', async () => {
    setWidth(800);
    renderReports();
    await findTable();
    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Result' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'URL' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(3);
    setWidth(400);
    await screen.findByRole('button', { name: 'Filters' });
    expect(screen.queryByRole('combobox', { name: 'Result' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'URL' })).toBeNull();
    expect(actionsOf(URL_1)).toBeTruthy();
  });
});
