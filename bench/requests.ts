// API requests reaching the local service, counted from its own log (never from the client).
import { DEFAULT_RATE_WINDOW_MS, type RunningService, startService } from '../server/service';
import { command, connectTo, inWindow, type Lab, markAt, showPage, sleep, stopWorker } from './lab';

/** Waits until no API request has reached the service for `quietMs` (at most `maxMs`). */
async function settle(service: RunningService, quietMs = 1_000, maxMs = 15_000) {
  const end = Date.now() + maxMs;
  let [count, since] = [service.apiRequests().length, Date.now()];
  while (Date.now() < end && Date.now() - since < quietMs) {
    await sleep(50);
    const now = service.apiRequests().length;
    if (now !== count) [count, since] = [now, Date.now()];
  }
}

/** Settles, then empties the log: what comes next is counted. */
async function countFromNow(service: RunningService, quietMs: number) {
  await settle(service, quietMs);
  service.resetRequests();
}

/** The popup on the main tab's cached page, worker running then stopped: the worst counts. */
export async function popupRequests(lab: Lab) {
  const worst = { before: 0, after: 0 };
  for (const stopped of [false, true]) {
    if (stopped) await stopWorker(lab);
    await countFromNow(lab.service, 300);
    const mark = await inWindow(lab, 'popup.html', async (page) => {
      const at = await markAt(page, 'content');
      await settle(lab.service);
      return at;
    });
    const entries = lab.service.apiRequests();
    const before = entries.filter((entry) => Date.parse(entry.time) <= mark.at).length;
    worst.before = Math.max(worst.before, before);
    worst.after = Math.max(worst.after, entries.length - before);
  }
  return worst;
}

/** The popup closed: the main tab (on `cached`) and a second tab switched, then navigated. */
export async function tabSwitchRequests(lab: Lab, cached: string, other: string) {
  const second = await lab.ext.context.newPage();
  try {
    await second.goto(other);
    await showPage(lab, cached);
    await countFromNow(lab.service, 500);
    for (let round = 0; round < 5; round++) {
      await second.bringToFront();
      await lab.mainTab.bringToFront();
    }
    await showPage(lab, other);
    await second.goto(cached);
    await showPage(lab, cached);
    await second.goto(other);
    await sleep(1_500);
    const badge = await lab.control.evaluate(async (address) => {
      const tab = (await chrome.tabs.query({})).find(
        (each: { url?: string }) => each.url === address,
      );
      return tab?.id === undefined ? '' : chrome.action.getBadgeText({ tabId: tab.id });
    }, cached);
    return { requests: lab.service.apiRequests().length, badge };
  } finally {
    await second.close();
  }
}

/** The popup's Create report on `url` (no report yet): POSTs, and other requests. */
export async function createRequests(lab: Lab, url: string) {
  await showPage(lab, url);
  return inWindow(lab, 'popup.html', async (page) => {
    const create = page.getByRole('button', { name: 'Create report', exact: true });
    await create.waitFor();
    await countFromNow(lab.service, 500);
    await create.click();
    const rating = page.locator('.outcome .rating-word').filter({ hasText: /^(Good|Decent|Bad)$/ });
    await rating.first().waitFor({ timeout: 30_000 });
    await settle(lab.service, 2_000);
    const entries = lab.service.apiRequests();
    const posts = entries.filter((entry) => entry.method === 'POST').length;
    return { posts, others: entries.length - posts };
  });
}

/** The popup's Reports view opened: the requests until a second without any. */
export async function reportsRequests(lab: Lab): Promise<number> {
  return inWindow(lab, 'popup.html', async (page) => {
    await markAt(page, 'content');
    await countFromNow(lab.service, 500);
    await page.getByRole('tab', { name: 'Reports', exact: true }).click();
    await page.locator('[aria-label="Reports"] li').first().waitFor();
    await settle(lab.service);
    return lab.service.apiRequests().length;
  });
}

