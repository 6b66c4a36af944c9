// The background's parts of "reach": the `sr` keyword's handlers (what Enter opens, where, and the
// one list request) and the selection menu's outcomes.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createOmniboxHandlers,
  type OmniboxEnvironment,
  SEARCH_PER_PAGE,
} from '../../../lib/background/omnibox';
import {
  reportSelectionLinks,
  SELECTION_NONE_NOTIFICATION,
  SELECTION_REFUSED_NOTIFICATION,
  type SelectionLinksEnvironment,
} from '../../../lib/background/selection-links';
import type { Queue } from '../../../lib/jobs/queue';
import { rememberReports } from '../../../lib/rating/cache-writes';
import type { ClientSource } from '../../../lib/service/client-source';
import { report } from '../../support/fixtures';
import { loadedSettings } from '../../support/loaded-settings';

const BASE = 'https://service.test/api/v1';

beforeEach(() => {
  fakeBrowser.reset();
});

function omnibox({ connected = true, paced = false } = {}) {
  const list = vi.fn(async () => ({
    items: [report({ id: 9, url: 'https://listed.test/page', rating: 'bad' })],
    page: 1,
    perPage: SEARCH_PER_PAGE,
    hasNext: false,
  }));
  const client = { baseUrl: BASE, accountId: 'a1', reports: { list } };
  const clients = {
    get: async () => (connected ? client : null),
  } as unknown as ClientSource;
  const remember = vi.fn(async () => undefined);
  const tabs = { update: vi.fn(async () => undefined), create: vi.fn(async () => undefined) };
  const timers: (() => void)[] = [];
  const env: OmniboxEnvironment = {
    tabs,
    getURL: (path) => `chrome-extension://id${path}`,
    markup: true,
    setTimer: (run) => {
      timers.push(run);
      return () => timers.splice(timers.indexOf(run), 1);
    },
  };
  const loadSettings = async () =>
    loadedSettings({ serviceUrl: connected ? BASE : '', apiKey: connected ? 'k' : '' });
  const mayRead = vi.fn(async () => !paced);
  const queue = () => ({ mayRead }) as unknown as Queue;
  const handlers = createOmniboxHandlers({ clients, remember, loadSettings, queue }, env);
  return { handlers, list, remember, tabs, timers, mayRead };
}

describe('omnibox handlers', () => {
  it('sends one list request of ten for the text once the timer runs, and remembers its reports', async () => {
    const { handlers, list, remember, timers } = omnibox();
    const suggest = vi.fn();
    await handlers.onInputChanged('listed', suggest);
    await handlers.onInputChanged('listed.test', suggest);
    expect(timers).toHaveLength(1);
    timers[0]?.();
    await vi.waitFor(() => expect(suggest).toHaveBeenCalledTimes(3));
    expect(list).toHaveBeenCalledExactlyOnceWith({ search: 'listed.test', perPage: 10 });
    expect(remember).toHaveBeenCalledWith([expect.objectContaining({ id: 9 })], 'a1');
    expect(suggest.mock.calls.at(-1)?.[0]).toEqual([
      {
        content: 'https://listed.test/page',
        description: '<url>https://listed.test/page</url> <dim>Bad</dim>',
      },
    ]);
  });

  it('sends nothing while the queue’s pacer holds reads back, keeping the kept suggestions', async () => {
    await rememberReports([report({ id: 5, url: 'https://kept.test/' })], 'a1');
    const { handlers, list, timers, mayRead } = omnibox({ paced: true });
    const suggest = vi.fn();
    await handlers.onInputChanged('kept', suggest);
    timers[0]?.();
    await vi.waitFor(() => expect(mayRead).toHaveBeenCalledWith(`a1 ${BASE}`));
    expect(list).not.toHaveBeenCalled();
    expect(suggest.mock.calls.at(-1)?.[0]).toEqual([
      expect.objectContaining({ content: 'https://kept.test/' }),
    ]);
  });

  it('sends nothing when not connected', async () => {
    const { handlers, list, timers } = omnibox({ connected: false });
    await handlers.onInputChanged('listed', vi.fn());
    timers[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(list).not.toHaveBeenCalled();
  });

  it.each([
    ['currentTab', 'update', {}],
    ['newForegroundTab', 'create', { active: true }],
    ['newBackgroundTab', 'create', { active: false }],
  ] as const)(
    'Enter on a kept address opens its report (%s)',
    async (disposition, method, extra) => {
      await rememberReports([report({ id: 5, url: 'https://kept.test/' })], 'a1');
      const { handlers, tabs } = omnibox();
      await handlers.onInputEntered('https://kept.test/', disposition);
      expect(tabs[method]).toHaveBeenCalledWith({
        url: 'https://service.test/reports/5',
        ...extra,
      });
    },
  );

  it('Enter on other text opens the workspace’s Reports searching it', async () => {
    const { handlers, tabs, timers } = omnibox();
    await handlers.onInputChanged('pricing', vi.fn());
    await handlers.onInputEntered('pricing', 'newForegroundTab');
    expect(timers, 'the pending search is cancelled').toHaveLength(0);
    expect(tabs.create).toHaveBeenCalledWith({
      url: 'chrome-extension://id/sidepanel.html#tab=reports&search=pricing',
      active: true,
    });
  });
});

function selection(links: unknown[] | Error) {
  const env = {
    readLinks: vi.fn(async () => {
      if (links instanceof Error) throw links;
      return links;
    }),
    keep: vi.fn(async () => undefined),
    openAddPages: vi.fn(async () => undefined),
    notify: vi.fn(async () => undefined),
  } satisfies SelectionLinksEnvironment;
  return env;
}

describe('reportSelectionLinks', () => {
  it('keeps the links for Add pages and opens it', async () => {
    const env = selection(['https://a.test/', 'https://a.test/#x', 'mailto:x@a.test']);
    expect(await reportSelectionLinks({ id: 3, url: 'https://page.test/' }, env)).toBe('opened');
    expect(env.readLinks).toHaveBeenCalledWith(3);
    expect(env.keep).toHaveBeenCalledWith({
      addresses: ['https://a.test/'],
      from: 'https://page.test/',
    });
    expect(env.openAddPages).toHaveBeenCalledOnce();
    expect(env.notify).not.toHaveBeenCalled();
  });

  it('says when the selection holds no links', async () => {
    const env = selection(['mailto:x@a.test']);
    expect(await reportSelectionLinks({ id: 3 }, env)).toBe('none');
    expect(env.notify).toHaveBeenCalledWith(
      SELECTION_NONE_NOTIFICATION,
      'No links found',
      expect.stringContaining('no http or https links'),
    );
    expect(env.openAddPages).not.toHaveBeenCalled();
  });

  it('says when the browser lets no script into the page', async () => {
    const env = selection(new Error('Cannot access a chrome:// URL'));
    expect(await reportSelectionLinks({ id: 3, url: 'chrome://settings/' }, env)).toBe('refused');
    expect(env.notify).toHaveBeenCalledWith(
      SELECTION_REFUSED_NOTIFICATION,
      'The links could not be read',
      expect.any(String),
    );
    expect(env.keep).not.toHaveBeenCalled();
  });
});
