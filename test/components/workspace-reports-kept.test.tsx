// @vitest-environment happy-dom
// The Reports tab opening on the list as it last showed it (storage.session): those rows are
// seen at once but are out of the accessibility tree and inert, until the service's answer
// replaces them; an error or another list shows none of them; every answered page is kept.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ReportSummaryPage } from '../../lib/api/model';
import type { Answer } from '../../lib/messages';
import { startFirstPage } from '../../lib/workspace/first-page';
import { keepLastPage, LAST_PAGE_KEY, type LastPageArea } from '../../lib/workspace/last-page';
import { deferred, fail, fakeSend, listPage, ok } from './popup-helpers';
import { renderWorkspace } from './workspace-helpers';
import { findTable, renderReports, rowBoxes, summary } from './workspace-reports-helpers';

afterEach(cleanup);

const session = () => fakeBrowser.storage.session as unknown as LastPageArea;
const DEFAULT_LIST = JSON.stringify({ sortBy: 'id', sort: 'desc', perPage: 10, page: 1 });

const lastSeen = listPage([
  summary({ id: 8, url: 'https://old.example/gone' }),
  summary({ id: 7, url: 'https://old.example/kept' }),
]);
const fresh = listPage([
  summary({ id: 9, url: 'https://new.example/added' }),
  summary({ id: 7, url: 'https://old.example/kept' }),
  summary({ id: 6, url: 'https://old.example/older' }),
]);

/** The workspace's start: the first page asked for, its answer held until `answer.resolve`. */
function opening() {
  const answer = deferred<Answer<'listReports'>>();
  const firstPage = startFirstPage(
    fakeSend({ listReports: () => answer.promise }),
    undefined,
    session(),
  );
  return { answer, firstPage };
}

const keptList = () => document.querySelector('.report-list');
const keptRows = () => document.querySelectorAll('.report-list tbody tr');

describe('the list as last shown', () => {
  it('is seen at once, out of reach, until the service answers; then its rows are used', async () => {
    await keepLastPage(session(), DEFAULT_LIST, lastSeen);
    const { answer, firstPage } = opening();
    renderReports({ firstPage });

    await waitFor(() => expect(keptRows()).toHaveLength(2));
    expect(keptList()?.textContent).toContain('https://old.example/gone');
    expect(keptList()?.hasAttribute('inert')).toBe(true);
    expect(keptList()?.getAttribute('aria-hidden')).toBe('true');
    // Nothing in it can be found, focused or selected; the page says it is loading.
    expect(screen.queryByRole('table', { name: 'Reports' })).toBeNull();
    expect(screen.queryAllByRole('checkbox', { name: /^Select http/ })).toEqual([]);
    expect(screen.getByText('Loading reports…')).toBeTruthy();

    answer.resolve(ok(fresh));
    await findTable();
    expect(rowBoxes().map((box) => box.getAttribute('aria-label'))).toEqual([
      'Select https://new.example/added',
      'Select https://old.example/kept',
      'Select https://old.example/older',
    ]);
    expect(keptList()?.hasAttribute('inert')).toBe(false);
    expect(keptList()?.hasAttribute('aria-hidden')).toBe(false);
    expect(screen.queryByText('Loading reports…')).toBeNull();
  });

  it('is shown by the workspace as it opens, from what its start read', async () => {
    await keepLastPage(session(), DEFAULT_LIST, lastSeen);
    const { answer, firstPage } = opening();
    await renderWorkspace({ firstPage, handlers: { listProjects: () => ok(listPage([])) } });
    await waitFor(() => expect(keptRows()).toHaveLength(2));
    expect(keptList()?.hasAttribute('inert')).toBe(true);
    answer.resolve(ok(fresh));
    await findTable();
    expect(rowBoxes()).toHaveLength(3);
  });

  it('gives way to the error when the service fails', async () => {
    await keepLastPage(session(), DEFAULT_LIST, lastSeen);
    const { answer, firstPage } = opening();
    renderReports({ firstPage });
    await waitFor(() => expect(keptRows()).toHaveLength(2));

    answer.resolve(fail('network', 'Could not reach the service.'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(keptRows()).toHaveLength(0);
    expect(screen.queryByText('https://old.example/gone')).toBeNull();
  });

  it('is not shown for another list', async () => {
    const other = JSON.stringify({
      result: 'bad',
      sortBy: 'id',
      sort: 'desc',
      perPage: 10,
      page: 1,
    });
    await keepLastPage(session(), other, lastSeen);
    const { answer, firstPage } = opening();
    renderReports({ firstPage });
    await expect(firstPage?.kept).resolves.toBeUndefined();
    expect(keptRows()).toHaveLength(0);
    answer.resolve(ok(fresh));
    await findTable();
    expect(rowBoxes()).toHaveLength(3);
  });

  it('is each page the service answered, by its list, for the next opening', async () => {
    const kept = async () =>
      (await fakeBrowser.storage.session.get(LAST_PAGE_KEY))[LAST_PAGE_KEY] as
        | { key: string; data: ReportSummaryPage }
        | undefined;
    renderReports({ page: fresh });
    await findTable();
    await waitFor(async () => expect((await kept())?.key).toBe(DEFAULT_LIST));
    expect((await kept())?.data.items.map((item) => item.id)).toEqual([9, 7, 6]);

    fireEvent.change(screen.getByLabelText('Result'), { target: { value: 'bad' } });
    await waitFor(async () => expect((await kept())?.key).toContain('"result":"bad"'));
  });
});
