// "Why this rating": the failed checks, most important first, and how many of all passed. The
// same region in the popup's This page and in a report's details in the workspace, with the
// reading of those details (never kept anywhere but here).
import { useEffect, useId, useState } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import { pageMarkdown } from '../../lib/issues/page-markdown';
import type { ReportDetails } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';
import type { RatingExplanation } from '../../lib/rating/checks';
import { checkLine, importanceWord } from '../../lib/rating/words';
import './why-rating.css';

export type DetailsState =
  | { status: 'loading' }
  | { status: 'done'; details: ReportDetails }
  | { status: 'failed'; error: ErrorData };

/** `generatedAt` changes with each analysis: the details are read again then. */
export function useReportDetails(
  send: Sender,
  id: number,
  generatedAt: string | null,
): DetailsState {
  // Kept with the report it is about: a new analysis keeps the last details on screen until the
  // new ones come; another report's are never shown.
  const [read, setRead] = useState<{ id: number; state: DetailsState } | null>(null);

  useEffect(() => {
    let live = true;
    void send({ type: 'getReportDetails', id }).then((answer) => {
      if (!live) return;
      setRead({
        id,
        state: answer.ok
          ? { status: 'done', details: answer.data }
          : { status: 'failed', error: answer.error },
      });
    });
    return () => {
      live = false;
    };
  }, [send, id, generatedAt]);

  return read?.id === id ? read.state : { status: 'loading' };
}

/** As components/reports/clipboard.ts does; imported, it would be a chunk the popup must list. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function WhyRating({ explanation }: { explanation: RatingExplanation }) {
  const titleId = useId();
  const { passed, total, failed } = explanation;
  const [copied, setCopied] = useState('');
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
      {failed.length > 0 && (
        <p class="why-copy">
          <button
            type="button"
            onClick={async () =>
              setCopied(
                (await copyText(pageMarkdown(failed)))
                  ? t('issues_copied')
                  : t('issues_copyFailed'),
              )
            }
          >
            {t('issues_copyMarkdown')}
          </button>{' '}
          <span role="status">{copied}</span>
        </p>
      )}
    </section>
  );
}
