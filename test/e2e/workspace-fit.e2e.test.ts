// The workspace's Reports tab fits a side panel, in real Chromium (sidepanel.html in a tab sized
// like a panel), with 44 reports on long addresses with deep paths, every privacy and four
// projects: nothing scrolls sideways at 360 px, at least 12 rows are fully in view in a
// 400 × 900 panel and 20 at 1280 × 900 (50 a page, chosen through the page's own controls); at
// 800 px the addresses keep room to be read and only the table scrolls sideways.
// Narrow, the filters other than search are behind "Filters", each row's actions are in a menu
// "Actions for <address>", and selecting by keyboard, Shift+click and "Select all on this page"
// still work. With SCREENSHOTS_DIR set (e.g. docs/screenshots), it also photographs the
// workspace narrow (light and dark) and wide.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { connect, type LoadedExtension, launchExtension } from './extension';
import { copyOfBuild, isFocused, poll, the } from './flows';

const API_KEY = 'workspace-fit-e2e-key-0001';
const SCREENSHOTS = process.env.SCREENSHOTS_DIR ? resolve(process.env.SCREENSHOTS_DIR) : null;
const HOSTS = [
  'www.a-rather-long-subdomain.example-company.co.uk',
  'shop.example',
  'docs.example.org',
  'blog.example.net',
];
const COUNT = 44;
const RESULTS = ['good', 'decent', 'bad'] as const;

let extensionDir: string | undefined;
let ext: LoadedExtension | undefined;
let service: RunningService | undefined;
let page: Page | undefined;
let frontPage = '';

beforeAll(async () => {
  service = await startService({ port: 0, apiKeys: [API_KEY], rateLimit: 0, serveSamples: true });
  await service.seed(
    Array.from({ length: COUNT }, (_, index) => ({
      url: `https://${HOSTS[index % HOSTS.length]}/catalogue/department-${index % 5}/category-${index}/a-product-with-a-rather-long-name-${index}?utm_source=newsletter&ref=${index}`,
      result: RESULTS[index % RESULTS.length],
      privacy: (index % 3) as 0 | 1 | 2,
      createdAt: new Date(Date.now() - (COUNT - index) * 600_000),
      generatedAt: new Date(Date.now() - (COUNT - index) * 600_000),
    })),
  );
  extensionDir = await copyOfBuild();
  ext = await launchExtension({ extensionDir });
  ext.context.setDefaultTimeout(15_000);
  await connect(ext, { baseUrl: service.baseUrl, apiKey: service.apiKey });
  // A web page in front, as in a browser: the workspace's This page shows it.
  frontPage = the(service.sampleUrls ?? undefined, 'The sample pages').good;
  await (ext.context.pages()[0] ?? (await ext.context.newPage())).goto(frontPage);
});

afterAll(async () => {
  await ext?.close();
  await service?.close();
  if (extensionDir) {
    const { rm } = await import('node:fs/promises');
    await rm(extensionDir, { recursive: true, force: true });
  }
});

afterEach(async () => {
  await page?.close();
  page = undefined;
});

/** The workspace in a tab of `width` × `height`, on Reports, once its first rows are in. */
async function openReports(width: number, height = 900, dark = false): Promise<Page> {
  page = await the(ext, 'The browser').context.newPage();
  await page.setViewportSize({ width, height });
  if (dark) await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`chrome-extension://${the(ext, 'The browser').extensionId}/sidepanel.html`);
  await rowBoxes(page).first().waitFor();
  return page;
}

const table = (on: Page) => on.getByRole('table', { name: 'Reports', exact: true });
const rowBoxes = (on: Page) => table(on).getByRole('checkbox', { name: /^Select https:/ });
const filtersButton = (on: Page) => on.getByRole('button', { name: 'Filters', exact: true });

/** The Filters button's description: the text of the elements its aria-describedby names. */
function descriptionOf(button: Locator): Promise<string> {
  return button.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

/** Chooses 50 a page with the Per page select, and waits for the rows. */
async function showFifty(on: Page): Promise<void> {
  await on.getByRole('combobox', { name: 'Per page', exact: true }).selectOption('50');
  // 44 reports, one of them deleted by the menu's test.
  await poll(() => rowBoxes(on).count(), 'every report on one page').toBeGreaterThanOrEqual(40);
}

/** What scrolls sideways: the document, and every element that would scroll its content. */
function sidewaysScrolling(on: Page) {
  return on.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      found.push(`the document (${root.scrollWidth} > ${root.clientWidth})`);
    }
    for (const element of document.body.querySelectorAll('*')) {
      const { overflowX } = getComputedStyle(element);
      const scrolls = overflowX === 'auto' || overflowX === 'scroll';
      if (scrolls && element.scrollWidth > element.clientWidth) {
        found.push(`<${element.tagName.toLowerCase()} class="${element.className}">`);
      }
    }
    return found;
  });
}

/** How many report rows are wholly inside the window, scrolled to the top. */
function rowsInView(on: Page): Promise<number> {
  return rowBoxes(on).evaluateAll((boxes) => {
    return boxes.filter((box) => {
      const rect = (box.closest('tr') as HTMLElement).getBoundingClientRect();
      return rect.top >= 0 && rect.bottom <= window.innerHeight && rect.height > 0;
    }).length;
  });
}

