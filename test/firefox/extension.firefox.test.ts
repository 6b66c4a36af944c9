// The Firefox build (MV3) in real Firefox against the local service, as a new user meets it:
// the options page's Test connection and Save, the popup page creating a report for the tab in
// front and showing its rating word and why ("Why this rating"), watching it and running the
// watch once, that tab's toolbar badge, the popup's Reports view listing the report, the
// workspace page's table (its addresses readable at 800 px) with its selection and its modal
// confirmation, and Add pages reporting a pasted list. Firefox treats host access as optional:
// nothing here grants it, so the background reaches the service through CORS alone.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { BADGE_TEXT, poll, RATING_WORD, serviceReportFor, the } from '../e2e/flows';
import {
  badgeOf,
  byRole,
  type FirefoxWithExtension,
  fieldNamed,
  hasHostAccess,
  launchFirefox,
  storedSettings,
  textOf,
  wordsIn,
} from './firefox';

const API_KEY = 'firefox-e2e-key-0001';
const WRONG_KEY = 'firefox-e2e-wrong-key-0002';
const RATING_WORDS = Object.values(RATING_WORD);

let service: RunningService | undefined;
let firefox: FirefoxWithExtension | undefined;
let options: Page | undefined;
let popup: Page | undefined;

beforeAll(async () => {
  service = await startService({ port: 0, serveSamples: true, apiKeys: [API_KEY] });
  // A report already there, so "Connected" has a number to say.
  await service.seed([{ url: 'https://seeded.example/', result: 'decent' }]);
  firefox = await launchFirefox(inject('firefoxExtensionDir'));
});

