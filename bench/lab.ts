// The benchmark's browser: a copy of the production build with pages of its own added, loaded
// in real Chromium through the end-to-end harness, and a control page that drives it.
//
// - `floor.html`: the floor for "time to content" — a static page with the popup's stylesheets
//   and the text the popup shows for a page with a cached rating, and a one-line module script
//   (floor.js) that sets the same User Timing mark ('content') the popup sets.
// - `workspace-floor.html`: the same for the workspace's "time to first rows" — its Reports tab
//   with ten rows as static markup, and a one-line module script setting the 'rows' mark.
// - The bounds, each a floor whose script first waits for what the extension's page needs from
//   the browser before it can show its content, and nothing else: `floor-reads.html` (the
//   popup's reads: its tab and storage.local), `workspace-floor-kept.html` (the kept list, from
//   storage.session) and `workspace-floor-request.html` (the first page of reports, asked of the
//   service worker, which asks the service). No page that needs those answers can beat them.
// - `bench.html`: an empty extension page, opened in its own window, from which the benchmark
//   opens windows, sends messages and reads storage with the extension's own APIs (so nothing
//   depends on the service worker being awake), and whose CDP session stops the worker and
//   reads its heap.
import { readFileSync } from 'node:fs';
import { cp, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { firstPageParams } from '../lib/reports/first-page';
import { parseHash } from '../lib/reports/hash';
import type { RunningService } from '../server/service';
import { type LoadedExtension, launchExtension, writeConnection } from '../test/e2e/extension';
import { htmlAssets, pageSize } from './bytes';

export const LAB_DIR = resolve(import.meta.dirname, '../.output/bench-lab');

/** Copies the build to LAB_DIR and adds the floors (floor.html, workspace-floor.html) and bench.html. */
export async function prepareLabDir(buildDir: string): Promise<string> {
  await rm(LAB_DIR, { recursive: true, force: true });
  await cp(buildDir, LAB_DIR, { recursive: true });
  const popupHtml = readFileSync(resolve(buildDir, 'popup.html'), 'utf8');
  const stylesheets = htmlAssets(popupHtml, 'popup.html').filter((file) => file.endsWith('.css'));
  const links = stylesheets.map((file) => `<link rel="stylesheet" href="/${file}">`).join('\n');
  await writeFloor('floor', floorHtml(links, 'floor.js'), "performance.mark('content');");
  await writeFloor('floor-reads', floorHtml(links, 'floor-reads.js'), POPUP_READS);
  // Every stylesheet the workspace loads: its first load's, and its tabs' (loaded by import()).
  const workspace = pageSize(buildDir, 'sidepanel.html');
  const workspaceSheets = [...workspace.firstLoad, ...workspace.lazy]
    .map((size) => size.file)
    .filter((file) => file.endsWith('.css'));
  const workspaceLinks = workspaceSheets.map((file) => `<link rel="stylesheet" href="/${file}">`);
  for (const [name, script] of [
    ['workspace-floor', "performance.mark('rows');"],
    ['workspace-floor-kept', WORKSPACE_KEPT_READ],
    ['workspace-floor-request', WORKSPACE_REQUEST],
  ] as const) {
    await writeFloor(name, workspaceFloorHtml(workspaceLinks, `${name}.js`), script);
  }
  await writeFile(
    resolve(LAB_DIR, 'bench.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench control</title></head><body></body></html>\n',
  );
  return LAB_DIR;
}

/** Writes `name`.html and its one module script, `name`.js. */
async function writeFloor(name: string, html: string, script: string): Promise<void> {
  await writeFile(resolve(LAB_DIR, `${name}.html`), html);
  await writeFile(resolve(LAB_DIR, `${name}.js`), `${script}\n`);
}

// The bounds' scripts. The popup's reads are the calls lib/this-page/active-tab.ts and
// status-source.ts make before its content, all at once, as the popup makes them.
const POPUP_READS = `Promise.all([
  chrome.tabs.getCurrent(),
  chrome.tabs.query({ active: true, lastFocusedWindow: true, windowType: 'normal' }),
  chrome.windows.getLastFocused({ windowTypes: ['normal'] }),
  chrome.storage.local.get(['settingsSummary', 'ratingCache']),
]).then(() => performance.mark('content'));`;
const WORKSPACE_KEPT_READ = `chrome.storage.session.get(['workspaceLastPage']).then(() => performance.mark('rows'));`;
// The list the workspace asks for first when it opens on Reports (lib/reports/first-page.ts);
// the mark only for an answer with reports in it.
const WORKSPACE_REQUEST = `chrome.runtime.sendMessage(${JSON.stringify({
  type: 'listReports',
  params: firstPageParams(parseHash('#tab=reports')),
})}).then((answer) => {
  if (answer && answer.ok && answer.data.items.length > 0) performance.mark('rows');
});`;

/** The popup's This page view for a page with a cached rating, as static markup. */
function floorHtml(links: string, script: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Site Report</title>
<script type="module" src="/${script}"></script>
${links}
</head>
<body>
<div id="app"><main class="popup">
<div class="tabs" role="tablist" aria-label="Views">
<button type="button" role="tab" aria-selected="true">This page</button>
<button type="button" role="tab" aria-selected="false" tabindex="-1">Reports</button>
<button type="button" role="tab" aria-selected="false" tabindex="-1">Projects</button>
</div>
<div role="tabpanel"><section class="view">
<header class="page"><h1 class="page-title">Northwind Coffee Roasters – Fresh Beans Weekly</h1>
<p class="address">http://127.0.0.1:8787/samples/good</p>
<p class="warning"><span aria-hidden="true">⚠ </span>127.0.0.1 is a local address: a remote service may not be able to reach it.</p></header>
<section class="outcome stack" aria-label="Report">
<p><span class="rating rating-good"><span class="rating-symbol" aria-hidden="true">✓</span><span class="rating-word">Good</span><span class="rating-score">90/100</span></span></p>
<p class="muted">Generated <time>1 minute ago</time> · Privacy: Public</p>
<div class="actions"><button type="button">Open report</button><button type="button">Re-analyze</button><button type="button">Change privacy</button><button type="button" class="danger">Delete</button></div>
</section>
<p class="notice-status" role="status"></p>
</section></div>
</main></div>
</body>
</html>
`;
}

/**
 * The workspace's Reports tab with its first rows, as static markup: the floor for "time to first
 * rows". Ten rows like the ones the bench seeds; its module script sets the 'rows' mark that the
 * Reports tab sets when its first rows are in the document.
 */
function workspaceFloorHtml(links: string[], script: string): string {
  const ratings = ['Good', 'Decent', 'Bad'];
  const rows = Array.from({ length: 10 }, (_, index) => {
    const url = `https://site-${index % 4}.example/list-${29 - index}`;
    const rating = ratings[index % 3] ?? 'Good';
    return `<tr><td class="select-cell"><input type="checkbox" aria-label="Select ${url}"${index ? ' tabindex="-1"' : ''}></td>
<th scope="row" class="url"><a href="${url}">${url}</a></th>
<td><span class="rating rating-${rating.toLowerCase()}"><span class="rating-symbol" aria-hidden="true">✓</span><span class="rating-word">${rating}</span></span></td>
<td><time class="time">1 minute ago</time></td><td>Public</td><td>site-${index % 4}.example</td><td><time class="time">1 minute ago</time></td>
<td class="actions-cell"><span class="actions"><button type="button">Open report</button><button type="button" class="danger">Delete</button></span></td></tr>`;
  }).join('\n');
  const select = (label: string, option: string) =>
    `<div class="field"><label>${label}</label><select><option>${option}</option></select></div>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Site Report workspace</title>
<script type="module" src="/${script}"></script>
${links.join('\n')}
</head>
<body>
<div id="app"><main class="workspace">
<section class="this-page" aria-label="This page"><p class="this-page-title">Bench control</p><p class="address">chrome-extension://bench/bench.html</p></section>
<div class="tabs" role="tablist" aria-label="Workspace views">
<button type="button" role="tab" aria-selected="true">Reports</button>
<button type="button" role="tab" aria-selected="false" tabindex="-1">Projects</button>
<button type="button" role="tab" aria-selected="false" tabindex="-1">Open tabs</button>
<button type="button" role="tab" aria-selected="false" tabindex="-1">Activity</button>
</div>
<div role="tabpanel"><section class="view workspace-reports" aria-label="Reports">
<div class="filters"><form class="field search"><label>Search reports</label><input type="search"></form>
${select('Result', 'All')}${select('Project', 'All projects')}${select('Sort by', 'Date created')}${select('Order', 'Descending')}${select('Per page', '10')}</div>
<div class="toolbar"><div class="bulk-bar"><div class="actions"><button type="button" class="danger" disabled>Delete selected</button><button type="button" disabled>Re-analyze selected</button><button type="button" disabled>Change privacy of selected</button></div></div>
<div class="actions export-actions"><button type="button">Export CSV</button><button type="button">Export JSON</button></div></div>
<div class="table-scroll"><table class="reports-table" aria-label="Reports">
<thead><tr><th scope="col" class="select-cell"><input type="checkbox" aria-label="Select all on this page"></th><th scope="col"><button type="button" class="sort-button">URL</button></th><th scope="col"><button type="button" class="sort-button">Rating</button></th><th scope="col"><button type="button" class="sort-button">Generated</button></th><th scope="col">Privacy</th><th scope="col">Project</th><th scope="col" aria-sort="descending"><button type="button" class="sort-button">Created</button></th><th scope="col">Actions</th></tr></thead>
<tbody>
${rows}
</tbody></table></div>
<nav class="pager" aria-label="Pages"><button type="button" disabled>Previous page</button><span class="pager-position">Page 1 of 3</span><button type="button">Next page</button></nav>
</section></div>
</main></div>
</body>
</html>
`;
}

