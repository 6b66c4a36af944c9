// Shared steps for the popup, options, badge, unsupported-page, keyboard and secrecy suites: a
// local service with a browser connected to it, sample pages in tabs, the popup as its own
// window, the service's view of a report, and waiting on conditions (never on time).
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type RunningService, type ServiceOptions, startService } from '../../server/service';
import { withOutputLock } from '../support/output-lock';
import {
  connect,
  EXTENSION_DIR,
  type LoadedExtension,
  launchExtension,
  readBadge,
  tabIdOf,
} from './extension';

export type Sample = 'good' | 'decent' | 'bad';

/** `value`, or a clear failure when a beforeAll that should have set it did not get that far. */
export function the<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} did not start`);
  return value;
}

/** The rating word the popup shows for each sample page (good 90, decent 65, bad 25). */
export const RATING_WORD: Record<Sample, string> = { good: 'Good', decent: 'Decent', bad: 'Bad' };
/** The badge text for each sample's rating (at most 4 characters). */
export const BADGE_TEXT: Record<Sample, string> = { good: 'Good', decent: 'OK', bad: 'Bad' };

export interface Stack {
  service: RunningService;
  ext: LoadedExtension;
  /** The address of a sample page served by the service. */
  sample(name: Sample): string;
  close(): Promise<void>;
}

export interface StackOptions {
  service?: ServiceOptions;
  /** Store the service URL and key as Save does (default true); false: a brand-new profile. */
  connected?: boolean;
}

/**
 * Whether `dir` holds a whole build: the manifest's entry points, and every file that the pages
 * and chunks load. (A build in progress has removed or not yet written some of them.)
 */
async function isCompleteBuild(dir: string): Promise<boolean> {
  try {
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
    const files = new Set(
      (await readdir(dir, { recursive: true })).map((file) => file.split('\\').join('/')),
    );
    const needed: string[] = [
      manifest.background?.service_worker,
      manifest.action?.default_popup,
      manifest.options_ui?.page,
    ].filter((file): file is string => typeof file === 'string');
    for (const file of files) {
      if (!/\.(html|js)$/.test(file)) continue;
      const text = await readFile(join(dir, file), 'utf8');
      for (const [, ref = ''] of text.matchAll(/(?:src|href)="\/([^"]+)"/g)) needed.push(ref);
      for (const [, ref = ''] of text.matchAll(/(?:from|import\()\s*"\.\/([^"]+)"/g)) {
        needed.push(join(dirname(file), ref));
      }
      for (const [, ref = ''] of text.matchAll(/"((?:chunks|assets)\/[^"]+\.(?:js|css))"/g)) {
        needed.push(ref);
      }
    }
    return needed.every((file) => files.has(file));
  } catch {
    return false;
  }
}

/**
 * A private copy of the extension that global setup built. Another run of the suites in this
 * checkout rebuilds .output/chrome-mv3 in place (emptied, then rewritten); a browser loading
 * pages from there at that moment fails. Each stack loads its own copy instead. The copy is
 * taken under the lock that this run's `npm run zip` and `npm run demo` tests rebuild under.
 */
export async function copyOfBuild(source = EXTENSION_DIR, attempts = 5): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const dir = await withOutputLock(async () => {
      await waitUntil(() => isCompleteBuild(source), `a whole build in ${source}`);
      const copy = await mkdtemp(join(tmpdir(), 'site-report-extension-'));
      // A file the build removed while it was copied fails the copy: taken again below.
      const copied = await cp(source, copy, { recursive: true }).then(
        () => true,
        () => false,
      );
      if (copied && (await isCompleteBuild(copy))) return copy;
      await rm(copy, { recursive: true, force: true });
      return undefined;
    });
    if (dir) return dir;
    // The build changed while it was copied: again, from the finished build.
    if (attempt >= attempts) throw new Error(`${source} kept changing while it was copied.`);
  }
}

/**
 * Requests the service holds (its `gate`) while a test has them held: those `holds` names, from
 * `hold()` until `release()`, so that what they start stays under way until the test has looked.
 */
export function heldRequests(holds: (request: { method: string; path: string }) => boolean) {
  let held: Promise<void> | undefined;
  let release: () => void = () => undefined;
  return {
    gate: ((request) => (holds(request) ? held : undefined)) satisfies ServiceOptions['gate'],
    hold() {
      held = new Promise((resolve) => {
        release = () => {
          held = undefined;
          resolve();
        };
      });
    },
    release: () => release(),
  };
}

/**
 * Checks `condition` every 100 ms until it holds; for hooks, where expect.poll is not allowed.
 */
export async function waitUntil(
  condition: () => Promise<boolean> | boolean,
  what: string,
  timeout = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what} after ${timeout} ms.`);
    await delay(100);
  }
}

