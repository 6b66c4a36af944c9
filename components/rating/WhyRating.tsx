// "Why this rating": the failed checks, most important first, and how many of all passed. The
// same region in the popup's This page and in a report's details in the workspace.
import { useId } from 'preact/hooks';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { checkLine, importanceWord } from '../../lib/rating/check-words';
import type { RatingExplanation } from '../../lib/rating/checks';
import { useReportDetails } from './useReportDetails';
import './why-rating.css';

export interface PageExplanationProps {
  send: Sender;
  id: number;
  generatedAt: string | null;
}

/**
 * This page's "Why this rating", which the popup loads after its first paint. It says nothing
 * while it reads or when reading fails: the rating above it stays what it was.
 */
export function PageExplanation({ send, id, generatedAt }: PageExplanationProps) {
  const state = useReportDetails(send, id, generatedAt);
  if (state.status !== 'done' || !state.details.explanation) return null;
  return <WhyRating explanation={state.details.explanation} />;
}

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
