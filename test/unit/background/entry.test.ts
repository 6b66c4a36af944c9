// The background entry point's wiring, as WXT's examples test it: main() runs against the fake
// browser, then browser events are fired and what the handlers do is seen from outside — menus,
// the settings summary, answers to pages, badges, reports created on a stand-in service,
// notifications and the tabs they open.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '../../../entrypoints/background';
import {
  MENU_ALL_TABS,
  MENU_LINK,
  MENU_PAGE,
  MENU_SELECTION_LINKS,
} from '../../../lib/background/menus';
import { CREATE_REPORT_COMMAND } from '../../../lib/background/quick-create';
import { rememberReports } from '../../../lib/rating/cache-writes';
import { NOT_CONNECTED_NOTIFICATION } from '../../../lib/service/notifications';
import { saveSettings } from '../../../lib/settings';
import { parseSettingsSummary } from '../../../lib/settings/summary';
import { wireReport } from '../../support/fixtures';
import { type ScriptedService, startScriptedService } from '../../support/scripted-service';

const KEY = 'sr_test_key_0123456789';
const ALL_MENUS = [MENU_PAGE, MENU_LINK, MENU_ALL_TABS, MENU_SELECTION_LINKS];
let service: ScriptedService;

beforeAll(async () => {
  service = await startScriptedService();
});
afterAll(() => service.close());

type Listener = (...args: never[]) => unknown;

/**
 * The fake browser has no commands.onCommand, contextMenus.onClicked or runtime.onConnect: their
 * listeners are recorded instead, and `fire` calls them as the browser would.
 */
function recordListeners(event: { addListener(callback: Listener): void }) {
  const listeners: Listener[] = [];
  vi.spyOn(event, 'addListener').mockImplementation((callback) => {
    listeners.push(callback);
  });
  return {
    listeners,
    fire: (...args: unknown[]) =>
      Promise.all(listeners.map((listener) => (listener as (...a: unknown[]) => unknown)(...args))),
  };
}

let commands: ReturnType<typeof recordListeners>;
let menuClicks: ReturnType<typeof recordListeners>;
let connections: ReturnType<typeof recordListeners>;
let omniboxInput: ReturnType<typeof recordListeners>;
let omniboxEnter: ReturnType<typeof recordListeners>;
let menus: { create: ReturnType<typeof vi.fn>; removeAll: ReturnType<typeof vi.fn> };

beforeEach(() => {
  service.reset();
  commands = recordListeners(fakeBrowser.commands.onCommand as never);
  menuClicks = recordListeners(fakeBrowser.contextMenus.onClicked as never);
  connections = recordListeners(fakeBrowser.runtime.onConnect as never);
  omniboxInput = recordListeners(fakeBrowser.omnibox.onInputChanged as never);
  omniboxEnter = recordListeners(fakeBrowser.omnibox.onInputEntered as never);
  recordListeners(fakeBrowser.omnibox.onInputCancelled as never);
  vi.spyOn(fakeBrowser.omnibox, 'setDefaultSuggestion').mockImplementation(() => undefined);
  menus = {
    create: vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => 1) as never,
    removeAll: vi
      .spyOn(fakeBrowser.contextMenus, 'removeAll')
      .mockImplementation(async () => undefined) as never,
  };
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
});

/** Starts the background as the browser does: main() once, in a fresh worker. */
function start() {
  background.main();
}

const menuIds = () => menus.create.mock.calls.map(([properties]) => properties.id);
const storedSummary = async () =>
  parseSettingsSummary((await fakeBrowser.storage.local.get('settingsSummary')).settingsSummary);
const badge = (tabId: number) => fakeBrowser.action.getBadgeText({ tabId });
const connect = () => saveSettings({ serviceUrl: service.baseUrl, apiKey: KEY });

async function openTab(url: string): Promise<number> {
  const tab = await fakeBrowser.tabs.create({ url });
  return tab.id as number;
}

const rated = (url: string, rating: 'good' | 'decent' | 'bad') => ({
  id: 7,
  url,
  project: new URL(url).host,
  rating,
  privacy: 0 as const,
  hasPassword: false,
  generatedAt: null,
  createdAt: null,
  updatedAt: null,
  results: null,
});

describe('main()', () => {
  it('registers a listener for every event, and reads nothing at start', async () => {
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    start();
    await Promise.resolve();
    for (const event of [
      fakeBrowser.runtime.onMessage,
      fakeBrowser.runtime.onInstalled,
      fakeBrowser.runtime.onStartup,
      fakeBrowser.tabs.onUpdated,
      fakeBrowser.notifications.onClicked,
      fakeBrowser.storage.onChanged,
    ]) {
      expect((event as unknown as { hasListeners(): boolean }).hasListeners()).toBe(true);
    }
    expect(commands.listeners).toHaveLength(1);
    expect(menuClicks.listeners).toHaveLength(1);
    expect(connections.listeners).toHaveLength(1);
    // A woken worker answers at once: no storage read, no menu work, until an event asks.
    expect(get).not.toHaveBeenCalled();
    expect(menus.removeAll).not.toHaveBeenCalled();
  });
});

