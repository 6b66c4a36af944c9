// Add pages in real Chromium, against the local service's sample site: a sitemap index (one of
// its sitemaps gzipped) gives 30 pages; the 3 that have a report start unchecked and are skipped;
// the other 27 are reported as one job under a limit of 60 requests a minute, with no 429. The
// robots.txt path gives the same pages; a broken sitemap and a 404 say so and queue nothing; a
// pasted list lists its junk lines with their reasons. Read again while its job runs, a list's
// pages still queued are marked so and start unchecked (never created twice). An index one of
// whose sitemaps is gone gives the rest and names the gone one under "Not added"; a sitemap whose
// body never ends is cancelled, and the forms work again.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_SITE_PATHS, SITE_PAGE_COUNT, sitePageUrl } from '../../server/sample-site';
import { poll, type Stack, startStack, the } from './flows';

const KNOWN = [1, 2, 3];

let stack: Stack | undefined;
let workspace: Page | undefined;
/** While set, the service holds creates until it settles. */
let held: Promise<void> | undefined;
let release: () => void = () => undefined;

beforeAll(async () => {
  stack = await startStack({
    service: { rateLimit: 60, gate: ({ method }) => (method === 'POST' ? held : undefined) },
  });
  await stack.service.seed(
    KNOWN.map((n) => ({
      url: sitePageUrl(the(stack, 'The stack').service.url, n),
      result: 'good',
    })),
  );
  workspace = await stack.ext.openTab('sidepanel.html#tab=add-pages');
});

afterAll(async () => {
  release();
  await stack?.close();
});

const page = () => the(workspace, 'The workspace');
const origin = () => the(stack, 'The stack').service.url;
const posts = () =>
  the(stack, 'The stack')
    .service.apiRequests()
    .filter((request) => request.method === 'POST');

async function readSitemap(address: string) {
  const box = page().getByRole('textbox', { name: 'Sitemap address', exact: true });
  await box.fill(address);
  await page().getByRole('button', { name: 'Read sitemap', exact: true }).click();
}

