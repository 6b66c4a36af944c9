// @vitest-environment happy-dom
// The Reports tab opening on the list as it last showed it (storage.session): those rows are
// seen at once but are out of the accessibility tree and inert, until the service's answer
// replaces them; an error, another list or another account shows none of them, nor does the tab
// shown again later; every page is asked for to be kept under its own list.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ListReportsParams } from '../../../lib/api/model';
import type { Answer } from '../../../lib/messaging/protocol';
import { keepLastPage, type LastPage, readLastPage } from '../../../lib/reports/last-page';
import { listPage, summary } from '../../support/fixtures';
import { deferred, fail, ok, requestsOf, status } from '../popup-helpers';
import { renderWorkspace, storeSummary } from '../workspace/workspace-helpers';
import { findTable, renderReports, rowBoxes } from './workspace-reports-helpers';

afterEach(cleanup);

const LAST_PAGE_KEY = 'workspaceLastPage';
const DEFAULT_LIST = JSON.stringify({ sortBy: 'id', sort: 'desc', perPage: 10, page: 1 });
/** The account of the workspace's status (popup-helpers' `status`): kept lists are marked with it. */
const ACCOUNT = status().account ?? 'a1';

const lastSeen = listPage([
  summary({ id: 8, url: 'https://old.example/gone', project: 'old.example' }),
  summary({ id: 7, url: 'https://old.example/kept', project: 'old.example' }),
]);
const fresh = listPage([
  summary({ id: 9, url: 'https://new.example/added' }),
  summary({ id: 7, url: 'https://old.example/kept' }),
  summary({ id: 6, url: 'https://old.example/older' }),
]);

const kept = (overrides: Partial<LastPage> = {}): LastPage => ({
  key: DEFAULT_LIST,
  service: ACCOUNT,
  data: lastSeen,
  ...overrides,
});
const keep = (overrides: Partial<LastPage> = {}) => keepLastPage(kept(overrides));

/** The list's answer, held until `answer.resolve`; the list as last shown read from storage. */
function opening() {
  const answer = deferred<Answer<'listReports'>>();
  return {
    answer,
    handlers: { listReports: () => answer.promise },
    lastShown: readLastPage,
  };
}

const keptList = () => document.querySelector('.report-list');
const shownRows = () => document.querySelectorAll('.report-list tbody tr');
/** A read of storage.session that has settled: any earlier one has too. */
const storedRead = () => fakeBrowser.storage.session.get(LAST_PAGE_KEY);
/** What is kept now, if anything. */
const stored = async () =>
  (await fakeBrowser.storage.session.get(LAST_PAGE_KEY))[LAST_PAGE_KEY] as LastPage | undefined;

/**
 * Opens the tab with `shown` as the list last shown, for a list or account it must not stand in
 * for: once it is read, none of its rows are on screen; then the service's are.
 */
async function expectNoneOf(shown: LastPage) {
  const { answer, handlers } = opening();
  const read = Promise.resolve(shown);
  renderReports({ handlers, lastShown: () => read, account: ACCOUNT });
  await act(async () => {
    await read;
  });
  expect(shownRows()).toHaveLength(0);
  answer.resolve(ok(fresh));
  await findTable();
  expect(rowBoxes()).toHaveLength(3);
}

