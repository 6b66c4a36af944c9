// Watching pages in real Chromium against the local service: three pages created and watched from
// the popup, the schedule's alarm fired from the test with one page now rated lower and a
// high-importance check failing, then exactly one notification, that page's History with two
// analyses and the newly failing check, and the run's summary in Activity; axe over the tab.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPageTab, openPopup, outcomeOf, poll, type Stack, startStack, the } from './flows';

const PAGES = ['one', 'two', 'three'] as const;
const WORSE = 'two';
const DAY = 24 * 3600 * 1000;

let stack: Stack | undefined;
let workspace: Page | undefined;
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

/** A watched sample page: it serves the good sample until the service is told otherwise. */
const pageUrl = (name: string) =>
  new URL(`/samples/watch/${name}`, the(stack, 'The stack').sample('good')).href;

/** axe-core's serious and critical findings on `page` (see a11y.e2e.test.ts), as rule ids. */
async function seriousAxeFindings(page: Page): Promise<string[]> {
  const source = await readFile(
    createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
    'utf8',
  );
  await page.evaluate(source);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the global the evaluated script defined.
    const axe = (window as any).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return (results.violations as { id: string; impact: string }[])
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id);
  });
}

/** The notifications shown now, by id, as the worker sees them. */
const notifications = () =>
  the(stack, 'The stack').ext.worker.evaluate(() => chrome.notifications.getAll());

describe('watching pages', () => {
  it.each(PAGES)('creates a report for page %s and watches it from the popup', async (name) => {
    const { ext } = the(stack, 'The stack');
    opened.push(await openPageTab(ext, pageUrl(name)));
    const popup = await openPopup(ext);
    opened.push(popup);
    await popup.getByRole('button', { name: 'Create report', exact: true }).click();
    await outcomeOf(popup).getByText('Good', { exact: true }).waitFor();
    await popup.getByRole('button', { name: 'Watch this page', exact: true }).click();
    await popup.getByRole('button', { name: 'Stop watching this page', exact: true }).waitFor();
  });

  it('lists the three pages in the workspace’s Watched tab', async () => {
    const { ext } = the(stack, 'The stack');
    workspace = await ext.openTab('sidepanel.html#tab=watched');
    const list = workspace.getByRole('list', { name: 'Watched pages', exact: true });
    await expect.poll(() => list.locator(':scope > li').count()).toBe(3);
    for (const name of PAGES) {
      await list
        .getByRole('button', { name: `History of ${pageUrl(name)}`, exact: true })
        .waitFor();
    }
    await workspace.getByRole('combobox', { name: 'Schedule', exact: true }).waitFor();
  });

  it('a scheduled run with one page now worse: one notification, its history, the summary', async () => {
    const { ext, service } = the(stack, 'The stack');
    const page = the(workspace, 'The workspace');
    service.setPageOutcome(`/samples/watch/${WORSE}`, 'bad');
    expect(Object.keys(await notifications())).toEqual([]);

    // The last slot that ran goes a week back, and the schedule's alarm rings now.
    await ext.worker.evaluate(
      async (weekAgo) => {
        const { watch } = await chrome.storage.local.get('watch');
        const stored = watch as { services: Record<string, { lastSlot?: number }> };
        for (const service of Object.values(stored.services)) service.lastSlot = weekAgo;
        await chrome.storage.local.set({ watch: stored });
        await chrome.alarms.create('watch', { when: Date.now() });
      },
      Date.now() - 8 * DAY,
    );

    await page.getByRole('tab', { name: 'Activity', exact: true }).click();
    await page
      .getByText('3 re-analyzed: 1 worse, 0 better, 2 unchanged', { exact: false })
      .waitFor({ timeout: 30_000 });

    await poll(async () => Object.keys(await notifications()), 'one notification').toHaveLength(1);
    const [id = ''] = Object.keys(await notifications());
    expect(id).toMatch(/^watched:\d+$/);

    await page.getByRole('tab', { name: 'Watched', exact: true }).click();
    await page.getByRole('button', { name: `History of ${pageUrl(WORSE)}`, exact: true }).click();
    const region = page.getByRole('region', { name: 'History', exact: true });
    const analyses = region.getByRole('list', { name: 'Analyses, newest first' });
    await expect.poll(() => analyses.locator(':scope > li').count()).toBe(2);
    const newest = analyses.locator(':scope > li').first();
    await expect.poll(() => newest.textContent()).toContain('Bad');
    expect(await newest.textContent()).toMatch(/Now failing: .*Title/);
    expect(await analyses.locator(':scope > li').last().textContent()).toContain('Good');
    expect(page.url()).toContain(`history=${id.slice('watched:'.length)}`);
    // Its row says what changed.
    const row = page
      .getByRole('list', { name: 'Watched pages', exact: true })
      .locator(':scope > li')
      .filter({ hasText: pageUrl(WORSE) });
    expect(await row.textContent()).toContain('Rating dropped from Good to Bad');
    // The tab with its schedule, rows and the open History: nothing serious for axe.
    expect(await seriousAxeFindings(page)).toEqual([]);
  });

  it('the popup on that page says it is watched and what changed since the analysis before', async () => {
    const { ext } = the(stack, 'The stack');
    opened.push(await openPageTab(ext, pageUrl(WORSE)));
    const popup = await openPopup(ext);
    opened.push(popup);
    await popup.getByRole('button', { name: 'Stop watching this page', exact: true }).waitFor();
    await popup.getByText('Rating dropped from Good to Bad', { exact: true }).waitFor();
    await popup.getByText(/^Now failing: .*Title/).waitFor();
  });
});
