// The Issues table (Check, Importance, Pages, Change), each row with "Pages failing <check>",
// which shows that check's pages below the table: address, rating, the problem in words, and
// "Open report".
import { useId, useState } from 'preact/hooks';
import { formatNumber } from '../../lib/format-number';
import { t } from '../../lib/i18n';
import type { IssueRow } from '../../lib/issues/model';
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
  siteUrl: string | null;
  openTab: (url: string) => unknown;
}

export function IssuesTable({ rows, siteUrl, openTab }: IssuesTableProps) {
  const [open, setOpen] = useState<string | null>(null);
  const shown = rows.find((row) => row.key === open && row.failing.length > 0);
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
                    {row.failing.length > 0 && (
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
        <FailingPages key={shown.key} id={listId} row={shown} siteUrl={siteUrl} openTab={openTab} />
      )}
    </>
  );
}

function FailingPages({
  id,
  row,
  siteUrl,
  openTab,
}: {
  id: string;
  row: IssueRow;
  siteUrl: string | null;
  openTab: (url: string) => unknown;
}) {
  const label = t('issues_pagesFailing', checkTitle(row.key));
  // A hundred at a time: a check failing on 10,000 pages would take long to lay out at once.
  const [shown, setShown] = useState(PAGES_SHOWN);
  const left = row.failing.length - shown;
  return (
    <section id={id} class="failing-pages" aria-label={label}>
      <h2>{label}</h2>
      <ul>
        {row.failing.slice(0, shown).map((page) => {
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
      {left > 0 && (
        <p>
          <button type="button" onClick={() => setShown(shown + PAGES_SHOWN)}>
            {t('issues_showMore', formatNumber(Math.min(left, PAGES_SHOWN)), formatNumber(left))}
          </button>
        </p>
      )}
    </section>
  );
}
