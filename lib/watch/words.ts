// Watching in words: the score's trend (the sparkline's accessible name), what changed between two
// analyses, and the schedule's days and hours as the browser's locale writes them.
import { t } from '../i18n';
import { ratingWord } from '../rating/rating-word';
import { checkName } from '../rating/words';
import type { Change } from './model';
import { scoreTrend } from './sparkline';

/** "Score rising from 40 to 85 over 5 analyses", "Score steady at 70 over 3 analyses"… */
export function trendText(scores: readonly number[]): string {
  const trend = scoreTrend(scores);
  if (!trend) return t('watch_trendNone');
  if (trend.count === 1) return t('watch_trendOne', trend.to);
  if (trend.direction === 'steady') return t('watch_trendSteady', trend.to, trend.count);
  const key = trend.direction === 'rising' ? 'watch_trendRising' : 'watch_trendFalling';
  return t(key, trend.from, trend.to, trend.count);
}

const RANK = { none: 0, bad: 1, decent: 2, good: 3 } as const;

/** "Rating dropped from Good to Bad", "Rating rose from …", "Rating unchanged: Good". */
export function ratingChangeText(change: Change): string {
  const from = ratingWord(change.from.result);
  const to = ratingWord(change.to.result);
  if (change.from.result === change.to.result) return t('watch_changeSame', to);
  // The ratings alone: a page may be worse for a failing check while its rating rose.
  const dropped = RANK[change.to.result ?? 'none'] < RANK[change.from.result ?? 'none'];
  return t(dropped ? 'watch_changeWorse' : 'watch_changeBetter', from, to);
}

/** The checks' names, in the locale's list form ("Title, Favicon and Headings"). */
export function checkNames(keys: readonly string[], locale?: string): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(keys.map(checkName));
}

/** Whether anything is worth saying: the rating or a check changed. */
export function hasChange(change: Change): boolean {
  return (
    change.from.result !== change.to.result ||
    change.nowFailing.length > 0 ||
    change.fixed.length > 0
  );
}

/** Monday (1) … Sunday (7), in the locale's words. */
export function dayOptions(locale?: string): { value: number; label: string }[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    value: day,
    label: format.format(Date.UTC(2024, 0, day)),
  }));
}

/** 0 … 23 as the locale writes the full hours ("00:00", "6:00 AM"). */
export function hourOptions(locale?: string): { value: number; label: string }[] {
  const format = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return Array.from({ length: 24 }, (_, hour) => ({
    value: hour,
    label: format.format(Date.UTC(2024, 0, 1, hour)),
  }));
}
