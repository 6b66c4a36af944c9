// @vitest-environment happy-dom
// The Issues tab: the table from the kept details (all reports, a project), a check's failing
// pages with Open report, the count of pages without details and Read details (one job; the table
// updates when it ends, the project's list not asked for again), Copy as Markdown, Export issues
// CSV, and the empty, loading and failed states.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IssuesView } from '../../../components/issues/IssuesView';
import type { Report } from '../../../lib/api/model';
import { keepAnalyses } from '../../../lib/issues/analyses';
import { jobsItem } from '../../../lib/jobs/schema';
import type { ExportFile } from '../../../lib/reports/export';
import { keepLastPage } from '../../../lib/reports/last-page';
import { report, summary } from '../../support/fixtures';
import { deferred, fail, fakeSend, type Handlers, ok, requestsOf } from '../popup-helpers';

afterEach(cleanup);

// The owner everything is kept under: the account's local id.
const SERVICE = 'a1';
const SITE = 'https://reports.example.com';
const AT = '2026-11-20T09:00:00.000Z';

const withChecks = (id: number, failing: string[], overrides: Partial<Report> = {}) =>
  report({
    id,
    url: `https://shop.example/${id}`,
    project: 'shop.example',
    generatedAt: AT,
    results: {
      title: { passed: !failing.includes('title'), importance: 'high', errors: { missing: 1 } },
      meta_description: {
        passed: !failing.includes('meta_description'),
        importance: 'high',
        errors: { missing: true },
      },
      favicon: { passed: !failing.includes('favicon'), importance: 'low', errors: {} },
    },
    ...overrides,
  });

function renderIssues(handlers: Handlers = {}) {
  const send = fakeSend(handlers);
  const openTab = vi.fn();
  const download = vi.fn<(file: ExportFile) => void>();
  render(
    <IssuesView
      send={send}
      openTab={openTab}
      openOptions={vi.fn()}
      siteUrl={SITE}
      account={SERVICE}
      active
      revision={0}
      download={download}
    />,
  );
  return { send, openTab, download };
}

const table = () => screen.findByRole('table', { name: 'Checks failing across pages' });
const rowTexts = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].slice(0, 4).map((cell) => cell.textContent));

