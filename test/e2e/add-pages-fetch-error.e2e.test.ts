// Add pages in real Chromium: a pasted list of 5 whose first page the local service cannot fetch
// (it redirects to its own `/site/reports?limit=10` again and again). That create's 422 on url
// names an address of reports with a limit: it is that page's own error, not the monthly quota,
// so the other 4 are reported and the job's summary says 4 reported and 1 failed, nothing
// "not sent". The plan (GET /account) allows 10 reports a month, so the job is offered.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTA_SENTENCE } from '../../lib/api/quota';
import { SAMPLE_SITE_PATHS, sitePageUrl } from '../../server/sample-site';
import { apiGet, poll, type Stack, startStack, the } from './flows';

let stack: Stack | undefined;
let workspace: Page | undefined;
/** The analyses of the site's pages wait for this, so that the unfetchable page's refusal comes
 * while creates are still waiting to be sent (one at most is under way beside it). */
let release: () => void = () => undefined;
const held = new Promise<void>((resolve) => {
  release = resolve;
});

beforeAll(async () => {
  stack = await startStack({
    service: {
      monthlyQuota: 10,
      analysisGate: (url) => (url.includes('/site/page-') ? held : undefined),
    },
  });
  workspace = await stack.ext.openTab('sidepanel.html#tab=add-pages');
});

afterAll(async () => {
  release();
  await stack?.close();
});

const page = () => the(workspace, 'The workspace');

describe('Add pages, a page the service cannot fetch', () => {
  it('fails that page with its own error and reports the other 4', async () => {
    const { service } = the(stack, 'The stack');
    const unfetchable = `${service.url}${SAMPLE_SITE_PATHS.redirectLoop}`;
    // First: sent first, and answered while the others wait.
    const lines = [unfetchable, ...[1, 2, 3, 4].map((n) => sitePageUrl(service.url, n))];
    await page().getByRole('textbox', { name: 'Addresses', exact: true }).fill(lines.join('\n'));
    await page().getByRole('button', { name: 'Read list', exact: true }).click();
    await page().getByText('5 addresses', { exact: true }).waitFor();
    await page().getByText('5 of 5 selected: 5 new, 0 to re-analyze').waitFor();

    await page().getByRole('button', { name: 'Report selected pages', exact: true }).click();
    const creates = () =>
      service
        .apiRequests()
        .filter((entry) => entry.method === 'POST' && entry.path === '/api/v1/reports');
    await poll(
      () => creates().map((entry) => entry.status),
      'the unfetchable page refused, the others held',
      30_000,
    ).toEqual([422]);
    release();
    const summary = page().locator('.job-summary');
    await poll(() => summary.textContent(), 'the job’s summary', 60_000).toContain('1 failed');
    const said = (await summary.textContent()) ?? '';
    expect(said).toContain('4 reported or re-analyzed');
    expect(said).not.toContain('not sent');
    // The page's own error, naming the address it gave up at.
    const reason = `The url could not be fetched: it redirects more than 5 times, the last time to ${unfetchable}?limit=10.`;
    await page().locator('.job-reasons').getByText(reason, { exact: false }).waitFor();
    expect(await page().getByText(QUOTA_SENTENCE).count()).toBe(0);
    await page().getByRole('button', { name: 'Retry failed', exact: true }).waitFor();

    expect(creates().map((entry) => entry.status)).toEqual([422, 201, 201, 201, 201]);
    const { body } = await apiGet(service, '/reports?per_page=100');
    const reported = (body as { data: { url: string }[] }).data.map((report) => report.url);
    expect(reported.sort()).toEqual(lines.slice(1).sort());
  });
});