type WorkerStatus = 'stopped' | 'starting' | 'running' | 'stopping' | 'none';

export interface Lab {
  ext: LoadedExtension;
  /** The extension's service worker state, as CDP's ServiceWorker domain last reported it. */
  workerStatus(): WorkerStatus;
  /** bench.html in its own window. */
  control: Page;
  cdp: CDPSession;
  /** The tab of the normal window, the page the popup acts on. */
  mainTab: Page;
  pageUrl(path: string): string;
  close(): Promise<void>;
}

export async function openLab(labDir: string): Promise<Lab> {
  const ext = await launchExtension({ extensionDir: labDir });
  try {
    const mainTab = ext.context.pages()[0] ?? (await ext.context.newPage());
    const control = await ext.openWindow('bench.html');
    const cdp = await ext.context.newCDPSession(control);
    const scope = `chrome-extension://${ext.extensionId}/`;
    let status: WorkerStatus = 'none';
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const ours = versions.filter((version) => version.scriptURL.startsWith(scope));
      const latest = ours[ours.length - 1];
      if (latest) status = latest.runningStatus;
    });
    await cdp.send('ServiceWorker.enable');
    return {
      ext,
      workerStatus: () => status,
      control,
      cdp,
      mainTab,
      pageUrl: (path) => `${scope}${path}`,
      close: () => ext.close(),
    };
  } catch (error) {
    await ext.close();
    throw error;
  }
}