describe('runtime.onInstalled', () => {
  it('adds the menu items and writes the settings summary on a fresh install', async () => {
    start();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    expect(menus.removeAll).toHaveBeenCalledTimes(1);
    expect(menuIds()).toEqual(ALL_MENUS);
    expect(await storedSummary()).toMatchObject({
      connected: false,
      serviceUrl: null,
      contextMenu: true,
    });
  });

  it('follows settings from a version without the summary: no menu, summary written', async () => {
    await saveSettings({ serviceUrl: service.baseUrl, apiKey: KEY, contextMenu: false });
    await fakeBrowser.storage.local.remove('settingsSummary');
    start();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', temporary: false });
    expect(menus.removeAll).toHaveBeenCalledTimes(1);
    expect(menus.create).not.toHaveBeenCalled();
    const summary = await storedSummary();
    expect(summary).toMatchObject({
      connected: true,
      serviceUrl: service.baseUrl,
      contextMenu: false,
    });
    expect(JSON.stringify(summary)).not.toContain(KEY);
  });

  it('puts the cached ratings on the open tabs', async () => {
    await connect();
    await rememberReports([rated('https://example.com/a', 'bad')], 'a1');
    const tabId = await openTab('https://example.com/a');
    start();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', temporary: false });
    expect(await badge(tabId)).toBe('Bad');
  });
});

describe('runtime.onStartup', () => {
  it('syncs the menu and the summary', async () => {
    start();
    await fakeBrowser.runtime.onStartup.trigger();
    expect(menuIds()).toEqual(ALL_MENUS);
    expect(await storedSummary()).toMatchObject({ connected: false });
  });
});

/** Fires runtime.onMessage as a browser does: the answer is the promise the listener returns. */
async function ask(message: unknown, sender: unknown): Promise<unknown> {
  const trigger = fakeBrowser.runtime.onMessage.trigger as (
    ...args: unknown[]
  ) => Promise<unknown[]>;
  const [answer] = await trigger(message, sender, () => {});
  return answer;
}

