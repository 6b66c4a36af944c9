// The right-click menu, the keyboard command, and what they show: badge and notification.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSiteReportClient } from '../../../lib/api';
import { createHandlerDeps, type HandlerDeps } from '../../../lib/background/deps';
import { handleStorageChange } from '../../../lib/background/events';
import {
  handleMenuClick,
  MENU_ALL_TABS,
  MENU_LINK,
  MENU_PAGE,
  MENU_SELECTION_LINKS,
  syncContextMenus,
} from '../../../lib/background/menus';
import { browserEnvironment, setBackgroundQueue } from '../../../lib/background/queue';
import { handleCommand, quickCreate } from '../../../lib/background/quick-create';
import { createQueue } from '../../../lib/jobs/queue';
import { getCachedRating } from '../../../lib/rating/cache';
import { handleNotificationClick } from '../../../lib/service/notifications';
import { saveSettings } from '../../../lib/settings';
import { HTML_PAGE, wireReport } from '../../support/fixtures';
import { type ScriptedService, startScriptedService } from '../../support/scripted-service';
import { sleep } from '../../support/time';

const KEY = 'sr_test_key_0123456789';
let stub: ScriptedService;

beforeAll(async () => {
  stub = await startScriptedService();
});
afterAll(() => stub.close());

function testDeps(): HandlerDeps {
  return createHandlerDeps({
    createClient: (options) =>
      createSiteReportClient({ ...options, retryDelayMs: 1, pollDelayMs: 1, timeoutMs: 2000 }),
    hasHostAccess: async () => true,
  });
}

let created: { id: string; options: { title: string; message: string; iconUrl: string } }[];
let menus: { create: ReturnType<typeof vi.fn>; removeAll: ReturnType<typeof vi.fn> };

/**
 * The background's queue with a clock that moves on to each of its timers at once: a create
 * whose answer was lost is looked for 10 s later, and the lookup's own retries back off.
 */
function queueWithFastClock() {
  const browserEnv = browserEnvironment();
  let ahead = 0;
  return createQueue({
    ...browserEnv,
    now: () => Date.now() + ahead,
    setTimer(run, ms) {
      const timer = setTimeout(() => {
        ahead += ms;
        run();
      }, 0);
      return () => clearTimeout(timer);
    },
  });
}

afterEach(() => setBackgroundQueue(undefined));

beforeEach(() => {
  setBackgroundQueue(queueWithFastClock());
  stub.reset();
  stub.on(() => ({ status: 201, body: { data: wireReport({ result: 'good' }) } }));
  created = [];
  vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (
    id: string,
    options: (typeof created)[number]['options'],
  ) => {
    created.push({ id, options });
    return id;
  }) as never);
  menus = {
    create: vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => 1) as never,
    removeAll: vi
      .spyOn(fakeBrowser.contextMenus, 'removeAll')
      .mockImplementation(async () => undefined) as never,
  };
});

const connect = () => saveSettings({ serviceUrl: stub.baseUrl, apiKey: KEY });
const badge = (tabId: number) => fakeBrowser.action.getBadgeText({ tabId });

async function openTab(url: string) {
  const tab = await fakeBrowser.tabs.create({ url });
  return tab.id as number;
}

describe('context menu items', () => {
  it('offers "this page", "this link", "all tabs" and "the links in the selection" on web addresses only', async () => {
    await syncContextMenus();
    expect(menus.removeAll).toHaveBeenCalledTimes(1);
    expect(menus.create.mock.calls.map(([props]) => props)).toEqual([
      {
        id: MENU_PAGE,
        title: 'Create site report for this page',
        contexts: ['page'],
        documentUrlPatterns: ['http://*/*', 'https://*/*'],
      },
      {
        id: MENU_LINK,
        title: 'Create site report for this link',
        contexts: ['link'],
        targetUrlPatterns: ['http://*/*', 'https://*/*'],
      },
      {
        id: MENU_ALL_TABS,
        title: 'Create site reports for all tabs in this window',
        contexts: ['page'],
        documentUrlPatterns: ['http://*/*', 'https://*/*'],
      },
      {
        id: MENU_SELECTION_LINKS,
        title: 'Create site reports for the links in the selection',
        contexts: ['selection'],
        documentUrlPatterns: ['http://*/*', 'https://*/*'],
      },
    ]);
  });

  it('removes them when the setting is off, and follows the setting when it changes', async () => {
    await saveSettings({ contextMenu: false });
    await syncContextMenus();
    expect(menus.create).not.toHaveBeenCalled();

    const deps = testDeps();
    const reset = vi.spyOn(deps.clients, 'reset');
    fakeBrowser.storage.onChanged.addListener((c, a) => void handleStorageChange(c, a, deps));
    await saveSettings({ contextMenu: true });
    await vi.waitFor(() => expect(menus.create).toHaveBeenCalledTimes(4));
    expect(reset).toHaveBeenCalled();
  });

  it('never interleaves two updates (no duplicate ids)', async () => {
    const order: string[] = [];
    menus.removeAll.mockImplementation(async () => {
      order.push('removeAll');
      await sleep(5);
    });
    menus.create.mockImplementation(() => order.push('create'));
    await Promise.all([syncContextMenus(true), syncContextMenus(true)]);
    const once = ['removeAll', 'create', 'create', 'create', 'create'];
    expect(order).toEqual([...once, ...once]);
  });
});

