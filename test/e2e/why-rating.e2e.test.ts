// "Why this rating" in real Chromium against the local service: after a create in the popup, a
// region lists the sample page's failed checks (high importance first) and how many of all
// passed; the workspace's Reports table shows the same region in a report's details. The checks
// come with the report each time it is shown (a create's answer brings them), and are never
// kept in storage.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPageTab, openPopup, outcomeOf, poll, type Stack, startStack, the } from './flows';

let stack: Stack | undefined;
const opened: Page[] = [];

beforeAll(async () => {
  stack = await startStack();
});

afterEach(async () => {
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
});

afterAll(async () => {
  await stack?.close();
});

/** What the local service's bad sample fails, as the list names it, in the list's order. */
const BAD_FAILED = [
  // High importance, in the service's order.
  'HTTPS encryption',
  'Title',
  'Meta description',
  'Headings',
  // Medium.
  'Language',
  'Mobile viewport',
  'Open to search engines',
  // Low; `canonical` is the service's own key, named from the key itself.
  'Canonical',
  'Image alt texts',
];

const whyRating = (page: Page) =>
  page.getByRole('region', { name: 'Why this rating', exact: true });

/** The failed checks' names, each item's text without its importance. */
function failedChecks(page: Page): Promise<string[]> {
  return whyRating(page)
    .getByRole('list')
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => item.querySelector('.check-line')?.textContent ?? ''),
    );
}

async function createFor(name: 'good' | 'decent' | 'bad'): Promise<Page> {
  const { ext, sample } = the(stack, 'The stack');
  opened.push(await openPageTab(ext, sample(name)));
  const popup = await openPopup(ext);
  opened.push(popup);
  await popup.getByRole('button', { name: 'Create report', exact: true }).click();
  await outcomeOf(popup)
    .getByText(name === 'bad' ? 'Bad' : 'Decent', { exact: true })
    .waitFor({
      timeout: 30_000,
    });
  return popup;
}

describe('This page', () => {
  it('lists the failed checks of a new report, high importance first, and the passed count', async () => {
    const popup = await createFor('bad');
    const region = whyRating(popup);
    await region.getByText('3 of 12 checks passed', { exact: true }).waitFor();
    expect(await failedChecks(popup)).toEqual(BAD_FAILED);
    expect(await region.getByRole('listitem').first().textContent()).toBe(
      'HTTPS encryption high importance',
    );
    // The create's answer carried the checks: they cost no second request.
    const { service } = the(stack, 'The stack');
    const reads = service
      .apiRequests()
      .filter((request) => request.method === 'GET' && /\/reports\/\d+$/.test(request.path));
    expect(reads).toEqual([]);
  });

  it('shows it again when the popup opens over a page with a report, and keeps none of it', async () => {
    const { ext } = the(stack, 'The stack');
    const popup = await createFor('decent');
    await whyRating(popup).getByText('8 of 12 checks passed', { exact: true }).waitFor();
    expect(await failedChecks(popup)).toEqual([
      'HTTPS encryption',
      'Meta description',
      'Canonical',
      'Image alt texts',
    ]);
    await popup.close();

    const reopened = await openPopup(ext);
    opened.push(reopened);
    await whyRating(reopened).getByText('8 of 12 checks passed', { exact: true }).waitFor();

    const stored = await ext.worker.evaluate(async () =>
      JSON.stringify(await chrome.storage.local.get(null)),
    );
    expect(stored).toContain('"rating":"decent"');
    for (const key of ['https_encryption', 'meta_description', 'image_keywords', 'importance']) {
      expect(stored, `storage holds ${key}`).not.toContain(key);
    }
  });
});

describe('the workspace', () => {
  it('shows the same region in a report’s details', async () => {
    const { ext, sample, service } = the(stack, 'The stack');
    // A report of its own, made on the service's side.
    const made = await fetch(`${service.baseUrl}/reports`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.apiKey}`, Accept: 'application/json' },
      body: new URLSearchParams({ url: sample('bad') }),
    });
    expect(made.status).toBe(201);
    const workspace = await ext.openTab('sidepanel.html#tab=reports');
    opened.push(workspace);
    const table = workspace.getByRole('table', { name: 'Reports' });
    const row = table.getByRole('row').filter({
      has: workspace.getByRole('rowheader', { name: sample('bad'), exact: true }),
    });
    const details = row.first().getByRole('button', { name: 'Details', exact: true });
    await details.waitFor();
    expect(await details.getAttribute('aria-expanded')).toBe('false');

    await details.click();
    await poll(() => details.getAttribute('aria-expanded'), 'the row expanded').toBe('true');
    const region = whyRating(workspace);
    await region.getByText('3 of 12 checks passed', { exact: true }).waitFor();
    expect(await failedChecks(workspace)).toEqual(BAD_FAILED);

    await details.click();
    await region.waitFor({ state: 'detached' });
  });
});