/** Stores a connection the way the options page's Save does (see test/e2e/extension.ts). */
export async function connectTo(lab: Lab, service: RunningService): Promise<void> {
  await lab.control.evaluate(writeConnection, {
    baseUrl: service.baseUrl,
    apiKey: service.apiKey,
  });
}

/** Sends a message to the background from the control page; the answer. */
export function message<T = unknown>(lab: Lab, request: Record<string, unknown>): Promise<T> {
  return lab.control.evaluate((body) => chrome.runtime.sendMessage(body), request) as Promise<T>;
}

/** Opens an extension page in its own window (like a detached popup) from the control page. */
export async function openWindow(lab: Lab, path: string): Promise<Page> {
  const url = lab.pageUrl(path);
  const opened = lab.ext.context.waitForEvent('page', {
    predicate: (page) => page.url().startsWith(url),
    timeout: 15_000,
  });
  await lab.control.evaluate(
    (address) => chrome.windows.create({ url: address, type: 'popup', width: 420, height: 640 }),
    url,
  );
  return opened;
}

export interface ContentMark {
  /** ms from navigation start to the 'content' mark. */
  ms: number;
  /** The mark as wall-clock time (ms since epoch), to compare with the service's log. */
  at: number;
  text: string;
}

/** Waits for the page's 'content' mark (see lib/this-page/content-mark.ts). */
export async function contentMark(page: Page): Promise<ContentMark> {
  await page.waitForFunction(() => performance.getEntriesByName('content').length > 0, null, {
    timeout: 15_000,
    polling: 20,
  });
  return page.evaluate(() => {
    const mark = performance.getEntriesByName('content')[0] as PerformanceEntry;
    return {
      ms: mark.startTime,
      // Through Date.now(), the clock the service's log uses, not the page's time origin.
      at: Date.now() - (performance.now() - mark.startTime),
      text: document.body.textContent ?? '',
    };
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Stops the service worker (CDP ServiceWorker.stopAllWorkers) and waits until it stays stopped
 * for a moment: a pending event may start it again at once, in which case it is stopped again.
 */
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

/** A CDP session on one target (the worker, a popup, a panel), through the control page's. */
async function targetSession(lab: Lab, targetId: string) {
  const { sessionId } = await lab.cdp.send('Target.attachToTarget', { targetId, flatten: false });
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  const onMessage = (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const answer = JSON.parse(event.message) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
    };
    const waiting = answer.id === undefined ? undefined : pending.get(answer.id);
    if (!waiting || answer.id === undefined) return;
    pending.delete(answer.id);
    if (answer.error) waiting.reject(new Error(answer.error.message));
    else waiting.resolve(answer.result);
  };
  // A target that goes away (a popup closed) answers nothing more: its calls fail, never hang.
  const onDetached = (event: { sessionId: string }) => {
    if (event.sessionId !== sessionId) return;
    for (const waiting of pending.values()) waiting.reject(new Error('The target went away'));
    pending.clear();
  };
  lab.cdp.on('Target.receivedMessageFromTarget', onMessage);
  lab.cdp.on('Target.detachedFromTarget', onDetached);
  return {
    send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
      const id = ++nextId;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        lab.cdp
          .send('Target.sendMessageToTarget', {
            sessionId,
            message: JSON.stringify({ id, method, params }),
          })
          .catch(reject);
      });
    },
    async detach() {
      lab.cdp.off('Target.receivedMessageFromTarget', onMessage);
      lab.cdp.off('Target.detachedFromTarget', onDetached);
      await lab.cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    },
  };
}

