// The toolbar badge: once the extension knows reports (here: from listing them in the popup),
// each tab shows the rating of its own address, follows navigation and tab switches without a
// single request to the service, and disappears when it is turned off on the options page.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BADGE_TEXT,
  badgeOf,
  openPageTab,
  openPopup,
  poll,
  type Sample,
  type Stack,
  startStack,
  the,
} from './flows';

const API_KEY = 'badge-e2e-key-0001';

let stack: Stack | undefined;
const opened: Page[] = [];

/** Waits until the badge of the tab showing `page` reads `expected`. */
async function expectBadge(page: Page, expected: string, message: string) {
  const { ext } = the(stack, 'The stack');
  await poll(async () => (await badgeOf(ext, page.url())).text, message).toBe(expected);
}

beforeAll(async () => {
  stack = await startStack({ service: { apiKeys: [API_KEY] } });
  const { service, ext, sample } = stack;
  // Reports for the good and bad samples; the decent sample has none.
  await service.seed([
    { url: sample('good'), result: 'good' },
    { url: sample('bad'), result: 'bad' },
  ]);
  // The extension learns them the way a user makes it: by listing reports in the popup.
  const popup = await openPopup(ext);
  try {
    await popup.getByRole('tab', { name: 'Reports', exact: true }).click();
    const list = popup.getByRole('list', { name: 'Reports', exact: true });
    for (const name of ['good', 'bad'] as Sample[]) {
      await list.getByText(sample(name), { exact: true }).waitFor();
    }
  } finally {
    await popup.close();
  }
});

// Tabs are found by their address: no two tests leave tabs showing the same page behind.
afterEach(async () => {
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
});

afterAll(async () => {
  await stack?.close();
});

describe('badge', () => {
  it('follows navigation and tab switches with no request to the service', async () => {
    const { service, ext, sample } = the(stack, 'The stack');
    service.resetRequests();

    const first = await openPageTab(ext, sample('good'));
    opened.push(first);
    await expectBadge(first, BADGE_TEXT.good, 'good page');
    const { title } = await badgeOf(ext, first.url());
    expect(title, 'the tooltip names the rating').toMatch(/\bGood\b/);

    // Navigate: to a page without a report (cleared), to another rated page, and back.
    await first.goto(sample('decent'));
    await expectBadge(first, '', 'decent page, no report known');
    await first.goto(sample('bad'));
    await expectBadge(first, BADGE_TEXT.bad, 'bad page');
    await first.goBack();
    expect(first.url()).toBe(sample('decent'));
    await expectBadge(first, '', 'back on the decent page');
    await first.goBack();
    expect(first.url()).toBe(sample('good'));
    await expectBadge(first, BADGE_TEXT.good, 'back on the good page');

    // A second tab with another rating; switching between them keeps each tab's own badge.
    const second = await openPageTab(ext, sample('bad'));
    opened.push(second);
    await expectBadge(second, BADGE_TEXT.bad, 'second tab');
    for (const front of [first, second, first]) {
      await front.bringToFront();
      await expectBadge(first, BADGE_TEXT.good, 'first tab after a switch');
      await expectBadge(second, BADGE_TEXT.bad, 'second tab after a switch');
    }

    // The pages themselves came from the service's origin; the API was never asked.
    expect(
      service.apiRequests().map((entry) => `${entry.method} ${entry.path}`),
      'API requests during navigation and tab switches',
    ).toEqual([]);
    expect(
      service.requests.some((entry) => entry.path === '/samples/decent'),
      'the navigation happened',
    ).toBe(true);
  });

  it('is cleared when turned off on the options page, and comes back when turned on', async () => {
    const { ext, sample } = the(stack, 'The stack');
    const rated = await openPageTab(ext, sample('good'));
    opened.push(rated);
    await expectBadge(rated, BADGE_TEXT.good, 'rated tab before turning the badge off');

    const options = await ext.openTab('options.html');
    opened.push(options);
    const toggle = options.getByRole('checkbox', {
      name: 'Show rating on the toolbar button',
      exact: true,
    });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await options.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await expectBadge(rated, '', 'rated tab with the badge turned off');

    // Navigating while it is off does not bring it back.
    await rated.goto(sample('bad'));
    await expectBadge(rated, '', 'another rated page with the badge turned off');

    await toggle.check();
    await expectBadge(rated, BADGE_TEXT.bad, 'rated tab with the badge turned on again');
  });
});
