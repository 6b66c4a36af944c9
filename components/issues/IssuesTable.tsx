// The Issues table (Check, Importance, Pages, Change), each row with "Pages failing <check>",
// which shows that check's pages below the table: address, rating, the problem in words, and
// "Open report". The pages are read when asked for, a hundred at a time.
import { useEffect, useId, useState } from 'preact/hooks';
import { formatNumber } from '../../lib/format-number';
import { t } from '../../lib/i18n';
import type { FailingPage, IssueRow } from '../../lib/issues/model';
import { type IssuesSource, pagesFailing } from '../../lib/issues/scope';
import {
  changeText,
  checkTitle,
  importanceText,
  pagesText,
  problemText,
} from '../../lib/issues/words';
import { ratingWord } from '../../lib/rating/rating-word';
import { reportPageUrl } from '../../lib/this-page/pages';

/** Failing pages listed at first, and added by each Show more. */
export const PAGES_SHOWN = 100;

export interface IssuesTableProps {
  rows: readonly IssueRow[];
  /** Where a row's pages are read from. */
  source: IssuesSource;
  siteUrl: string | null;
  openTab: (url: string) => unknown;
}

export function IssuesTable({ rows, source, siteUrl, openTab }: IssuesTableProps) {
  const [open, setOpen] = useState<string | null>(null);
  const shown = rows.find((row) => row.key === open && row.pages > 0);
  const listId = useId();
  return (
    <>
      <div class="table-scroll">
        <table class="issues-table" aria-label={t('issues_tableLabel')}>
          <thead>
            <tr>
              <th scope="col">{t('issues_colCheck')}</th>
              <th scope="col">{t('issues_colImportance')}</th>
              <th scope="col">{t('issues_colPages')}</th>
              <th scope="col">{t('issues_colChange')}</th>
              <th scope="col">
                <span class="visually-hidden">{t('issues_colActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const title = checkTitle(row.key);
              return (
                <tr key={row.key} class={`importance-${row.importance}`}>
                  <th scope="row">{title}</th>
                  <td>{importanceText(row.importance)}</td>
                  <td class="count">{pagesText(row)}</td>
                  <td>{changeText(row)}</td>
                  <td>
                    {row.pages > 0 && (
                      <button
                        type="button"
                        aria-expanded={open === row.key}
                        aria-controls={open === row.key ? listId : undefined}
                        onClick={() => setOpen(open === row.key ? null : row.key)}
                      >
                        {t('issues_pagesFailing', title)}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {shown && (
        <FailingPages
          key={shown.key}
          id={listId}
          row={shown}
          source={source}
          siteUrl={siteUrl}
          openTab={openTab}
        />
      )}
    </>
  );
}

type Pages = { phase: 'loading' | 'ready'; pages: FailingPage[] } | { phase: 'failed' };

function FailingPages({
  id,
  row,
  source,
  siteUrl,
  openTab,
}: {
  id: string;
  row: IssueRow;
  source: IssuesSource;
  siteUrl: string | null;
  openTab: (url: string) => unknown;
}) {
  const label = t('issues_pagesFailing', checkTitle(row.key));
  // A hundred at a time: a check failing on 10,000 pages would take long to read and lay out.
  const [shown, setShown] = useState(PAGES_SHOWN);
  const [state, setState] = useState<Pages>({ phase: 'loading', pages: [] });
  useEffect(() => {
    let current = true;
    setState((before) => ({ phase: 'loading', pages: 'pages' in before ? before.pages : [] }));
    pagesFailing(source, row.key, shown).then(
      (pages) => current && setState({ phase: 'ready', pages }),
      () => current && setState({ phase: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [source, row.key, shown]);
  const pages = 'pages' in state ? state.pages : [];
  const left = row.pages - Math.max(shown, pages.length);
  return (
    <section id={id} class="failing-pages" aria-label={label} aria-busy={state.phase === 'loading'}>
      <h2>{label}</h2>
      {state.phase === 'loading' && pages.length === 0 && (
        <p class="muted">{t('issues_pagesLoading')}</p>
      )}
      {state.phase === 'failed' && (
        <p class="alert" role="alert">
          {t('issues_pagesFailed')}
        </p>
      )}
      <ul>
        {pages.map((page) => {
          const link = reportPageUrl(siteUrl, page.reportId);
          return (
            <li key={page.reportId}>
              <span class="address" id={`${id}-${page.reportId}`}>
                {page.url}
              </span>
              <span class={`rating rating-${page.rating ?? 'pending'}`}>
                {ratingWord(page.rating)}
              </span>
              <span class="problem">{problemText(page.check)}</span>
              {link && (
                <button
                  type="button"
                  onClick={() => openTab(link)}
                  aria-describedby={`${id}-${page.reportId}`}
                >
                  {t('issues_openReport')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {left > 0 && state.phase === 'ready' && (
        <p>
          <button type="button" onClick={() => setShown(shown + PAGES_SHOWN)}>
            {t('issues_showMore', formatNumber(Math.min(left, PAGES_SHOWN)), formatNumber(left))}
          </button>
        </p>
      )}
    </section>
  );
}