async function checkedRows(on: Page): Promise<number[]> {
  const states = await rowBoxes(on).evaluateAll((boxes) =>
    boxes.map((box) => (box as HTMLInputElement).checked),
  );
  return states.flatMap((checked, index) => (checked ? [index + 1] : []));
}

async function shoot(on: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  await on.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

describe('the workspace in a side panel', () => {
  it('scrolls nothing sideways at 360 px, with the filters behind "Filters" and 50 a page chosen there', async () => {
    const on = await openReports(360);
    expect(await sidewaysScrolling(on)).toEqual([]);
    // Search stays in view; the other filters wait behind the button.
    await expect
      .poll(() => on.getByRole('searchbox', { name: 'Search reports', exact: true }).isVisible())
      .toBe(true);
    const filters = filtersButton(on);
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await descriptionOf(filters)).toBe('None active');
    expect(await on.getByRole('combobox', { name: 'Result', exact: true }).count()).toBe(0);

    await filters.click();
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Result', 'Project', 'Sort by', 'Order', 'Per page']) {
      expect(await on.getByRole('combobox', { name, exact: true }).isVisible(), name).toBe(true);
    }
    await showFifty(on);
    await poll(() => descriptionOf(filters), 'the description counts the change').toBe('1 active');
    expect(await sidewaysScrolling(on)).toEqual([]);

    // A row: its check box named by the service's address, the address cut short on screen
    // but whole in the link's name and tooltip.
    const first = rowBoxes(on).first();
    const address = ((await first.getAttribute('aria-label')) ?? '').replace(/^Select /, '');
    expect(address).toMatch(/^https:\/\/.+\/a-product-with-a-rather-long-name-\d+\?utm_source=/);
    const link = table(on).getByRole('link', { name: address, exact: true });
    expect(await link.getAttribute('title')).toBe(address);
    expect(await link.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

    // An open menu does not make anything scroll sideways either, and the last row's menu,
    // reaching below the table, is cut off by no box around it.
    await table(on)
      .getByRole('button', { name: /^Actions for / })
      .last()
      .click();
    const menu = on.getByRole('menu');
    await menu.waitFor();
    expect(await sidewaysScrolling(on)).toEqual([]);
    const clipping = await menu.evaluate((element) => {
      const found: string[] = [];
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const { overflowX, overflowY } = getComputedStyle(box);
        if (overflowX !== 'visible' || overflowY !== 'visible') {
          found.push(`<${box.tagName.toLowerCase()} class="${box.className}">`);
        }
      }
      return found;
    });
    expect(clipping).toEqual([]);
    await on.keyboard.press('Escape');
  });

  it('selects by keyboard, Shift+click and "Select all on this page" at 360 px', async () => {
    const on = await openReports(360);
    const boxes = rowBoxes(on);
    await boxes.first().focus();
    await on.keyboard.press('Space');
    await poll(() => checkedRows(on), 'Space checks the focused row').toEqual([1]);
    await on.keyboard.press('ArrowDown');
    expect(await isFocused(boxes.nth(1))).toBe(true);
    await on.keyboard.press('Space');
    await poll(() => checkedRows(on), 'Space on the second row').toEqual([1, 2]);

    await boxes.nth(3).click();
    await boxes.nth(6).click({ modifiers: ['Shift'] });
    await poll(() => checkedRows(on), 'Shift+click checks rows 4 to 7').toEqual([1, 2, 4, 5, 6, 7]);
    await expect
      .poll(() => on.getByRole('button', { name: /^Delete selected/ }).textContent())
      .toContain('6');

    const all = on.getByRole('checkbox', { name: 'Select all on this page', exact: true });
    await all.click();
    const count = await boxes.count();
    await poll(async () => (await checkedRows(on)).length, 'every row is checked').toBe(count);
    await all.click();
    await poll(() => checkedRows(on), 'none is checked').toEqual([]);
    expect(await sidewaysScrolling(on)).toEqual([]);
  });

  it('opens a row\'s "Actions for" menu by keyboard, and Delete from it asks first', async () => {
    const on = await openReports(360);
    const address = ((await rowBoxes(on).first().getAttribute('aria-label')) ?? '').replace(
      /^Select /,
      '',
    );
    const button = table(on).getByRole('button', { name: `Actions for ${address}`, exact: true });
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await button.focus();
    await on.keyboard.press('Enter');
    const menu = on.getByRole('menu');
    await menu.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const items = menu.getByRole('menuitem');
    // Share… only for a private report.
    const names = await items.allTextContents();
    expect(names.filter((name) => name !== 'Share…')).toEqual([
      'Open report',
      'Copy link',
      'Details',
      'Delete',
    ]);
    expect(await isFocused(items.first())).toBe(true);
    for (let step = 1; step < names.length; step += 1) await on.keyboard.press('ArrowDown');
    expect(await isFocused(items.last())).toBe(true);
    await on.keyboard.press('ArrowDown');
    expect(await isFocused(items.first()), 'ArrowDown wraps to the first').toBe(true);
    await on.keyboard.press('ArrowUp');
    expect(await isFocused(items.last()), 'ArrowUp wraps to the last').toBe(true);
    await on.keyboard.press('End');
    expect(await isFocused(items.last())).toBe(true);
    await on.keyboard.press('Home');
    expect(await isFocused(items.first())).toBe(true);
    await on.keyboard.press('Escape');
    await poll(() => menu.count(), 'Escape closes the menu').toBe(0);
    expect(await isFocused(button), 'focus goes back to the button').toBe(true);

    // A click elsewhere closes it too.
    await button.click();
    await menu.waitFor();
    await on.mouse.click(5, 890);
    await poll(() => menu.count(), 'a click elsewhere closes the menu').toBe(0);

    // Details opens the report's details below the row (these seeded reports say no why).
    await button.focus();
    await on.keyboard.press('ArrowDown');
    await menu.getByRole('menuitem', { name: 'Details', exact: true }).press('Enter');
    await table(on).getByText("The service doesn't say why this report got its rating.").waitFor();

    // Delete asks first, and Cancel deletes nothing.
    await button.focus();
    await on.keyboard.press('ArrowUp');
    expect(await isFocused(items.last()), 'ArrowUp opens on the last item').toBe(true);
    expect(await items.nth(names.indexOf('Details')).textContent()).toBe('Hide details');
    await on.keyboard.press('Enter');
    const dialog = on.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(address);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await poll(() => dialog.count(), 'Cancel closes the question').toBe(0);
    expect(await isFocused(button), 'focus is back on the Actions button').toBe(true);
    const before = await rowBoxes(on).count();

    // And Delete deletes the report.
    await button.click();
    await menu.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await poll(
      () => rowBoxes(on).evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label'))),
      'the row is gone',
    ).not.toContain(`Select ${address}`);
    expect(await rowBoxes(on).count()).toBe(before);
  });

  it('shows at least 12 whole rows in a 400 × 900 panel', async () => {
    const on = await openReports(400);
    await filtersButton(on).click();
    await showFifty(on);
    await filtersButton(on).click();
    expect(await filtersButton(on).getAttribute('aria-expanded')).toBe('false');
    await on.evaluate(() => window.scrollTo(0, 0));
    const rows = await rowsInView(on);
    expect(rows, `${rows} rows in view`).toBeGreaterThanOrEqual(12);
    expect(await sidewaysScrolling(on)).toEqual([]);
    await shoot(on, 'workspace-narrow');
  });

  it('keeps the compact rows readable in dark mode', async () => {
    const on = await openReports(360, 900, true);
    const colours = await table(on).evaluate((element) => {
      const style = getComputedStyle(document.documentElement);
      const cell = element.querySelector('tbody .summary') as HTMLElement;
      return { background: style.backgroundColor, text: getComputedStyle(cell).color };
    });
    // The dark theme's background and text (theme.css), not the light ones.
    expect(colours).toEqual({ background: 'rgb(22, 24, 28)', text: 'rgb(232, 234, 237)' });
    const address = ((await rowBoxes(on).first().getAttribute('aria-label')) ?? '').replace(
      /^Select /,
      '',
    );
    await table(on)
      .getByRole('button', { name: `Actions for ${address}`, exact: true })
      .click();
    const menu = on.getByRole('menu');
    await menu.waitFor();
    expect(await menu.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(22, 24, 28)',
    );
    await shoot(on, 'workspace-narrow-dark');
  });

  it('keeps the addresses readable at 800 × 900, where the table scrolls sideways and the page does not', async () => {
    const on = await openReports(800);
    expect(await filtersButton(on).count()).toBe(0);
    const { address, rem } = await on.evaluate(() => ({
      address: (document.querySelector('tbody .url') as HTMLElement).getBoundingClientRect().width,
      rem: Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
    }));
    expect(address, `the address column is ${address} px`).toBeGreaterThanOrEqual(14 * rem);
    expect(await sidewaysScrolling(on)).toEqual(['<div class="table-scroll">']);
    // A row's last action, scrolled to by keyboard focus, is then wholly in the window.
    const remove = table(on).getByRole('button', { name: 'Delete', exact: true }).first();
    await remove.focus();
    const box = await remove.boundingBox();
    if (!box) throw new Error('The Delete button has no box');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(800);
  });

  it('shows at least 20 whole rows at 1280 × 900, one line each, with the filters inline', async () => {
    const on = await openReports(1280);
    expect(await filtersButton(on).count()).toBe(0);
    await showFifty(on);
    await on.evaluate(() => window.scrollTo(0, 0));
    const rows = await rowsInView(on);
    expect(rows, `${rows} rows in view`).toBeGreaterThanOrEqual(20);
    // One line per row: every row as high as the first.
    const heights = await rowBoxes(on).evaluateAll((boxes) =>
      boxes.map((box) =>
        Math.round((box.closest('tr') as HTMLElement).getBoundingClientRect().height),
      ),
    );
    expect(new Set(heights).size).toBe(1);
    expect(heights[0]).toBeLessThan(40);
    await shoot(on, 'workspace-wide');
  });
});
