// The right-click menu and the keyboard command hand a create to the queue when the service
// refuses it for its rate limit, or the browser is offline: the tab shows "Wait", a notification
// says when it will be sent, and the usual rating and notification follow when it goes through.
// The menu's "all tabs" entry queues every web page of the window that has no known report.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSiteReportClient } from '../../../../lib/api';
import { createHandlerDeps, type HandlerDeps } from '../../../../lib/background/deps';
import { handleMenuClick, MENU_ALL_TABS } from '../../../../lib/background/menus';
import { setBackgroundQueue } from '../../../../lib/background/queue';
import { queueEffects } from '../../../../lib/background/queue-effects';
import { quickCreate } from '../../../../lib/background/quick-create';
import { rememberReports } from '../../../../lib/rating/cache-writes';
import { saveSettings } from '../../../../lib/settings';
import {
  type FakeClock,
  type FakeService,
  fakeClock,
  fakeService,
  itemStates,
  START,
  storedJobs,
  testQueue,
} from './harness';

const BASE_URL = 'https://service.example/api/v1';
let clock: FakeClock;
let service: FakeService;
let queue: ReturnType<typeof testQueue>;
let notes: { id: string; title: string; message: string }[];

function deps(): HandlerDeps {
  return createHandlerDeps({
    createClient: (options) =>
      createSiteReportClient({ ...options, fetch: (input, init) => service.fetch(input, init) }),
    hasHostAccess: async () => true,
  });
}

beforeEach(async () => {
  clock = fakeClock();
  service = fakeService({ clock });
  queue = testQueue({ clock, service, effects: queueEffects });
  setBackgroundQueue(queue);
  notes = [];
  vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (
    id: string,
    options: { title: string; message: string },
  ) => {
    notes.push({ id, title: options.title, message: options.message });
    return id;
  }) as never);
  await saveSettings({ serviceUrl: BASE_URL, apiKey: 'quick-create-key-0123' });
});

afterEach(() => setBackgroundQueue(undefined));

const badge = (tabId: number) => fakeBrowser.action.getBadgeText({ tabId });
const title = (tabId: number) => fakeBrowser.action.getTitle({ tabId });

async function openTab(url: string): Promise<number> {
  return (await fakeBrowser.tabs.create({ url })).id as number;
}

describe('a quick create refused for the rate limit', () => {
  it('is queued: "Wait" on the badge, a notification saying when, then the rating', async () => {
    let refused = false;
    service.script((method) => {
      if (method !== 'POST' || refused) return undefined;
      refused = true;
      return {
        status: 429,
        body: { message: 'Too Many Attempts.' },
        headers: { 'Retry-After': '120' },
      };
    });
    const url = 'https://example.com/pricing';
    const tabId = await openTab(url);
    const outcome = await quickCreate({ url, tabId }, deps(), { now: clock.now });
    expect(outcome).toMatchObject({
      ok: false,
      error: { kind: 'rate_limited' },
      queued: { resumeAt: START + 120_000 },
    });
    expect(await badge(tabId)).toBe('Wait');
    expect(await title(tabId)).toMatch(/queued/);
    expect(notes).toEqual([
      {
        id: expect.stringMatching(/^queued:/),
        title: 'Site report queued',
        message: `A report for ${url} will be created in about 2 minutes, when the service allows it.`,
      },
    ]);
    // Only the refused POST so far: the queue knows to wait.
    await queue.idle();
    expect(service.count('POST')).toBe(1);

    await clock.advance(120_000, queue.idle);
    expect(service.count('POST')).toBe(2);
    expect(service.count('POST', 201)).toBe(1);
    expect(await badge(tabId)).toBe('Good');
    expect(notes.at(-1)).toMatchObject({
      title: 'Site report: Good',
      message: `${url} was rated (public report).`,
    });
  });

  it('is queued without a request when the browser is offline', async () => {
    const url = 'https://example.com/offline';
    const tabId = await openTab(url);
    let online = false;
    queue = testQueue({ clock, service, effects: queueEffects, online: () => online });
    setBackgroundQueue(queue);
    const outcome = await quickCreate(
      { url, tabId },
      { ...deps(), isOnline: () => online },
      { now: clock.now },
    );
    expect(outcome).toMatchObject({ ok: false, queued: { id: expect.any(String) } });
    expect(service.log).toEqual([]);
    expect(await badge(tabId)).toBe('Wait');
    expect(notes[0]?.message).toBe(
      `A report for ${url} will be created when the browser is back online.`,
    );
    online = true;
    await clock.advance(5_000, queue.idle);
    expect(service.count('POST', 201)).toBe(1);
    expect(await badge(tabId)).toBe('Good');
  });

  it('that fails later says so on the badge and in a notification', async () => {
    service.script((method) =>
      method === 'POST' && service.count('POST') === 1
        ? { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '5' } }
        : // Lost, and so is every look for what it made: its fate stays unknown.
          method === 'POST' || method === 'GET'
          ? 'lost'
          : undefined,
    );
    const url = 'https://example.com/lost';
    const tabId = await openTab(url);
    await quickCreate({ url, tabId }, deps(), { now: clock.now });
    await clock.advance(60_000, queue.idle);
    const [job] = await storedJobs();
    expect(job?.items[0]?.state).toBe('unknown');
    expect(await badge(tabId)).toBe('!');
    expect(notes.at(-1)).toMatchObject({
      title: 'Site report: outcome not known',
      message: expect.stringMatching(/^Unknown: .*Check the Reports list/),
    });
  });
});

