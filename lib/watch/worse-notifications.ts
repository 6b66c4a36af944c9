// Word of a watched page that got worse in a run: one notification per page, whose click opens
// the workspace on that page's history. The option "Notify when a watched page gets worse" stops it.
import type { Report } from '../api/model';
import { t } from '../i18n';
import { ratingWord } from '../rating/rating-word';
import { checkName } from '../rating/words';
import { notify, watchedNotificationId } from '../service/notifications';
import { loadSettings } from '../settings';
import { changeBetween } from './diff';
import { readHistory, toRecord } from './history';
import type { Change } from './model';

export type Direction = Change['direction'];

/** "Good → Bad. Now failing: Title, Meta description." */
export function worseMessage(url: string, change: Change): string {
  const ratings = `${ratingWord(change.from.result)} → ${ratingWord(change.to.result)}`;
  const failing = change.nowFailing.map((check) => checkName(check.key)).join(', ');
  return failing
    ? t('notify_worse_message_checks', url, ratings, failing)
    : t('notify_worse_message', url, ratings);
}

/**
 * A run's re-analysis of `report`, its history already recorded: how it changed since the
 * analysis before (unchanged for its first), with word when it got worse. Undefined when its
 * analysis is not in the history (it could not be recorded).
 */
export async function watchedAnalysis(
  report: Report,
  account: string,
): Promise<Direction | undefined> {
  const records = await readHistory(account, report.id);
  const [from, to] = [records.at(-2), records.at(-1)];
  if (!to || report.generatedAt === null || to.at !== Date.parse(report.generatedAt)) {
    return undefined;
  }
  if (!from) return 'unchanged';
  const change = changeBetween(toRecord(from), toRecord(to));
  if (change.direction === 'worse') {
    const { settings } = await loadSettings();
    if (settings.notifyWorse) {
      await notify(
        watchedNotificationId(report.id),
        t('notify_worse_title'),
        worseMessage(report.url, change),
        account,
      );
    }
  }
  return change.direction;
}
