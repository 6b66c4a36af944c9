// The bench's browser: the production build copied to .output/bench-lab (where the bench adds
// pages of its own) in Chromium, driven from bench.html, an extension page that outlives the worker.
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
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
const BOUND_DIR = resolve(ROOT, '.output/bench-bound-worker');

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  return (at(Math.ceil(sorted.length / 2) - 1) + at(Math.floor(sorted.length / 2))) / 2;
}

/** `measure` taken `runs` times, after one uncounted round (the code and the JIT warm up). */
export async function afterWarmUp<T>(runs: number, measure: () => Promise<T>): Promise<T[]> {
  await measure();
  const taken: T[] = [];
  for (let round = 0; round < runs; round++) taken.push(await measure());
  return taken;
}

/** The production build; unminified (`minify: false`), a trace's functions keep their names. */
export async function buildForBench({ minify = true } = {}): Promise<void> {
  // Vite builds for production only when NODE_ENV says so (see test/e2e/build.ts).
  process.env.NODE_ENV = 'production';
  await build({
    root: ROOT,
    browser: 'chrome',
    manifestVersion: 3,
    outDirTemplate: 'bench-{{browser}}-mv{{manifestVersion}}',
    logger: quietLogger,
    ...(!minify && { vite: () => ({ build: { minify: false } }) }),
  });
}

export type Lab = Awaited<ReturnType<typeof openLab>>;
/** What timing a worker's start needs: the bench's lab, or the bound's (openBoundWorker). */
export type WorkerLab = Pick<Lab, 'ext' | 'control' | 'cdp' | 'workerStatus'>;

/** The lab, connected to `service` as the options page's Save would. */
export async function openLab(service: RunningService) {
  await rm(LAB_DIR, { recursive: true, force: true });
  await cp(BUILD_DIR, LAB_DIR, { recursive: true });
  await writeLabFile('bench.html', BENCH_PAGE);
  const opened = await launchWithControl(LAB_DIR);
  try {
    const lab = { ...opened, service };
    await connectTo(lab, service);
    return lab;
  } catch (error) {
    await opened.ext.close();
    throw error;
  }
}

/**
 * The worker start's bound, in a Chromium of its own: an extension whose service worker only
 * answers the first message, started and timed as the bench's worker is (README.md).
 */
export async function openBoundWorker(): Promise<WorkerLab> {
  await rm(BOUND_DIR, { recursive: true, force: true });
  await mkdir(BOUND_DIR, { recursive: true });
  const manifest = {
    manifest_version: 3,
    name: 'Bench: a worker that only answers',
    version: '1.0',
    background: { service_worker: 'background.js' },
  };
  const files = {
    'manifest.json': JSON.stringify(manifest),
    'background.js':
      'chrome.runtime.onMessage.addListener((_, __, answer) => answer({ ok: true }));\n',
    'bench.html': BENCH_PAGE,
  };
  for (const [name, content] of Object.entries(files))
    await writeFile(resolve(BOUND_DIR, name), content);
  return launchWithControl(BOUND_DIR);
}

const BENCH_PAGE = '<!doctype html><title>Bench</title>\n';

/** The extension in `dir` launched, its bench.html in a window, its worker's state followed. */
async function launchWithControl(dir: string) {
  const ext = await launchExtension({ extensionDir: dir });
  try {
    const url = (path: string) => `chrome-extension://${ext.extensionId}/${path}`;
    // The normal window's tab, whose page the popup and the workspace act on.
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
export const connectTo = (lab: Pick<Lab, 'control'>, { baseUrl, apiKey }: RunningService) =>
  lab.control.evaluate(writeConnection, { baseUrl, apiKey });

/** Sends a message to the background from bench.html; its answer's data (it must be ok). */
export async function command<T>(lab: Lab, request: { type: string; [key: string]: unknown }) {
  const answer = await lab.control.evaluate((body) => chrome.runtime.sendMessage(body), request);
  if (!answer?.ok) throw new Error(`${request.type} failed: ${JSON.stringify(answer)}`);
  return answer.data as T;
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
export async function markAt(page: Page, name: string) {
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
export async function stopWorker(lab: Pick<Lab, 'cdp' | 'workerStatus'>): Promise<void> {
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