/** The id of the first target `accept` takes, waiting up to `timeoutMs` for one. */
async function findTarget(
  lab: Lab,
  accept: (info: { type: string; url: string; targetId: string }) => boolean,
  timeoutMs = 15_000,
): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { targetInfos } = await lab.cdp.send('Target.getTargets');
    const found = targetInfos.find(accept);
    if (found) return found.targetId;
    if (Date.now() >= deadline) return undefined;
    await sleep(10);
  }
}

/** A CDP session on the service worker itself. */
export async function workerSession(lab: Lab) {
  const targetId = await findTarget(
    lab,
    (info) => info.type === 'service_worker' && info.url.startsWith(lab.pageUrl('')),
    0,
  );
  if (!targetId) throw new Error('The service worker is not running.');
  return targetSession(lab, targetId);
}

/**
 * An expression that waits (at most 15 s) for the User Timing entry `name` in the page it is
 * evaluated in, and gives its start (ms from navigation start).
 */
export const readTiming = (name: string) => `new Promise((resolve, reject) => {
  const started = performance.now();
  const look = () => {
    const entry = performance.getEntriesByName(${JSON.stringify(name)})[0];
    if (entry) resolve(entry.startTime);
    else if (performance.now() - started > 15000) reject(new Error('No ${name} mark within 15 s'));
    else setTimeout(look, 20);
  };
  look();
})`;

/**
 * Evaluates `expression` (awaited) in a target, as a user's action when `userGesture`. An
 * evaluation the page's own document replaced is made again, unless `once` (a click).
 */
export type Evaluate = <T>(
  expression: string,
  options?: { userGesture?: boolean; once?: boolean },
) => Promise<T>;

/** Runs `use` with an Evaluate in the target `targetId`, through one CDP session. */
async function inTarget<T>(
  lab: Lab,
  targetId: string,
  use: (evaluate: Evaluate) => Promise<T>,
): Promise<T> {
  const session = await targetSession(lab, targetId);
  const evaluate: Evaluate = async <V>(
    expression: string,
    { userGesture = false, once = false }: { userGesture?: boolean; once?: boolean } = {},
  ) => {
    // Attached early, the evaluation may start in the document before the page's own, which
    // then replaces it: once more in the page's.
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await session.send<{
          result: { value?: V };
          exceptionDetails?: { text: string; exception?: { description?: string } };
        }>('Runtime.evaluate', {
          expression,
          awaitPromise: true,
          returnByValue: true,
          userGesture,
        });
        if (answer.exceptionDetails) {
          const { text, exception } = answer.exceptionDetails;
          throw new Error(exception?.description ?? text);
        }
        return answer.result.value as V;
      } catch (error) {
        const replaced = /Execution context was destroyed|Cannot find context/i.test(String(error));
        if (once || attempt >= 3 || !replaced) throw error;
      }
    }
  };
  try {
    return await use(evaluate);
  } finally {
    await session.detach();
  }
}

