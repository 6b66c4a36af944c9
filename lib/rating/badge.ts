// The toolbar button's badge: per tab, the rating of the latest report the account in use is known
// to have for the tab's address, read only from the local rating cache — never from the network.
import { type Browser, browser } from 'wxt/browser';
import type { Rating } from '../api/model';
import { t } from '../i18n';
import { loadSettings } from '../settings';
import { exactTime } from '../time';
import {
  type CachedRating,
  cachedRatingFor,
  parseRatingCache,
  RATING_CACHE,
  ratingCacheItem,
  ratingCacheKey,
} from './cache';
import { ratingWord } from './rating-word';

export interface Badge {
  /** At most 4 characters, readable without the colour. */
  text: string;
  /** Background colour. */
  color: string;
  /** Text colour, chosen for contrast with `color` (WCAG AA or better). */
  textColor: string;
  /** Tooltip of the button. */
  title: string;
}

// Contrast with the text colour: green 5.3:1, amber 11:1, red 5.8:1, grey 6:1.
export const BADGE_COLORS = {
  good: { color: '#1e7b34', textColor: '#ffffff' },
  decent: { color: '#f2b600', textColor: '#000000' },
  bad: { color: '#c5221f', textColor: '#ffffff' },
  neutral: { color: '#5f6368', textColor: '#ffffff' },
} as const;

const MAX_TEXT = 4;

const RATING_TEXT = {
  good: () => t('badge_text_good'),
  decent: () => t('badge_text_decent'),
  bad: () => t('badge_text_bad'),
} satisfies Record<Rating, () => string>;

function shortText(text: string): string {
  return [...text].slice(0, MAX_TEXT).join('');
}

/** While a report is being made (or a known report has no rating yet). */
export function pendingBadge(): Badge {
  return {
    text: shortText(t('badge_text_pending')),
    ...BADGE_COLORS.neutral,
    title: t('badge_title_pending'),
  };
}

/** While a create for the tab waits in the background's queue for the rate limit. */
export function queuedBadge(): Badge {
  return {
    text: shortText(t('badge_text_queued')),
    ...BADGE_COLORS.neutral,
    title: t('badge_title_queued'),
  };
}

/** After a failed action from the menu or the keyboard; `message` says what went wrong. */
export function errorBadge(message: string): Badge {
  return {
    text: shortText(t('badge_text_error')),
    ...BADGE_COLORS.neutral,
    title: t('badge_title_error', message),
  };
}

export function badgeFor(entry: CachedRating): Badge {
  if (entry.rating === null) return pendingBadge();
  const word = ratingWord(entry.rating);
  const time = entry.generatedAt ? exactTime(entry.generatedAt) : '';
  return {
    text: shortText(RATING_TEXT[entry.rating]()),
    ...BADGE_COLORS[entry.rating],
    title: time ? t('badge_title_rated', word, time) : t('badge_title_rating', word),
  };
}

type Action = NonNullable<typeof browser.action>;

/** MV3 has `action`; a Firefox MV2 build has `browserAction`. */
export function toolbarAction(): Action {
  return browser.action ?? (browser as unknown as { browserAction: Action }).browserAction;
}

/** Shows `badge` on the tab's button, or clears it (null). Tabs that have closed are ignored. */
export async function setTabBadge(tabId: number, badge: Badge | null): Promise<void> {
  const action = toolbarAction();
  try {
    if (!badge) {
      await Promise.all([
        action.setBadgeText({ tabId, text: '' }),
        action.setTitle({ tabId, title: t('extName') }),
      ]);
      return;
    }
    await Promise.all([
      action.setBadgeText({ tabId, text: badge.text }),
      action.setBadgeBackgroundColor({ tabId, color: badge.color }),
      // Older browsers lack it; they choose a text colour themselves.
      action.setBadgeTextColor?.({ tabId, color: badge.textColor }),
      action.setTitle({ tabId, title: badge.title }),
    ]);
  } catch {
    // The tab closed while the badge was being set: nothing to show it on.
  }
}

/** Sets one tab's badge from the cache (cleared when the setting is off or nothing is known). */
export async function updateTabBadge(tabId: number, url: string | undefined): Promise<void> {
  // Pages that cannot have a report (the extension's own, chrome://) need no reading.
  if (!ratingCacheKey(url)) return setTabBadge(tabId, null);
  const [{ settings, account }, stored] = await Promise.all([
    loadSettings(),
    ratingCacheItem.getValue(),
  ]);
  const entry = settings.showBadge ? cachedRatingFor(stored, url, account?.id) : null;
  await setTabBadge(tabId, entry ? badgeFor(entry) : null);
}

/**
 * Sets the badges of all open tabs, or only of those showing one of `urls` (cache keys).
 * Reads the cache once, however many tabs there are.
 */
export async function refreshBadges(urls?: ReadonlySet<string>): Promise<void> {
  const [{ settings, account }, stored, tabs] = await Promise.all([
    loadSettings(),
    ratingCacheItem.getValue(),
    browser.tabs.query({}),
  ]);
  await Promise.all(
    tabs.map((tab) => {
      if (tab.id === undefined) return undefined;
      if (urls && !urls.has(ratingCacheKey(tab.url) ?? '')) return undefined;
      const entry = settings.showBadge ? cachedRatingFor(stored, tab.url, account?.id) : null;
      return setTabBadge(tab.id, entry ? badgeFor(entry) : null);
    }),
  );
}

/** tabs.onUpdated: follow the tab to its new address (and re-apply once it has loaded). */
export function handleTabUpdated(
  tabId: number,
  changeInfo: { url?: string; status?: string },
  tab: { url?: string },
): Promise<void> | undefined {
  if (changeInfo.url === undefined && changeInfo.status === undefined) return undefined;
  return updateTabBadge(tabId, changeInfo.url ?? tab.url);
}

/** storage.onChanged: refresh the tabs whose address has a changed cache entry. */
export function handleRatingCacheChange(
  changes: Record<string, Browser.storage.StorageChange>,
  area: string,
): Promise<void> | undefined {
  const change = ratingCacheChange(changes, area);
  if (!change) return undefined;
  const urls = changedUrls(change.oldValue, change.newValue);
  return urls.size > 0 ? refreshBadges(urls) : undefined;
}

/** Addresses whose entry of any service differs between two stored values (seenAt aside). */
export function changedUrls(oldValue: unknown, newValue: unknown): Set<string> {
  const before = parseRatingCache(oldValue);
  const after = parseRatingCache(newValue);
  const urls = new Set<string>();
  for (const service of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[service] ?? {};
    const is = after[service] ?? {};
    for (const url of new Set([...Object.keys(was), ...Object.keys(is)])) {
      const a = was[url];
      const b = is[url];
      if (!a || !b || JSON.stringify({ ...a, seenAt: 0 }) !== JSON.stringify({ ...b, seenAt: 0 })) {
        urls.add(url);
      }
    }
  }
  return urls;
}

/** Whether a storage change (storage.onChanged) touches the cache; its values if so. */
export function ratingCacheChange(
  changes: Record<string, Browser.storage.StorageChange>,
  area: string,
): Browser.storage.StorageChange | undefined {
  return area === 'local' ? changes[RATING_CACHE] : undefined;
}
