// Creating a report without the popup (right-click menu, keyboard command): with the default
// privacy, '…' on the tab's badge while it works, then the rating there, and a notification with
// the outcome when the user wants them. A report cannot be password-protected from here (there
// is no password to use), so a Password default creates a Private report and says so.
import { browser } from 'wxt/browser';
import type { ErrorData, Privacy, Report } from '../api/model';
import { t } from '../i18n';
import { isConnected } from '../settings';
import { errorBadge, pendingBadge, ratingWord, setTabBadge, updateTabBadge } from './badge';
import type { HandlerDeps } from './deps';
import { errorData, waitText } from './error-text';
import { handlers } from './handlers';
import { NOT_CONNECTED_NOTIFICATION, notify, reportNotificationId } from './notify';
import { ratingCacheKey } from './rating-store';

export type QuickCreateOutcome =
  | { ok: true; report: Report; privacy: Privacy; privacyFellBack: boolean }
  | { ok: false; error: ErrorData };

export interface QuickCreateTarget {
  /** The address to report (the page, or a link on it). */
  url: string | undefined;
  /** The tab whose badge shows progress. */
  tabId?: number;
}

const PRIVACY_WORD: Record<Privacy, () => string> = {
  0: () => t('notify_privacy_public'),
  1: () => t('notify_privacy_private'),
  2: () => t('notify_privacy_password'),
};

/** What a failed quick create tells the user, in words. */
export function failureText(error: ErrorData): string {
  switch (error.kind) {
    case 'not_connected':
      return t('notify_not_connected');
    case 'rate_limited':
      return error.retryAfterSeconds === undefined
        ? t('notify_rate_limited')
        : t('notify_rate_limited_after', waitText(error.retryAfterSeconds));
    case 'server':
      return t('notify_service_down');
    case 'network':
    case 'timeout':
      return t('notify_unreachable');
    case 'unauthorized':
      return t('notify_unauthorized');
    case 'forbidden':
      return t('notify_forbidden');
    default:
      return error.message;
  }
}

export async function quickCreate(
  { url, tabId }: QuickCreateTarget,
  deps: HandlerDeps,
): Promise<QuickCreateOutcome> {
  const { settings } = await deps.loadSettings();
  const showBadge = settings.showBadge && tabId !== undefined;

  const fail = async (error: ErrorData): Promise<QuickCreateOutcome> => {
    const text = failureText(error);
    if (showBadge) await setTabBadge(tabId, errorBadge(text));
    // Without the badge a failure would go unnoticed: then it is notified regardless.
    if (settings.notify || !showBadge) {
      const id =
        error.kind === 'not_connected' ? NOT_CONNECTED_NOTIFICATION : `failed:${Date.now()}`;
      await notify(id, t('notify_failed_title'), text);
    }
    return { ok: false, error };
  };

  if (!url || !ratingCacheKey(url)) {
    return fail({ kind: 'invalid_input', message: t('notify_cannot_report') });
  }
  if (!isConnected(settings)) return fail({ kind: 'not_connected', message: '' });

  const privacyFellBack = settings.defaultPrivacy === 2;
  const privacy: Privacy = privacyFellBack ? 1 : settings.defaultPrivacy;
  if (showBadge) await setTabBadge(tabId, pendingBadge());

  let report: Report;
  try {
    report = await handlers.createReport({ type: 'createReport', input: { url, privacy } }, deps);
    if (report.rating === null) {
      report = await handlers.waitForResult({ type: 'waitForResult', id: report.id }, deps);
    }
  } catch (error) {
    return fail(errorData(error));
  }

  if (showBadge) {
    const tab = await browser.tabs.get(tabId).catch(() => undefined);
    if (tab) await updateTabBadge(tabId, tab.url);
  }
  if (settings.notify) {
    const rating = report.rating ? ratingWord(report.rating) : '';
    let message = t('notify_created_message', report.url, PRIVACY_WORD[privacy]());
    if (privacyFellBack) message = `${message} ${t('notify_privacy_fallback')}`;
    await notify(reportNotificationId(report.id), t('notify_created_title', rating), message);
  }
  return { ok: true, report, privacy, privacyFellBack };
}
