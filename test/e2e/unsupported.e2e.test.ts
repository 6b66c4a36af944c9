// Pages the popup cannot or should think twice about reporting, and a popup that is not
// connected yet: it says why, keeps Create disabled where a report is impossible, warns (but
// allows) for loopback pages, and leads a new user to the options page.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPageTab, openPopup, type Stack, startStack, the } from './flows';

const API_KEY = 'unsupported-e2e-key-0001';

const createButton = (popup: Page) =>
  popup.getByRole('button', { name: 'Create report', exact: true });

describe('not connected yet (a brand-new profile)', () => {
  let stack: Stack | undefined;

  beforeAll(async () => {
    stack = await startStack({ connected: false, service: { apiKeys: [API_KEY] } });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('says so, offers the options page, and sends nothing', async () => {
    const { ext, service, sample } = the(stack, 'The stack');
    const tab = await openPageTab(ext, sample('good'));
    service.resetRequests();
    const popup = await openPopup(ext);
    try {
      await popup.getByRole('heading', { name: 'Not connected yet' }).waitFor();
      expect(await createButton(popup).count(), 'nothing to create with').toBe(0);

      const optionsOpened = ext.context.waitForEvent('page', {
        predicate: (page) => page.url() === `chrome-extension://${ext.extensionId}/options.html`,
        timeout: 10_000,
      });
      await popup.getByRole('button', { name: 'Open options', exact: true }).click();
      const options = await optionsOpened;
      await options.getByRole('textbox', { name: 'Service URL', exact: true }).waitFor();
      await options.close();
      expect(service.apiRequests(), 'no request without a connection').toEqual([]);
    } finally {
      await popup.close().catch(() => undefined);
      await tab.close();
    }
  });
});

describe('pages that cannot be reported', () => {
  let stack: Stack | undefined;
  const opened: Page[] = [];

  beforeAll(async () => {
    stack = await startStack({ service: { apiKeys: [API_KEY] } });
  });

  afterEach(async () => {
    for (const page of opened.splice(0)) await page.close().catch(() => undefined);
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** Makes `page` the active tab and opens the popup over it. */
  async function popupOver(page: Page): Promise<Page> {
    await page.bringToFront();
    const popup = await openPopup(the(stack, 'The stack').ext);
    opened.push(popup);
    return popup;
  }

  it('explains a browser page (about:blank) and disables Create', async () => {
    const { ext } = the(stack, 'The stack');
    const blank = await ext.context.newPage();
    opened.push(blank);
    expect(blank.url()).toBe('about:blank');
    const popup = await popupOver(blank);
    await createButton(popup).waitFor();
    expect(await createButton(popup).isDisabled(), 'Create on about:blank').toBe(true);
    // The address (and, as about:blank has no title, the heading) show which page is meant.
    expect(await popup.getByText('about:blank', { exact: true }).count()).toBeGreaterThan(0);
    expect(await popup.getByText(/browser's own pages/).count(), 'the reason').toBe(1);
    // The reason is what the disabled button is described by.
    expect(await createButton(popup).getAttribute('aria-describedby')).toBeTruthy();
  });

  it("explains the extension's own options page and disables Create", async () => {
    const { ext } = the(stack, 'The stack');
    const options = await ext.openTab('options.html');
    opened.push(options);
    const popup = await popupOver(options);
    await createButton(popup).waitFor();
    expect(await createButton(popup).isDisabled(), 'Create on the options page').toBe(true);
    expect(await popup.getByText(/page of a browser extension/).count(), 'the reason').toBe(1);
  });

  it('warns about a loopback page but lets it be reported', async () => {
    const { ext, sample } = the(stack, 'The stack');
    const page = await openPageTab(ext, sample('bad'));
    opened.push(page);
    const popup = await popupOver(page);
    await createButton(popup).waitFor();
    expect(await popup.getByText(sample('bad'), { exact: true }).count()).toBe(1);
    expect(
      await popup.getByText(/127\.0\.0\.1 is a local or private-network address/).count(),
      'the loopback warning',
    ).toBe(1);
    expect(await createButton(popup).isEnabled(), 'Create on a loopback page').toBe(true);
  });
});
