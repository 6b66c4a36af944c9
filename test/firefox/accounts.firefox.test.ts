// Two accounts in real Firefox (MV3 build) against the local service: the workspace's and the
// popup's "Account" select choose the account in use, and the toolbar badge of an open page and
// the popup's rating follow it, each account with its own rating of the same page.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { BADGE_TEXT, poll, RATING_WORD, the } from '../e2e/flows';
import {
  badgeOf,
  byRole,
  type FirefoxWithExtension,
  fieldNamed,
  launchFirefox,
  wordsIn,
} from './firefox';

const AGENCY_KEY = 'firefox-accounts-key-0001';
const CLIENT_KEY = 'firefox-accounts-key-0002';

let service: RunningService | undefined;
let firefox: FirefoxWithExtension | undefined;
/** An options page, kept open: where storage is arranged and read. */
let options: Page | undefined;
/** A tab showing the good sample page: Agency rated it Good, Client Bad. */
let rated: Page | undefined;

beforeAll(async () => {
  service = await startService({
    port: 0,
    serveSamples: true,
    apiKeys: [AGENCY_KEY, CLIENT_KEY],
  });
  const address = the(service.sampleUrls?.good, 'The good sample page');
  const [agencyReport] = await service.seed([{ url: address, result: 'good' }], AGENCY_KEY);
  const [clientReport] = await service.seed([{ url: address, result: 'bad' }], CLIENT_KEY);
  firefox = await launchFirefox(inject('firefoxExtensionDir'));
  options = await firefox.openExtensionPage('options.html');
  // Two accounts on one service, Agency in use, each knowing its own report of the page (as if
  // its lists had shown it).
  await options.evaluate(
    async ({ baseUrl, keys, url, reports }) => {
      const browser = (globalThis as unknown as { browser: typeof chrome }).browser;
      const entry = (reportId: number, rating: string) => ({
        [url]: { reportId, rating, generatedAt: null, seenAt: Date.now() },
      });
      await browser.storage.local.set({
        accounts: {
          accounts: [
            { id: 'a1', name: 'Agency', serviceUrl: baseUrl, siteUrl: '', apiKey: keys.agency },
            { id: 'a2', name: 'Client', serviceUrl: baseUrl, siteUrl: '', apiKey: keys.client },
          ],
          nextId: 3,
        },
        accountInUse: 'a1',
        settings: {
          version: 2,
          defaultPrivacy: 0,
          showBadge: true,
          contextMenu: true,
          notify: true,
          notifyWorse: true,
        },
        ratingCache: {
          services: { a1: entry(reports.agency, 'good'), a2: entry(reports.client, 'bad') },
        },
      });
    },
    {
      baseUrl: service.baseUrl,
      keys: { agency: AGENCY_KEY, client: CLIENT_KEY },
      url: address,
      reports: {
        agency: the(agencyReport, 'Agency’s report'),
        client: the(clientReport, 'Client’s report'),
      },
    },
  );
  rated = await firefox.openTab(address);
});

afterAll(async () => {
  const results = await Promise.allSettled([firefox?.close(), service?.close()]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
});

const address = () => the(service?.sampleUrls?.good, 'The good sample page');
const badgeText = async () => (await badgeOf(the(options, 'The options page'), address())).text;
const inUse = () =>
  the(options, 'The options page').evaluate(async () => {
    const browser = (globalThis as unknown as { browser: typeof chrome }).browser;
    return (await browser.storage.local.get('accountInUse')).accountInUse as string;
  });

/** The names the page's Account select lists, and the one chosen. */
async function accountChoices(page: Page) {
  const select = await fieldNamed(page, 'Account');
  return select.evaluate((node) => {
    const options = Array.from((node as HTMLSelectElement).options);
    return {
      names: options.map((option) => option.textContent ?? ''),
      chosen: options.find((option) => option.selected)?.textContent ?? null,
    };
  });
}

/** Chooses `name` in the page's Account select, as a user picks an option. */
async function choose(page: Page, name: string) {
  const select = await fieldNamed(page, 'Account');
  const value = await select.evaluate(
    (node, wanted) =>
      Array.from((node as HTMLSelectElement).options).find(
        (option) => option.textContent === wanted,
      )?.value,
    name,
  );
  await select.select(the(value, `the option ${name}`));
}

describe('accounts in Firefox', () => {
  it('the badge shows the rating of the account in use', async () => {
    await poll(badgeText, 'Agency’s rating on the badge').toBe(BADGE_TEXT.good);
    expect(await inUse()).toBe('a1');
  });

  it('the workspace’s Account select switches to Client, and the badge follows', async () => {
    const workspace = await the(firefox, 'Firefox').openExtensionPage('sidepanel.html');
    await poll(() => accountChoices(workspace), 'the workspace’s accounts').toEqual({
      names: ['Agency', 'Client'],
      chosen: 'Agency',
    });
    await choose(workspace, 'Client');
    await poll(inUse, 'Client in use').toBe('a2');
    await poll(badgeText, 'Client’s rating on the badge').toBe(BADGE_TEXT.bad);
    await workspace.close();
  });

  it('the popup shows Client’s rating of the page, and its Account select switches back', async () => {
    await the(rated, 'The rated tab').bringToFront();
    const popup = await the(firefox, 'Firefox').openExtensionPage('popup.html');
    // Found again each time: the region is drawn anew for another account.
    const shown = async () =>
      wordsIn(
        await popup.locator(byRole('region', 'Report for this page')).waitHandle(),
        Object.values(RATING_WORD),
      );
    await poll(shown, 'Client’s rating word').toEqual([RATING_WORD.bad]);
    expect(await accountChoices(popup)).toEqual({ names: ['Agency', 'Client'], chosen: 'Client' });

    await choose(popup, 'Agency');
    await poll(inUse, 'Agency in use').toBe('a1');
    await poll(badgeText, 'Agency’s rating back on the badge').toBe(BADGE_TEXT.good);
    await poll(shown, 'Agency’s rating word').toEqual([RATING_WORD.good]);
    await popup.close();
  });
});
