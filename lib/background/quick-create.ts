// Creating a report without the popup (right-click menu, keyboard command), followed on the tab's
// badge and in a notification. With no password to use, a Password default makes a Private report.
import { type Browser, browser } from 'wxt/browser';
import { SiteReportError } from '../api';
import type { ErrorData, Privacy, ReportSummary } from '../api/model';
import { errorText, errorWithText } from '../error-text';
import { errorData } from '../errors';
import { t } from '../i18n';
import { MAX_JOB_ITEMS } from '../jobs/schema';
import { createLock } from '../lock';
import { errorBadge, pendingBadge, setTabBadge, updateTabBadge } from '../rating/badge';
import { getCachedRating } from '../rating/cache';
import { notify, notifyCreated, notifyFailed } from '../service/notifications';
import { isConnected, type Settings } from '../settings';
import { duration } from '../time';
import { pageOf } from '../url-parts';
import { type Created, createReport } from './create-report';
import type { HandlerDeps } from './deps';
import { backgroundQueue } from './queue';

export type QuickCreateOutcome =
  | { ok: true; report: ReportSummary; privacy: Privacy; privacyFellBack: boolean }
  | { ok: false; error: ErrorData; queued?: { id: string; resumeAt?: number } };

export interface QuickCreateTarget {
  /** The address to report (the page, or a link on it). */
  url: string | undefined;
  /** The tab whose badge shows progress. */
  tabId?: number;
}

export interface QuickCreateOptions {
  /** The clock the queue's times are read with. */
  now?: () => number;
}

export const CREATE_REPORT_COMMAND = 'create-report';

/** The keyboard command (the shortcut that opens the popup is the browser's `_execute_action`). */
export async function handleCommand(
  command: string,
  tab: Pick<Browser.tabs.Tab, 'id' | 'url'> | undefined,
  deps: HandlerDeps,
): Promise<QuickCreateOutcome | undefined> {
  if (command !== CREATE_REPORT_COMMAND) return undefined;
  // Chrome and Firefox pass the active tab; otherwise ask for the last-focused window's.
  const target =
    tab?.id !== undefined
      ? tab
      : (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0];
  return quickCreate({ url: target?.url, tabId: target?.id }, deps);
}

/** The privacy of a report made from here: the default, except Password, which needs one. */
function quickPrivacy(settings: Settings): { privacy: Privacy; privacyFellBack: boolean } {
  const privacyFellBack = settings.defaultPrivacy === 2;
  return { privacy: privacyFellBack ? 1 : settings.defaultPrivacy, privacyFellBack };
}

export async function quickCreate(
  { url, tabId }: QuickCreateTarget,
  deps: HandlerDeps,
  { now = Date.now }: QuickCreateOptions = {},
): Promise<QuickCreateOutcome> {
  const { settings } = await deps.loadSettings();
  const showBadge = settings.showBadge && tabId !== undefined;

  const fail = async (error: ErrorData): Promise<QuickCreateOutcome> => {
    if (showBadge) await setTabBadge(tabId, errorBadge(errorText(error, 'notification')));
    // Without the badge a failure would go unnoticed: then it is notified regardless.
    if (settings.notify || !showBadge) await notifyFailed(error);
    return { ok: false, error };
  };

  if (!url || !pageOf(url)) {
    return fail(errorWithText({ kind: 'invalid_input', reason: 'cannotReport' }));
  }
  if (!isConnected(settings)) {
    return fail(errorWithText({ kind: 'not_connected', reason: 'notConnected' }));
  }

  const { privacy, privacyFellBack } = quickPrivacy(settings);

  /** Hands the create to the queue, which shows "Wait" on the badge and sends it when it may. */
  const queue = async (error: ErrorData, retryAfterSeconds?: number) => {
    const queued = await backgroundQueue().enqueue({
      kind: 'create',
      items: [{ type: 'create', url, privacy }],
      tabId,
      retryAfterSeconds,
    });
    if (settings.notify || !showBadge) {
      const wait = ((queued.resumeAt ?? now()) - now()) / 1000;
      const message =
        error.kind === 'network'
          ? t('notify_queued_offline', url)
          : t('notify_queued_message', url, duration(wait));
      await notify(`queued:${queued.id}`, t('notify_queued_title'), message);
    }
    return { ok: false, error, queued } as const;
  };

  if (!deps.isOnline()) return queue(errorWithText({ kind: 'network', reason: 'network' }));
  if (showBadge) await setTabBadge(tabId, pendingBadge());

  let created: Created;
  try {
    // The popup's own create: a lost answer is looked for before anything is said.
    created = await createReport({ url, privacy }, deps);
  } catch (error) {
    // Refused for the rate limit: provably not made, so it may be sent again later.
    if (error instanceof SiteReportError && error.kind === 'rate_limited') {
      return queue(errorData(error), error.retryAfterSeconds);
    }
    return fail(errorData(error));
  }
  const { report, waitError } = created;
  if (waitError) return fail(waitError);

  if (showBadge) {
    const tab = await browser.tabs.get(tabId).catch(() => undefined);
    if (tab) await updateTabBadge(tabId, tab.url);
  }
  if (settings.notify) await notifyCreated(report, privacy, privacyFellBack);
  return { ok: true, report, privacy, privacyFellBack };
}

