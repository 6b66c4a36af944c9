import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Rating, Report } from '../../../lib/api/model';
import type { CachedRating } from '../../../lib/messaging/protocol';
import {
  BADGE_COLORS,
  badgeFor,
  errorBadge,
  handleRatingCacheChange,
  handleTabUpdated,
  pendingBadge,
  refreshBadges,
  setTabBadge,
  toolbarAction,
  updateTabBadge,
} from '../../../lib/rating/badge';
import { forgetReport, rememberReports } from '../../../lib/rating/cache-writes';
import { ratingWord } from '../../../lib/rating/rating-word';
import { saveSettings, useAccount } from '../../../lib/settings';
import { exactTime } from '../../../lib/time';

const SERVICE = 'https://service.example/api/v1';
/** The account SERVICE's settings are saved as. */
const ACCOUNT = 'a1';

beforeEach(async () => {
  await saveSettings({ serviceUrl: SERVICE, apiKey: 'badge-key-0123' });
});

function entry(
  rating: Rating | null,
  generatedAt: string | null = '2026-11-20T09:15:02.000Z',
): CachedRating {
  return { reportId: 1, rating, generatedAt, seenAt: 0 };
}

function report(fields: Partial<Report> = {}): Report {
  return {
    id: 1,
    url: 'https://example.com/',
    rating: 'good',
    privacy: 0,
    hasPassword: false,
    generatedAt: '2026-11-20T09:15:02.000Z',
    createdAt: null,
    updatedAt: null,
    results: {},
    ...fields,
  };
}

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const badgeText = (tabId: number) => fakeBrowser.action.getBadgeText({ tabId });
const badgeTitle = (tabId: number) => fakeBrowser.action.getTitle({ tabId });

