// What is wrong with a failed check, in words: its limits where its errors give them ("Title
// length: 10–60 characters"), else the kinds of its errors ("missing"); any kind the catalogue
// does not know, or none at all, reads "failed".
import { kindsText } from '../../lib/issues/words';
import type { CheckOutcome } from '../../lib/rating/checks';
import { checkLine } from '../../lib/rating/words';

/** Its limits where known, else its error kinds in the Issues tab's words. */
export function problemText(check: CheckOutcome): string {
  if (check.limit) return checkLine(check);
  return kindsText(check.errors);
}