/**
 * The pages (as pageOf names them) with a create waiting or under way: only unfinished jobs have
 * waiting items, and a cancelled job's create still under way may yet make its report.
 */
async function queuedPages(): Promise<Set<string>> {
  const pages = new Set<string>();
  for (const job of await backgroundQueue().jobs()) {
    for (const { op, state } of job.items) {
      if (op.type !== 'create' || (state !== 'waiting' && state !== 'running')) continue;
      const key = pageOf(op.url);
      if (key) pages.add(key);
    }
  }
  return pages;
}

// One run at a time: a second click must see what the first one queued.
const allTabs = createLock();

/**
 * Queues a report for every web page open in a window that has no known report yet (the rating
 * cache says which have one) and none queued already, each followed on its tab's badge; a
 * notification says how many were queued and skipped.
 */
export function reportAllTabs(
  windowId: number | undefined,
  deps: HandlerDeps,
): Promise<{ queued: number; skipped: number; id?: string }> {
  return allTabs.runExclusive(() => queueAllTabs(windowId, deps));
}

async function queueAllTabs(
  windowId: number | undefined,
  deps: HandlerDeps,
): Promise<{ queued: number; skipped: number; id?: string }> {
  const { settings, account } = await deps.loadSettings();
  if (!isConnected(settings)) {
    await notifyFailed(errorWithText({ kind: 'not_connected', reason: 'notConnected' }));
    return { queued: 0, skipped: 0 };
  }
  const tabs: Browser.tabs.Tab[] = await browser.tabs.query(
    windowId === undefined ? { lastFocusedWindow: true } : { windowId },
  );
  const { privacy } = quickPrivacy(settings);
  const items: { type: 'create'; url: string; privacy: Privacy; tabId: number }[] = [];
  // Pages already queued count as seen: they are skipped like a second tab of the same page.
  const seen = await queuedPages();
  for (const tab of tabs) {
    if (items.length === MAX_JOB_ITEMS) break;
    const key = pageOf(tab.url);
    if (!key || !tab.url || tab.id === undefined || seen.has(key)) continue;
    seen.add(key);
    if (await getCachedRating(tab.url, account?.id)) continue;
    items.push({ type: 'create', url: tab.url, privacy, tabId: tab.id });
  }
  const skipped = tabs.length - items.length;
  if (items.length === 0) {
    await notify(`queued:${Date.now()}`, t('notify_tabs_queued_title'), t('notify_tabs_none'));
    return { queued: 0, skipped };
  }
  const { id } = await backgroundQueue().enqueue({ kind: 'create', items });
  if (settings.notify || !settings.showBadge) {
    await notify(
      `queued:${id}`,
      t('notify_tabs_queued_title'),
      t('notify_tabs_queued_message', items.length, skipped),
    );
  }
  return { queued: items.length, skipped, id };
}
