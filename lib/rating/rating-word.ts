// A rating as a word ("Good", "Decent", "Bad"), the same in the popup, the badge's tooltip and
// notifications. Plain TypeScript, so the background can use it without Preact.
import type { Rating } from '../api/model';
import { t } from '../i18n';

const WORDS = {
  good: () => t('rating_good'),
  decent: () => t('rating_decent'),
  bad: () => t('rating_bad'),
} satisfies Record<Rating, () => string>;

/** The rating as a word; a report not rated yet (null) says so. */
export function ratingWord(rating: Rating | null): string {
  return rating ? WORDS[rating]() : t('rating_pending');
}