afterAll(async () => {
  // Both, even when one fails to close.
  const results = await Promise.allSettled([firefox?.close(), service?.close()]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
});

const stack = () => ({
  service: the(service, 'The service'),
  firefox: the(firefox, 'Firefox'),
});
const statusOf = (page: Page) => textOf(page, 'status');

/** Presses Test connection and waits for a new outcome (not the old text, not "Testing…"). */
async function testConnection(page: Page): Promise<string> {
  const before = await statusOf(page);
  await page.locator(byRole('button', 'Test connection')).click();
  let outcome = '';
  await poll(async () => {
    outcome = await statusOf(page);
    return outcome !== before && outcome !== '' && !/testing/i.test(outcome);
  }, `Test connection outcome (status was "${before}")`).toBe(true);
  return outcome;
}

describe('Site Report in Firefox', () => {
  it('Test connection on the options page tells a rejected key from a working connection', async () => {
    const { service, firefox } = stack();
    options = await firefox.openExtensionPage('options.html');
    const url = options.locator(byRole('textbox', 'Service URL'));
    const key = (await fieldNamed(options, 'API key')).asLocator();
    await url.fill(service.baseUrl);
    await key.fill(WRONG_KEY);
    expect(await testConnection(options)).toMatch(/rejected/i);

    await key.fill(API_KEY);
    const connected = await testConnection(options);
    expect(connected).toMatch(/connected/i);
    expect(connected.replace(service.baseUrl, ''), 'says how many reports the service has').toMatch(
      /\b1\b/,
    );
    expect((await storedSettings(options))?.apiKey ?? '', 'testing stores nothing').toBe('');
  });

  it('Save stores the connection without waiting on a host permission prompt', async () => {
    const { service } = stack();
    const page = the(options, 'The options page');
    await page.locator(byRole('button', 'Save')).click();
    await poll(() => statusOf(page), 'status after Save').toMatch(/saved/i);
    expect(await storedSettings(page)).toMatchObject({
      serviceUrl: service.baseUrl,
      apiKey: API_KEY,
    });
    // Nobody answers the prompt, so what follows works through CORS alone.
    expect(await hasHostAccess(page, service.baseUrl), 'host access after Save').toBe(false);
  });

  it('the popup page creates a report for the tab in front and shows its rating word', async () => {
    const { service, firefox } = stack();
    const address = the(service.sampleUrls?.good, 'The good sample page');
    await firefox.openTab(address);
    popup = await firefox.openExtensionPage('popup.html');
    // The popup opened as a tab acts on the tab that was in front before it.
    await popup.locator(`::-p-text(${address})`).waitHandle();

    await popup.locator(byRole('button', 'Create report')).click();
    const outcome = await popup.locator(byRole('region', 'Report for this page')).waitHandle();
    await poll(() => wordsIn(outcome, RATING_WORDS), 'the rating word').toEqual([RATING_WORD.good]);
    expect(await serviceReportFor(service, address)).toMatchObject({
      url: address,
      result: 'good',
    });
  });

  it('the popup page says why the page got its rating: its failed checks and the passed count', async () => {
    const page = the(popup, 'The popup');
    const region = await page.locator(byRole('region', 'Why this rating')).waitHandle();
    await poll(
      () => region.evaluate((node) => node.textContent ?? ''),
      'the passed count',
    ).toContain('11 of 12 checks passed');
    const list = await region.waitForSelector(byRole('list'));
    const items = await the(list ?? undefined, 'The list of failed checks').evaluate((node) =>
      Array.from(node.querySelectorAll('li')).map((item) => item.textContent?.trim() ?? ''),
    );
    expect(items).toEqual(['HTTPS encryption high importance']);
  });

  it('watches the page from the popup, and Run now re-analyses it once, as Activity and its history say', async () => {
    const { service, firefox } = stack();
    const address = the(service.sampleUrls?.good, 'The good sample page');
    const page = the(popup, 'The popup');
    await page.locator(byRole('button', 'Watch this page')).click();
    await page.locator(byRole('button', 'Stop watching this page')).waitHandle();

    const workspace = await firefox.openExtensionPage('sidepanel.html#tab=watched');
    await workspace.locator(byRole('button', `History of ${address}`)).waitHandle();
    await workspace.locator(byRole('button', 'Run now')).click();
    await workspace.locator(byRole('tab', 'Activity')).click();
    const text = () => workspace.evaluate(() => document.body.textContent ?? '');
    await poll(text, 'the run’s summary', 30_000).toContain(
      '1 re-analyzed: 0 worse, 0 better, 1 unchanged',
    );

    await workspace.locator(byRole('tab', 'Watched')).click();
    await workspace.locator(byRole('button', `History of ${address}`)).click();
    const analyses = () =>
      workspace.evaluate(
        () => document.querySelector('[aria-label="Analyses, newest first"]')?.children.length ?? 0,
      );
    await poll(analyses, 'the created and the re-analysed analysis').toBe(2);
    await workspace.close();
  });

  it('the toolbar badge of that tab shows the rating', async () => {
    const { service } = stack();
    const address = the(service.sampleUrls?.good, 'The good sample page');
    const page = the(popup, 'The popup');
    await poll(() => badgeOf(page, address), 'badge of the rated tab').toMatchObject({
      text: BADGE_TEXT.good,
    });
    expect((await badgeOf(page, address)).title, 'the tooltip names the rating').toMatch(
      /\bGood\b/,
    );
  });

  it('the popup’s Reports view lists the new report with its rating word', async () => {
    const { service } = stack();
    const address = the(service.sampleUrls?.good, 'The good sample page');
    const page = the(popup, 'The popup');
    await page.locator(byRole('tab', 'Reports')).click();
    const list = await page.locator(byRole('list', 'Reports')).waitHandle();
    /** Each listed report's text, for the one about `address`. */
    const rowFor = () =>
      list.evaluate(
        (node, url) =>
          Array.from(node.querySelectorAll('li, [role="listitem"]'))
            .map((row) => row.textContent ?? '')
            .find((text) => text.includes(url)) ?? '',
        address,
      );
    await poll(rowFor, `the Reports row for ${address}`).toContain(address);
    expect(await wordsIn(list, RATING_WORDS), 'both reports, each with its word').toEqual(
      expect.arrayContaining([RATING_WORD.good, RATING_WORD.decent]),
    );
  });

  it('the workspace page lists the reports in its table and selects one', async () => {
    const { service, firefox } = stack();
    const address = the(service.sampleUrls?.good, 'The good sample page');
    const page = await firefox.openExtensionPage('sidepanel.html');
    const table = await page.locator('table').waitHandle();
    /** The text of the table row about `url`, or '' while there is none. */
    const rowFor = (url: string) =>
      table.evaluate(
        (node, wanted) =>
          Array.from(node.querySelectorAll('tbody tr'))
            .map((row) => row.textContent ?? '')
            .find((text) => text.includes(wanted)) ?? '',
        url,
      );
    await poll(() => rowFor(address), `the workspace row for ${address}`).toContain(
      RATING_WORD.good,
    );
    expect(await rowFor('https://seeded.example/')).toContain(RATING_WORD.decent);
    // At 800 px the address keeps 14rem, and the table, not the page, scrolls sideways.
    await page.setViewport({ width: 800, height: 600 });
    expect(
      await page.evaluate(() => {
        const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
        const cell = document.querySelector('tbody .url') as HTMLElement;
        const root = document.documentElement;
        const scroller = cell.closest('.table-scroll') as HTMLElement;
        return {
          readable: cell.getBoundingClientRect().width >= 14 * rem,
          tableScrolls: scroller.scrollWidth > scroller.clientWidth,
          pageScrolls: root.scrollWidth > root.clientWidth,
        };
      }),
    ).toEqual({ readable: true, tableScrolls: true, pageScrolls: false });

    await page.locator(byRole('checkbox', `Select ${address}`)).click();
    await poll(
      () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll('button'))
            .filter((button) => button.textContent?.startsWith('Delete selected'))
            .map((button) => button.disabled),
        ),
      'Delete selected enabled by the selection',
    ).toEqual([false]);
    // Its confirmation is a native modal dialog here too: focus starts on Cancel, and Escape
    // closes it with nothing deleted.
    await page.locator(byRole('button', 'Delete selected (1)')).click();
    const dialog = await page.locator(byRole('dialog', 'Delete 1 report?')).waitHandle();
    expect(
      await dialog.evaluate((node) => ({
        modal: node.matches(':modal'),
        focused: node.contains(document.activeElement) ? document.activeElement?.textContent : null,
      })),
    ).toEqual({ modal: true, focused: 'Cancel' });
    await page.keyboard.press('Escape');
    await poll(
      () => page.evaluate(() => document.querySelectorAll('dialog').length),
      'the dialog gone after Escape',
    ).toBe(0);
    expect(await rowFor(address)).toContain(RATING_WORD.good);
    // The list it showed is kept for the next opening (storage.session), and read back there.
    const keptRows = () =>
      page.evaluate(async () => {
        // Firefox's extension pages have `chrome` too, promise-based.
        const { workspaceLastPage } = await chrome.storage.session.get('workspaceLastPage');
        return (workspaceLastPage as { data?: { items?: unknown[] } } | undefined)?.data?.items
          ?.length;
      });
    const shown = await table.evaluate((node) => node.querySelectorAll('tbody tr').length);
    await poll(keptRows, 'the list shown, kept in storage.session').toBe(shown);
  });

  it('Add pages reports a pasted list as one job, its junk line listed with its reason', async () => {
    const { service, firefox } = stack();
    const decent = the(service.sampleUrls?.decent, 'The decent sample page');
    const bad = the(service.sampleUrls?.bad, 'The bad sample page');
    const page = await firefox.openExtensionPage('sidepanel.html#tab=add-pages');
    const list = await fieldNamed(page, 'Addresses');
    await list.asLocator().fill([decent, 'not an address', bad].join('\n'));
    await page.locator(byRole('button', 'Read list')).click();
    await page.locator('::-p-text(2 addresses)').waitHandle();
    expect(await textOf(page, 'region', 'Not added')).toContain(
      'Line 2: not an address (not an address)',
    );
    const report = page.locator(byRole('button', 'Report selected pages'));
    await poll(
      () =>
        page.evaluate(
          () => document.querySelector<HTMLButtonElement>('form button.primary')?.disabled,
        ),
      'Report selected pages enabled once the known pages are looked up',
    ).toBe(false);
    await report.click();
    await poll(
      () => page.evaluate(() => document.querySelector('.job-summary')?.textContent ?? ''),
      'the job summary',
      30_000,
    ).toContain('2 reported or re-analyzed');
    for (const [url, word] of [
      [decent, RATING_WORD.decent],
      [bad, RATING_WORD.bad],
    ] as const) {
      expect((await serviceReportFor(service, url))?.result).toBe(word.toLowerCase());
    }
  });

  it('a slow create (20 s) shows Analyzing… with the time it has taken, also in a popup opened again, then the rating, one report', async () => {
    const { firefox } = stack();
    const page = the(options, 'The options page');
    // A second service that analyses each page for 20 s inside the POST, saved as the service
    // (long enough to open the popup again and watch the time grow; the Chromium suite proves
    // the longer waits).
    const slow = await startService({
      port: 0,
      serveSamples: true,
      apiKeys: [API_KEY],
      createDelayMs: 20_000,
    });
    try {
      // Back in front: Firefox holds back animation frames in a background tab, and the
      // locators wait on them before each action (seconds each).
      await page.bringToFront();
      await page.locator(byRole('textbox', 'Service URL')).fill(slow.baseUrl);
      await (await fieldNamed(page, 'API key')).asLocator().fill(API_KEY);
      await page.locator(byRole('button', 'Save')).click();
      // Another service over an account with a key: the service cannot tell whether it is the
      // same account, so the options page asks; the account moves to the slow service.
      await page.locator(byRole('button', 'Same account, new key')).click();
      await poll(
        async () => (await storedSettings(page))?.serviceUrl,
        'the slow service saved',
      ).toBe(slow.baseUrl);

      const address = the(slow.sampleUrls?.bad, 'The slow service’s bad sample page');
      const tab = await firefox.openTab(address);
      const slowPopup = await firefox.openExtensionPage('popup.html');
      await slowPopup.locator(`::-p-text(${address})`).waitHandle();
      await slowPopup.locator(byRole('button', 'Create report')).click();

      const analyzing = (popup: Page) => async () =>
        (
          await popup.evaluate(() =>
            [...document.querySelectorAll('[role="status"]')].map((node) => node.textContent),
          )
        ).some((text) => text?.includes('Analyzing…'));
      await poll(analyzing(slowPopup), 'Analyzing… while it works').toBe(true);
      const createDisabled = (popup: Page) =>
        popup.evaluate(
          () =>
            [...document.querySelectorAll('button')].find(
              (button) => button.textContent === 'Create report',
            )?.disabled,
        );

      // Opened again over the page while the service analyses it: the create is shown under way
      // (the status reads it from the jobs the queue stored), and no second Create is offered.
      await tab.bringToFront();
      const again = await firefox.openExtensionPage('popup.html');
      await again.locator(`::-p-text(${address})`).waitHandle();
      await poll(analyzing(again), 'Analyzing… in the popup opened again').toBe(true);
      expect(await createDisabled(again), 'no second Create meanwhile').toBe(true);
      await again.close();
      await slowPopup.bringToFront();
      const timer = () =>
        slowPopup.evaluate(() => document.querySelector('[role="timer"]')?.textContent);
      await poll(timer, 'the time it has taken', 20_000).toMatch(/^0:0[3-9]|^0:[1-5]\d$/);
      expect(await createDisabled(slowPopup), 'Create is disabled while it works').toBe(true);

      const outcome = await slowPopup
        .locator(byRole('region', 'Report for this page'))
        .setTimeout(60_000)
        .waitHandle();
      await poll(() => wordsIn(outcome, RATING_WORDS), 'the rating word').toEqual([
        RATING_WORD.bad,
      ]);
      const creates = slow
        .apiRequests()
        .filter((entry) => entry.method === 'POST' && entry.path.startsWith('/api/v1/reports'));
      expect(creates).toHaveLength(1);
      expect(await serviceReportFor(slow, address)).toMatchObject({ url: address, result: 'bad' });
    } finally {
      await slow.close();
    }
  }, 120_000);
});
