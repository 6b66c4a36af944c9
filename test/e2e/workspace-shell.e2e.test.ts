// The workspace in real Chromium against the local service: sidepanel.html opened in a tab (a
// headless browser has no side panel to show it in), its tabs driven by the keyboard and kept in
// the address, the This page header following the tab in front, Open tabs listing the window's
// sample pages (the one with a known report unchecked) and reporting the others through the
// background's queue, counted on the service; and the popup's "Open workspace".
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiGet,
  heldRequests,
  isFocused,
  openPageTab,
  openPopup,
  poll,
  type Stack,
  serviceReportFor,
  startStack,
  tabTo,
  the,
} from './flows';

/** Each API answer waits this long, so the job's progress stays on screen long enough to see. */
const LATENCY_MS = 400;

let stack: Stack | undefined;
const opened: Page[] = [];
/** Creates, held while the test reads the job under way. */
const creates = heldRequests(({ method, path }) => method === 'POST' && path.endsWith('/reports'));

beforeAll(async () => {
  stack = await startStack({
    service: {
      latencyMs: LATENCY_MS,
      gate: creates.gate,
    },
  });
});

afterEach(async () => {
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
});

afterAll(async () => {
  creates.release();
  await stack?.close();
});

async function openWorkspace(hash = ''): Promise<Page> {
  const { ext } = the(stack, 'The stack');
  const page = await ext.openTab(`sidepanel.html${hash}`);
  opened.push(page);
  await page.getByRole('tablist', { name: 'Workspace views' }).waitFor();
  return page;
}

async function openSample(name: 'good' | 'decent' | 'bad'): Promise<Page> {
  const { ext, sample } = the(stack, 'The stack');
  const page = await openPageTab(ext, sample(name));
  opened.push(page);
  return page;
}

/** How many reports the service holds. */
async function reportsOnService(): Promise<number> {
  const { service } = the(stack, 'The stack');
  const { status, body } = await apiGet(service, '/reports?per_page=1');
  if (status !== 200) throw new Error(`Listing reports answered ${status}`);
  return (body as { meta: { total: number } }).meta.total;
}

interface ContextsApi {
  getContexts(filter: { contextTypes: string[] }): Promise<{ documentUrl?: string }[]>;
}

const selectedTab = (page: Page) =>
  page.locator('[role="tab"][aria-selected="true"]').textContent();