/**
 * Waits until the target `targetId` is gone: the next page found by its address must not be
 * this one, whose marks are set already.
 */
async function targetGone(lab: Lab, targetId: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (await findTarget(lab, (info) => info.targetId === targetId, 0)) {
    if (Date.now() >= deadline) throw new Error('A popup or panel of the bench did not close');
    await sleep(10);
  }
}

/**
 * Opens `path` as the toolbar button's popup, as a click on the button does (action.openPopup
 * on the normal window, the popup set to `path` for that), runs `use` in it, then closes it.
 * Unlike a window, a popup is no tab: opening it fires no tab events, so it wakes no stopped
 * worker.
 */
export async function withToolbarPopup<T>(
  lab: Lab,
  path: string,
  use: (evaluate: Evaluate) => Promise<T>,
): Promise<T> {
  let targetId: string | undefined;
  try {
    await lab.control.evaluate(async (popup) => {
      await chrome.action.setPopup({ popup });
      const windows = await chrome.windows.getAll({ windowTypes: ['normal'] });
      const normal = windows[0];
      if (normal?.id === undefined) throw new Error('No normal window to open the popup in');
      await chrome.action.openPopup({ windowId: normal.id });
    }, path);
    targetId = await pageTarget(lab, path, `${path} did not open as the toolbar popup`);
    return await inTarget(lab, targetId, use);
  } finally {
    if (targetId) {
      await lab.cdp.send('Target.closeTarget', { targetId }).catch(() => undefined);
      // Closed before the next one opens: Chrome shows one popup at a time.
      await targetGone(lab, targetId);
    }
    await lab.control.evaluate(() => chrome.action.setPopup({ popup: 'popup.html' }));
  }
}

/** The target of the extension page at `path` (whatever its hash), waiting for it to open. */
async function pageTarget(lab: Lab, path: string, missing: string): Promise<string> {
  const url = lab.pageUrl(path);
  const targetId = await findTarget(
    lab,
    (info) => info.type === 'page' && info.url.split('#')[0] === url,
  );
  if (!targetId) throw new Error(missing);
  return targetId;
}

/** The bench page's own target, for what needs a user gesture (sidePanel.open). */
const controlTarget = (lab: Lab) => pageTarget(lab, 'bench.html', 'The bench page is gone');

/** Sets the side panel's page to `path` (sidePanel.setOptions), for the panels opened next. */
export async function setSidePanel(lab: Lab, path: string): Promise<void> {
  await lab.control.evaluate((panel) => chrome.sidePanel.setOptions({ path: panel }), path);
}

/**
 * Opens Chrome's side panel on the normal window, as a click on the browser's side panel
 * button does (sidePanel.open from the bench page, with a user gesture through CDP).
 */
export async function openSidePanel(lab: Lab): Promise<void> {
  await inTarget(lab, await controlTarget(lab), (evaluate) =>
    evaluate(
      `(async () => {
        const [normal] = await chrome.windows.getAll({ windowTypes: ['normal'] });
        await chrome.sidePanel.open({ windowId: normal.id });
        return true;
      })()`,
      { userGesture: true, once: true },
    ),
  );
}

/**
 * Runs `use` in the side panel showing `path` (opened, or about to open), then closes the panel
 * (sidePanel.close) and waits until its page is gone.
 */
export async function inSidePanel<T>(
  lab: Lab,
  path: string,
  use: (evaluate: Evaluate) => Promise<T>,
): Promise<T> {
  let targetId: string | undefined;
  try {
    targetId = await pageTarget(lab, path, `${path} did not open in the side panel`);
    return await inTarget(lab, targetId, use);
  } finally {
    await lab.control.evaluate(async () => {
      const [normal] = await chrome.windows.getAll({ windowTypes: ['normal'] });
      if (normal?.id !== undefined) await chrome.sidePanel.close({ windowId: normal.id });
    });
    if (targetId) await targetGone(lab, targetId);
  }
}