/**
 * Saves the connection to `service` as the options page's Save does, then waits for the one
 * question a save brings (the plan, GET /account, asked by the background) and forgets it: the
 * service's request log, rate limit and failure count start again from the test's own requests.
 */
export async function connectSettled(
  ext: LoadedExtension,
  service: RunningService,
  apiKey = service.apiKey,
): Promise<void> {
  await connect(ext, { baseUrl: service.baseUrl, apiKey });
  await waitUntil(
    () => service.apiRequests().some((entry) => entry.path.endsWith('/account')),
    "the background's question for the plan",
  );
  service.resetRequests();
  service.resetRateLimits();
}

/** A service on a free loopback port serving the samples, and a browser with the extension. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const service = await startService({ port: 0, serveSamples: true, ...options.service });
  let extensionDir: string | undefined;
  let ext: LoadedExtension | undefined;
  const removeCopy = () =>
    extensionDir ? rm(extensionDir, { recursive: true, force: true }) : Promise.resolve();
  try {
    extensionDir = await copyOfBuild();
    ext = await launchExtension({ extensionDir });
    if (options.connected ?? true) await connectSettled(ext, service);
  } catch (error) {
    await ext?.close().catch(() => undefined);
    await removeCopy();
    await service.close();
    throw error;
  }
  const loaded = ext;
  return {
    service,
    ext: loaded,
    sample(name) {
      const url = service.sampleUrls?.[name];
      if (!url) throw new Error('The service does not serve the sample pages.');
      return url;
    },
    async close() {
      // All of them, even when one fails to close.
      const results = await Promise.allSettled([loaded.close().then(removeCopy), service.close()]);
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
}

/** Opens `url` in a new tab of the browser window and makes it the active tab. */
export async function openPageTab(ext: LoadedExtension, url: string): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(url);
  await page.bringToFront();
  return page;
}

/**
 * Opens the popup as its own window (it then acts on the active tab of the browser window) and
 * waits until it has finished loading: its views, the "not connected" notice, or an alert.
 */
export async function openPopup(ext: LoadedExtension): Promise<Page> {
  const popup = await ext.openWindow('popup.html');
  await popup
    .getByRole('tab', { name: 'This page', exact: true })
    .or(popup.getByRole('heading', { name: 'Not connected yet' }))
    .or(popup.getByRole('alert'))
    .first()
    .waitFor();
  return popup;
}

/** The popup's outcome section for the current page (rating, time, actions). */
export function outcomeOf(popup: Page): Locator {
  return popup.getByRole('region', { name: 'Report for this page' });
}

/** expect.poll with room for a busy 2-core machine. */
export function poll<T>(read: () => Promise<T> | T, message: string, timeout = 15_000) {
  return expect.poll(read, { message, timeout, interval: 100 });
}

/** The badge of the tab showing `url`, as the toolbar shows it. */
export async function badgeOf(ext: LoadedExtension, url: string) {
  return readBadge(ext, await tabIdOf(ext, url));
}

/** Whether the element is the document's focused element. */
export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** A short description of the focused element, for failure messages. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '<body>';
    const name =
      element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `<${element.tagName.toLowerCase()}> ${name}`;
  });
}

/** Presses Tab until `target` has the focus; fails with the path taken when it never does. */
export async function tabTo(page: Page, target: Locator, limit = 25): Promise<void> {
  const visited: string[] = [];
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await isFocused(target)) return;
    visited.push(await describeFocus(page));
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the target. Focus went: ${visited.join(' → ')}`);
}

/** A loopback port nothing listens on: one the system just handed out and took back. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ServiceReport {
  id: number;
  url: string;
  result: string | null;
  privacy: number;
  password?: boolean;
  generated_at: string | null;
}

/** GET on the service's API with the key, as a client of the service would (not the browser). */
export async function apiGet(
  service: RunningService,
  path: string,
  apiKey = service.apiKey,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The service's newest report for exactly `url`, or undefined. */
export async function serviceReportFor(
  service: RunningService,
  url: string,
): Promise<ServiceReport | undefined> {
  const { status, body } = await apiGet(
    service,
    `/reports?search=${encodeURIComponent(url)}&per_page=100&sort_by=id&sort=desc`,
  );
  if (status !== 200) throw new Error(`Listing reports answered ${status}`);
  return (body as { data: ServiceReport[] }).data.find((report) => report.url === url);
}

/** The service's report `id` (undefined when it answers 404). */
export async function serviceReport(
  service: RunningService,
  id: number,
): Promise<ServiceReport | undefined> {
  const { status, body } = await apiGet(service, `/reports/${id}`);
  if (status === 404) return undefined;
  if (status !== 200) throw new Error(`Reading report ${id} answered ${status}`);
  return (body as { data: ServiceReport }).data;
}
