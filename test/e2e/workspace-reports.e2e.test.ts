// The workspace's Reports tab in real Chromium (sidepanel.html opened in a tab), against a local
// service seeded with the list suites' 30 reports and 120 more on another site: selecting by
// keyboard, deleting a selection after a confirmation that says how many, and exporting every
// report the filters match (more than one page of 100) as CSV and as JSON, the files' rows
// counted against the service's own total. Driven through roles and accessible names only.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Download, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { connect, type LoadedExtension, launchExtension } from './extension';
import { apiGet, type ExtensionSnapshot, seedLists, snapshotExtension } from './list-fixtures';

const API_KEY = 'workspace-reports-e2e-key-0001';
/** Reports on one more site, so that an export of everything needs two pages of 100. */
const EXTRA = 120;

let snapshot: ExtensionSnapshot | undefined;
let ext: LoadedExtension | undefined;
let service: RunningService | undefined;
let page: Page | undefined;
/** While set, the service answers no API request until it settles (ServiceOptions.gate). */
let held: Promise<void> | undefined;
/** Told of each API request the service holds: its method and path. */
let onHeld: ((request: { method: string; path: string }) => void) | undefined;

function the<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} did not start`);
  return value;
}

beforeAll(async () => {
  // The queue paces to the service's limit; pacing is not what these tests are about.
  service = await startService({
    port: 0,
    apiKeys: [API_KEY],
    rateLimit: 0,
    gate: (request) => {
      if (held) onHeld?.(request);
      return held;
    },
  });
  await seedLists(service);
  await service.seed(
    Array.from({ length: EXTRA }, (_, index) => ({
      url: `https://omega.example/item-${index}`,
      result: (['good', 'decent', 'bad'] as const)[index % 3],
      createdAt: new Date(Date.parse('2025-06-01T00:00:00Z') + index * 60_000).toISOString(),
    })),
  );
  snapshot = await snapshotExtension();
  ext = await launchExtension({ extensionDir: snapshot.dir });
  ext.context.setDefaultTimeout(15_000);
  await connect(ext, { baseUrl: service.baseUrl, apiKey: service.apiKey });
});

afterAll(async () => {
  await ext?.close();
  await snapshot?.remove();
  await service?.close();
});

afterEach(async () => {
  await page?.close();
  page = undefined;
});

/** The workspace in a tab, on its Reports tab with `hash` filters, once its rows are in. */
async function openReports(hash = ''): Promise<Page> {
  page = await the(ext, 'The browser').openTab(`sidepanel.html#tab=reports${hash}`);
  await table(page)
    .getByRole('checkbox', { name: /^Select http/ })
    .first()
    .waitFor();
  return page;
}

const table = (on: Page) => on.getByRole('table', { name: 'Reports', exact: true });

/** The URLs of the rows, in order. */
async function rowUrls(on: Page): Promise<string[]> {
  const names = await table(on)
    .getByRole('checkbox', { name: /^Select http/ })
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') ?? ''));
  return names.map((name) => name.replace(/^Select /, ''));
}

/** Which rows are checked, as 1-based positions. */
async function checkedRows(on: Page): Promise<number[]> {
  const states = await table(on)
    .getByRole('checkbox', { name: /^Select http/ })
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked));
  return states.flatMap((checked, index) => (checked ? [index + 1] : []));
}

function poll<T>(read: () => Promise<T> | T, message: string, timeout = 15_000) {
  return expect.poll(read, { message, timeout, interval: 100 });
}

/** The service's count of reports matching `query` (its own meta.total). */
async function serviceTotal(query = ''): Promise<number> {
  const body = await apiGet<{ meta: { total: number } }>(
    the(service, 'The service'),
    `/reports?per_page=10${query}`,
  );
  return body.meta.total;
}

