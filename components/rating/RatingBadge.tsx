// A rating as a word, a colour and a shape, so it never depends on colour alone.
import type { Rating } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import { ratingWord } from '../../lib/rating/rating-word';

const SYMBOLS: Record<Rating, string> = { good: '✓', decent: '~', bad: '✕' };

export interface RatingBadgeProps {
  rating: Rating | null;
  /** The 0–100 score, shown after the word when known. */
  score?: number;
}

export function RatingBadge({ rating, score }: RatingBadgeProps) {
  return (
    <span class={`rating rating-${rating ?? 'pending'}`}>
      <span class="rating-symbol" aria-hidden="true">
        {rating ? SYMBOLS[rating] : '…'}
      </span>
      <span class="rating-word">{ratingWord(rating)}</span>
      {score !== undefined && <span class="rating-score">{t('rating_score', score)}</span>}
    </span>
  );
}
