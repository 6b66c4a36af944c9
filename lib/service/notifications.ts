// Desktop notifications for actions started outside the popup (right-click menu, keyboard) and
// for watched pages that got worse, and what a click on one does: open the report, a watched
// page's history in the workspace, or the options page when not connected.
import { browser } from 'wxt/browser';
import type { ErrorData, Privacy, ReportSummary } from '../api/model';
import { errorText } from '../error-text';
import { t } from '../i18n';
import { ratingWord } from '../rating/rating-word';
import { effectiveSiteUrl, loadSettings } from '../settings';

export const NOT_CONNECTED_NOTIFICATION = 'not-connected';
const REPORT_PREFIX = 'report:';
const WATCHED_PREFIX = 'watched:';

export function reportNotificationId(reportId: number): string {
  return `${REPORT_PREFIX}${reportId}`;
}

/** A watched page that got worse: a click opens the workspace on its history. */
export function watchedNotificationId(reportId: number): string {
  return `${WATCHED_PREFIX}${reportId}`;
}

/** The workspace on a watched page's history (components read this hash). */
export const historyPath = (reportId: number): `/sidepanel.html#${string}` =>
  `/sidepanel.html#tab=watched&history=${reportId}`;

/**
 * With two or more accounts, the title names the account it is about: `account` (the account in
 * use when not given).
 */
async function titleFor(title: string, account: string | undefined): Promise<string> {
  try {
    const { accounts, account: inUse } = await loadSettings();
    if (accounts.length < 2) return title;
    const named = accounts.find(({ id }) => id === (account ?? inUse?.id));
    return named ? t('notify_account_title', named.name, title) : title;
  } catch {
    return title;
  }
}

/**
 * Shows a notification, of `account` (the account in use when not given); a failure to show one
 * is not worth failing the action for.
 */
export async function notify(
  id: string,
  title: string,
  message: string,
  account?: string,
): Promise<void> {
  try {
    await browser.notifications.create(id, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title: await titleFor(title, account),
      message,
    });
  } catch (error) {
    console.warn('Site Report: could not show a notification', error);
  }
}

const PRIVACY_WORD: Record<Privacy, () => string> = {
  0: () => t('notify_privacy_public'),
  1: () => t('notify_privacy_private'),
  2: () => t('notify_privacy_password'),
};

/** "Site report: Good — <url> was rated (private report)."; clicking it opens the report. */
export function notifyCreated(
  report: Pick<ReportSummary, 'id' | 'url' | 'rating'>,
  privacy: Privacy,
  privacyFellBack = false,
): Promise<void> {
  const rating = report.rating ? ratingWord(report.rating) : '';
  let message = t('notify_created_message', report.url, PRIVACY_WORD[privacy]());
  if (privacyFellBack) message = `${message} ${t('notify_privacy_fallback')}`;
  return notify(reportNotificationId(report.id), t('notify_created_title', rating), message);
}

/** A report made outside the popup that was not made (or whose fate is not known). */
export function notifyFailed(error: ErrorData): Promise<void> {
  const id = error.kind === 'not_connected' ? NOT_CONNECTED_NOTIFICATION : `failed:${Date.now()}`;
  const title = error.reason === 'fateUnknown' ? 'notify_unknown_title' : 'notify_failed_title';
  return notify(id, t(title), errorText(error, 'notification'));
}

export async function handleNotificationClick(id: string): Promise<void> {
  if (id === NOT_CONNECTED_NOTIFICATION) {
    await browser.runtime.openOptionsPage();
  } else if (id.startsWith(REPORT_PREFIX)) {
    const reportId = Number(id.slice(REPORT_PREFIX.length));
    const { settings } = await loadSettings();
    const site = effectiveSiteUrl(settings);
    if (Number.isInteger(reportId) && site) {
      await browser.tabs.create({ url: `${site}/reports/${reportId}` });
    }
  } else if (id.startsWith(WATCHED_PREFIX)) {
    const reportId = Number(id.slice(WATCHED_PREFIX.length));
    if (Number.isInteger(reportId)) {
      await browser.tabs.create({ url: browser.runtime.getURL(historyPath(reportId)) });
    }
  }
  await browser.notifications.clear(id);
}
