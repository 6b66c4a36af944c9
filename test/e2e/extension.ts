// Launches real Chromium with the built extension loaded unpacked, for the end-to-end tests,
// the demo and the benchmark.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { findChromium } from './browser-path';

export const EXTENSION_DIR = resolve(import.meta.dirname, '../../.output/chrome-mv3');

export interface LoadedExtension {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  /** Opens an extension page (e.g. 'popup.html') as its own window, like a detached popup. */
  openWindow(path: string): Promise<Page>;
  /** Opens an extension page in a tab of the current window. */
  openTab(path: string): Promise<Page>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  headless?: boolean;
  extensionDir?: string;
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number } | null;
  /**
   * The browser's language, e.g. 'de': chrome.i18n's messages (--lang), its UI language
   * (LANGUAGE, with Debian's chromium-l10n installed) and navigator.language (locale).
   */
  lang?: string;
}

export async function launchExtension(options: LaunchOptions = {}): Promise<LoadedExtension> {
  const extensionDir = options.extensionDir ?? EXTENSION_DIR;
  const userDataDir = await mkdtemp(join(tmpdir(), 'site-report-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless: options.headless ?? true,
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport === undefined ? { width: 1000, height: 800 } : options.viewport,
    ...(options.lang && { locale: options.lang, env: { ...process.env, LANGUAGE: options.lang } }),
    args: [
      ...(options.lang ? [`--lang=${options.lang}`] : []),
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
    ],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const extensionId = new URL(worker.url()).host;
    const pageUrl = (path: string) => `chrome-extension://${extensionId}/${path}`;
    return {
      context,
      worker,
      extensionId,
      async openWindow(path) {
        const opened = context.waitForEvent('page', (page) => page.url().startsWith(pageUrl(path)));
        await worker.evaluate(
          (url) => chrome.windows.create({ url, type: 'popup', width: 420, height: 640 }),
          pageUrl(path),
        );
        const page = await opened;
        // Asked of the document itself: the page's own load event can pass before Playwright
        // attaches to a window opened this way, and waiting for it then never ends.
        await page.waitForFunction(() => document.readyState !== 'loading');
        return page;
      },
      async openTab(path) {
        const page = await context.newPage();
        await page.goto(pageUrl(path));
        return page;
      },
      async close() {
        await context.close();
        await rm(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
}

export interface Connection {
  baseUrl: string;
  apiKey: string;
}

/**
 * Stores a connection the way the options page's Save does: as the account in use's service and
 * key (the first account, `a1`, when there is none yet), the settings' other values kept.
 * Runs inside an extension context: pass it to a worker's or an extension page's evaluate().
 */
export async function writeConnection({ baseUrl, apiKey }: Connection): Promise<void> {
  type Stored = { id: string; name: string; serviceUrl: string; siteUrl: string; apiKey: string };
  const stored = (await chrome.storage.local.get(['accounts', 'accountInUse', 'settings'])) as {
    accounts?: { accounts: Stored[]; nextId: number };
    accountInUse?: string;
    settings?: object;
  };
  const list = stored.accounts?.accounts ?? [];
  const id = stored.accountInUse ?? list[0]?.id ?? 'a1';
  const account = { id, name: new URL(baseUrl).host, serviceUrl: baseUrl, siteUrl: '', apiKey };
  const accounts = list.some((other) => other.id === id)
    ? list.map((other) => (other.id === id ? { ...other, serviceUrl: baseUrl, apiKey } : other))
    : [...list, account];
  await chrome.storage.local.set({
    accounts: { accounts, nextId: Math.max(stored.accounts?.nextId ?? 1, accounts.length + 1) },
    accountInUse: id,
    settings: stored.settings ?? {
      version: 2,
      defaultPrivacy: 0,
      showBadge: true,
      contextMenu: true,
      notify: true,
      notifyWorse: true,
    },
  });
}

/**
 * Makes the account of `baseUrl` and `apiKey` the one in use, adding it when there is none yet:
 * each service and key is its own account, as the options page's "Add account" makes them.
 * Runs inside an extension context, like writeConnection.
 */
export async function useAccountOf({ baseUrl, apiKey }: Connection): Promise<void> {
  type Stored = { id: string; name: string; serviceUrl: string; siteUrl: string; apiKey: string };
  const stored = (await chrome.storage.local.get(['accounts', 'settings'])) as {
    accounts?: { accounts: Stored[]; nextId: number };
    settings?: object;
  };
  const list = stored.accounts?.accounts ?? [];
  const nextId = stored.accounts?.nextId ?? 1;
  const found = list.find((account) => account.serviceUrl === baseUrl && account.apiKey === apiKey);
  const account = found ?? {
    id: `a${nextId}`,
    name: new URL(baseUrl).host,
    serviceUrl: baseUrl,
    siteUrl: '',
    apiKey,
  };
  await chrome.storage.local.set({
    accounts: { accounts: found ? list : [...list, account], nextId: found ? nextId : nextId + 1 },
    accountInUse: account.id,
    settings: stored.settings ?? {
      version: 2,
      defaultPrivacy: 0,
      showBadge: true,
      contextMenu: true,
      notify: true,
      notifyWorse: true,
    },
  });
}

/** Connects the extension to a service, for tests and the demo that are not about the options page. */
export async function connect(ext: LoadedExtension, connection: Connection): Promise<void> {
  await ext.worker.evaluate(writeConnection, connection);
}

/** The badge text and tooltip of a tab, as the toolbar shows them. */
export function readBadge(ext: LoadedExtension, tabId: number) {
  return ext.worker.evaluate(
    async (id) => ({
      text: await chrome.action.getBadgeText({ tabId: id }),
      title: await chrome.action.getTitle({ tabId: id }),
    }),
    tabId,
  );
}

/** The id of the tab showing `url` (the first match). */
export async function tabIdOf(ext: LoadedExtension, url: string): Promise<number> {
  const id = await ext.worker.evaluate(async (address) => {
    const tabs = await chrome.tabs.query({});
    return tabs.find((tab: { url?: string }) => tab.url === address)?.id;
  }, url);
  if (id === undefined) throw new Error(`No tab shows ${url}`);
  return id;
}
