// axe-core over every view of the popup and the options page, in the light and the dark colour
// scheme: no violation of impact "serious" or "critical" is allowed. A failure lists each rule,
// the elements (CSS targets) and axe's summary (for contrast: the colours and the ratio).
// Each test opens the page it checks; the connected ones start connected (beforeEach), and the
// seed gives the lists their rows, so no test depends on what an earlier one did.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { connect, type LoadedExtension, launchExtension } from './extension';
import { type ExtensionSnapshot, snapshotExtension } from './list-fixtures';

const API_KEY = 'a11y-e2e-key-0001';
const BLOCKING = new Set(['serious', 'critical']);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

let axeSource = '';
let snapshot: ExtensionSnapshot | undefined;
let service: RunningService | undefined;

function the<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} did not start`);
  return value;
}

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  snapshot = await snapshotExtension();
  service = await startService({ port: 0, apiKeys: [API_KEY], serveSamples: true, rateLimit: 0 });
  // Five reports on three projects: the Reports and Projects views have rows to check.
  await service.seed([
    { url: 'https://shop.example/', result: 'good' },
    { url: 'https://shop.example/cart', result: 'decent' },
    { url: 'https://blog.example/hello', result: 'bad' },
    { url: 'https://blog.example/draft', result: null, generatedAt: null },
    { url: 'https://docs.example/start', result: 'good' },
  ]);
});

afterAll(async () => {
  await service?.close();
  await snapshot?.remove();
});

/**
 * Runs axe in the page. Evaluated through the DevTools protocol, so the extension pages' CSP
 * (no inline scripts) does not stop it; injected once per document.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the global the evaluated script defined.
    const axe = (window as any).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return JSON.parse(JSON.stringify(results.violations));
  });
  return violations as Violation[];
}

function describeViolations(violations: Violation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
          .map(
            (node) =>
              `  - ${JSON.stringify(node.target)}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
          )
          .join('\n')}`,
    )
    .join('\n');
}

async function expectAccessible(page: Page, view: string) {
  const violations = await axeViolations(page);
  // A11Y_VERBOSE=1 lists the minor and moderate findings too, which do not fail the test.
  if (process.env.A11Y_VERBOSE) {
    console.log(`${view}: ${violations.length} violation(s)\n${describeViolations(violations)}`);
  }
  const blocking = violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  expect(
    blocking.map((violation) => violation.id),
    `${view}: serious or critical axe violations\n${describeViolations(blocking)}`,
  ).toEqual([]);
}

/** WCAG relative luminance of a CSS rgb()/rgba() colour. */
function relativeLuminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

describe.each(['light', 'dark'] as const)('%s colour scheme', (colorScheme) => {
  let ext: LoadedExtension | undefined;
  let popup: Page | undefined;

  beforeAll(async () => {
    ext = await launchExtension({ colorScheme, extensionDir: the(snapshot, 'The build copy').dir });
    ext.context.setDefaultTimeout(10_000);
  });

  afterAll(async () => {
    await ext?.close();
  });

  async function openPopup(): Promise<Page> {
    await popup?.close();
    popup = await the(ext, 'The browser').openWindow('popup.html');
    return popup;
  }

  /** The popup once it has loaded, connected: its tabs are there. */
  async function openConnectedPopup(): Promise<Page> {
    const page = await openPopup();
    await page.getByRole('tab', { name: 'This page', exact: true }).waitFor();
    return page;
  }

  /** Shows `url` in the browser's tab and opens the popup over it. */
  async function openPopupOver(url: string): Promise<Page> {
    const browser = the(ext, 'The browser');
    const tab = browser.context.pages()[0] ?? (await browser.context.newPage());
    await tab.goto(url);
    const page = await openPopup();
    await page.getByText(url, { exact: true }).waitFor();
    return page;
  }

  // A brand-new profile: this runs before anything is stored.
  it('popup, not connected yet', async () => {
    const page = await openPopup();
    await page.getByRole('button', { name: 'Open options', exact: true }).waitFor();
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
      colorScheme === 'dark',
    );
    // The popup follows the scheme: a light background in light, a dark one in dark.
    const background = await page.evaluate(
      () => getComputedStyle(document.documentElement).backgroundColor,
    );
    const luminance = relativeLuminance(background);
    if (colorScheme === 'dark') expect(luminance, background).toBeLessThan(0.2);
    else expect(luminance, background).toBeGreaterThan(0.8);
    await expectAccessible(page, 'Popup, not connected');
  });

  describe('connected', () => {
    beforeEach(async () => {
      const running = the(service, 'The service');
      await connect(the(ext, 'The browser'), { baseUrl: running.baseUrl, apiKey: API_KEY });
    });

    it('options page, and its Remove key question', async () => {
      const browser = the(ext, 'The browser');
      const running = the(service, 'The service');
      const options = await browser.openTab('options.html');
      try {
        const serviceUrl = options.getByRole('textbox', { name: 'Service URL', exact: true });
        await serviceUrl.waitFor();
        expect(await serviceUrl.inputValue()).toBe(running.baseUrl);
        await expectAccessible(options, 'Options page');

        await options.getByRole('button', { name: 'Remove key', exact: true }).click();
        const dialog = options.getByRole('dialog');
        await dialog.waitFor();
        await expectAccessible(options, 'Options page, Remove key dialog open');
        await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });
      } finally {
        await options.close();
      }
    });

    it('popup, This page before a create (with the password box shown)', async () => {
      const page = await openPopupOver(the(service, 'The service').sampleUrls?.good ?? '');
      await page.getByRole('button', { name: 'Create report', exact: true }).waitFor();
      await expectAccessible(page, 'This page, before a create');

      await page.getByRole('radio', { name: 'Password', exact: true }).check();
      await page.getByLabel('Report password', { exact: true }).waitFor();
      await expectAccessible(page, 'This page, Password chosen');
    });

    it('popup, This page after a create, and its Delete question', async () => {
      // An address of its own: no other test has a report for it.
      const page = await openPopupOver(
        `${the(service, 'The service').sampleUrls?.good}?a11y=create`,
      );
      await page.getByRole('button', { name: 'Create report', exact: true }).click();
      const outcome = page.getByRole('region', { name: 'Report for this page', exact: true });
      await outcome.getByText('Good', { exact: true }).waitFor({ timeout: 20_000 });
      await expectAccessible(page, 'This page, after a create');

      await outcome.getByRole('button', { name: 'Delete', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expectAccessible(page, 'This page, Delete dialog open');
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    });

    it('popup, Reports with rows', async () => {
      const page = await openConnectedPopup();
      await page.getByRole('tab', { name: 'Reports', exact: true }).click();
      const rows = page.getByRole('list', { name: 'Reports' }).getByRole('listitem');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
      await expectAccessible(page, 'Reports view');
    });

    it('the check finds a planted violation', async () => {
      // Proves the injected axe really inspects the popup: low contrast and an image without alt.
      const page = await openConnectedPopup();
      await page.evaluate(() => {
        const planted = document.createElement('p');
        planted.id = 'planted';
        planted.textContent = 'Barely readable';
        planted.style.cssText = 'color:#999;background:#aaa';
        const image = document.createElement('img');
        image.src = '/icon/32.png';
        planted.append(image);
        document.querySelector('main')?.append(planted);
      });
      try {
        const found = (await axeViolations(page)).map((violation) => violation.id);
        expect(found).toEqual(expect.arrayContaining(['color-contrast', 'image-alt']));
      } finally {
        await page.evaluate(() => document.getElementById('planted')?.remove());
      }
    });

    it('popup, Projects', async () => {
      const page = await openConnectedPopup();
      await page.getByRole('tab', { name: 'Projects', exact: true }).click();
      const rows = page.getByRole('list', { name: 'Projects' }).getByRole('listitem');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      await expectAccessible(page, 'Projects view');
    });

    it('popup, an error alert', async () => {
      // A key without API access: the service refuses the create (a 403, so surely not made)
      // and the alert shows in the form at once.
      const refusing = await startService({
        port: 0,
        apiKeys: [{ key: API_KEY, apiAccess: false }],
      });
      const baseUrl = refusing.baseUrl;
      await connect(the(ext, 'The browser'), { baseUrl, apiKey: API_KEY });
      const page = await openPopupOver(
        `${the(service, 'The service').sampleUrls?.decent}?a11y=alert`,
      );
      await page.getByRole('button', { name: 'Create report', exact: true }).click();
      await page.getByRole('alert').waitFor();
      await expectAccessible(page, 'This page, error alert');
      await refusing.close();
    });
  });
});
