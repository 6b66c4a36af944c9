// "Why this rating": the failed checks, most important first, and how many of all passed. The
// same region in the popup's This page and in a report's details in the workspace.
import { useId } from 'preact/hooks';
import { t } from '../../lib/i18n';
import type { RatingExplanation } from '../../lib/rating/checks';
import { checkLine, importanceWord } from '../../lib/rating/words';
import './why-rating.css';

export function WhyRating({ explanation }: { explanation: RatingExplanation }) {
  const titleId = useId();
  const { passed, total, failed } = explanation;
  return (
    <section class="why-rating" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('check_title')}</h2>
      <p>{t('check_passedCount', passed, total)}</p>
      {failed.length > 0 && (
        <ul class="failed-checks" aria-label={t('check_failedLabel')}>
          {failed.map((check) => (
            <li key={check.key} class={`importance-${check.importance}`}>
              <span class="check-line">{checkLine(check)}</span>{' '}
              <span class="check-importance">{importanceWord(check.importance)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
