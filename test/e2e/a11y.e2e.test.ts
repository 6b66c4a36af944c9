// axe-core (WCAG 2.2 AA and best practice) over every page and view: the popup (This page,
// Reports, Projects), each tab of the workspace as its own tablist names them, and the options
// page — each in the states people see (rows, a question asked in a dialog, a job running, a
// report's "Why this rating", Add pages' preview of a pasted list; a row's actions menu and the Filters behind their button where a
// view has them, a skip with a note where none does), and each state in light and dark, 360 and
// 1280 px wide. Every violation counts, whatever its impact. A failure lists the view, the
// variant, each rule, the elements (CSS targets) and axe's summary (for contrast: the colours).
// One browser and a few long-lived pages keep it quick: the tests run in order, each going on
// from where the one before left the pages (a single test run alone with -t may not find them).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { connect, type LoadedExtension, launchExtension } from './extension';
import { heldRequests } from './flows';
import { type ExtensionSnapshot, snapshotExtension } from './list-fixtures';

const API_KEY = 'a11y-e2e-key-0001';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const SCHEMES = ['light', 'dark'] as const;
const WIDTHS = [360, 1280] as const;
const HEIGHT = 900;

type Scheme = (typeof SCHEMES)[number];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

interface Finding {
  view: string;
  variant: string;
  violations: Violation[];
}

let axeSource = '';
let snapshot: ExtensionSnapshot | undefined;
let service: RunningService | undefined;
let ext: LoadedExtension | undefined;
/** Every scan made, for the summary at the end. */
const findings: Finding[] = [];
const started = Date.now();

/** Creates and re-analyses (not reads), held until the state the test scans has settled. */
const writes = heldRequests(({ method }) => method === 'POST' || method === 'PUT');