describe('runtime.onMessage', () => {
  it('answers the extension’s own page', async () => {
    await connect();
    start();
    const answer = await ask(
      { type: 'getStatus' },
      { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') },
    );
    expect(answer).toMatchObject({
      ok: true,
      data: { connected: true, serviceUrl: service.baseUrl },
    });
    expect(JSON.stringify(answer)).not.toContain(KEY);
  });

  it('refuses a web page', async () => {
    start();
    const answer = await ask({ type: 'getStatus' }, {
      id: fakeBrowser.runtime.id,
      url: 'https://evil.example/',
      tab: { id: 3 },
    } as never);
    expect(answer).toMatchObject({ ok: false, error: { kind: 'bad_message' } });
  });

  it('sends a page’s request to the service with the saved key', async () => {
    await connect();
    service.on({ status: 201, body: { data: wireReport({ result: 'decent' }), status: 201 } });
    start();
    const answer = await ask(
      { type: 'createReport', input: { url: 'https://example.com/pricing' } },
      { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') },
    );
    expect(answer).toMatchObject({ ok: true, data: { id: 42, rating: 'decent' } });
    expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /reports']);
    expect(service.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});

describe('tabs.onUpdated', () => {
  it('shows the cached rating of the tab’s new address, and clears it for an unknown one', async () => {
    await connect();
    start();
    await rememberReports([rated('https://example.com/a', 'good')], 'a1');
    const tabId = await openTab('about:blank');
    await fakeBrowser.tabs.update(tabId, { url: 'https://example.com/a' });
    await vi.waitFor(async () => expect(await badge(tabId)).toBe('Good'));
    await fakeBrowser.tabs.update(tabId, { url: 'https://example.com/unknown' });
    await vi.waitFor(async () => expect(await badge(tabId)).toBe(''));
  });
});

describe('storage.onChanged', () => {
  it('takes the menu away when the setting is turned off, and brings it back', async () => {
    start();
    await saveSettings({ contextMenu: false });
    await vi.waitFor(() => expect(menus.removeAll).toHaveBeenCalledTimes(1));
    expect(menus.create).not.toHaveBeenCalled();

    await saveSettings({ contextMenu: true });
    await vi.waitFor(() => expect(menuIds()).toEqual(ALL_MENUS));
    expect(menus.removeAll).toHaveBeenCalledTimes(2);
  });

  it('puts a newly cached rating on the tabs showing its address', async () => {
    await connect();
    const tabId = await openTab('https://example.com/b');
    start();
    await rememberReports([rated('https://example.com/b', 'decent')], 'a1');
    await vi.waitFor(async () => expect(await badge(tabId)).toBe('OK'));
  });

  it('re-derives the summary after a change that did not go through saveSettings', async () => {
    await connect();
    start();
    await fakeBrowser.storage.local.remove('settingsSummary');
    // A direct write of the settings (as another version, or a sync, would make it).
    const { settings } = await fakeBrowser.storage.local.get('settings');
    await fakeBrowser.storage.local.set({
      settings: { ...(settings as object), notify: false },
    });
    await vi.waitFor(async () =>
      expect(await storedSummary()).toMatchObject({ connected: true, notify: false }),
    );
  });
});

describe('commands.onCommand', () => {
  it('creates a report for the tab, shows the rating on its badge and notifies', async () => {
    await connect();
    service.on({ status: 201, body: { data: wireReport({ result: 'good' }), status: 201 } });
    const tabId = await openTab('https://example.com/pricing');
    start();
    await commands.fire(CREATE_REPORT_COMMAND, { id: tabId, url: 'https://example.com/pricing' });
    await vi.waitFor(async () => expect(await badge(tabId)).toBe('Good'));
    expect(Object.fromEntries(service.requests[0]?.form ?? [])).toMatchObject({
      url: 'https://example.com/pricing',
    });
    await vi.waitFor(async () =>
      expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual(['report:42']),
    );
  });
});

describe('contextMenus.onClicked', () => {
  it('creates a report for the clicked link', async () => {
    await connect();
    service.on({
      status: 201,
      body: { data: wireReport({ url: 'https://linked.example/a' }), status: 201 },
    });
    const tabId = await openTab('https://example.com/');
    start();
    await menuClicks.fire(
      {
        menuItemId: MENU_LINK,
        pageUrl: 'https://example.com/',
        linkUrl: 'https://linked.example/a',
      },
      { id: tabId, url: 'https://example.com/' },
    );
    await vi.waitFor(() => expect(service.requests).toHaveLength(1));
    expect(service.requests[0]?.form.get('url')).toBe('https://linked.example/a');
  });

  it('says so in a notification when not connected', async () => {
    start();
    await menuClicks.fire(
      { menuItemId: MENU_PAGE, pageUrl: 'https://example.com/' },
      { id: undefined, url: 'https://example.com/' },
    );
    await vi.waitFor(async () =>
      expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([
        NOT_CONNECTED_NOTIFICATION,
      ]),
    );
    expect(service.requests).toEqual([]);
  });
});

describe('notifications.onClicked', () => {
  it('opens the report on the service’s site and clears the notification', async () => {
    await connect();
    await fakeBrowser.notifications.create('report:42', {
      type: 'basic',
      iconUrl: '',
      title: 'Report ready',
      message: 'Good',
    });
    start();
    await fakeBrowser.notifications.onClicked.trigger('report:42');
    await vi.waitFor(async () => expect(await fakeBrowser.notifications.getAll()).toEqual({}));
    const tabs = await fakeBrowser.tabs.query({});
    expect(tabs.map((tab) => tab.url)).toContain(`${service.origin}/reports/42`);
  });

  it('opens the options page from the "not connected" notification', async () => {
    const openOptionsPage = vi
      .spyOn(fakeBrowser.runtime, 'openOptionsPage')
      .mockResolvedValue(undefined);
    start();
    await fakeBrowser.notifications.onClicked.trigger(NOT_CONNECTED_NOTIFICATION);
    await vi.waitFor(() => expect(openOptionsPage).toHaveBeenCalledTimes(1));
  });
});

describe('omnibox', () => {
  it('suggests a kept report as the address is typed, and Enter on it opens the report', async () => {
    await connect();
    const url = 'https://kept.example/pricing';
    await rememberReports([rated(url, 'good')], 'a1');
    start();
    const suggest = vi.fn();
    await omniboxInput.fire('KEPT.example', suggest);
    await vi.waitFor(() =>
      expect(suggest).toHaveBeenCalledWith([
        { content: url, description: `<url>${url}</url> <dim>Good</dim>` },
      ]),
    );
    await omniboxEnter.fire(url, 'newForegroundTab');
    await vi.waitFor(async () => {
      const tabs = await fakeBrowser.tabs.query({});
      expect(tabs.map((tab) => tab.url)).toContain(`${service.origin}/reports/7`);
    });
  });
});
