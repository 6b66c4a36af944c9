// One page's failed checks as a Markdown checklist ("Why this rating"'s Copy as Markdown). Apart
// from the Issues tab's words on purpose: shared with that tab, it would become a chunk of its
// own that the popup lists.
import { type MessageKey, t } from '../i18n';
import type { Check, Importance } from '../rating/checks';
import { checkLine } from '../rating/words';

const IMPORTANCE = {
  high: 'issues_importance_high',
  medium: 'issues_importance_medium',
  low: 'issues_importance_low',
} satisfies Record<Importance, MessageKey>;

/** `- [ ] Title length: 10–60 characters (high)`, one line per failed check, in the given order. */
export function pageMarkdown(failed: readonly Check[]): string {
  return failed
    .map((check) => `- [ ] ${checkLine(check)} (${t(IMPORTANCE[check.importance])})\n`)
    .join('');
}