describe('"Create site reports for all tabs in this window"', () => {
  it('queues each web page with no known report, once, and says how many were skipped', async () => {
    await rememberReports(
      [
        {
          id: 9,
          url: 'https://known.example/',
          rating: 'bad',
          privacy: 0,
          hasPassword: false,
          generatedAt: null,
          createdAt: null,
          updatedAt: null,
        },
      ],
      'a1',
    );
    const fresh = [await openTab('https://a.example/'), await openTab('https://b.example/')];
    await openTab('https://a.example/');
    await openTab('https://known.example/');
    await openTab('chrome://settings/');
    // The tab right-clicked in, as the browser passes it.
    const clicked = await fakeBrowser.tabs.get(fresh[0] as number);
    const tabs = await fakeBrowser.tabs.query({ windowId: clicked.windowId });
    const outcome = await handleMenuClick({ menuItemId: MENU_ALL_TABS }, clicked, deps());
    expect(outcome).toMatchObject({ queued: 2, skipped: tabs.length - 2 });
    const [job] = await storedJobs();
    expect(job?.items.map((item) => [item.op, item.tabId])).toEqual([
      [{ type: 'create', url: 'https://a.example/', privacy: 0 }, fresh[0]],
      [{ type: 'create', url: 'https://b.example/', privacy: 0 }, fresh[1]],
    ]);
    expect(notes[0]).toMatchObject({
      title: 'Site reports queued',
      message: `Queued: 2. Skipped because they already have a report, are already queued or are not web pages: ${tabs.length - 2}.`,
    });
    await queue.idle();
    expect(await itemStates(job?.id ?? '')).toEqual(['done', 'done']);
    for (const tabId of fresh) expect(await badge(tabId)).toBe('Good');
    // Many creates: one notification at the end, not one each.
    expect(notes.map((note) => note.title)).toEqual(['Site reports queued', 'Site reports done']);
    expect(notes.at(-1)?.message).toBe(
      'Created: 2. Not created, or not known (check the Reports list): 0.',
    );
  });

  it('clicked again skips the pages still queued, and counts them as skipped', async () => {
    // The service keeps its answers back: the first click's creates stay under way.
    service.hold();
    const first = [await openTab('https://a.example/'), await openTab('https://b.example/')];
    const clicked = await fakeBrowser.tabs.get(first[0] as number);
    // The tabs the fake browser opens by itself.
    const others = (await fakeBrowser.tabs.query({ windowId: clicked.windowId })).length - 2;
    const once = await handleMenuClick({ menuItemId: MENU_ALL_TABS }, clicked, deps());
    expect(once).toMatchObject({ queued: 2, skipped: others });
    const added = await openTab('https://c.example/');

    const twice = await handleMenuClick({ menuItemId: MENU_ALL_TABS }, clicked, deps());
    expect(twice).toMatchObject({ queued: 1, skipped: others + 2 });
    const jobs = await storedJobs();
    expect(jobs.map((job) => job.items)).toMatchObject([
      [
        { op: { url: 'https://a.example/' }, tabId: first[0] },
        { op: { url: 'https://b.example/' }, tabId: first[1] },
      ],
      [{ op: { url: 'https://c.example/' }, tabId: added }],
    ]);
    expect(notes.at(-1)?.message).toBe(
      `Queued: 1. Skipped because they already have a report, are already queued or are not web pages: ${others + 2}.`,
    );
    // Every page queued: nothing more.
    const thrice = await handleMenuClick({ menuItemId: MENU_ALL_TABS }, clicked, deps());
    expect(thrice).toMatchObject({ queued: 0, skipped: others + 3 });
    expect(notes.at(-1)?.message).toBe(
      'Nothing to queue: every tab in this window already has a report, is already queued or is not a web page.',
    );
    expect(await storedJobs()).toHaveLength(2);
    service.hold(false);
    service.release(true);
    await queue.idle();
    expect(service.count('POST', 201)).toBe(3);
  });

  it('clicked twice at once queues each page once', async () => {
    service.hold();
    const tabIds = [await openTab('https://a.example/'), await openTab('https://b.example/')];
    const clicked = await fakeBrowser.tabs.get(tabIds[0] as number);
    const others = (await fakeBrowser.tabs.query({ windowId: clicked.windowId })).length - 2;
    const outcomes = await Promise.all([
      handleMenuClick({ menuItemId: MENU_ALL_TABS }, clicked, deps()),
      handleMenuClick({ menuItemId: MENU_ALL_TABS }, clicked, deps()),
    ]);
    expect(outcomes).toMatchObject([
      { queued: 2, skipped: others },
      { queued: 0, skipped: others + 2 },
    ]);
    expect(await storedJobs()).toHaveLength(1);
    service.hold(false);
    service.release(true);
    await queue.idle();
    expect(service.count('POST')).toBe(2);
  });

  it('queues again what a cancel stopped before it was sent, and a create that failed', async () => {
    service.hold();
    const tabIds = [
      await openTab('https://a.example/'),
      await openTab('https://b.example/'),
      await openTab('https://c.example/'),
    ];
    const clicked = await fakeBrowser.tabs.get(tabIds[0] as number);
    await handleMenuClick({ menuItemId: MENU_ALL_TABS }, clicked, deps());
    const [job] = await storedJobs();
    // Two creates are under way (they may yet make their reports), the third waits.
    await queue.cancel(job?.id ?? '');
    expect(await itemStates(job?.id ?? '')).toEqual(['running', 'running', 'cancelled']);
    const again = await handleMenuClick({ menuItemId: MENU_ALL_TABS }, clicked, deps());
    expect(again).toMatchObject({ queued: 1 });
    expect((await storedJobs()).at(-1)?.items).toMatchObject([
      { op: { url: 'https://c.example/' } },
    ]);
    // A create the service refused: its page may be queued again.
    service.script((method) =>
      method === 'POST' && service.count('POST') === 4
        ? { status: 422, body: { message: { url: ['The page could not be fetched.'] } } }
        : undefined,
    );
    service.hold(false);
    service.release(true);
    await queue.idle();
    const failing = await openTab('https://d.example/');
    const once = await handleMenuClick({ menuItemId: MENU_ALL_TABS }, clicked, deps());
    expect(once).toMatchObject({ queued: 1 });
    await queue.idle();
    expect((await storedJobs()).at(-1)?.items).toMatchObject([{ tabId: failing, state: 'failed' }]);
    const twice = await handleMenuClick({ menuItemId: MENU_ALL_TABS }, clicked, deps());
    expect(twice).toMatchObject({ queued: 1 });
    await queue.idle();
    expect(service.count('POST', 201)).toBe(4);
  });

  it('queues nothing when every tab has a report, and says so', async () => {
    const clicked = await fakeBrowser.tabs.get(await openTab('chrome://newtab/'));
    const outcome = await handleMenuClick({ menuItemId: MENU_ALL_TABS }, clicked, deps());
    expect(outcome).toMatchObject({ queued: 0 });
    expect(await storedJobs()).toEqual([]);
    expect(notes[0]?.message).toMatch(/^Nothing to queue/);
  });

  it('asks to connect first when not connected', async () => {
    await saveSettings({ apiKey: '' });
    await openTab('https://a.example/');
    const outcome = await handleMenuClick({ menuItemId: MENU_ALL_TABS }, undefined, deps());
    expect(outcome).toMatchObject({ queued: 0 });
    expect(notes[0]).toMatchObject({ id: 'not-connected' });
  });
});