describe('the list as last shown', () => {
  it('is seen at once, out of reach, until the service answers; then its rows are used', async () => {
    await keep();
    const { answer, handlers, lastShown } = opening();
    renderReports({ handlers, lastShown, account: ACCOUNT });

    await waitFor(() => expect(shownRows()).toHaveLength(2));
    expect(keptList()?.textContent).toContain('https://old.example/gone');
    expect(keptList()?.hasAttribute('inert')).toBe(true);
    expect(keptList()?.getAttribute('aria-hidden')).toBe('true');
    // Nothing in it can be found, focused or selected; the page says it is loading; the live
    // project choices take nothing from it.
    expect(screen.queryByRole('table', { name: 'Reports' })).toBeNull();
    expect(screen.queryAllByRole('checkbox', { name: /^Select http/ })).toEqual([]);
    expect(screen.getByText('Loading reports…')).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'old.example' })).toBeNull();

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

  it('is shown by the workspace as it opens', async () => {
    await keep();
    const { answer, handlers } = opening();
    await renderWorkspace({ handlers: { listProjects: () => ok(listPage([])), ...handlers } });
    await waitFor(() => expect(shownRows()).toHaveLength(2));
    expect(keptList()?.hasAttribute('inert')).toBe(true);
    answer.resolve(ok(fresh));
    await findTable();
    expect(rowBoxes()).toHaveLength(3);
  });

  it('is the one read as the workspace opened, not one kept after its first list', async () => {
    await keep();
    const answer = deferred<Answer<'listReports'>>();
    const lastShown = readLastPage(DEFAULT_LIST);
    await lastShown;
    // The background keeps the first list's answer as it answers, before the page has it.
    await keepLastPage(kept({ data: fresh }));
    const readLastShown = vi.fn(readLastPage);
    await renderWorkspace({
      handlers: { listProjects: () => ok(listPage([])) },
      firstList: { key: DEFAULT_LIST, answer: answer.promise, lastShown },
      readLastShown,
    });
    await waitFor(() => expect(shownRows()).toHaveLength(2));
    expect(keptList()?.textContent).toContain('https://old.example/gone');
    expect(keptList()?.hasAttribute('inert')).toBe(true);

    answer.resolve(ok(fresh));
    await findTable();
    expect(rowBoxes()).toHaveLength(3);
    expect(readLastShown).not.toHaveBeenCalled();
  });

  it('is not shown, nor the first answer, when the workspace opened not connected', async () => {
    await keep();
    const own = deferred<Answer<'listReports'>>();
    const { send } = await renderWorkspace({
      summary: { connected: false },
      handlers: { listProjects: () => ok(listPage([])), listReports: () => own.promise },
      // What the background answered as the page opened, without settings.
      firstList: {
        key: DEFAULT_LIST,
        answer: Promise.resolve(fail('not_connected', 'Not connected.')),
        lastShown: readLastPage(DEFAULT_LIST),
      },
    });
    await screen.findByRole('heading', { name: 'Not connected yet' });

    // An account is chosen: the Reports tab shows, and asks for its own list.
    await storeSummary({});
    await screen.findByRole('tablist', { name: 'Workspace views' });
    await waitFor(() => expect(requestsOf(send, 'listReports')).toHaveLength(1));
    expect(shownRows()).toHaveLength(0);
    own.resolve(ok(fresh));
    await findTable();
    expect(rowBoxes()).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is shown once: not again when the workspace starts over', async () => {
    await keep();
    const later = deferred<Answer<'listReports'>>();
    await renderWorkspace({
      handlers: { listProjects: () => ok(listPage([])), listReports: () => later.promise },
    });
    await waitFor(() => expect(shownRows()).toHaveLength(2));

    // Settings are saved: the workspace reads its status again and shows Reports anew, without
    // what it read as it started (that may be older than what it showed since).
    await storeSummary({ defaultPrivacy: 1 });
    await waitFor(() => expect(screen.queryByLabelText('Result')).toBeNull());
    await screen.findByText('Loading reports…');
    // What the tab reads as it mounts is in (an answer already settled).
    await act(async () => {
      await storedRead();
    });
    expect(shownRows()).toHaveLength(0);
    later.resolve(ok(fresh));
    await findTable();
    expect(rowBoxes()).toHaveLength(3);
  });

  it('is not shown when it came from another account', async () => {
    await expectNoneOf(kept({ service: 'a2' }));
  });

  it('gives way to the error when the service fails', async () => {
    await keep();
    const { answer, handlers, lastShown } = opening();
    renderReports({ handlers, lastShown, account: ACCOUNT });
    await waitFor(() => expect(shownRows()).toHaveLength(2));

    answer.resolve(fail('network', 'Could not reach the service.'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(shownRows()).toHaveLength(0);
    expect(screen.queryByText('https://old.example/gone')).toBeNull();
  });

  it('is not shown for another list', async () => {
    history.replaceState(null, '', '/sidepanel.html#tab=reports&result=bad');
    await expectNoneOf(kept());
  });
});

describe('each page the service answers', () => {
  it('is asked for to be kept, by the background, under its own list', async () => {
    const bad = listPage([summary({ id: 3, url: 'https://bad.example/', rating: 'bad' })]);
    const { send } = renderReports({
      account: ACCOUNT,
      handlers: {
        listReports: ({ params }: { params: ListReportsParams }) =>
          ok(params.result === 'bad' ? bad : fresh),
      },
    });
    await findTable();
    fireEvent.change(screen.getByLabelText('Result'), { target: { value: 'bad' } });
    await waitFor(() => expect(rowBoxes()).toHaveLength(1));
    const asked = requestsOf(send, 'listReports');
    expect(asked.map((request) => request.keepAs)).toEqual([
      DEFAULT_LIST,
      JSON.stringify(asked[1]?.params),
    ]);
    expect(asked[1]?.keepAs).toContain('"result":"bad"');
    // The page writes nothing itself (an answer can come in after the settings changed).
    expect(await stored()).toBeUndefined();
  });
});