/** The workspace opened on Reports until its rows; then rows selected and its tabs switched. */
export async function workspaceRequests(lab: Lab) {
  await countFromNow(lab.service, 300);
  await lab.control.evaluate(() => chrome.storage.session.clear());
  return inWindow(lab, 'sidepanel.html#tab=reports', async (page) => {
    await markAt(page, 'rows');
    await settle(lab.service);
    const firstRows = lab.service.apiRequests().length;
    lab.service.resetRequests();
    const boxes = page.getByRole('checkbox', { name: /^Select http/ });
    for (const index of [0, 2, 4]) await boxes.nth(index).click();
    await boxes.nth(8).click({ modifiers: ['Shift'] });
    const all = page.getByRole('checkbox', { name: 'Select all on this page', exact: true });
    await all.click();
    await all.click();
    await boxes.nth(1).focus();
    for (const key of ['Space', 'ArrowDown', 'Shift+ArrowDown', 'Space']) {
      await page.keyboard.press(key);
    }
    for (const name of ['Open tabs', 'Activity', 'Reports']) {
      await page.getByRole('tab', { name, exact: true }).click();
    }
    await boxes.first().waitFor();
    await settle(lab.service);
    return { firstRows, afterRows: lab.service.apiRequests().length };
  });
}

/** API requests a minute the second service allows (for the queue and the watched pages). */
export const LIMIT = 60;

/**
 * A job of `items` against the second service, which (as Laravel) tells nothing of its window's
 * end until it answers 429; `prepare` gives the message that starts the job. The floor is the
 * window the first request opens: the 61st cannot come sooner.
 */
export async function limitedJob(
  lab: Lab,
  items: number,
  counted: RegExp,
  okStatus: number,
  prepare: (service: RunningService) => Promise<{ type: string; [key: string]: unknown }>,
) {
  const service = await startService({ port: 0, serveSamples: true, rateLimit: LIMIT });
  try {
    await connectTo(lab, service);
    await settle(service, 1_000, 10_000);
    const start = await prepare(service);
    service.resetRequests();
    service.resetRateLimits();
    const { id } = await command<{ id: string }>(lab, start);
    const deadline = Date.now() + 900_000;
    let state = '';
    while (!['done', 'failed', 'cancelled'].includes(state)) {
      if (Date.now() > deadline) throw new Error('The job did not finish in 15 minutes.');
      await sleep(250);
      state = await lab.control.evaluate(async (jobId) => {
        const { jobs } = await chrome.storage.local.get('jobs');
        const list = (jobs as { jobs?: { id: string; state: string }[] } | undefined)?.jobs;
        return list?.find((each) => each.id === jobId)?.state ?? '';
      }, id);
    }
    await settle(service, 1_000, 10_000);
    const entries = service.apiRequests();
    const times = entries.map((entry) => Date.parse(entry.time));
    const sent = entries.filter((entry) => counted.test(`${entry.method} ${entry.path}`));
    return {
      sent: sent.length,
      ok: sent.filter((entry) => entry.status === okStatus).length,
      refused: entries.filter((entry) => entry.status === 429).length,
      totalMs: Math.max(...times) - Math.min(...times),
      floorMs: Math.ceil(items / LIMIT - 1) * DEFAULT_RATE_WINDOW_MS,
    };
  } finally {
    await connectTo(lab, lab.service).catch(() => undefined);
    await service.close().catch(() => undefined);
  }
}

export type LimitedJob = Awaited<ReturnType<typeof limitedJob>>;

/** One job of `creates` creates (enqueueJob, as the workspace sends it). */
export const queueCreates = (lab: Lab, creates: number) =>
  limitedJob(lab, creates, /^POST \/api\/v1\/reports\/?$/, 201, async (service) => {
    const sample = service.sampleUrls?.good;
    if (!sample) throw new Error('The service did not serve its sample pages.');
    const items = Array.from({ length: creates }, (_, index) => ({
      type: 'create',
      url: `${sample}?page=${index + 1}`,
      privacy: 0,
    }));
    return { type: 'enqueueJob', kind: 'create', items };
  });

/** `pages` reports of watched sample pages, watched, and one run of them ("Run now"). */
export const watchRun = (lab: Lab, pages: number) =>
  limitedJob(lab, pages, /^PUT /, 200, async (service) => {
    const urls = Array.from({ length: pages }, (_, n) => `${service.url}/samples/watch/p${n}`);
    const ids = await service.seed(urls.map((url) => ({ url, result: 'good' as const })));
    const reports = ids.map((id, index) => ({ id, url: urls[index] }));
    await command(lab, { type: 'watchReports', reports });
    return { type: 'runWatchNow' };
  });