function the<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} did not start`);
  return value;
}

const sample = (name: 'good' | 'decent' | 'bad') =>
  the(service, 'The service').sampleUrls?.[name] ?? '';

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  snapshot = await snapshotExtension();
  service = await startService({
    port: 0,
    apiKeys: [API_KEY],
    serveSamples: true,
    rateLimit: 0,
    gate: writes.gate,
  });
  // Reports on three projects: the lists have rows, and the sample pages' reports can be
  // analyzed again (the service reaches them).
  await service.seed([
    { url: sample('good'), result: 'good' },
    { url: sample('decent'), result: 'decent' },
    { url: 'https://shop.example/cart', result: 'decent' },
    { url: 'https://blog.example/hello', result: 'bad' },
    { url: 'https://blog.example/draft', result: null, generatedAt: null },
    { url: 'https://docs.example/start', result: 'good' },
  ]);
  ext = await launchExtension({ extensionDir: snapshot.dir });
  ext.context.setDefaultTimeout(15_000);
});

afterAll(async () => {
  writes.release();
  await ext?.close();
  await service?.close();
  await snapshot?.remove();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const total = findings.reduce((sum, finding) => sum + countOf(finding.violations), 0);
  console.log(`axe: ${findings.length} scans in ${seconds} s, ${total} violation(s)`);
  if (total > 0) console.log(summarize(findings));
});

/** Each rule's failing elements in all. */
function countOf(violations: Violation[]): number {
  return violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
}

/** "rule — view: elements" lines, the variants where each was found counted together. */
function summarize(all: Finding[]): string {
  const lines = new Map<string, { count: number; variants: Set<string> }>();
  for (const { view, variant, violations } of all) {
    for (const violation of violations) {
      const key = `${violation.id} (${violation.impact}) — ${view}`;
      const line = lines.get(key) ?? { count: 0, variants: new Set() };
      line.count += violation.nodes.length;
      line.variants.add(variant);
      lines.set(key, line);
    }
  }
  return [...lines]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, { count, variants }]) => `  ${key}: ${count} (${[...variants].join(', ')})`)
    .join('\n');
}

/**
 * Runs axe in the page. Evaluated through the DevTools protocol, so the extension pages' CSP
 * (no inline scripts) does not stop it; injected once per document.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the global the evaluated script defined.
    const axe = (window as any).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return JSON.parse(JSON.stringify(results.violations));
  }, TAGS);
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

/** Lets the page lay itself out again (a hidden tab gets no animation frames: a timer then). */
function settle(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const frames = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        frames();
        setTimeout(resolve, 100);
      }),
  );
}

async function showAs(page: Page, colorScheme: Scheme, width: number): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.setViewportSize({ width, height: HEIGHT });
  await settle(page);
}

/** What the page itself sees of the variant: its colour scheme and its width. */
function seenAs(page: Page) {
  return page.evaluate(() => ({
    colorScheme: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
    width: innerWidth,
  }));
}

/**
 * Scans the page as it is, in each colour scheme and width, and expects no violation in any
 * (softly: every state of a test is scanned and reported). `widths` narrows where a state
 * exists only at some widths. The page is left light and wide, where the steps act.
 */
async function expectAccessible(
  page: Page,
  view: string,
  widths: readonly number[] = WIDTHS,
): Promise<void> {
  for (const colorScheme of SCHEMES) {
    for (const width of widths) {
      await showAs(page, colorScheme, width);
      expect(await seenAs(page)).toEqual({ colorScheme, width });
      const violations = await axeViolations(page);
      const variant = `${colorScheme} ${width} px`;
      findings.push({ view, variant, violations });
      expect
        .soft(
          violations.map((violation) => violation.id),
          `${view}, ${variant}: axe violations\n${describeViolations(violations)}`,
        )
        .toEqual([]);
    }
  }
  await showAs(page, 'light', 1280);
}

/** Opens the page's confirmation dialog with `open`, scans it, and answers Cancel. */
async function expectAccessibleQuestion(page: Page, view: string, open: () => Promise<void>) {
  await open();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await expectAccessible(page, view);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A tab showing `url` in the browser's window, in front: the page the popup acts on. */
async function showInFront(url: string): Promise<Page> {
  const browser = the(ext, 'The browser');
  const tab = browser.context.pages().find((page) => page.url() === url);
  if (tab) {
    await tab.bringToFront();
    return tab;
  }
  const page = await browser.context.newPage();
  await page.goto(url);
  await page.bringToFront();
  return page;
}

async function openPopup(): Promise<Page> {
  const popup = await the(ext, 'The browser').openWindow('popup.html');
  await showAs(popup, 'light', 1280);
  return popup;
}

/** The widths at which `scope` has a button named `name` (some show only in a narrow panel). */
async function widthsWithButton(page: Page, scope: Locator, name: string | RegExp) {
  const found: number[] = [];
  for (const width of WIDTHS) {
    await showAs(page, 'light', width);
    if ((await scope.getByRole('button', { name, exact: true }).count()) > 0) found.push(width);
  }
  await showAs(page, 'light', 1280);
  return found;
}

/** Opens the first row's actions menu at `width` and scans it there, in both schemes. */
async function expectAccessibleMenu(
  page: Page,
  scope: Locator | Page,
  view: string,
  width: number,
) {
  await showAs(page, 'light', width);
  const button = scope.getByRole('button', { name: /^Actions for / }).first();
  await button.click();
  const opened = async () =>
    (await button.getAttribute('aria-expanded')) === 'true' ||
    (await page.getByRole('menu').count()) > 0;
  await expect.poll(opened, { message: `${view}: the menu opened` }).toBe(true);
  await expectAccessible(page, view, [width]);
  // Wide again, the menu may be gone with its button; one still open is closed.
  if ((await page.getByRole('menu').count()) > 0) await page.keyboard.press('Escape');
}

it('the check finds a planted violation', async () => {
  // Proves the injected axe really inspects an extension page: low contrast, an image without alt.
  const page = await openPopup();
  try {
    await page.getByRole('button', { name: 'Open options', exact: true }).waitFor();
    await page.evaluate(() => {
      const planted = document.createElement('p');
      planted.textContent = 'Barely readable';
      planted.style.cssText = 'color:#999;background:#aaa';
      const image = document.createElement('img');
      image.src = '/icon/32.png';
      planted.append(image);
      document.querySelector('main')?.append(planted);
    });
    const found = (await axeViolations(page)).map((violation) => violation.id);
    expect(found).toEqual(expect.arrayContaining(['color-contrast', 'image-alt']));
  } finally {
    await page.close();
  }
});

// A brand-new profile: this runs before anything is stored.
it('popup, not connected yet', async () => {
  const page = await openPopup();
  try {
    await page.getByRole('button', { name: 'Open options', exact: true }).waitFor();
    await expectAccessible(page, 'Popup, not connected');
  } finally {
    await page.close();
  }
});

it('workspace, not connected yet', async () => {
  const page = await the(ext, 'The browser').openTab('sidepanel.html');
  try {
    await page.getByRole('button', { name: 'Open options', exact: true }).waitFor();
    await expectAccessible(page, 'Workspace, not connected');
  } finally {
    await page.close();
  }
});

describe('connected', () => {
  let popup: Page | undefined;

  beforeAll(async () => {
    const running = the(service, 'The service');
    await connect(the(ext, 'The browser'), { baseUrl: running.baseUrl, apiKey: API_KEY });
    // An address no report has yet: This page offers Create report.
    await showInFront(`${sample('good')}?a11y=create`);
    popup = await openPopup();
    await popup.getByRole('tab', { name: 'This page', exact: true }).waitFor();
  });

  afterAll(async () => {
    await popup?.close();
  });

  it('popup, This page: before a create, a create under way, its rating and why, Delete', async () => {
    const page = the(popup, 'The popup');
    const create = page.getByRole('button', { name: 'Create report', exact: true });
    await create.waitFor();
    await expectAccessible(page, 'This page, before a create');

    await page.getByRole('radio', { name: 'Password', exact: true }).check();
    await page.getByLabel('Report password', { exact: true }).waitFor();
    await expectAccessible(page, 'This page, Password chosen');
    await page.getByRole('radio', { name: 'Public', exact: true }).check();

    // The service holds the create: the popup says it is analyzing.
    writes.hold();
    await create.click();
    await page
      .getByText(/Analyzing/)
      .first()
      .waitFor();
    await expectAccessible(page, 'This page, a create under way');
    writes.release();

    const outcome = page.getByRole('region', { name: 'Report for this page', exact: true });
    await outcome.getByText('Good', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('region', { name: 'Why this rating', exact: true }).waitFor();
    // Loaded after the first paint: waited for, so the scan has it.
    const watch = page.getByRole('button', { name: 'Watch this page', exact: true });
    await watch.waitFor();
    await expectAccessible(page, 'This page, its rating and Why this rating');

    // Watched, then not again: the Watched tab first shows empty further on.
    await watch.click();
    const stop = page.getByRole('button', { name: 'Stop watching this page', exact: true });
    await stop.waitFor();
    await expectAccessible(page, 'This page, watched');
    await stop.click();
    await watch.waitFor();

    await expectAccessibleQuestion(page, 'This page, Delete question', () =>
      outcome.getByRole('button', { name: 'Delete', exact: true }).click(),
    );
  });

  it('popup, Reports: rows and a Delete question', async () => {
    const page = the(popup, 'The popup');
    await page.getByRole('tab', { name: 'Reports', exact: true }).click();
    const list = page.getByRole('list', { name: 'Reports' });
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThanOrEqual(5);
    await expectAccessible(page, 'Popup Reports, with rows');
    await expectAccessibleQuestion(page, 'Popup Reports, Delete question', () =>
      list.getByRole('button', { name: 'Delete', exact: true }).first().click(),
    );
  });

  it('popup, Projects: rows and a Delete question', async () => {
    const page = the(popup, 'The popup');
    await page.getByRole('tab', { name: 'Projects', exact: true }).click();
    const list = page.getByRole('list', { name: 'Projects' });
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    await expectAccessible(page, 'Popup Projects, with rows');
    await expectAccessibleQuestion(page, 'Popup Projects, Delete question', () =>
      list.getByRole('button', { name: 'Delete', exact: true }).first().click(),
    );
  });

  it('popup, an error alert', async () => {
    // A key without API access: the service refuses the create (a 403, so surely not made)
    // and the alert shows in the form at once.
    const refusing = await startService({ port: 0, apiKeys: [{ key: API_KEY, apiAccess: false }] });
    const browser = the(ext, 'The browser');
    let page: Page | undefined;
    try {
      await connect(browser, { baseUrl: refusing.baseUrl, apiKey: API_KEY });
      await showInFront(`${sample('decent')}?a11y=alert`);
      page = await openPopup();
      await page.getByRole('button', { name: 'Create report', exact: true }).click();
      await page.getByRole('alert').waitFor();
      await expectAccessible(page, 'This page, an error alert');
    } finally {
      await page?.close();
      await connect(browser, { baseUrl: the(service, 'The service').baseUrl, apiKey: API_KEY });
      await refusing.close();
    }
  });

  it('options page, and its Remove key question', async () => {
    const options = await the(ext, 'The browser').openTab('options.html');
    try {
      await options.getByRole('textbox', { name: 'Service URL', exact: true }).waitFor();
      await expect
        .poll(() => options.getByRole('textbox', { name: 'Service URL' }).inputValue())
        .toBe(the(service, 'The service').baseUrl);
      await expectAccessible(options, 'Options page');
      await expectAccessibleQuestion(options, 'Options page, Remove key question', () =>
        options.getByRole('button', { name: 'Remove key', exact: true }).click(),
      );
    } finally {
      await options.close();
    }
  });

  describe('workspace', () => {
    let workspace: Page | undefined;
    /** The tabs the workspace's tablist names, in its order. */
    let tabNames: string[] = [];
    /** A report the service analyzed (the seeded ones have no checks to explain). */
    let analyzed = '';

    beforeAll(async () => {
      // Web pages in the window for Open tabs; one with no report, so it starts checked.
      await showInFront(sample('bad'));
      await showInFront(`${sample('decent')}?a11y=tabs`);
      workspace = await the(ext, 'The browser').openTab('sidepanel.html');
      await workspace.bringToFront();
      analyzed = `${sample('good')}?a11y=details`;
      const created = await workspace.evaluate(
        (url) => chrome.runtime.sendMessage({ type: 'createReport', input: { url, privacy: 0 } }),
        analyzed,
      );
      expect(created).toMatchObject({ ok: true });
      await workspace.reload();
      const tablist = workspace.getByRole('tablist').first();
      await tablist.getByRole('tab').first().waitFor();
      tabNames = (await tablist.getByRole('tab').allTextContents()).map((name) => name.trim());
      await showAs(workspace, 'light', 1280);
    });

    afterAll(async () => {
      writes.release();
      await workspace?.close();
    });

    /** Shows the tab named `name` and waits until its view has loaded. */
    async function showTab(name: string): Promise<Locator> {
      const page = the(workspace, 'The workspace');
      await page.getByRole('tab', { name, exact: true }).click();
      const panel = page.getByRole('tabpanel', { name, exact: true });
      await panel.waitFor();
      await expect
        .poll(
          async () =>
            (await panel.getByText(/^Loading/).count()) === 0 &&
            (await panel.innerText()).trim() !== '',
          { timeout: 15_000, message: `the ${name} tab loaded` },
        )
        .toBe(true);
      return panel;
    }

    it('each tab of the workspace, as it first shows', async () => {
      const page = the(workspace, 'The workspace');
      expect(tabNames).toEqual(
        expect.arrayContaining(['Reports', 'Projects', 'Open tabs', 'Activity']),
      );
      for (const name of tabNames) {
        const panel = await showTab(name);
        if (name === 'Reports') {
          await panel
            .getByRole('checkbox', { name: /^Select http/ })
            .first()
            .waitFor();
        }
        if (name === 'Projects') {
          await panel.getByRole('button', { name: 'Delete', exact: true }).first().waitFor();
        }
        await expectAccessible(page, `Workspace ${name}`);
      }
    });

    it("workspace Reports: a report's Why this rating, a Delete question, a job running", async () => {
      const page = the(workspace, 'The workspace');
      const panel = await showTab('Reports');
      const select = page.getByRole('checkbox', { name: `Select ${analyzed}`, exact: true });
      const row = panel.getByRole('row').filter({ has: select });
      await row.getByRole('button', { name: 'Details', exact: true }).click();
      await panel.getByRole('region', { name: 'Why this rating', exact: true }).waitFor();
      await expectAccessible(page, 'Workspace Reports, Why this rating open');
      await row.getByRole('button', { name: 'Details', exact: true }).click();

      await expectAccessibleQuestion(page, 'Workspace Reports, Delete question', () =>
        panel.getByRole('button', { name: 'Delete', exact: true }).first().click(),
      );

      await select.check();
      await panel.getByRole('button', { name: /^Re-analyze selected/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expectAccessible(page, 'Workspace Reports, Re-analyze question');
      writes.hold();
      await dialog.getByRole('button', { name: 'Re-analyze', exact: true }).click();
      await panel.getByRole('progressbar').waitFor();
      await expectAccessible(page, 'Workspace Reports, a job running');
      writes.release();
      await panel
        .getByRole('status')
        .filter({ hasText: /re-analyzed/ })
        .waitFor();
      await expectAccessible(page, 'Workspace Reports, a job done');
    });

    it('workspace Add pages: a pasted list previewed, with lines not added', async () => {
      const page = the(workspace, 'The workspace');
      const panel = await showTab('Add pages');
      const lines = [
        sample('good'),
        'https://shop.example/new-page',
        'https://blog.example/a-rather-long-path/that-goes-on/and-on/until-it-has-to-wrap?x=1',
        'ftp://files.example/',
        'not an address at all',
        'https://shop.example/new-page',
      ];
      await panel.getByRole('textbox', { name: 'Addresses', exact: true }).fill(lines.join('\n'));
      await panel.getByRole('button', { name: 'Read list', exact: true }).click();
      await panel.getByRole('region', { name: 'Not added', exact: true }).waitFor();
      // The known-pages lookup answered: the page with a report is marked and unchecked.
      await panel.getByText('Has a report').first().waitFor();
      await panel.getByText(/to create; your plan allows/).waitFor();
      expect(
        await panel.getByRole('checkbox', { name: sample('good'), exact: true }).isChecked(),
      ).toBe(false);
      await expectAccessible(page, 'Workspace Add pages, a preview');
    });

    it('workspace Projects: a Delete question', async () => {
      const page = the(workspace, 'The workspace');
      const panel = await showTab('Projects');
      await expectAccessibleQuestion(page, 'Workspace Projects, Delete question', () =>
        panel.getByRole('button', { name: 'Delete', exact: true }).first().click(),
      );
    });

    it('workspace Open tabs and Activity: a job running, then done', async () => {
      const page = the(workspace, 'The workspace');
      const tabs = await showTab('Open tabs');
      writes.hold();
      await tabs.getByRole('button', { name: 'Report selected tabs', exact: true }).click();
      await tabs.getByRole('progressbar').waitFor();
      await expectAccessible(page, 'Workspace Open tabs, a job running');

      const activity = await showTab('Activity');
      await activity.getByRole('progressbar').waitFor();
      await expectAccessible(page, 'Workspace Activity, a job running');
      writes.release();
      await activity.getByText(/\d+ reported/).waitFor({ timeout: 30_000 });
      await expectAccessible(page, 'Workspace Activity, jobs done');
    });

    it("a row's actions menu open, in each view that has one", async (context) => {
      const page = the(workspace, 'The workspace');
      const scanned: string[] = [];
      for (const name of tabNames) {
        const panel = await showTab(name);
        for (const width of await widthsWithButton(page, panel, /^Actions for /)) {
          await expectAccessibleMenu(page, panel, `Workspace ${name}, actions menu open`, width);
          scanned.push(`${name} at ${width} px`);
        }
      }
      if (scanned.length === 0) {
        const note = 'skipped: no view has a button named "Actions for …" yet';
        console.log(`a11y: a row's actions menu ${note}`);
        context.skip(note);
      }
    });

    it('workspace Watched: rows, one with a change, and its History open', async () => {
      const page = the(workspace, 'The workspace');
      const running = the(service, 'The service');
      // Three pages the service can analyze again, watched; one then rated lower by a run.
      const urls = ['one', 'two', 'three'].map(
        (name) => new URL(`/samples/watch/${name}`, sample('good')).href,
      );
      const [, worse = ''] = urls;
      const reports = [];
      for (const url of urls) {
        const created = await page.evaluate(
          (url) => chrome.runtime.sendMessage({ type: 'createReport', input: { url, privacy: 0 } }),
          url,
        );
        expect(created).toMatchObject({ ok: true });
        reports.push({ id: created.data.id as number, url });
      }
      const watched = await page.evaluate(
        (reports) => chrome.runtime.sendMessage({ type: 'watchReports', reports }),
        reports,
      );
      expect(watched).toMatchObject({ ok: true });
      running.setPageOutcome(new URL(worse).pathname, 'bad');
      const run = await page.evaluate(() => chrome.runtime.sendMessage({ type: 'runWatchNow' }));
      expect(run).toMatchObject({ ok: true });

      const panel = await showTab('Watched');
      const list = panel.getByRole('list', { name: 'Watched pages', exact: true });
      const row = list.locator(':scope > li').filter({ hasText: worse });
      await row
        .getByText('Rating dropped from Good to Bad', { exact: false })
        .waitFor({ timeout: 30_000 });
      await expect.poll(() => list.locator(':scope > li').count()).toBe(3);
      await expectAccessible(page, 'Workspace Watched, with rows and a change');

      await row.getByRole('button', { name: `History of ${worse}`, exact: true }).click();
      const history = panel.getByRole('region', { name: 'History', exact: true });
      const analyses = history.getByRole('list', { name: 'Analyses, newest first' });
      await expect.poll(() => analyses.locator(':scope > li').count()).toBe(2);
      await expectAccessible(page, 'Workspace Watched, History open');
    });

    it('the Filters behind their button shown, in each view that has one', async (context) => {
      const page = the(workspace, 'The workspace');
      const scanned: string[] = [];
      for (const name of tabNames) {
        const panel = await showTab(name);
        for (const width of await widthsWithButton(page, panel, 'Filters')) {
          await showAs(page, 'light', width);
          const filters = panel.getByRole('button', { name: 'Filters', exact: true });
          await filters.click();
          await expect.poll(() => filters.getAttribute('aria-expanded')).toBe('true');
          await expectAccessible(page, `Workspace ${name}, Filters shown`, [width]);
          await showAs(page, 'light', width);
          if ((await filters.getAttribute('aria-expanded')) === 'true') await filters.click();
          await showAs(page, 'light', 1280);
          scanned.push(`${name} at ${width} px`);
        }
      }
      if (scanned.length === 0) {
        const note = 'skipped: no view has a button named "Filters" yet';
        console.log(`a11y: the Filters shown ${note}`);
        context.skip(note);
      }
    });
  });
});
