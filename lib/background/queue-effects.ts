// What the queue's work shows outside it, as single actions do: the rating cache, the history of
// analyses, the tab's badge and notifications (one summing up a job of many creates, one for each
// watched page a run found worse).
import { browser } from 'wxt/browser';
import { keptPlanOf } from '../account/plans';
import { errorText } from '../error-text';
import { t } from '../i18n';
import type { QueueEffects } from '../jobs/queue/context';
import { countItems, itemReport } from '../jobs/schema';
import {
  errorBadge,
  pendingBadge,
  queuedBadge,
  setTabBadge,
  updateTabBadge,
} from '../rating/badge';
import { backgroundRecentDetails } from '../rating/recent-details';
import { notify, notifyCreated, notifyFailed } from '../service/notifications';
import { loadSettings } from '../settings';
import { watchedAnalysis } from '../watch/worse-notifications';
import { forgetGone, rememberAnswer, sendCreateRequest } from './service-answers';

export const queueEffects: QueueEffects = {
  create: (client, input, account) =>
    sendCreateRequest(client, input, account, backgroundRecentDetails),

  keptPlan: keptPlanOf,
  remember(reports, account, askedUrl) {
    // One report is a create's or a re-analysis's answer, which a page may show next; a list's
    // pages (an export) are not shown with their details.
    // A stored summary has no results: it must not hide what the answer itself explained.
    const shown = reports.length === 1 && reports[0]?.results !== undefined;
    return rememberAnswer(reports, account, {
      askedUrl,
      ...(shown && { details: backgroundRecentDetails }),
    });
  },

  forget: (target, account) => forgetGone(target, account, backgroundRecentDetails),

  watchedAnalysis,

  async tabCreate(stage, item, single) {
    const { tabId } = item;
    if (tabId === undefined) return;
    const { settings } = await loadSettings();
    const { showBadge } = settings;
    if (stage !== 'finished') {
      if (showBadge) await setTabBadge(tabId, stage === 'queued' ? queuedBadge() : pendingBadge());
      return;
    }
    const failure = item.state === 'done' || item.state === 'cancelled' ? undefined : item.error;
    if (showBadge && failure) {
      await setTabBadge(tabId, errorBadge(errorText(failure, 'notification')));
    } else if (showBadge) {
      const tab = await browser.tabs.get(tabId).catch(() => undefined);
      if (tab) await updateTabBadge(tabId, tab.url);
    }
    if (!single) return;
    const report = itemReport(item);
    if (report && settings.notify) await notifyCreated(report, report.privacy);
    // Without the badge a failure would go unnoticed: then it is notified regardless.
    if (failure && (settings.notify || !showBadge)) await notifyFailed(failure);
  },

  async jobFinished(job) {
    if (
      (job.kind !== 'create' && job.kind !== 'audit') ||
      job.items.length < 2 ||
      job.state === 'cancelled'
    )
      return;
    const { settings } = await loadSettings();
    if (!settings.notify) return;
    const counts = countItems(job);
    await notify(
      `job:${job.id}`,
      t('notify_job_done_title'),
      t('notify_job_done_message', counts.done, counts.failed + counts.unknown),
      job.service?.account,
    );
  },
};