describe('the workspace', () => {
  it('is the side panel of the Chrome build', async () => {
    const { ext } = the(stack, 'The stack');
    const manifest = await ext.worker.evaluate(() => chrome.runtime.getManifest());
    expect(manifest.side_panel).toEqual({ default_path: 'sidepanel.html' });
    expect(manifest.permissions).toContain('sidePanel');
  });

  it('switches tabs with the keyboard, keeping the shown one in the address', async () => {
    const page = await openWorkspace();
    expect(await selectedTab(page)).toBe('Reports');
    const reports = page.getByRole('tab', { name: 'Reports', exact: true });
    await tabTo(page, reports);
    const moves: [string, string][] = [
      ['ArrowRight', 'Projects'],
      ['ArrowRight', 'Open tabs'],
      ['End', 'Activity'],
      ['Home', 'Reports'],
      ['ArrowLeft', 'Activity'],
    ];
    for (const [key, name] of moves) {
      await page.keyboard.press(key);
      expect(await selectedTab(page), `after ${key}`).toBe(name);
      expect(await isFocused(page.getByRole('tab', { name, exact: true }))).toBe(true);
    }
    expect(new URL(page.url()).hash).toBe('#tab=activity');
    await page.getByRole('tabpanel', { name: 'Activity' }).waitFor();
    // The focus shows (the theme's outline) on the focused tab.
    const outline = await page
      .getByRole('tab', { name: 'Activity', exact: true })
      .evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).toBe('solid');

    await page.reload();
    await page.getByRole('tablist', { name: 'Workspace views' }).waitFor();
    expect(await selectedTab(page)).toBe('Activity');
  });

  it('follows the tab in front in its header, from the rating cache', async () => {
    const { service, sample } = the(stack, 'The stack');
    const good = await openSample('good');
    // On Activity, which asks the service nothing (Reports would load its first page).
    const workspace = await openWorkspace('#tab=activity');
    const header = workspace.getByRole('region', { name: 'This page' });
    // Opened as a tab, the workspace is about the tab that was in front before it.
    await header.getByText(sample('good'), { exact: true }).waitFor();

    service.resetRequests();
    const decent = await openSample('decent');
    await header.getByText(sample('decent'), { exact: true }).waitFor();
    await good.bringToFront();
    await header.getByText(sample('good'), { exact: true }).waitFor();
    await decent.close();
    expect(service.apiRequests(), 'no request for a tab switch').toEqual([]);
  });

  it('reports the selected open tabs through the queue; a known page starts unchecked', async () => {
    const { ext, service, sample } = the(stack, 'The stack');
    await openSample('good');
    await openSample('decent');
    await openSample('bad');
    // Each check box is named "‹title› — ‹address›" (tabs often share a title).
    const names = await ext.worker.evaluate(async () =>
      Object.fromEntries(
        (await chrome.tabs.query({})).map((tab: { url?: string; title?: string }) => [
          tab.url ?? '',
          tab.title ? `${tab.title} — ${tab.url}` : (tab.url ?? ''),
        ]),
      ),
    );
    const titles = {
      good: names[sample('good')] ?? '',
      decent: names[sample('decent')] ?? '',
      bad: names[sample('bad')] ?? '',
    };

    const workspace = await openWorkspace();
    // A report of the good page is known to the extension (the background caches it).
    const created = await workspace.evaluate(
      (url) => chrome.runtime.sendMessage({ type: 'createReport', input: { url, privacy: 0 } }),
      sample('good'),
    );
    expect(created).toMatchObject({ ok: true });

    await workspace.getByRole('tab', { name: 'Open tabs', exact: true }).click();
    const list = workspace.getByRole('list', { name: 'Web pages open in this window' });
    const box = (title: string) => list.getByRole('checkbox', { name: title, exact: true });
    await box(titles.decent).waitFor();
    await poll(() => box(titles.good).isChecked(), 'the known page is unchecked').toBe(false);
    const knownRow = list
      .getByRole('listitem')
      .filter({ has: workspace.getByRole('checkbox', { name: titles.good, exact: true }) });
    expect(await knownRow.textContent()).toContain('Good');
    expect(await box(titles.decent).isChecked()).toBe(true);
    expect(await box(titles.bad).isChecked()).toBe(true);
    // Only web pages: not the workspace's own tab.
    expect(await list.getByRole('checkbox').count()).toBe(3);

    const before = await reportsOnService();
    creates.hold();
    await workspace.getByRole('button', { name: 'Report selected tabs', exact: true }).click();
    const bar = workspace.getByRole('progressbar', { name: 'Report 2 pages' });
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuemax')).toBe('2');
    await workspace
      .getByText(/\d of 2/)
      .first()
      .waitFor();
    creates.release();

    const summary = workspace.getByRole('status').filter({ hasText: '2 reported' });
    await summary.waitFor({ timeout: 30_000 });
    expect(await bar.count(), 'the bar is gone once the job ended').toBe(0);
    expect(await reportsOnService()).toBe(before + 2);
    expect(await serviceReportFor(service, sample('decent'))).toBeDefined();
    expect(await serviceReportFor(service, sample('bad'))).toBeDefined();

    // Activity shows the finished job.
    await workspace.getByRole('tab', { name: 'Activity', exact: true }).click();
    const job = workspace.getByRole('list', { name: 'Jobs' }).getByRole('listitem').first();
    await job.getByText('Report 2 pages').waitFor();
    expect(await job.textContent()).toContain('Done');
    await job.getByRole('button', { name: 'Clear', exact: true }).click();
    await workspace.getByText(/Nothing has run yet/).waitFor();
  });

  it.each(['light', 'dark'] as const)(
    'has no serious accessibility problem in the %s colour scheme',
    async (colorScheme) => {
      await openSample('decent');
      const page = await openWorkspace();
      await page.emulateMedia({ colorScheme });
      const require = createRequire(import.meta.url);
      await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
      for (const name of ['Reports', 'Projects', 'Open tabs', 'Add pages', 'Watched', 'Activity']) {
        await page.getByRole('tab', { name, exact: true }).click();
        await page.getByRole('tabpanel', { name }).locator('section, table').first().waitFor();
        const problems = await page.evaluate(async () => {
          // biome-ignore lint/suspicious/noExplicitAny: the global axe-core's script defined.
          const { violations } = await (window as any).axe.run(document);
          return (violations as { id: string; impact: string; nodes: { target: unknown }[] }[])
            .filter(
              (violation) => violation.impact === 'serious' || violation.impact === 'critical',
            )
            .map(
              (violation) =>
                `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
            );
        });
        expect(problems, `${name}, ${colorScheme}`).toEqual([]);
      }
    },
  );

  it("opens from the popup's Open workspace", async () => {
    const { ext } = the(stack, 'The stack');
    await openSample('good');
    const popup = await openPopup(ext);
    opened.push(popup);
    // Where the browser refuses the side panel, the workspace opens in a tab instead (see
    // test/unit/this-page/open-workspace.test.ts); headless Chromium 156 opens the panel.
    const tab = ext.context
      .waitForEvent('page', {
        predicate: (page) => new URL(page.url()).pathname === '/sidepanel.html',
        timeout: 10_000,
      })
      .then((page) => ({ place: 'tab' as const, page }));
    const closed = popup
      .waitForEvent('close', { timeout: 10_000 })
      .then(() => ({ place: 'sidePanel' as const, page: undefined }));
    await popup.getByRole('button', { name: 'Open workspace', exact: true }).click();
    const outcome = await Promise.any([tab, closed]);
    // The other one times out, or ends with the browser: nobody waits for it.
    void Promise.allSettled([tab, closed]);
    if (outcome.page) {
      opened.push(outcome.page);
      await outcome.page.getByRole('tablist', { name: 'Workspace views' }).waitFor();
    } else {
      // The panel opened (and the popup closed itself over it): the browser has a side panel
      // document showing the workspace.
      await poll(
        () =>
          ext.worker.evaluate(async () =>
            // Chrome's API, missing from the polyfill's types that chrome.d.ts uses.
            (
              await (chrome.runtime as unknown as ContextsApi).getContexts({
                contextTypes: ['SIDE_PANEL'],
              })
            ).map((context) => new URL(context.documentUrl ?? '').pathname),
          ),
        'a side panel shows the workspace',
      ).toEqual(['/sidepanel.html']);
    }
  });
});
