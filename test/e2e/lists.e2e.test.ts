// The popup's Reports and Projects views against a service seeded with 30 reports on four
// sites: searching, filtering, sorting, paging, opening and deleting a project — driven only
// through roles and accessible names, with every expectation computed from the seed.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { connect, type LoadedExtension, launchExtension } from './extension';
import {
  apiGet,
  type ExtensionSnapshot,
  type Order,
  pagerText,
  projectList,
  projectsOf,
  RATING_WORDS,
  type Rating,
  type ReportSortKey,
  SEARCH_TERM,
  type SeededReport,
  seedLists,
  shownProjects,
  shownReports,
  shownUrls,
  snapshotExtension,
  sortedProjects,
  sortedReports,
} from './list-fixtures';

const API_KEY = 'lists-e2e-key-0001';
/** The Per page choices the product lists (PRODUCT.md). */
const PER_PAGE_CHOICES = ['10', '25', '50', '100'];

let snapshot: ExtensionSnapshot | undefined;
let ext: LoadedExtension | undefined;
let service: RunningService | undefined;
let seeded: SeededReport[] = [];
let popup: Page | undefined;

function the<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} did not start`);
  return value;
}

beforeAll(async () => {
  // Rate limiting is not what these tests are about; every filter change is one request.
  service = await startService({ port: 0, apiKeys: [API_KEY], rateLimit: 0 });
  seeded = await seedLists(service);
  snapshot = await snapshotExtension();
  ext = await launchExtension({ extensionDir: snapshot.dir });
  // Fail fast on a missing control instead of waiting out the test's own timeout.
  ext.context.setDefaultTimeout(10_000);
  await connect(ext, { baseUrl: service.baseUrl, apiKey: service.apiKey });
});

afterAll(async () => {
  await ext?.close();
  await snapshot?.remove();
  await service?.close();
});

beforeEach(async () => {
  // The popup remembers its filters between openings; each test starts from the defaults.
  await the(ext, 'The browser').worker.evaluate(() => chrome.storage.local.remove('popupState'));
});

afterEach(async () => {
  await popup?.close();
  popup = undefined;
});

async function openView(name: 'Reports' | 'Projects'): Promise<Page> {
  popup = await the(ext, 'The browser').openWindow('popup.html');
  await popup.getByRole('tab', { name, exact: true }).click();
  return popup;
}

/** The rows per page the view says it shows before anything is changed. */
async function defaultPerPage(page: Page): Promise<number> {
  const shown = await field(page, 'Per page').inputValue();
  expect(PER_PAGE_CHOICES, 'the default Per page').toContain(shown);
  return Number(shown);
}

/** expect.poll with room for a list to load on a busy machine. */
function poll<T>(read: () => Promise<T>, message: string) {
  return expect.poll(read, { message, timeout: 10_000, interval: 100 });
}

const field = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

/** Waits until the list shows exactly these URLs, in this order. */
async function expectUrls(page: Page, urls: string[], message: string) {
  await poll(() => shownUrls(page), message).toEqual(urls);
}

const urlsOf = (reports: SeededReport[]) => reports.map((report) => report.url);
const newestFirst = () => sortedReports(seeded, 'created', 'desc');

describe('Reports view', () => {
  it('shows the newest page first, and searches, filters by result and by project', async () => {
    const page = await openView('Reports');
    const all = newestFirst();
    const perPage = await defaultPerPage(page);
    expect(perPage, 'a default that makes more than one page').toBeLessThan(all.length);

    // The first page: the default number of rows, newest first, each with its rating word.
    await expectUrls(page, urlsOf(all.slice(0, perPage)), 'first page of reports');
    expect(await shownReports(page)).toEqual(
      all.slice(0, perPage).map((report) => ({
        url: report.url,
        rating: RATING_WORDS[report.result],
      })),
    );
    expect(await pagerText(page)).toBe(`Page 1 of ${Math.ceil(all.length / perPage)}`);

    // Search waits for typing to pause: one request for the whole word, none for its prefixes.
    // Each prefix is an input event of its own, all in one task: a busy machine cannot put a
    // pause between two keystrokes that the box would take for the end of typing.
    const searchBox = page.getByRole('searchbox', { name: 'Search reports', exact: true });
    the(service, 'The service').resetRequests();
    await searchBox.evaluate((box: HTMLInputElement, term) => {
      for (let length = 1; length <= term.length; length++) {
        box.value = term.slice(0, length);
        box.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }, SEARCH_TERM);
    const matching = all.filter((report) => report.url.toLowerCase().includes(SEARCH_TERM));
    expect(matching.length).toBeGreaterThan(1);
    await expectUrls(page, urlsOf(matching), `reports whose URL contains "${SEARCH_TERM}"`);
    const searches = the(service, 'The service')
      .apiRequests()
      .filter((entry) => entry.path.startsWith('/api/v1/reports?'))
      .map((entry) => new URL(entry.path, 'http://x').searchParams.get('search'));
    expect(searches, 'searches sent while typing').toEqual([SEARCH_TERM]);

    await searchBox.fill('');
    await expectUrls(page, urlsOf(all.slice(0, perPage)), 'search cleared');

    // Result filter: each rating, then All again.
    const result = field(page, 'Result');
    for (const rating of ['good', 'decent', 'bad'] as Rating[]) {
      await result.selectOption({ label: RATING_WORDS[rating] });
      const rated = all.filter((report) => report.result === rating);
      await expectUrls(
        page,
        urlsOf(rated.slice(0, perPage)),
        `reports rated ${RATING_WORDS[rating]}`,
      );
      const words = (await shownReports(page)).map((row) => row.rating);
      expect(new Set(words), `rating words under the ${rating} filter`).toEqual(
        new Set([RATING_WORDS[rating]]),
      );
    }
    await result.selectOption({ label: 'All' });
    await expectUrls(page, urlsOf(all.slice(0, perPage)), 'Result: All');

    // Project filter: one site's reports only, then combined with a result.
    const project = field(page, 'Project');
    await poll(() => project.getByRole('option').allTextContents(), 'Project choices').toEqual([
      'All projects',
      ...projectsOf(seeded)
        .map((p) => p.name)
        .sort(),
    ]);
    await project.selectOption({ label: 'beta.example' });
    const beta = all.filter((report) => report.host === 'beta.example');
    await expectUrls(page, urlsOf(beta.slice(0, perPage)), 'project beta.example');
    await result.selectOption({ label: 'Good' });
    await expectUrls(
      page,
      urlsOf(beta.filter((report) => report.result === 'good')),
      'project beta.example rated Good',
    );
  });

  it.each<[label: string, key: ReportSortKey]>([
    ['Date created', 'created'],
    ['Date generated', 'generated'],
    ['URL', 'url'],
  ])('sorts by %s in both orders', async (label, key) => {
    const page = await openView('Reports');
    const perPage = await defaultPerPage(page);
    await expectUrls(page, urlsOf(newestFirst().slice(0, perPage)), 'first page');
    await field(page, 'Sort by').selectOption({ label });
    for (const [order, orderLabel] of [
      ['asc', 'Ascending'],
      ['desc', 'Descending'],
    ] as [Order, string][]) {
      await field(page, 'Order').selectOption({ label: orderLabel });
      const expected = sortedReports(seeded, key, order).slice(0, perPage);
      await expectUrls(page, urlsOf(expected), `sorted by ${label}, ${orderLabel}`);
    }
  });

  it('sorts by Result in both orders', async () => {
    const page = await openView('Reports');
    await field(page, 'Per page').selectOption({ label: '50' });
    await poll(() => shownUrls(page).then((urls) => urls.length), 'rows at 50 per page').toBe(
      seeded.length,
    );
    await field(page, 'Sort by').selectOption({ label: 'Result' });
    // Ties are the service's business: check the rating words run in order, not which URL.
    const rank: Record<string, number> = { Bad: 0, Decent: 1, Good: 2 };
    const ranks = async () => (await shownReports(page)).map((row) => rank[row.rating] ?? -1);
    const count = (rating: Rating) => seeded.filter((report) => report.result === rating).length;
    const expectedRanks = (order: Order) => {
      const ascending = [
        ...Array<number>(count('bad')).fill(0),
        ...Array<number>(count('decent')).fill(1),
        ...Array<number>(count('good')).fill(2),
      ];
      return order === 'asc' ? ascending : ascending.reverse();
    };
    await poll(ranks, 'Result, Descending').toEqual(expectedRanks('desc'));
    await field(page, 'Order').selectOption({ label: 'Ascending' });
    await poll(ranks, 'Result, Ascending').toEqual(expectedRanks('asc'));
  });

  it('pages through the reports', async () => {
    const page = await openView('Reports');
    const all = newestFirst();
    const previous = page.getByRole('button', { name: 'Previous page', exact: true });
    const next = page.getByRole('button', { name: 'Next page', exact: true });

    await field(page, 'Per page').selectOption({ label: '25' });
    await expectUrls(page, urlsOf(all.slice(0, 25)), '25 per page');
    await poll(() => pagerText(page), 'the pager').toBe('Page 1 of 2');

    await field(page, 'Per page').selectOption({ label: '10' });
    await expectUrls(page, urlsOf(all.slice(0, 10)), '10 per page');
    await poll(() => pagerText(page), 'the pager').toBe('Page 1 of 3');
    expect(await previous.isDisabled(), 'Previous page on page 1').toBe(true);
    expect(await next.isEnabled(), 'Next page on page 1').toBe(true);

    await next.click();
    await expectUrls(page, urlsOf(all.slice(10, 20)), 'page 2');
    await poll(() => pagerText(page), 'the pager').toBe('Page 2 of 3');
    expect(await previous.isEnabled(), 'Previous page on page 2').toBe(true);

    await next.click();
    await expectUrls(page, urlsOf(all.slice(20, 30)), 'page 3');
    await poll(() => pagerText(page), 'the pager').toBe('Page 3 of 3');
    expect(await next.isDisabled(), 'Next page on the last page').toBe(true);
    expect(await previous.isEnabled(), 'Previous page on the last page').toBe(true);

    await previous.click();
    await expectUrls(page, urlsOf(all.slice(10, 20)), 'back to page 2');
    await previous.click();
    await expectUrls(page, urlsOf(all.slice(0, 10)), 'back to page 1');
    await poll(() => pagerText(page), 'the pager').toBe('Page 1 of 3');
    expect(await previous.isDisabled(), 'Previous page back on page 1').toBe(true);
  });
});

describe('Projects view', () => {
  it('searches, sorts, and opens a project as its reports', async () => {
    const page = await openView('Projects');
    const projects = projectsOf(seeded);
    const names = async () => shownProjects(page);

    // Default: newest project first.
    await poll(names, 'projects, default order').toEqual(
      sortedProjects(projects, 'created', 'desc'),
    );

    for (const [key, label] of [
      ['name', 'Name'],
      ['created', 'Date created'],
    ] as ['name' | 'created', string][]) {
      await field(page, 'Sort by').selectOption({ label });
      for (const [order, orderLabel] of [
        ['asc', 'Ascending'],
        ['desc', 'Descending'],
      ] as [Order, string][]) {
        await field(page, 'Order').selectOption({ label: orderLabel });
        await poll(names, `projects by ${label}, ${orderLabel}`).toEqual(
          sortedProjects(projects, key, order),
        );
      }
    }

    const search = page.getByRole('searchbox', { name: 'Search projects', exact: true });
    await search.pressSequentially('ta.ex');
    await poll(names, 'projects matching "ta.ex"').toEqual(
      sortedProjects(
        projects.filter((project) => project.name.includes('ta.ex')),
        'created',
        'desc',
      ),
    );

    // Choosing a project shows the Reports view with that project's reports only.
    await projectList(page).getByRole('button', { name: 'beta.example', exact: true }).click();
    await poll(
      () => page.getByRole('tab', { name: 'Reports', exact: true }).getAttribute('aria-selected'),
      'the Reports tab is selected',
    ).toBe('true');
    await poll(() => field(page, 'Project').inputValue(), 'the Project filter').toBe(
      'beta.example',
    );
    const beta = newestFirst().filter((report) => report.host === 'beta.example');
    await expectUrls(page, urlsOf(beta), 'reports of the chosen project');
    for (const url of await shownUrls(page)) expect(new URL(url).host).toBe('beta.example');
  });

  it('deletes a project and its reports after asking', async () => {
    const running = the(service, 'The service');
    const page = await openView('Projects');
    const doomed = 'delta.example';
    const doomedReports = seeded.filter((report) => report.host === doomed);
    expect(doomedReports.length).toBeGreaterThan(0);
    await poll(() => shownProjects(page), 'projects').toContain(doomed);
    const row = projectList(page).getByRole('listitem', { name: doomed, exact: true });
    const dialog = page.getByRole('dialog');

    // Cancel first: nothing goes.
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(running.apiRequests().filter((entry) => entry.method === 'DELETE')).toEqual([]);

    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toContain(
      `Deleting project ${doomed} also deletes its reports`,
    );
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    const remaining = projectsOf(seeded.filter((report) => report.host !== doomed));
    await poll(() => shownProjects(page), 'projects after the delete').toEqual(
      sortedProjects(remaining, 'created', 'desc'),
    );
    await page.getByRole('status').filter({ hasText: 'Project deleted.' }).waitFor();

    // The service agrees: the project and every one of its reports are gone.
    const listed = await apiGet<{ data: { project?: string; name?: string }[] }>(
      running,
      '/projects?per_page=100',
    );
    expect(listed.data.map((project) => project.project ?? project.name).sort()).toEqual(
      remaining.map((project) => project.name).sort(),
    );
    const reports = await apiGet<{ data: { url: string }[]; meta: { total: number } }>(
      running,
      '/reports?per_page=100',
    );
    expect(reports.meta.total).toBe(seeded.length - doomedReports.length);
    expect(reports.data.filter((report) => new URL(report.url).host === doomed)).toEqual([]);

    // And the popup's Reports view no longer lists them either.
    await page.getByRole('tab', { name: 'Reports', exact: true }).click();
    await poll(
      () => field(page, 'Project').getByRole('option').allTextContents(),
      'the Project filter after the delete',
    ).toEqual(['All projects', ...remaining.map((project) => project.name).sort()]);
    await page.getByRole('searchbox', { name: 'Search reports', exact: true }).fill(doomed);
    await page.getByText('No reports match these filters.').waitFor();
    expect(await shownUrls(page), 'reports of the deleted project').toEqual([]);
  });
});
