// The options page as a new user meets it: typing the service address and key, Test connection
// telling a rejected key, an unreachable address and a site address apart from a working
// connection, Save connecting the popup, and the defaults; then, with a saved key, showing and
// removing it. Each test opens its own page over storage set up for it, so none depends on
// another having run first.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from './extension';
import {
  closedPort,
  isFocused,
  openPageTab,
  openPopup,
  poll,
  type Stack,
  startStack,
  the,
} from './flows';

const API_KEY = 'options-e2e-key-0001';
const WRONG_KEY = 'options-e2e-wrong-key-0002';
/** Reports already on the service, so "Connected" can say how many. */
const SEEDED = 3;

let stack: Stack | undefined;
/** The options page of the running test. */
let options: Page | undefined;

beforeAll(async () => {
  stack = await startStack({ connected: false, service: { apiKeys: [API_KEY] } });
  await stack.service.seed(
    Array.from({ length: SEEDED }, (_, index) => ({
      url: `https://seeded.example/page-${index}`,
      result: 'good' as const,
    })),
  );
});

afterEach(async () => {
  await options?.close();
  options = undefined;
});

afterAll(async () => {
  await stack?.close();
});

/**
 * Opens the options page over a profile with nothing stored (what a new user has), or with the
 * service's address and API_KEY stored as Save stores them.
 */
async function openOptions(stored: 'nothing' | 'a saved key'): Promise<void> {
  const { ext, service } = the(stack, 'The stack');
  await ext.worker.evaluate(() => chrome.storage.local.clear());
  if (stored === 'a saved key') await connect(ext, { baseUrl: service.baseUrl, apiKey: API_KEY });
  options = await ext.openTab('options.html');
  await options.getByRole('textbox', { name: 'Service URL', exact: true }).waitFor();
}

const serviceUrlBox = (page: Page) =>
  page.getByRole('textbox', { name: 'Service URL', exact: true });
