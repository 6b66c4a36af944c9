// Open tabs: the window's web pages with what the cache knows, which start checked, the job that
// reports the checked ones, and the list kept current as tabs open, close and navigate.
import { describe, expect, it, vi } from 'vitest';
import {
  followWindowTabs,
  isChecked,
  type OpenTab,
  reportTabsJob,
  webTabs,
} from '../../../lib/open-tabs/open-tabs';
import { storedRatingCache } from '../../../lib/rating/cache';
import { fakeTabs, OTHER_WINDOW, WINDOW } from '../../support/fake-tabs';
import { settle } from '../../support/time';

const SERVICE = 'https://service.example/api/v1';
const CACHE = {
  'https://known.example/': {
    reportId: 5,
    rating: 'good',
    score: 90,
    generatedAt: '2026-01-01T00:00:00Z',
    seenAt: 1,
  },
};

describe('webTabs', () => {
  it('keeps the http(s) tabs in order, each with its cached rating', () => {
    const found = webTabs(
      [
        { id: 1, url: 'https://known.example/#part', title: 'Known' },
        { id: 2, url: 'chrome://settings', title: 'Settings' },
        { id: 3, url: 'http://new.example/' },
        { url: 'https://no-id.example/' },
        { id: 4, url: 'file:///tmp/x.html' },
        { id: 5 },
      ],
      storedRatingCache(SERVICE, CACHE),
      SERVICE,
    );
    expect(found).toEqual([
      {
        id: 1,
        url: 'https://known.example/#part',
        title: 'Known',
        known: expect.objectContaining({ reportId: 5, rating: 'good' }),
      },
      { id: 3, url: 'http://new.example/', title: '', known: null },
    ]);
  });
});

describe('isChecked', () => {
  const known = { id: 1, url: 'https://known.example/', title: '', known: {} } as OpenTab;
  const fresh = { id: 2, url: 'https://new.example/', title: '', known: null } as OpenTab;

  it('checks the tabs without a known report, unless the user chose', () => {
    expect(isChecked(known, new Map())).toBe(false);
    expect(isChecked(fresh, new Map())).toBe(true);
    expect(isChecked(known, new Map([[1, true]]))).toBe(true);
    expect(isChecked(fresh, new Map([[2, false]]))).toBe(false);
  });
});

describe('reportTabsJob', () => {
  const tabs = [
    { id: 3, url: 'https://a.example/', title: 'A', known: null },
    { id: 4, url: 'https://b.example/', title: 'B', known: null },
  ];

  it('asks for one create job, one item per tab, each naming its tab', () => {
    expect(reportTabsJob(tabs, { privacy: 1, password: 'ignored' })).toEqual({
      kind: 'create',
      items: [
        { type: 'create', url: 'https://a.example/', privacy: 1, tabId: 3 },
        { type: 'create', url: 'https://b.example/', privacy: 1, tabId: 4 },
      ],
    });
  });

  it('sends the password once, with Password', () => {
    expect(reportTabsJob(tabs, { privacy: 2, password: 'hunter2' })).toMatchObject({
      password: 'hunter2',
      items: [{ privacy: 2 }, { privacy: 2 }],
    });
  });
});

describe('followWindowTabs', () => {
  it("reads the window's tabs now, and again when tabs open, close or navigate", async () => {
    const tabs = fakeTabs([
      { id: 1, windowId: WINDOW, url: 'https://a.example/' },
      { id: 2, windowId: OTHER_WINDOW, url: 'https://other.example/' },
    ]);
    const listener = vi.fn();
    const stop = followWindowTabs(tabs as never, listener);
    await settle();
    expect(tabs.query).toHaveBeenCalledWith({ currentWindow: true });
    expect(listener).toHaveBeenLastCalledWith([expect.objectContaining({ id: 1 })]);

    tabs.open({ id: 3, windowId: WINDOW, url: 'https://b.example/' });
    await settle();
    expect(listener.mock.lastCall?.[0]).toHaveLength(2);

    tabs.navigate(3, 'https://c.example/');
    await settle();
    expect(listener.mock.lastCall?.[0][1]).toMatchObject({ url: 'https://c.example/' });

    tabs.close(1);
    await settle();
    expect(listener.mock.lastCall?.[0]).toEqual([expect.objectContaining({ id: 3 })]);

    // Loading, favicons and the like change nothing it shows.
    const calls = tabs.query.mock.calls.length;
    tabs.onUpdated.trigger(3, { status: 'loading' } as never, {} as never);
    expect(tabs.query.mock.calls.length).toBe(calls);

    stop();
    expect(tabs.onCreated.count() + tabs.onRemoved.count() + tabs.onUpdated.count()).toBe(0);
  });
});