describe('creating from the menu', () => {
  it('creates a report for the page with the default privacy: … then the rating, and a notification', async () => {
    await connect();
    await saveSettings({ defaultPrivacy: 1 });
    const tabId = await openTab('https://example.com/pricing');
    let badgeWhileWorking = '';
    stub.on(async () => {
      badgeWhileWorking = await badge(tabId);
      return { status: 201, body: { data: wireReport({ result: 'good' }) } };
    });

    const outcome = await handleMenuClick(
      { menuItemId: MENU_PAGE, pageUrl: 'https://example.com/pricing' },
      { id: tabId, url: 'https://example.com/pricing' },
      testDeps(),
    );
    expect(outcome).toMatchObject({ ok: true, privacy: 1, privacyFellBack: false });
    expect(badgeWhileWorking).toBe('…');
    expect(await badge(tabId)).toBe('Good');
    expect(Object.fromEntries(stub.requests[0]?.form ?? [])).toEqual({
      url: 'https://example.com/pricing',
      privacy: '1',
    });
    expect(created).toEqual([
      {
        id: 'report:42',
        options: {
          type: 'basic',
          iconUrl: fakeBrowser.runtime.getURL('/icon/128.png'),
          title: 'Site report: Good',
          message: 'https://example.com/pricing was rated (private report).',
        },
      },
    ]);
  });

  it('creates a report for a link, leaving the tab’s own badge to its page', async () => {
    await connect();
    const tabId = await openTab('https://news.example/');
    stub.on(() => ({
      status: 201,
      body: { data: wireReport({ id: 7, url: 'https://linked.example/a', result: 'bad' }) },
    }));
    const outcome = await handleMenuClick(
      {
        menuItemId: MENU_LINK,
        linkUrl: 'https://linked.example/a',
        pageUrl: 'https://news.example/',
      },
      { id: tabId, url: 'https://news.example/' },
      testDeps(),
    );
    expect(outcome).toMatchObject({ ok: true });
    expect(stub.requests[0]?.form.get('url')).toBe('https://linked.example/a');
    expect(await getCachedRating('https://linked.example/a', 'a1')).toMatchObject({
      rating: 'bad',
    });
    expect(await badge(tabId)).toBe('');
    expect(created[0]?.options.title).toBe('Site report: Bad');
  });

  it('ignores items that are not its own', () => {
    expect(handleMenuClick({ menuItemId: 'other' }, undefined, testDeps())).toBeUndefined();
  });
});

