// The bench's browser: the production build, copied to .output/bench-lab (where the bench adds
// pages of its own), loaded in Chromium. bench.html, an empty extension page in its own window,
// drives it with the extension's APIs whether the service worker runs or not, and its CDP session
// stops the worker.
import { cp, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'wxt';
import type { RunningService } from '../server/service';
import { quietLogger } from '../test/e2e/build';
import { launchExtension, writeConnection } from '../test/e2e/extension';

const ROOT = resolve(import.meta.dirname, '..');
/** The bench's own build, beside (never over) the tests' .output/chrome-mv3. */
export const BUILD_DIR = resolve(ROOT, '.output/bench-chrome-mv3');
const LAB_DIR = resolve(ROOT, '.output/bench-lab');

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length / 2;
  return (
    ((sorted[Math.ceil(half) - 1] ?? Number.NaN) + (sorted[Math.floor(half)] ?? Number.NaN)) / 2
  );
}

/** `measure` taken `runs` times, after one uncounted round (the code and the JIT warm up). */
export async function afterWarmUp<T>(runs: number, measure: () => Promise<T>): Promise<T[]> {
  const taken: T[] = [];
  for (let round = -1; round < runs; round++) {
    const value = await measure();
    if (round >= 0) taken.push(value);
  }
  return taken;
}

export async function buildForBench(): Promise<void> {
  // Vite builds for production only when NODE_ENV says so (see test/e2e/build.ts).
  process.env.NODE_ENV = 'production';
  await build({
    root: ROOT,
    browser: 'chrome',
    manifestVersion: 3,
    outDirTemplate: 'bench-{{browser}}-mv{{manifestVersion}}',
    logger: quietLogger,
  });
}

export type Lab = Awaited<ReturnType<typeof openLab>>;

export async function openLab() {
  await rm(LAB_DIR, { recursive: true, force: true });
  await cp(BUILD_DIR, LAB_DIR, { recursive: true });
  await writeLabFile('bench.html', '<!doctype html><title>Bench</title>\n');
  const ext = await launchExtension({ extensionDir: LAB_DIR });
  try {
    const url = (path: string) => `chrome-extension://${ext.extensionId}/${path}`;
    // The normal window's tab: the page the popup and the workspace act on.
    const mainTab = ext.context.pages()[0] ?? (await ext.context.newPage());
    const control = await ext.openWindow('bench.html');
    const cdp = await ext.context.newCDPSession(control);
    let status = 'none';
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const ours = versions.filter((version) => version.scriptURL.startsWith(url('')));
      status = ours[ours.length - 1]?.runningStatus ?? status;
    });
    await cdp.send('ServiceWorker.enable');
    return { ext, control, cdp, mainTab, workerStatus: () => status, url };
  } catch (error) {
    await ext.close();
    throw error;
  }
}

/** Adds a file to the loaded extension (an unpacked extension's pages are read from disk). */
export const writeLabFile = (name: string, content: string) =>
  writeFile(resolve(LAB_DIR, name), content);

/** Stores a connection as the options page's Save does. */
export const connectTo = (lab: Lab, { baseUrl, apiKey }: RunningService) =>
  lab.control.evaluate(writeConnection, { baseUrl, apiKey });

/** Sends a message to the background from bench.html; its answer. */
export function message<T = unknown>(lab: Lab, request: Record<string, unknown>): Promise<T> {
  return lab.control.evaluate((body) => chrome.runtime.sendMessage(body), request) as Promise<T>;
}

/** Opens an extension page in its own window (like a detached popup), runs `use` on it, closes it. */
export async function inWindow<T>(lab: Lab, path: string, use: (page: Page) => Promise<T>) {
  const url = lab.url(path);
  const opened = lab.ext.context.waitForEvent('page', {
    predicate: (page) => page.url().startsWith(url),
    timeout: 15_000,
  });
  await lab.control.evaluate(
    (address) => chrome.windows.create({ url: address, type: 'popup', width: 420, height: 640 }),
    url,
  );
  const page = await opened;
  try {
    return await use(page);
  } finally {
    await page.close();
  }
}

/** The User Timing mark `name`: ms from navigation start, and its wall-clock time (the log's). */
export async function markAt(page: Page, name: string): Promise<{ ms: number; at: number }> {
  const found = await page.waitForFunction(
    (mark) => {
      const entry = performance.getEntriesByName(mark)[0];
      return entry && { ms: entry.startTime, at: Date.now() - performance.now() + entry.startTime };
    },
    name,
    { timeout: 15_000, polling: 20 },
  );
  return (await found.jsonValue()) as { ms: number; at: number };
}

/** Stops the service worker (CDP) until it stays stopped for a moment. */
export async function stopWorker(lab: Lab): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    await lab.cdp.send('ServiceWorker.stopAllWorkers');
    const deadline = Date.now() + 2_000;
    while (lab.workerStatus() !== 'stopped' && Date.now() < deadline) await sleep(10);
    await sleep(150);
    if (lab.workerStatus() === 'stopped') return;
  }
  throw new Error('The service worker could not be stopped.');
}

/** Shows `url` in the normal window's tab. */
export const showPage = (lab: Lab, url: string) => lab.mainTab.goto(url, { waitUntil: 'load' });
