// A rating as a word, a colour and a shape, so it never depends on colour alone.
import type { Rating } from '../lib/api/model';
import { t } from '../lib/i18n';

const SYMBOLS: Record<Rating, string> = { good: '✓', decent: '~', bad: '✕' };

export function ratingWord(rating: Rating | null): string {
  if (rating === 'good') return t('rating_good');
  if (rating === 'decent') return t('rating_decent');
  if (rating === 'bad') return t('rating_bad');
  return t('rating_pending');
}

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