/** Clicks `button` and answers the file the page downloads. */
async function downloadFrom(on: Page, name: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    on.waitForEvent('download', { timeout: 30_000 }) as Promise<Download>,
    on.getByRole('button', { name, exact: true }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

const TODAY = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

describe('Reports tab', () => {
  it('selects by keyboard: Space, the arrow keys, Shift for a range, one Tab stop', async () => {
    const on = await openReports();
    const boxes = table(on).getByRole('checkbox', { name: /^Select http/ });
    const all = on.getByRole('checkbox', { name: 'Select all on this page', exact: true });
    const isFocused = (index: number) =>
      boxes.nth(index).evaluate((box) => box === document.activeElement);
    // The last header button, then Tab: into the rows, on the first one.
    await table(on).getByRole('button', { name: 'Created', exact: true }).focus();
    await on.keyboard.press('Tab');
    expect(await isFocused(0)).toBe(true);

    await on.keyboard.press('Space');
    await poll(() => checkedRows(on), 'Space checks the focused row').toEqual([1]);
    await on.keyboard.press('ArrowDown');
    await on.keyboard.press('ArrowDown');
    expect(await isFocused(2)).toBe(true);
    // One Tab stop for all the rows' boxes, which remembers the row: out and back in.
    await on.keyboard.press('Shift+Tab');
    expect(await isFocused(2)).toBe(false);
    await on.keyboard.press('Tab');
    expect(await isFocused(2)).toBe(true);
    await on.keyboard.press('Shift+ArrowDown');
    await on.keyboard.press('Shift+ArrowDown');
    await poll(() => checkedRows(on), 'Shift+ArrowDown extends from row 3').toEqual([1, 3, 4, 5]);
    await on.keyboard.press('ArrowDown');
    await on.keyboard.press('Shift+Space');
    await poll(() => checkedRows(on), 'Shift+Space selects from the anchor').toEqual([
      1, 3, 4, 5, 6,
    ]);
    await on.keyboard.press('Space');
    await poll(() => checkedRows(on), 'Space unchecks').toEqual([1, 3, 4, 5]);

    expect(await all.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
    await on.getByRole('button', { name: 'Delete selected (4)', exact: true }).waitFor();
    await on.getByText('4 of 10 selected', { exact: true }).waitFor();

    // Tab leaves the rows' boxes for the next control (the row's link), not the next box.
    await on.keyboard.press('Tab');
    const focused = await on.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(focused ?? '').not.toMatch(/^Select /);

    // A filter change clears the selection, and says so.
    await on.getByRole('combobox', { name: 'Result', exact: true }).selectOption({ label: 'Good' });
    await on.getByText('Selection cleared: the list changed.', { exact: true }).waitFor();
    await poll(() => checkedRows(on), 'nothing selected after a filter change').toEqual([]);
  });

  it('deletes the selection after a confirmation that says how many', async () => {
    const on = await openReports('&perPage=25');
    const before = await serviceTotal();
    const shown = await rowUrls(on);
    expect(shown).toHaveLength(25);

    await on.getByRole('checkbox', { name: `Select ${shown[1]}`, exact: true }).check();
    await on.getByRole('checkbox', { name: `Select ${shown[2]}`, exact: true }).click();
    await on.getByRole('checkbox', { name: `Select ${shown[5]}`, exact: true }).click();
    await on.getByRole('button', { name: 'Delete selected (3)', exact: true }).click();
    const dialog = on.getByRole('dialog', { name: 'Delete 3 reports?', exact: true });
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await serviceTotal()).toBe(before);

    await on.getByRole('button', { name: 'Delete selected (3)', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await on.getByRole('status').filter({ hasText: '3 deleted' }).waitFor({ timeout: 30_000 });
    expect(await serviceTotal()).toBe(before - 3);
    const gone = [shown[1], shown[2], shown[5]] as string[];
    for (const url of gone) {
      const found = await apiGet<{ data: { url: string }[] }>(
        the(service, 'The service'),
        `/reports?search=${encodeURIComponent(url)}&per_page=100`,
      );
      expect(
        found.data.map((report) => report.url),
        `${url} on the service`,
      ).not.toContain(url);
    }
    // The page loads again: the same rows without the deleted ones, and three more after them.
    await poll(async () => (await rowUrls(on)).slice(0, 22), 'the page without them').toEqual(
      shown.filter((url) => !gone.includes(url)),
    );
    expect(await rowUrls(on)).toHaveLength(25);
  });

  it('exports every matching report, all pages, as CSV and as JSON', async () => {
    const on = await openReports();
    const total = await serviceTotal();
    expect(total, 'more than one page of 100').toBeGreaterThan(100);

    const csv = await downloadFrom(on, 'Export CSV');
    expect(csv.name).toBe(`site-reports-${TODAY()}.csv`);
    expect(
      csv.text.startsWith(
        '\uFEFF"id","url","project","result","score","privacy","generated_at","created_at"\r\n',
      ),
    ).toBe(true);
    const records = csv.text.slice(1).split('\r\n');
    expect(records.at(-1), 'a CRLF after the last record').toBe('');
    expect(records.length - 2, 'CSV rows = the service total').toBe(total);
    const ids = new Set(records.slice(1, -1).map((line) => line.split(',')[0]));
    expect(ids.size, 'no report twice').toBe(total);
    await on
      .getByText(`Downloaded site-reports-${TODAY()}.csv (reports in it: ${total}).`)
      .waitFor();

    const json = await downloadFrom(on, 'Export JSON');
    expect(json.name).toBe(`site-reports-${TODAY()}.json`);
    const parsed = JSON.parse(json.text) as { id: number; url: string; rating: string }[];
    expect(parsed.length, 'JSON reports = the service total').toBe(total);
    expect(Object.keys(parsed[0] ?? {})).toEqual([
      'id',
      'url',
      'project',
      'rating',
      'score',
      'privacy',
      'hasPassword',
      'generatedAt',
      'createdAt',
      'updatedAt',
    ]);
  });

  it('has no serious or critical axe violations: table, selection, progress, dialog', async () => {
    const on = await openReports();
    const axe = await readFile(
      createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
      'utf8',
    );
    const violations = async () => {
      if (!(await on.evaluate(() => 'axe' in window))) await on.evaluate(axe);
      return on.evaluate(async () => {
        // biome-ignore lint/suspicious/noExplicitAny: the global the evaluated script defined.
        const { violations } = await (window as any).axe.run(document, {
          resultTypes: ['violations'],
        });
        return (violations as { id: string; impact: string; nodes: { target: unknown }[] }[])
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
          );
      });
    };
    const shown = await rowUrls(on);
    await on.getByRole('checkbox', { name: `Select ${shown[0]}`, exact: true }).check();
    expect(await violations(), 'with a selection').toEqual([]);
    await on.getByRole('button', { name: 'Change privacy of selected (1)', exact: true }).click();
    const dialog = on.getByRole('dialog', { name: 'Change the privacy of 1 report', exact: true });
    await dialog.getByRole('radio', { name: 'Password', exact: true }).check();
    await dialog.getByLabel('Report password', { exact: true }).waitFor();
    expect(await violations(), 'with the privacy dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await on.getByRole('button', { name: 'Export JSON', exact: true }).click();
    await on
      .getByRole('status')
      .filter({ hasText: /^Downloaded / })
      .waitFor();
    expect(await violations(), 'after an export').toEqual([]);
  });

  it('opens on the rows it last showed, out of reach until the service answers', async () => {
    const first = await openReports();
    const before = await rowUrls(first);
    const lastShown = () =>
      first.evaluate(async () => {
        const { workspaceLastPage } = await chrome.storage.session.get('workspaceLastPage');
        return (workspaceLastPage as { data?: { items?: unknown[] } } | undefined)?.data?.items
          ?.length;
      });
    await poll(lastShown, 'the page it showed is kept').toBe(before.length);
    await first.close();
    // Meanwhile, a report is made elsewhere: the service's first page now starts with it.
    const added = 'https://kappa.example/made-elsewhere';
    await the(service, 'The service').seed([{ url: added, result: 'good' }]);

    let answer: () => void = () => undefined;
    held = new Promise((done) => {
      answer = done;
    });
    try {
      page = await the(ext, 'The browser').openTab('sidepanel.html#tab=reports');
      const kept = page.locator('.report-list[inert][aria-hidden="true"] tbody tr');
      await poll(() => kept.count(), 'the rows last shown are on screen').toBe(before.length);
      expect(await kept.first().textContent()).toContain(before[0]);
      expect(await page.getByRole('status').filter({ hasText: 'Loading reports…' }).count()).toBe(
        1,
      );
      // Out of the accessibility tree, so nothing can act on them.
      expect(await table(page).count()).toBe(0);
    } finally {
      held = undefined;
      answer();
    }
    const rows = table(page).getByRole('checkbox', { name: /^Select http/ });
    await rows.first().waitFor();
    expect((await rowUrls(page))[0]).toBe(added);
    expect(await page.locator('.report-list[inert]').count()).toBe(0);
  });

  it('keeps no list that the key before the last change answers', async () => {
    const ready = await the(ext, 'The browser').openTab('sidepanel.html#tab=projects');
    page = ready;
    // Its list of projects is in: no request of it is still to come.
    await ready.getByRole('list', { name: 'Projects' }).getByRole('listitem').first().waitFor();
    const kept = () => ready.evaluate(() => chrome.storage.session.get('workspaceLastPage'));
    let answer: () => void = () => undefined;
    const asked = new Promise<void>((done) => {
      onHeld = ({ method, path }) => {
        if (method === 'GET' && path.endsWith('/api/v1/reports')) done();
      };
    });
    held = new Promise((done) => {
      answer = done;
    });
    try {
      // The page's own request for its list of reports (no tab loading it: the background asks
      // nothing ahead), held at the service; meanwhile another key is saved, and the list kept
      // is forgotten.
      await ready.getByRole('tab', { name: 'Reports', exact: true }).click();
      await asked;
      await connect(the(ext, 'The browser'), {
        baseUrl: the(service, 'The service').baseUrl,
        apiKey: 'workspace-reports-e2e-other-key',
      });
      await poll(kept, 'the list kept before is forgotten').toEqual({});
    } finally {
      held = undefined;
      onHeld = undefined;
      answer();
    }
    try {
      // The answer to the old key's request comes in after the change: shown, not kept.
      await table(ready)
        .getByRole('checkbox', { name: /^Select http/ })
        .first()
        .or(ready.getByRole('alert'))
        .waitFor();
      expect(await kept()).toEqual({});
    } finally {
      await connect(the(ext, 'The browser'), {
        baseUrl: the(service, 'The service').baseUrl,
        apiKey: the(service, 'The service').apiKey,
      });
    }
  });

  it('exports only what the filters match, whatever page is shown', async () => {
    const on = await openReports('&project=omega.example&result=bad&page=2');
    const total = await serviceTotal('&project=omega.example&result=bad');
    expect(total).toBe(EXTRA / 3);
    const csv = await downloadFrom(on, 'Export CSV');
    const rows = csv.text.slice(1).split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(total);
    for (const row of rows)
      expect(row).toMatch(/^"\d+","https:\/\/omega\.example\/item-\d+","omega\.example","bad",/);
  });
});