describe('Add pages', () => {
  it('reads a sitemap index of 30 pages and reports the 27 without a report, with no 429', async () => {
    await readSitemap(`${origin()}${SAMPLE_SITE_PATHS.index}`);
    await page().getByText('30 addresses', { exact: true }).waitFor();
    const list = page().getByRole('list', { name: 'Addresses to report' });
    await poll(() => list.getByRole('checkbox').count(), 'a box per page').toBe(SITE_PAGE_COUNT);
    // The known pages are marked and start unchecked (once the background has said which).
    await page()
      .getByText('3 of them have a report on this service: they start unchecked.')
      .waitFor();
    for (let n = 1; n <= SITE_PAGE_COUNT; n++) {
      const box = list.getByRole('checkbox', { name: sitePageUrl(origin(), n), exact: true });
      expect(await box.isChecked()).toBe(!KNOWN.includes(n));
    }
    await page().getByText('27 of 30 selected: 27 new, 0 to re-analyze').waitFor();

    await page().getByRole('button', { name: 'Report selected pages', exact: true }).click();
    await page().getByRole('progressbar').first().waitFor();
    await poll(() => posts().length, '27 creates', 90_000).toBe(27);
    const summary = page().locator('.job-summary');
    await poll(() => summary.textContent(), 'the summary').toContain('27 reported or re-analyzed');

    const service = the(stack, 'The stack').service;
    expect(service.requests.filter((request) => request.status === 429)).toEqual([]);
    const created = posts().length;
    expect(created).toBe(SITE_PAGE_COUNT - KNOWN.length);
    // Each created report feeds the rating cache.
    const cached = await page().evaluate(async () => {
      const { ratingCache } = await chrome.storage.local.get('ratingCache');
      const services = (ratingCache as { services: Record<string, Record<string, unknown>> })
        .services;
      return Object.values(services).flatMap((entries) => Object.keys(entries));
    });
    expect(cached).toEqual(
      expect.arrayContaining([sitePageUrl(origin(), 4), sitePageUrl(origin(), 30)]),
    );
  });

  it("follows a site's robots.txt to the same pages", async () => {
    await readSitemap(`${origin()}/robots.txt`);
    await page().getByText('30 addresses', { exact: true }).waitFor();
    // Now all 30 have a report: nothing is checked.
    await page()
      .getByText('30 of them have a report on this service: they start unchecked.')
      .waitFor();
    expect(
      await page().getByRole('button', { name: 'Report selected pages', exact: true }).isDisabled(),
    ).toBe(true);
  });

  it.each([
    [SAMPLE_SITE_PATHS.broken, 'is not a sitemap. Nothing was added.'],
    ['/site/missing.xml', 'was not found (404). Nothing was added.'],
    [SAMPLE_SITE_PATHS.login, 'is a web page (perhaps a login page), not a sitemap.'],
    [SAMPLE_SITE_PATHS.loop, 'leads back to'],
  ])('says what is wrong with %s and queues nothing', async (path, words) => {
    const before = posts().length;
    await readSitemap(`${origin()}${path}`);
    const alert = page().getByRole('alert').filter({ hasText: words });
    await alert.waitFor();
    expect(await page().getByRole('list', { name: 'Addresses to report' }).count()).toBe(0);
    expect(posts().length).toBe(before);
  });

  it('skips a gone child sitemap, names it under "Not added" and keeps the rest', async () => {
    await readSitemap(`${origin()}${SAMPLE_SITE_PATHS.staleIndex}`);
    await page().getByText('15 addresses', { exact: true }).waitFor();
    const notAdded = page().getByRole('region', { name: 'Not added' });
    expect(await notAdded.getByRole('listitem').allTextContents()).toEqual([
      `sitemap ${origin()}${SAMPLE_SITE_PATHS.gone}: 404`,
    ]);
    expect(await page().getByRole('alert').count()).toBe(0);
  });

  it('cancels the read of a sitemap whose body never ends, and reads again', async () => {
    const form = page().getByRole('form', { name: 'From a sitemap' });
    await readSitemap(`${origin()}${SAMPLE_SITE_PATHS.stalled}`);
    await page().getByText('Reading…', { exact: true }).waitFor();
    const read = page().getByRole('button', { name: 'Read sitemap', exact: true });
    expect(await read.isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page().getByText('Reading stopped. Nothing was added.', { exact: true }).waitFor();
    expect(await form.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
    await readSitemap(`${origin()}${SAMPLE_SITE_PATHS.index}`);
    await page().getByText('30 addresses', { exact: true }).waitFor();
  });

  it('lists the junk lines of a pasted list with their reasons', async () => {
    const lines = [
      sitePageUrl(origin(), 5),
      'ftp://files.example/list.txt',
      'hello world',
      sitePageUrl(origin(), 5),
      'https://new.example/page',
    ];
    await page().getByRole('textbox', { name: 'Addresses', exact: true }).fill(lines.join('\n'));
    await page().getByRole('button', { name: 'Read list', exact: true }).click();
    await page().getByText('2 addresses', { exact: true }).waitFor();
    const notAdded = page().getByRole('region', { name: 'Not added' });
    const items = await notAdded.getByRole('listitem').allTextContents();
    expect(items).toEqual([
      'Line 2: ftp://files.example/list.txt (not http(s))',
      'Line 3: hello world (not an address)',
      `Line 4: ${sitePageUrl(origin(), 5)} (duplicate)`,
    ]);
    const list = page().getByRole('list', { name: 'Addresses to report' });
    // The page with a report starts unchecked once the known-pages lookup has answered.
    const known = list.getByRole('checkbox', { name: sitePageUrl(origin(), 5), exact: true });
    await expect.poll(() => known.isChecked(), { timeout: 15_000 }).toBe(false);
    expect(
      await list
        .getByRole('checkbox', { name: 'https://new.example/page', exact: true })
        .isChecked(),
    ).toBe(true);
  });

  it('marks the pages of a list still queued as queued, unchecked, when it is read again', async () => {
    const good = the(stack, 'The stack').sample('good');
    const lines = [1, 2, 3].map((n) => `${good}?queued=${n}`);
    const readList = async () => {
      await page().getByRole('textbox', { name: 'Addresses', exact: true }).fill(lines.join('\n'));
      await page().getByRole('button', { name: 'Read list', exact: true }).click();
      await page().getByText('3 addresses', { exact: true }).waitFor();
    };
    await readList();
    await page().getByText('3 of 3 selected: 3 new, 0 to re-analyze').waitFor();
    held = new Promise((resolve) => {
      release = () => {
        held = undefined;
        resolve();
      };
    });
    await page().getByRole('button', { name: 'Report selected pages', exact: true }).click();
    const sent = () =>
      page().evaluate(async () => {
        const { jobs } = await chrome.storage.local.get('jobs');
        const all = (jobs as { jobs: { items: { op: { url?: string }; state: string }[] }[] }).jobs;
        return all
          .flatMap((job) => job.items)
          .filter((item) => item.op.url?.includes('?queued='))
          .map((item) => item.state);
      });
    await poll(sent, 'the first create sent (held by the service)').toContain('running');

    // The same list again, while its creates wait (or are being sent).
    await page().getByRole('textbox', { name: 'Addresses', exact: true }).fill('');
    await readList();
    await page()
      .getByText('3 of them are queued to be reported already: they start unchecked.')
      .waitFor();
    const list = page().getByRole('list', { name: 'Addresses to report' });
    for (const url of lines) {
      expect(await list.getByRole('checkbox', { name: url, exact: true }).isChecked()).toBe(false);
    }
    expect(await list.getByText('Queued', { exact: true }).count()).toBe(3);
    expect(
      await page().getByRole('button', { name: 'Report selected pages', exact: true }).isDisabled(),
    ).toBe(true);
    release();
    const summary = page().locator('.job-summary');
    await poll(() => summary.textContent(), 'the job done').toContain('3 reported');
  });
});
