// Launches real Firefox with the built extension installed as a temporary add-on, driven by
// puppeteer-core over WebDriver BiDi (no driver, no browser download), and the few ways the
// Firefox suites look at it: extension pages, pages found by role and accessible name, and the
// extension's own view of tabs, storage and the toolbar badge.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import type WebExtension from 'webextension-polyfill';
import { the, waitUntil } from '../e2e/flows';
import { findFirefox } from './browser-path';

/** Firefox gives the add-on this UUID (a pref), so its pages are moz-extension://<uuid>/…. */
export const EXTENSION_UUID = '5e1f0c2a-3b4d-4e6f-8a9b-0c1d2e3f4a5b';
const ORIGIN = `moz-extension://${EXTENSION_UUID}`;

/** Fail fast on a missing control instead of waiting out the test's own timeout. */
const ELEMENT_TIMEOUT = 15_000;

export interface FirefoxWithExtension {
  browser: Browser;
  /** Opens an extension page (e.g. 'options.html') in a new tab and waits until it has loaded. */
  openExtensionPage(path: string): Promise<Page>;
  /** Opens `url` in a new tab and makes it the tab in front. */
  openTab(url: string): Promise<Page>;
  close(): Promise<void>;
}

export async function launchFirefox(extensionDir: string): Promise<FirefoxWithExtension> {
  const manifest = JSON.parse(await readFile(join(extensionDir, 'manifest.json'), 'utf8'));
  const geckoId: unknown = manifest.browser_specific_settings?.gecko?.id;
  if (typeof geckoId !== 'string') throw new Error(`${extensionDir} has no gecko id.`);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: true,
    // Without it, Firefox refuses to open moz-extension: pages for a WebDriver BiDi client.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: EXTENSION_UUID }),
    },
  });
  try {
    await browser.installExtension(extensionDir);
  } catch (error) {
    await browser.close();
    throw error;
  }
  return {
    browser,
    async openExtensionPage(path) {
      const url = `${ORIGIN}/${path}`;
      const page = await browser.newPage();
      page.setDefaultTimeout(ELEMENT_TIMEOUT);
      // Firefox sends no navigation events for moz-extension: pages, so goto() would wait for
      // ever (and page.url() stays about:blank): wait for the document itself, then stop goto.
      const stop = new AbortController();
      const navigation = page.goto(url, { signal: stop.signal }).catch(() => undefined);
      await waitUntil(
        () =>
          page
            .evaluate(() => `${location.href} ${document.readyState}`)
            .then((state) => state === `${url} complete`)
            .catch(() => false),
        `${url} to load`,
        ELEMENT_TIMEOUT,
      );
      stop.abort();
      await navigation;
      return page;
    },
    async openTab(url) {
      const page = await browser.newPage();
      page.setDefaultTimeout(ELEMENT_TIMEOUT);
      await page.goto(url);
      await page.bringToFront();
      return page;
    },
    close: () => browser.close(),
  };
}

/** A selector for the element with this role and exactly this accessible name. */
export function byRole(role: string, name?: string): string {
  if (name === undefined) return `::-p-aria([role="${role}"])`;
  if (name.includes('"')) throw new Error(`byRole cannot look for a name with quotes: ${name}`);
  return `::-p-aria([name="${name}"][role="${role}"])`;
}

/**
 * The form field (input, select, text area) with this accessible name. For password boxes: they
 * have no ARIA role in Firefox (HTML-AAM gives them none), so a role cannot find them.
 */
export async function fieldNamed(page: Page, name: string): Promise<ElementHandle<Element>> {
  let field: ElementHandle<Element> | undefined;
  await waitUntil(
    async () => {
      for (const candidate of await page.$$(`::-p-aria([name="${name}"])`)) {
        if (await candidate.evaluate((node) => node.matches('input, select, textarea'))) {
          field = candidate;
          return true;
        }
      }
      return false;
    },
    `a field named "${name}"`,
    ELEMENT_TIMEOUT,
  );
  return the(field, `The field "${name}"`);
}

/** The text of the element with this role and name (it must be there). */
export async function textOf(page: Page, role: string, name?: string): Promise<string> {
  const element = await page.locator(byRole(role, name)).waitHandle();
  return element.evaluate((node) => node.textContent?.trim() ?? '');
}

/** The texts that stand alone in `scope` (an element whose whole text is one of `words`). */
export function wordsIn(scope: ElementHandle, words: readonly string[]): Promise<string[]> {
  return scope.evaluate(
    (node, wanted) =>
      Array.from(node.querySelectorAll('*'))
        .map((element) => element.textContent?.trim() ?? '')
        .filter((text) => wanted.includes(text)),
    [...words],
  );
}

type ExtensionApi = typeof WebExtension;

/** The extension's stored settings with the connection of the account in use, read in one of its pages. */
export function storedSettings(extensionPage: Page) {
  return extensionPage.evaluate(async () => {
    const api = (globalThis as unknown as { browser: ExtensionApi }).browser;
    const { settings, accounts, accountInUse } = await api.storage.local.get([
      'settings',
      'accounts',
      'accountInUse',
    ]);
    const list = (accounts as { accounts: { id: string }[] } | undefined)?.accounts ?? [];
    const account = list.find(({ id }) => id === accountInUse) ?? list[0];
    return { ...(settings as object | undefined), ...account } as
      | { serviceUrl?: string; apiKey?: string }
      | undefined;
  });
}

/** Whether the extension may access `url`'s origin (an optional host permission in Firefox). */
export function hasHostAccess(extensionPage: Page, url: string): Promise<boolean> {
  return extensionPage.evaluate((origin) => {
    const api = (globalThis as unknown as { browser: ExtensionApi }).browser;
    return api.permissions.contains({ origins: [`${origin}/*`] });
  }, new URL(url).origin);
}

/** The toolbar badge of the tab showing `url` (the first match), read in an extension page. */
export function badgeOf(extensionPage: Page, url: string) {
  return extensionPage.evaluate(async (address) => {
    const api = (globalThis as unknown as { browser: ExtensionApi }).browser;
    const tab = (await api.tabs.query({})).find((candidate) => candidate.url === address);
    if (tab?.id === undefined) throw new Error(`No tab shows ${address}`);
    return {
      text: await api.action.getBadgeText({ tabId: tab.id }),
      title: await api.action.getTitle({ tabId: tab.id }),
    };
  }, url);
}
