// The workspace's Issues tab in real Chromium against a local service whose lists come without
// `results` (as some deployments' do): a project's reports are listed and counted as having no
// details, Read details reads each once (one paced job), the table then counts right; Copy as
// Markdown (the clipboard read back) and Export issues CSV (the download read); axe over the tab in
// light and dark, 360 and 1280 px wide. All reports counts the account's reports without details
// from the total the Reports list gave (no request of its own), and reads them on Read details.
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { axeViolations } from './axe';
import { connect, type LoadedExtension, launchExtension } from './extension';
import { type ExtensionSnapshot, snapshotExtension } from './list-fixtures';

const API_KEY = 'issues-e2e-key-0001';
const PAGES = 12;

let snapshot: ExtensionSnapshot | undefined;
let ext: LoadedExtension | undefined;
let service: RunningService | undefined;

function the<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} did not start`);
  return value;
}

/** Page `n` of shop.example: its meta description fails on 8 of 12, its title on 3. */
function resultsOf(n: number) {
  return {
    title: {
      passed: n % 4 !== 0,
      importance: 'high',
      value: 'Shop',
      errors: { length: { min: 10, max: 60 } },
    },
    meta_description: {
      passed: n >= 8,
      importance: 'high',
      value: null,
      errors: { missing: true },
    },
    favicon: { passed: true, importance: 'low', value: true, errors: {} },
  };
}

beforeAll(async () => {
  service = await startService({ port: 0, apiKeys: [API_KEY], rateLimit: 0, listResults: false });
  await service.seed(
    Array.from({ length: PAGES }, (_, n) => ({
      url: `https://shop.example/item-${n}`,
      result: n < 8 ? ('bad' as const) : ('good' as const),
      results: resultsOf(n),
    })),
  );
  await service.seed([{ url: 'https://other.example/', result: 'good', results: resultsOf(0) }]);
  snapshot = await snapshotExtension();
  ext = await launchExtension({ extensionDir: snapshot.dir });
  ext.context.setDefaultTimeout(15_000);
  await ext.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await connect(ext, { baseUrl: service.baseUrl, apiKey: service.apiKey });
});

afterAll(async () => {
  await ext?.close();
  await snapshot?.remove();
  await service?.close();
});

const apiLog = () =>
  the(service, 'The service')
    .requests.filter((request) => request.api && request.method !== 'OPTIONS')
    .map((request) => `${request.method} ${request.path}`);

async function downloadFrom(on: Page, name: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    on.waitForEvent('download', { timeout: 30_000 }) as Promise<Download>,
    on.getByRole('button', { name, exact: true }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

describe('Issues for a project whose list has no details', () => {
  it('counts, reads the details once, tabulates, copies and exports them, accessibly', async () => {
    const page = await the(ext, 'The browser').openTab('sidepanel.html#tab=issues');
    const select = page.getByRole('combobox', { name: 'Show issues for', exact: true });
    await select.focus();
    await page
      .getByRole('option', { name: 'shop.example', exact: true })
      .waitFor({ state: 'attached' });
    const before = apiLog().length;
    await select.selectOption({ label: 'shop.example' });
    await page.getByText(`${PAGES} of ${PAGES} reports have no details yet`).waitFor();
    expect(apiLog().slice(before)).toEqual([
      'GET /api/v1/reports?project=shop.example&sort_by=id&sort=asc&per_page=100&page=1',
    ]);

    await page.getByRole('button', { name: 'Read details', exact: true }).click();
    const table = page.getByRole('table', { name: 'Checks failing across pages' });
    const meta = table.getByRole('row', { name: /Meta description/ });
    await expect.poll(() => meta.textContent(), { timeout: 30_000 }).toContain('8 of 12');
    expect(await table.getByRole('row', { name: /^Title/ }).textContent()).toContain('3 of 12');
    await expect.poll(() => page.getByText(/have no details yet/).count()).toBe(0);
    const reads = apiLog().filter((line) => /^GET \/api\/v1\/reports\/\d+$/.test(line));
    expect(reads).toHaveLength(PAGES);
    expect(new Set(reads).size).toBe(PAGES);
    // The list was not asked for again when the table was read anew.
    expect(apiLog().filter((line) => line.includes('project=shop.example'))).toHaveLength(1);

    await page.getByRole('button', { name: 'Pages failing Meta description', exact: true }).click();
    const failing = page.getByRole('region', { name: 'Pages failing Meta description' });
    await expect.poll(() => failing.getByRole('listitem').count()).toBe(8);
    expect(await failing.getByRole('listitem').first().textContent()).toContain(
      'Meta description: missing',
    );

    await page.getByRole('button', { name: 'Copy as Markdown', exact: true }).click();
    await page.getByText('Copied as Markdown.').waitFor();
    const markdown = await page.evaluate(() => navigator.clipboard.readText());
    const lines = markdown.trimEnd().split('\n');
    expect(lines[0]).toBe('- [ ] Meta description — 8 of 12 pages (high)');
    expect(lines.filter((line) => line.startsWith('- [ ] '))).toEqual([
      '- [ ] Meta description — 8 of 12 pages (high)',
      '- [ ] Title — 3 of 12 pages (high)',
    ]);
    expect(lines.filter((line) => line.startsWith('  - '))).toHaveLength(11);

    const csv = await downloadFrom(page, 'Export issues CSV');
    expect(csv.name).toMatch(/^site-issues-\d{4}-\d\d-\d\d\.csv$/);
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe('"check","importance","address","rating","problem","generated_at"');
    expect(rows.slice(1).filter((row) => row.startsWith('"meta_description"'))).toHaveLength(8);
    expect(rows).toHaveLength(1 + 8 + 3);

    const found: Record<string, string[]> = {};
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [360, 1280]) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 900 });
        found[`${colorScheme} ${width}`] =
          (await axeViolations(page, { schemes: [colorScheme] }))[colorScheme] ?? [];
      }
    }
    expect(found).toEqual({ 'light 360': [], 'light 1280': [], 'dark 360': [], 'dark 1280': [] });
    await page.close();
  });
});

describe('Issues for all reports', () => {
  it('counts those without details from the Reports list, asking nothing, and reads them on the click', async () => {
    // After the project's details were read above: 12 of the 13 reports have them.
    const page = await the(ext, 'The browser').openTab('sidepanel.html#tab=reports');
    await page.getByText('https://other.example/').first().waitFor();
    const before = apiLog().length;
    await page.getByRole('tab', { name: 'Issues', exact: true }).click();
    await page.getByText('1 of 13 reports has no details yet').waitFor();
    const table = page.getByRole('table', { name: 'Checks failing across pages' });
    expect(await table.getByRole('row', { name: /Meta description/ }).textContent()).toContain(
      '8 of 12',
    );
    await page.getByRole('button', { name: 'Pages failing Title', exact: true }).click();
    const failing = page.getByRole('region', { name: 'Pages failing Title' });
    await expect.poll(() => failing.getByRole('listitem').count()).toBe(3);
    expect(apiLog().slice(before)).toEqual([]);

    await page.getByRole('button', { name: 'Read details', exact: true }).click();
    await expect.poll(() => page.getByText(/no details yet/).count(), { timeout: 30_000 }).toBe(0);
    await expect
      .poll(() => table.getByRole('row', { name: /Meta description/ }).textContent())
      .toContain('9 of 13');
    expect(apiLog().slice(before)).toEqual([
      'GET /api/v1/reports?sort_by=id&sort=asc&per_page=100&page=1',
      'GET /api/v1/reports/13',
    ]);
    await page.close();
  });
});
