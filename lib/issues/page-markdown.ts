// One page's failed checks as a Markdown checklist ("Why this rating"'s Copy as Markdown): a module
// of its own, so the popup loads only these few words with it.
import type { Check } from '../rating/checks';
import { checkLine } from '../rating/words';
import { importanceText } from './words';

/** `- [ ] Title length: 10–60 characters (high)`, one line per failed check, in the given order. */
export function pageMarkdown(failed: readonly Check[]): string {
  return failed
    .map((check) => `- [ ] ${checkLine(check)} (${importanceText(check.importance)})\n`)
    .join('');
}
