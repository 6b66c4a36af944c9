// The service stores a report under the address its fetch ended on after redirects. A queued
// create (Open tabs, Add pages, "Create when possible") keeps the rating for the address it was
// sent for as well, so the tab's badge finds it; so does a create of unknown fate once found.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSiteReportClient } from '../../../../lib/api';
import { DEFAULT_ANALYSIS_TIMEOUT_MS } from '../../../../lib/api/client';
import { createHandlerDeps } from '../../../../lib/background/deps';
import { setBackgroundQueue } from '../../../../lib/background/queue';
import { queueEffects } from '../../../../lib/background/queue-effects';
import { quickCreate } from '../../../../lib/background/quick-create';
import { RECONCILE_DELAY_MS } from '../../../../lib/jobs/queue/reconcile';
import { handleRatingCacheChange } from '../../../../lib/rating/badge';
import { getCachedRating } from '../../../../lib/rating/cache';
import { saveSettings } from '../../../../lib/settings';
import {
  type FakeClock,
  type FakeService,
  fakeClock,
  fakeService,
  storedJob,
  TEST_API_KEY,
  TEST_BASE_URL,
  testQueue,
} from './harness';

/** A create of unknown fate is looked for until no analysis of it could still be under way. */
const LAST_LOOK_MS = DEFAULT_ANALYSIS_TIMEOUT_MS + RECONCILE_DELAY_MS;

const ASKED = 'http://shop.example/moved';
const GIVEN = 'http://shop.example/good';

let clock: FakeClock;
let service: FakeService;
let queue: ReturnType<typeof testQueue>;

function start(redirects: Record<string, string>) {
  service = fakeService({ clock, redirects });
  queue = testQueue({ clock, service, effects: queueEffects });
  setBackgroundQueue(queue);
}

beforeEach(async () => {
  clock = fakeClock();
  await saveSettings({ serviceUrl: TEST_BASE_URL, apiKey: TEST_API_KEY });
  fakeBrowser.storage.onChanged.addListener((c, a) => void handleRatingCacheChange(c, a));
});

afterEach(() => setBackgroundQueue(undefined));

const badge = (tabId: number) => fakeBrowser.action.getBadgeText({ tabId });

async function openTab(url: string): Promise<number> {
  return (await fakeBrowser.tabs.create({ url })).id as number;
}

const createJob = (url: string, tabId?: number) => ({
  kind: 'create' as const,
  items: [{ type: 'create' as const, url, privacy: 0 as const, tabId }],
});

describe('a queued create whose report the service stores under another address', () => {
  it("is kept under both addresses, and the tab's badge shows it", async () => {
    start({ [ASKED]: GIVEN });
    const tabId = await openTab(ASKED);
    const { id } = await queue.enqueue(createJob(ASKED, tabId));
    await queue.idle();
    expect((await storedJob(id)).items[0]).toMatchObject({
      state: 'done',
      report: { id: 1, url: GIVEN },
    });
    for (const url of [ASKED, GIVEN]) {
      expect(await getCachedRating(url, 'a1')).toMatchObject({ reportId: 1 });
    }
    expect(await badge(tabId)).toBe('Good');
  });

  it('of unknown fate, found by the service’s address (scheme, www., trailing slash): kept under both', async () => {
    const given = 'https://www.shop.example/a/';
    start({ 'http://shop.example/a': given });
    service.script((method) =>
      method === 'POST'
        ? { status: 504, body: '<html>Gateway Timeout</html>', handled: true }
        : undefined,
    );
    const tabId = await openTab('http://shop.example/a');
    const { id } = await queue.enqueue(createJob('http://shop.example/a', tabId));
    await queue.idle();
    await clock.advance(RECONCILE_DELAY_MS, queue.idle);
    expect((await storedJob(id)).items[0]).toMatchObject({ state: 'done', report: { url: given } });
    for (const url of ['http://shop.example/a', given]) {
      expect(await getCachedRating(url, 'a1')).toMatchObject({ reportId: 1 });
    }
    expect(await badge(tabId)).toBe('Good');
  });

  it('of unknown fate, moved to another path: found as the only report made on its host since', async () => {
    start({ [ASKED]: GIVEN });
    service.script((method) =>
      method === 'POST'
        ? { status: 504, body: '<html>Gateway Timeout</html>', handled: true }
        : undefined,
    );
    const { id } = await queue.enqueue(createJob(ASKED));
    await queue.idle();
    await clock.advance(LAST_LOOK_MS, queue.idle);
    // The service has the report under /good; asked for /moved, it is the host's only new one.
    expect(service.reports.size).toBe(1);
    expect((await storedJob(id)).items[0]).toMatchObject({ state: 'done', report: { id: 1 } });
    expect(await getCachedRating(ASKED, 'a1')).toMatchObject({ reportId: 1 });
    // Nothing offers to send it again.
    await queue.retryFailed(id, undefined, { unknown: true });
    await clock.advance(LAST_LOOK_MS, queue.idle);
    expect(service.count('POST')).toBe(1);
  });
});

describe('a quick create (right-click menu, keyboard command)', () => {
  it("keeps the rating for the tab's address too: its badge shows it", async () => {
    start({ [ASKED]: GIVEN });
    const deps = createHandlerDeps({
      createClient: (options) =>
        createSiteReportClient({ ...options, fetch: (input, init) => service.fetch(input, init) }),
      hasHostAccess: async () => true,
    });
    const tabId = await openTab(ASKED);
    const outcome = await quickCreate({ url: ASKED, tabId }, deps, { now: clock.now });
    expect(outcome).toMatchObject({ ok: true, report: { url: GIVEN } });
    expect(await getCachedRating(ASKED, 'a1')).toMatchObject({ reportId: 1 });
    expect(await badge(tabId)).toBe('Good');
  });
});
