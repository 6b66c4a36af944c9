// What is wrong with a failed check, in words: its limits where its errors give them ("Title
// length: 10–60 characters"), else the kinds of its errors ("missing"); any kind the catalogue
// does not know, or none at all, reads "failed".
import { type MessageKey, t } from '../../lib/i18n';
import type { CheckOutcome } from '../../lib/rating/checks';
import { checkLine } from '../../lib/rating/words';

const KINDS = [
  'missing',
  'length',
  'too_many',
  'too_few',
  'too_small',
  'too_large',
  'too_slow',
  'duplicate',
  'bad_format',
  'bad_tags',
  'failed',
] as const;
type Kind = (typeof KINDS)[number];

const isKnown = (kind: string): kind is Kind => (KINDS as readonly string[]).includes(kind);

export function kindWord(kind: string): string {
  return t(`compare_error_${isKnown(kind) ? kind : 'failed'}` satisfies MessageKey);
}

export function problemText(check: CheckOutcome): string {
  if (check.limit) return checkLine(check);
  const words = [...new Set(check.errors.map(kindWord))];
  return words.length > 0 ? words.join(', ') : kindWord('failed');
}