// A password input: Playwright exposes it as a text box, by its label.
const apiKeyBox = (page: Page) => page.getByRole('textbox', { name: 'API key', exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const statusText = async (page: Page) =>
  (await page.getByRole('status').textContent())?.trim() ?? '';

/** The settings as the extension stored them, with the connection of the account in use. */
function storedSettings() {
  return the(stack, 'The stack').ext.worker.evaluate(async () => {
    const { settings, accounts, accountInUse } = await chrome.storage.local.get([
      'settings',
      'accounts',
      'accountInUse',
    ]);
    const list = (accounts as { accounts: { id: string }[] } | undefined)?.accounts ?? [];
    const account = list.find(({ id }) => id === accountInUse) ?? list[0];
    return { ...(settings as object | undefined), ...account } as
      | { serviceUrl?: string; apiKey?: string; showBadge?: boolean }
      | undefined;
  });
}

/** Presses Test connection and waits for a new outcome (not the old text, not "Testing…"). */
async function testConnection(page: Page): Promise<string> {
  const before = await statusText(page);
  await button(page, 'Test connection').click();
  let outcome = '';
  await poll(async () => {
    outcome = await statusText(page);
    return outcome !== before && outcome.trim() !== '' && !/testing/i.test(outcome);
  }, `Test connection outcome (status was "${before}")`).toBe(true);
  return outcome;
}

describe('connecting on the options page', () => {
  beforeEach(() => openOptions('nothing'));

  it('tells a rejected key, an unreachable address and a site address from a working one', async () => {
    const page = the(options, 'The options page');
    const { service } = the(stack, 'The stack');
    const url = serviceUrlBox(page);
    const key = apiKeyBox(page);
    expect(await url.inputValue(), 'a new user starts with an empty address').toBe('');
    expect(await key.inputValue(), 'a new user starts with no key').toBe('');

    // The right address with a wrong key: the service answers 401.
    await url.fill(service.baseUrl);
    await key.fill(WRONG_KEY);
    expect(await testConnection(page)).toMatch(/rejected/i);

    // A loopback port nothing listens on.
    const port = await closedPort();
    await url.fill(`http://127.0.0.1:${port}/api/v1`);
    await key.fill(API_KEY);
    const unreachable = await testConnection(page);
    expect(unreachable).toMatch(/could not reach|unreachable/i);
    expect(unreachable, 'names the address that failed').toContain(`127.0.0.1:${port}`);

    // The service's own address without /api/v1: the API address is offered.
    await url.fill(service.url);
    const adjusted = await testConnection(page);
    expect(adjusted).toContain(service.baseUrl);
    const useIt = button(page, `Use ${service.baseUrl}`);
    await useIt.click();
    expect(await url.inputValue(), 'the offered address fills the field').toBe(service.baseUrl);
    expect(await isFocused(url), 'focus goes back to the address').toBe(true);

    // The right address and key: connected, with the number of reports.
    const connected = await testConnection(page);
    expect(connected).toMatch(/connected/i);
    expect(connected).toContain(String(SEEDED));

    // Testing stores nothing: only Save does.
    expect((await storedSettings())?.apiKey ?? '').toBe('');
  });

  it('saves: the workspace open meanwhile shows the reports, and the popup opened afterwards is connected', async () => {
    const page = the(options, 'The options page');
    const { service, ext, sample } = the(stack, 'The stack');
    // Opened on Reports before the save: its first list is answered "not connected".
    const workspace = await ext.openTab('sidepanel.html#tab=reports');
    await workspace.getByRole('heading', { name: 'Not connected yet' }).waitFor();
    await serviceUrlBox(page).fill(service.baseUrl);
    await apiKeyBox(page).fill(API_KEY);
    // Save requests host access and must not wait on the prompt (it never settles headless).
    await button(page, 'Save').click();
    await poll(() => statusText(page), 'status after Save').toMatch(/saved/i);
    expect(await storedSettings()).toMatchObject({ serviceUrl: service.baseUrl, apiKey: API_KEY });

    // Its Reports tab asks the service anew: the seeded reports, not that answer.
    const rows = workspace.getByRole('checkbox', { name: /^Select https:\/\/seeded\.example\// });
    await poll(() => rows.count(), 'the seeded reports in the workspace').toBeGreaterThan(0);
    expect(await workspace.getByRole('alert').count(), 'no error in the workspace').toBe(0);
    await workspace.close();

    const tab = await openPageTab(ext, sample('good'));
    const popup = await openPopup(ext);
    try {
      expect(await popup.getByRole('heading', { name: 'Not connected yet' }).count()).toBe(0);
      await popup.getByRole('button', { name: 'Create report', exact: true }).waitFor();
      expect(await popup.getByText(sample('good'), { exact: true }).count()).toBe(1);
    } finally {
      await popup.close();
      await tab.close();
    }
  });

  it('has the defaults by name: privacy choices and the three switches', async () => {
    const page = the(options, 'The options page');
    const privacy = page.getByRole('radiogroup', { name: 'Default privacy', exact: true });
    for (const choice of ['Public', 'Private', 'Password']) {
      expect(await privacy.getByRole('radio', { name: choice, exact: true }).count(), choice).toBe(
        1,
      );
    }
    for (const name of [
      'Show rating on the toolbar button',
      'Add to the right-click menu',
      'Notify when a report is ready',
    ]) {
      const box = page.getByRole('checkbox', { name, exact: true });
      expect(await box.count(), name).toBe(1);
      expect(await box.isChecked(), `${name} is on by default`).toBe(true);
    }

    // A switch applies at once, without Save.
    await page.getByRole('checkbox', { name: 'Notify when a report is ready' }).uncheck();
    await poll(
      async () =>
        the(stack, 'The stack').ext.worker.evaluate(async () => {
          const { settings } = await chrome.storage.local.get('settings');
          return (settings as { notify?: boolean } | undefined)?.notify;
        }),
      'stored notify switch',
    ).toBe(false);
  });
});

describe('the saved key', () => {
  beforeEach(() => openOptions('a saved key'));

  it('shows and hides the key', async () => {
    const page = the(options, 'The options page');
    const typeOfKey = () => apiKeyBox(page).evaluate((input) => (input as HTMLInputElement).type);
    expect(await typeOfKey()).toBe('password');
    await button(page, 'Show key').click();
    await button(page, 'Hide key').waitFor();
    expect(await typeOfKey()).toBe('text');
    expect(await apiKeyBox(page).inputValue()).toBe(API_KEY);
    await button(page, 'Hide key').click();
    await button(page, 'Show key').waitFor();
    expect(await typeOfKey()).toBe('password');
  });

  it('asks before removing the key: Cancel keeps it, confirming removes it', async () => {
    const page = the(options, 'The options page');
    const { ext } = the(stack, 'The stack');
    const dialog = page.getByRole('dialog');

    await button(page, 'Remove key').click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/remove the api key/i);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await apiKeyBox(page).inputValue(), 'Cancel keeps the key').toBe(API_KEY);
    expect((await storedSettings())?.apiKey).toBe(API_KEY);

    await button(page, 'Remove key').click();
    await dialog.getByRole('button', { name: 'Remove key', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => statusText(page), 'status after removing').toMatch(/removed/i);
    expect(await apiKeyBox(page).inputValue()).toBe('');
    await poll(async () => (await storedSettings())?.apiKey, 'stored key').toBe('');
    expect(await button(page, 'Remove key').isDisabled(), 'nothing left to remove').toBe(true);

    // Without a key the popup is no longer connected.
    const popup = await openPopup(ext);
    try {
      await popup.getByRole('heading', { name: 'Not connected yet' }).waitFor();
    } finally {
      await popup.close();
    }
  });
});