describe('all reports', () => {
  it('shows the failing checks, most important first, and a check’s failing pages', async () => {
    await keepAnalyses(
      [withChecks(1, ['meta_description', 'favicon']), withChecks(2, ['meta_description'])],
      SERVICE,
    );
    const { openTab } = renderIssues();
    const shown = await table();
    expect(
      within(shown)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Check', 'Importance', 'Pages', 'Change', 'Actions']);
    expect(rowTexts(shown)).toEqual([
      ['Meta description', 'high', '2 of 2', ''],
      ['Favicon', 'low', '1 of 2', ''],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Pages failing Meta description' }));
    const pages = await screen.findByRole('region', { name: 'Pages failing Meta description' });
    const items = await within(pages).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'https://shop.example/1GoodMeta description: missingOpen report',
      'https://shop.example/2GoodMeta description: missingOpen report',
    ]);
    fireEvent.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Open report' }));
    expect(openTab).toHaveBeenCalledWith(`${SITE}/reports/2`);
  });

  it('says when nothing is kept, and when nothing fails', async () => {
    renderIssues();
    await screen.findByText('There are no reports here yet.');
    cleanup();
    await keepAnalyses([withChecks(1, [])], SERVICE);
    renderIssues();
    await screen.findByText('No check fails on these pages.');
    expect(screen.getByRole('button', { name: 'Copy as Markdown' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('copies the checklist as Markdown and downloads the issues CSV', async () => {
    await keepAnalyses([withChecks(1, ['title'])], SERVICE);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { download } = renderIssues();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Copy as Markdown' }));
    await screen.findByText('Copied as Markdown.');
    expect(writeText).toHaveBeenCalledWith(
      '- [ ] Title — 1 of 1 pages (high)\n  - https://shop.example/1 — Good: Title: missing\n',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export issues CSV' }));
    await waitFor(() => expect(download).toHaveBeenCalledOnce());
    const file = download.mock.calls[0]?.[0];
    expect(file?.name).toMatch(/^site-issues-\d{4}-\d\d-\d\d\.csv$/);
    expect(file?.text.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFF"check","importance","address","rating","problem","generated_at"',
      `"title","high","https://shop.example/1","good","Title: missing","${AT}"`,
    ]);
  });
});

describe('all reports without details', () => {
  const listed = [1, 2, 3, 4, 5].map((id) =>
    summary({ id, url: `https://shop.example/${id}`, generatedAt: AT }),
  );
  /** The Reports tab's list as it last showed it: its first page, and the account's total. */
  const keepReportsList = (params: object, total: number, service = SERVICE) =>
    keepLastPage({
      key: JSON.stringify(params),
      service,
      data: { items: listed.slice(0, 2), page: 1, perPage: 2, total, hasNext: true },
    });
  const ALL = { sortBy: 'id', sort: 'desc', perPage: 25, page: 1 };

  it('counts them from the total the Reports list gave, and reads them after listing the account', async () => {
    await keepAnalyses([withChecks(1, ['title']), withChecks(4, [])], SERVICE);
    await keepReportsList(ALL, 5);
    const { send } = renderIssues({
      listReports: ({ params }) =>
        params.page === 1
          ? ok({ items: listed.slice(0, 3), page: 1, perPage: 100, hasNext: true })
          : ok({ items: listed.slice(3), page: 2, perPage: 100, hasNext: false }),
      enqueueJob: () => ok({ id: 'job-1' }),
    });
    await screen.findByText('3 of 5 reports have no details yet');
    expect(rowTexts(await table())).toEqual([['Title', 'high', '1 of 2', '']]);
    // Nothing asked of the service to say so.
    expect(requestsOf(send, 'listReports')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Read details' }));
    await waitFor(() => expect(requestsOf(send, 'enqueueJob')).toHaveLength(1));
    expect(requestsOf(send, 'listReports').map((request) => request.params)).toEqual([
      { perPage: 100, page: 1, sortBy: 'id', sort: 'asc' },
      { perPage: 100, page: 2, sortBy: 'id', sort: 'asc' },
    ]);
    expect(requestsOf(send, 'enqueueJob')[0]).toMatchObject({
      kind: 'details',
      items: [2, 3, 5].map((id) => ({ type: 'read', id })),
    });
  });

  it('says nothing of them when the list kept is filtered, another account’s, or says no total', async () => {
    await keepAnalyses([withChecks(1, ['title'])], SERVICE);
    for (const kept of [
      () => keepReportsList({ ...ALL, result: 'bad' }, 5),
      () => keepReportsList(ALL, 5, 'a2'),
    ]) {
      await kept();
      const { send } = renderIssues();
      expect(rowTexts(await table())).toEqual([['Title', 'high', '1 of 1', '']]);
      expect(screen.queryByText(/no details yet/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Read details' })).toBeNull();
      expect(requestsOf(send, 'listReports')).toEqual([]);
      cleanup();
    }
  });

  it('says when the account’s list cannot be read', async () => {
    await keepAnalyses([withChecks(1, ['title'])], SERVICE);
    await keepReportsList(ALL, 2);
    renderIssues({ listReports: () => fail('server', 'The service failed.', { status: 500 }) });
    await screen.findByText('1 of 2 reports has no details yet');
    fireEvent.click(screen.getByRole('button', { name: 'Read details' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't list the account's reports.");
  });
});

describe('a project', () => {
  const listed = [1, 2, 3].map((id) =>
    summary({ id, url: `https://shop.example/${id}`, project: 'shop.example', generatedAt: AT }),
  );

  async function chooseProject(handlers: Handlers) {
    const rendered = renderIssues({
      listProjects: () =>
        ok({
          items: [{ name: 'shop.example', createdAt: null }],
          page: 1,
          perPage: 100,
          hasNext: false,
        }),
      ...handlers,
    });
    await waitFor(() => expect(screen.queryByText('Loading the issues…')).toBeNull());
    const select = screen.getByRole('combobox', { name: 'Show issues for' });
    fireEvent.focus(select);
    await screen.findByRole('option', { name: 'shop.example' });
    fireEvent.change(select, { target: { value: 'project:shop.example' } });
    return rendered;
  }

  it('counts the reports without details and reads them as one job; the table then updates', async () => {
    await keepAnalyses([withChecks(1, ['title'])], SERVICE);
    const { send } = await chooseProject({
      listReports: () => ok({ items: listed, page: 1, perPage: 100, hasNext: false }),
      enqueueJob: () => ok({ id: 'job-1' }),
    });
    await screen.findByText('2 of 3 reports have no details yet');
    expect(rowTexts(await table())).toEqual([['Title', 'high', '1 of 1', '']]);
    expect(requestsOf(send, 'listReports').map((request) => request.params)).toEqual([
      { project: 'shop.example', perPage: 100, page: 1, sortBy: 'id', sort: 'asc' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Read details' }));
    await waitFor(() => expect(requestsOf(send, 'enqueueJob')).toHaveLength(1));
    expect(requestsOf(send, 'enqueueJob')[0]).toMatchObject({
      kind: 'details',
      items: [
        { type: 'read', id: 2 },
        { type: 'read', id: 3 },
      ],
    });
    // The background reads them (feeding the kept details), then the job ends.
    await keepAnalyses([withChecks(2, ['title', 'favicon']), withChecks(3, [])], SERVICE);
    await jobsItem.setValue({
      version: 1,
      jobs: [
        {
          id: 'job-1',
          kind: 'details',
          state: 'done',
          createdAt: 1,
          finishedAt: 2,
          items: [2, 3].map((id) => ({ op: { type: 'read', id }, state: 'done' })),
        },
      ],
    });
    await waitFor(async () =>
      expect(rowTexts(await table())).toEqual([
        ['Title', 'high', '2 of 3', ''],
        ['Favicon', 'low', '1 of 3', ''],
      ]),
    );
    expect(screen.queryByText(/have no details yet/)).toBeNull();
    // The job's summary, as Activity shows it.
    expect(
      screen
        .getAllByRole('status')
        .map((s) => s.textContent)
        .join(),
    ).toContain('2 read');
    // The project's list was not asked for again.
    expect(requestsOf(send, 'listReports')).toHaveLength(1);
  });

  it('lists every page of a large project, and says when listing fails', async () => {
    const first = deferred<ReturnType<typeof ok>>();
    const { send } = await chooseProject({
      listReports: ({ params }) =>
        params.page === 1
          ? (first.promise as never)
          : fail('server', 'The service failed.', { status: 500 }),
    });
    await screen.findByText("Listing the project's reports…");
    first.resolve(ok({ items: listed, page: 1, perPage: 100, hasNext: true }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't list the project's reports.");
    expect(requestsOf(send, 'listReports').map((request) => request.params.page)).toEqual([1, 2]);
  });
});

describe('a check failing on many pages', () => {
  it('lists its pages a hundred at a time', async () => {
    await keepAnalyses(
      Array.from({ length: 250 }, (_, n) => withChecks(n + 1, ['title'])),
      SERVICE,
    );
    renderIssues();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Pages failing Title' }));
    const pages = await screen.findByRole('region', { name: 'Pages failing Title' });
    const more = (name: string) => within(pages).findByRole('button', { name });
    const listed = (count: number) =>
      waitFor(() => expect(within(pages).getAllByRole('listitem')).toHaveLength(count));
    await listed(100);
    fireEvent.click(await more('Show 100 more of 150'));
    await listed(200);
    fireEvent.click(await more('Show 50 more of 50'));
    await listed(250);
    // Read in the order of their ids, each once.
    expect(within(pages).getAllByRole('listitem')[249]?.textContent).toContain('/250');
    expect(within(pages).queryByRole('button', { name: /^Show/ })).toBeNull();
  });
});