describe('quick create', () => {
  it('waits for the rating when the service has not finished', async () => {
    await connect();
    const tabId = await openTab('https://example.com/pricing');
    let reads = 0;
    stub.on((request) => {
      if (request.method === 'POST') {
        return { status: 201, body: { data: wireReport({ result: null, generated_at: null }) } };
      }
      reads++;
      return { body: { data: wireReport({ result: reads < 2 ? null : 'decent' }) } };
    });
    const outcome = await quickCreate({ url: 'https://example.com/pricing', tabId }, testDeps());
    expect(outcome).toMatchObject({ ok: true, report: { rating: 'decent' } });
    expect(await badge(tabId)).toBe('OK');
    expect(created[0]?.options.title).toBe('Site report: Decent');
  });

  it('makes a Private report when the default is Password, and says so', async () => {
    await connect();
    await saveSettings({ defaultPrivacy: 2 });
    const outcome = await quickCreate({ url: 'https://example.com/pricing' }, testDeps());
    expect(outcome).toMatchObject({ ok: true, privacy: 1, privacyFellBack: true });
    expect(stub.requests[0]?.form.get('privacy')).toBe('1');
    expect(stub.requests[0]?.form.has('password')).toBe(false);
    expect(created[0]?.options.message).toMatch(/private report\)\. .*made Private/);
  });

  it('does not notify success when notifications are off', async () => {
    await connect();
    await saveSettings({ notify: false });
    const tabId = await openTab('https://example.com/pricing');
    expect(
      await quickCreate({ url: 'https://example.com/pricing', tabId }, testDeps()),
    ).toMatchObject({ ok: true });
    expect(created).toEqual([]);
    expect(await badge(tabId)).toBe('Good');
  });

  it.each([
    [
      'not connected',
      null,
      'not-connected',
      'Connect Site Report to a service in its options first.',
    ],
    [
      'service down',
      { status: 503, body: HTML_PAGE },
      expect.stringMatching(/^failed:/),
      'The service is not working right now; nothing was created. Try again later.',
    ],
    [
      'key rejected',
      { status: 401, body: { message: 'Unauthenticated.' } },
      expect.stringMatching(/^failed:/),
      "The service rejected the API key. Check it in Site Report's options.",
    ],
  ])(
    'shows a clear failure when %s: "!" on the badge and a notification',
    async (_name, reply, id, message) => {
      if (reply) {
        await connect();
        // A failed create is looked for first; the service has none, so it was not made.
        stub.on((request) =>
          request.method === 'POST' ? reply : { status: 200, body: { data: [] } },
        );
      }
      const tabId = await openTab('https://example.com/pricing');
      const outcome = await quickCreate({ url: 'https://example.com/pricing', tabId }, testDeps());
      expect(outcome.ok).toBe(false);
      expect(await badge(tabId)).toBe('!');
      expect(await fakeBrowser.action.getTitle({ tabId })).toBe(`Site Report: ${message}`);
      expect(created).toEqual([
        { id, options: expect.objectContaining({ title: 'Site report not created', message }) },
      ]);
    },
  );

  it('after a failed create, looks for the report before saying anything: made after all', async () => {
    await connect();
    const made = wireReport({ id: 9, url: 'https://example.com/pricing', result: 'good' });
    stub.on((request) =>
      request.method === 'POST'
        ? { status: 504, body: HTML_PAGE }
        : { status: 200, body: { data: [{ ...made, created_at: new Date().toISOString() }] } },
    );
    const tabId = await openTab('https://example.com/pricing');
    const outcome = await quickCreate({ url: 'https://example.com/pricing', tabId }, testDeps());
    expect(outcome).toMatchObject({ ok: true, report: { id: 9 } });
    expect(stub.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(await badge(tabId)).toBe('Good');
  });

  it('says the outcome is not known when the service cannot be reached to look', async () => {
    await saveSettings({ serviceUrl: 'http://127.0.0.1:1/api/v1', apiKey: KEY });
    const outcome = await quickCreate({ url: 'https://example.com/' }, testDeps());
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(created[0]?.options.message).toMatch(/may or may not have been created/);
  });

  it('refuses addresses that are not web pages, without a request', async () => {
    await connect();
    const outcome = await quickCreate({ url: 'chrome://settings/' }, testDeps());
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(created[0]?.options.message).toMatch(/Only web pages/);
    expect(stub.requests).toHaveLength(0);
  });

  it('still tells about a failure when both the badge and notifications are off', async () => {
    await saveSettings({ notify: false, showBadge: false });
    const tabId = await openTab('https://example.com/');
    await quickCreate({ url: 'https://example.com/', tabId }, testDeps());
    expect(await badge(tabId)).toBe('');
    expect(created).toHaveLength(1);
  });

  it('with notifications off, a failure shows only on the badge', async () => {
    await saveSettings({ notify: false });
    const tabId = await openTab('https://example.com/');
    await quickCreate({ url: 'https://example.com/', tabId }, testDeps());
    expect(await badge(tabId)).toBe('!');
    expect(created).toEqual([]);
  });
});

describe('keyboard command', () => {
  it('creates a report for the tab the browser names', async () => {
    await connect();
    const tabId = await openTab('https://example.com/pricing');
    const outcome = await handleCommand(
      'create-report',
      { id: tabId, url: 'https://example.com/pricing' },
      testDeps(),
    );
    expect(outcome).toMatchObject({ ok: true });
    expect(await badge(tabId)).toBe('Good');
  });

  it('otherwise uses the active tab of the last-focused window', async () => {
    await connect();
    const tabId = await openTab('https://example.com/pricing');
    const query = vi
      .spyOn(fakeBrowser.tabs, 'query')
      .mockResolvedValue([{ id: tabId, url: 'https://example.com/pricing' } as never]);
    await handleCommand('create-report', undefined, testDeps());
    expect(query).toHaveBeenCalledWith({ active: true, lastFocusedWindow: true });
    expect(stub.requests[0]?.form.get('url')).toBe('https://example.com/pricing');
  });

  it('ignores other commands', async () => {
    expect(await handleCommand('something-else', undefined, testDeps())).toBeUndefined();
  });
});

describe('notification clicks', () => {
  it('open the report on the service’s site', async () => {
    await connect();
    const open = vi.spyOn(fakeBrowser.tabs, 'create');
    await handleNotificationClick('report:42');
    expect(open).toHaveBeenCalledWith({ url: `${stub.origin}/reports/42` });
  });

  it('open the options page when not connected', async () => {
    const openOptionsPage = vi
      .spyOn(fakeBrowser.runtime, 'openOptionsPage')
      .mockResolvedValue(undefined);
    await handleNotificationClick('not-connected');
    expect(openOptionsPage).toHaveBeenCalled();
  });
});
