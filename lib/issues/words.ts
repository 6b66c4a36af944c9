// The Issues tab's words: a check's name (its key when no catalogue names it), what is wrong with a
// page in words (its limits as "Why this rating" says them, else its error kinds), and the counts.
import { formatNumber } from '../format-number';
import { type MessageKey, t } from '../i18n';
import { checkLine, checkName, NAMED_CHECKS } from '../rating/words';
import type { IssueRow, KeptCheck } from './model';

/** The error kinds CONTRACT.md lists; any other reads as "failed". */
const ERROR_KINDS = {
  missing: 'issues_error_missing',
  length: 'issues_error_length',
  too_many: 'issues_error_too_many',
  too_few: 'issues_error_too_few',
  too_small: 'issues_error_too_small',
  too_large: 'issues_error_too_large',
  too_slow: 'issues_error_too_slow',
  duplicate: 'issues_error_duplicate',
  bad_format: 'issues_error_bad_format',
  bad_tags: 'issues_error_bad_tags',
  failed: 'issues_error_failed',
} satisfies Record<string, MessageKey>;

const isNamed = (key: string) => (NAMED_CHECKS as readonly string[]).includes(key);

/** The check's name; a key no catalogue names shows as it is. */
export const checkTitle = (key: string): string => (isNamed(key) ? checkName(key) : key);

const IMPORTANCE = {
  high: 'issues_importance_high',
  medium: 'issues_importance_medium',
  low: 'issues_importance_low',
} satisfies Record<KeptCheck['importance'], MessageKey>;

export const importanceText = (importance: KeptCheck['importance']) => t(IMPORTANCE[importance]);

function kindWord(kind: string): string {
  return t(
    kind in ERROR_KINDS ? ERROR_KINDS[kind as keyof typeof ERROR_KINDS] : 'issues_error_failed',
  );
}

/** What is wrong with a page for a failed check: "Meta description: missing". */
export function problemText(check: KeptCheck): string {
  if (check.limit && isNamed(check.key)) return checkLine(check);
  const words = [...new Set((check.errors ?? []).map(kindWord))];
  return t('issues_problem', checkTitle(check.key), words.join(', ') || t('issues_error_failed'));
}

/** "8 of 12": pages failing of those with details. */
export const pagesText = (row: IssueRow) =>
  t('issues_pagesOf', formatNumber(row.failing.length), formatNumber(row.withDetails));

/** "2 newly failing, 1 fixed"; empty when the history knows nothing of it. */
export function changeText(row: IssueRow): string {
  if (!row.change) return '';
  const { newlyFailing, fixed } = row.change;
  if (newlyFailing === 0 && fixed === 0) return t('issues_changeNone');
  return t('issues_change', formatNumber(newlyFailing), formatNumber(fixed));
}
