// The Issues tab's words: a check's name (its key when no catalogue names it), what is wrong with a
// page in words (its limits as "Why this rating" says them, else its error kinds), and the counts.
import { formatNumber } from '../format-number';
import { type MessageKey, t } from '../i18n';
import { checkLine, checkName, NAMED_CHECKS } from '../rating/words';
import type { IssueRow, KeptCheck } from './model';

/**
 * The words of the error kinds CONTRACT.md lists, the Issues tab's and the Comparison's alike;
 * any other kind reads as "failed".
 */
const ERROR_KINDS = {
  missing: 'check_error_missing',
  length: 'check_error_length',
  too_many: 'check_error_too_many',
  too_few: 'check_error_too_few',
  too_small: 'check_error_too_small',
  too_large: 'check_error_too_large',
  too_slow: 'check_error_too_slow',
  duplicate: 'check_error_duplicate',
  bad_format: 'check_error_bad_format',
  bad_tags: 'check_error_bad_tags',
  failed: 'check_error_failed',
} satisfies Record<string, MessageKey>;

const isKind = (kind: string): kind is keyof typeof ERROR_KINDS => Object.hasOwn(ERROR_KINDS, kind);

const isNamed = (key: string) => (NAMED_CHECKS as readonly string[]).includes(key);

/** The check's name; a key no catalogue names shows as it is. */
export const checkTitle = (key: string): string => (isNamed(key) ? checkName(key) : key);

const IMPORTANCE = {
  high: 'issues_importance_high',
  medium: 'issues_importance_medium',
  low: 'issues_importance_low',
} satisfies Record<KeptCheck['importance'], MessageKey>;

export const importanceText = (importance: KeptCheck['importance']) => t(IMPORTANCE[importance]);

/** An error kind in words ("missing"); an unknown one reads "failed". */
export const kindWord = (kind: string): string => t(ERROR_KINDS[isKind(kind) ? kind : 'failed']);

/** The error kinds in words, each once ("missing, too slow"); none reads "failed". */
export function kindsText(kinds: readonly string[]): string {
  return [...new Set(kinds.map(kindWord))].join(', ') || kindWord('failed');
}

/** What is wrong with a page for a failed check: "Meta description: missing". */
export function problemText(check: KeptCheck): string {
  if (check.limit && isNamed(check.key)) return checkLine(check);
  return t('issues_problem', checkTitle(check.key), kindsText(check.errors ?? []));
}

/** "8 of 12": pages failing of those with details. */
export const pagesText = (row: IssueRow) =>
  t('issues_pagesOf', formatNumber(row.pages), formatNumber(row.withDetails));

/** "2 newly failing, 1 fixed"; empty when the history knows nothing of it. */
export function changeText(row: IssueRow): string {
  if (!row.change) return '';
  const { newlyFailing, fixed } = row.change;
  if (newlyFailing === 0 && fixed === 0) return t('issues_changeNone');
  return t('issues_change', formatNumber(newlyFailing), formatNumber(fixed));
}