describe('badgeFor', () => {
  it.each([
    ['good', 'Good', '#1e7b34', 'Good'],
    ['decent', 'OK', '#f2b600', 'Decent'],
    ['bad', 'Bad', '#c5221f', 'Bad'],
  ] as const)(
    '%s: text %s, its colour, and a tooltip naming the rating and time',
    (rating, text, color, word) => {
      const badge = badgeFor(entry(rating));
      expect(badge.text).toBe(text);
      expect(badge.color).toBe(color);
      expect(badge.title).toMatch(new RegExp(`^Site Report: ${word}, generated .*2026`));
    },
  );

  it('gives each rating a different short text, readable without colour', () => {
    const texts = (['good', 'decent', 'bad'] as const).map((r) => badgeFor(entry(r)).text);
    expect(new Set(texts).size).toBe(3);
    for (const text of [...texts, pendingBadge().text, errorBadge('x').text]) {
      expect([...text].length).toBeLessThanOrEqual(4);
    }
  });

  it('uses text colours with at least AA contrast', () => {
    for (const { color, textColor } of Object.values(BADGE_COLORS)) {
      expect(contrast(color, textColor)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('shows … while a report has no rating yet, and a rating without a time', () => {
    expect(badgeFor(entry(null, null))).toEqual(pendingBadge());
    expect(pendingBadge().text).toBe('…');
    expect(badgeFor(entry('bad', null)).title).toBe('Site Report: Bad');
    expect(badgeFor(entry('bad', 'yesterday-ish')).title).toBe('Site Report: Bad');
    expect(errorBadge('Rate limited.').title).toBe('Site Report: Rate limited.');
  });

  it('says the time as the popup does, and the rating in the popup’s words', () => {
    const generatedAt = '2026-11-20T09:15:02.000Z';
    expect(badgeFor(entry('decent', generatedAt)).title).toBe(
      `Site Report: ${ratingWord('decent')}, generated ${exactTime(generatedAt)}`,
    );
  });
});

describe('tab badges', () => {
  it('sets text, colours and tooltip per tab, and clears them', async () => {
    const setTextColor = vi.spyOn(fakeBrowser.action, 'setBadgeTextColor');
    await setTabBadge(3, badgeFor(entry('decent')));
    expect(await badgeText(3)).toBe('OK');
    expect(setTextColor).toHaveBeenCalledWith({ tabId: 3, color: '#000000' });
    expect(await fakeBrowser.action.getBadgeBackgroundColor({ tabId: 3 })).toEqual([
      242, 182, 0, 255,
    ]);
    expect(await badgeTitle(3)).toMatch(/Decent/);
    await setTabBadge(3, null);
    expect(await badgeText(3)).toBe('');
    expect(await badgeTitle(3)).toBe('Site Report');
  });

  it('shows the cached rating of the tab’s address, or nothing, with no network request', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    await rememberReports([report({ url: 'https://example.com/page', rating: 'bad' })], ACCOUNT);
    await updateTabBadge(1, 'https://example.com/page#part');
    expect(await badgeText(1)).toBe('Bad');
    await updateTabBadge(2, 'https://example.com/other');
    expect(await badgeText(2)).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each(['chrome-extension://abcdef/popup.html', 'chrome://settings', 'about:blank', undefined])(
    'clears the badge of %s without reading storage',
    async (url) => {
      await setTabBadge(4, { text: 'Good', color: '#1e7b34', textColor: '#ffffff', title: 'x' });
      const get = vi.spyOn(fakeBrowser.storage.local, 'get');
      await updateTabBadge(4, url);
      expect(get).not.toHaveBeenCalled();
      expect(await badgeText(4)).toBe('');
    },
  );

  it('shows nothing when the setting is off', async () => {
    await rememberReports([report({ url: 'https://example.com/page' })], ACCOUNT);
    await saveSettings({ showBadge: false });
    await updateTabBadge(1, 'https://example.com/page');
    expect(await badgeText(1)).toBe('');
  });

  it('works with Firefox’s browserAction when there is no action', async () => {
    const browserAction = { ...fakeBrowser.action };
    vi.spyOn(fakeBrowser, 'action', 'get').mockReturnValue(undefined as never);
    (fakeBrowser as unknown as { browserAction: unknown }).browserAction = browserAction;
    try {
      expect(toolbarAction()).toBe(browserAction);
      const setText = vi.spyOn(browserAction, 'setBadgeText');
      await setTabBadge(4, badgeFor(entry('good')));
      expect(setText).toHaveBeenCalledWith({ tabId: 4, text: 'Good' });
    } finally {
      delete (fakeBrowser as unknown as { browserAction?: unknown }).browserAction;
    }
  });

  it('ignores a tab that closed meanwhile', async () => {
    vi.spyOn(fakeBrowser.action, 'setBadgeText').mockRejectedValue(new Error('No tab with id: 9'));
    await expect(setTabBadge(9, pendingBadge())).resolves.toBeUndefined();
  });
});

describe('following tabs', () => {
  it('follows navigation: the rating of the new address, cleared when unknown', async () => {
    await rememberReports(
      [report({ id: 1, url: 'https://example.com/known', rating: 'good' })],
      ACCOUNT,
    );
    const tab = await fakeBrowser.tabs.create({ url: 'https://example.com/known' });
    const id = tab.id as number;
    fakeBrowser.tabs.onUpdated.addListener(
      (tabId, info, t) => void handleTabUpdated(tabId, info, t),
    );

    await fakeBrowser.tabs.update(id, { url: 'https://example.com/known' });
    await vi.waitFor(async () => expect(await badgeText(id)).toBe('Good'));
    await fakeBrowser.tabs.update(id, { url: 'https://example.com/unknown' });
    await vi.waitFor(async () => expect(await badgeText(id)).toBe(''));
  });

  it('ignores updates that are not about the address or loading', () => {
    expect(handleTabUpdated(1, { title: 'x' } as never, { url: 'https://a/' })).toBeUndefined();
  });

  it('refreshes only the tabs whose address changed in the cache', async () => {
    const a = await fakeBrowser.tabs.create({ url: 'https://example.com/a' });
    const b = await fakeBrowser.tabs.create({ url: 'https://example.com/b' });
    await setTabBadge(b.id as number, errorBadge('stale'));
    fakeBrowser.storage.onChanged.addListener(
      (changes, area) => void handleRatingCacheChange(changes, area),
    );

    await rememberReports(
      [report({ id: 8, url: 'https://example.com/a', rating: 'decent' })],
      ACCOUNT,
    );
    await vi.waitFor(async () => expect(await badgeText(a.id as number)).toBe('OK'));
    expect(await badgeText(b.id as number)).toBe('!');

    await forgetReport(8, ACCOUNT);
    await vi.waitFor(async () => expect(await badgeText(a.id as number)).toBe(''));
  });

  it('refreshes every tab at once, e.g. when the setting changes', async () => {
    await rememberReports([report({ url: 'https://example.com/a' })], ACCOUNT);
    const tabs = await Promise.all(
      [1, 2].map(() => fakeBrowser.tabs.create({ url: 'https://example.com/a' })),
    );
    await refreshBadges();
    for (const tab of tabs) expect(await badgeText(tab.id as number)).toBe('Good');
    await saveSettings({ showBadge: false });
    await refreshBadges();
    for (const tab of tabs) expect(await badgeText(tab.id as number)).toBe('');
  });

  it('shows only the account in use’s ratings: nothing after a switch, all again after switching back', async () => {
    await rememberReports([report({ url: 'https://example.com/a', rating: 'bad' })], ACCOUNT);
    await saveSettings({ serviceUrl: SERVICE, apiKey: 'other-key-4567' }, { account: 'new' });
    await rememberReports([report({ url: 'https://example.com/b', rating: 'good' })], 'a2');
    const tab = await fakeBrowser.tabs.create({ url: 'https://example.com/a' });
    const other = await fakeBrowser.tabs.create({ url: 'https://example.com/b' });
    const id = tab.id as number;
    await refreshBadges();
    expect(await badgeText(id)).toBe('Bad');
    expect(await badgeText(other.id as number)).toBe('');
    expect(await useAccount('a2')).toBe(true);
    await refreshBadges();
    expect(await badgeText(id)).toBe('');
    expect(await badgeText(other.id as number)).toBe('Good');
    await updateTabBadge(id, 'https://example.com/a');
    expect(await badgeText(id)).toBe('');
    expect(await useAccount(ACCOUNT)).toBe(true);
    await refreshBadges();
    expect(await badgeText(id)).toBe('Bad');
  });
});
