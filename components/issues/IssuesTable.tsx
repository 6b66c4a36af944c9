// The Issues table (Check, Importance, Pages, Change), each row with "Pages failing <check>",
// which shows that check's pages below the table: address, rating, the problem in words, and
// "Open report". The pages are read when asked for, a hundred at a time, and shown once read: one
// rendering of the list, not a "loading" one before it.
import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
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

/** The check whose pages are listed: the first `shown` of them, null when they could not be read. */
interface Open {
  key: string;
  shown: number;
  pages: FailingPage[] | null;
}

/** The open check's pages, read as it is opened and as more are asked for; the last ask wins. */
function useOpenPages(source: IssuesSource) {
  const [open, setOpen] = useState<Open | null>(null);
  const asked = useRef(0);
  const show = async (key: string, shown: number) => {
    const ask = ++asked.current;
    const pages = await pagesFailing(source, key, shown).catch(() => null);
    if (ask === asked.current) setOpen({ key, shown, pages });
  };
  const close = () => {
    asked.current++;
    setOpen(null);
  };
  // New data (a job ended, reports changed): the open list is read again from it.
  const reopen = useRef(open);
  reopen.current = open;
  useEffect(() => {
    const current = reopen.current;
    if (current) void show(current.key, current.shown);
  }, [source]);
  return { open, show, close };
}

export function IssuesTable({ rows, source, siteUrl, openTab }: IssuesTableProps) {
  const { open, show, close } = useOpenPages(source);
  const shown = open && rows.find((row) => row.key === open.key && row.pages > 0);
  const listId = useId();
  // Worded once per table, not again as a check's pages open and close.
  const worded = useMemo(
    () =>
      rows.map((row) => ({
        row,
        title: checkTitle(row.key),
        importance: importanceText(row.importance),
        pages: pagesText(row),
        change: changeText(row),
      })),
    [rows],
  );
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
            {worded.map(({ row, title, importance, pages, change }) => {
              return (
                <tr key={row.key} class={`importance-${row.importance}`}>
                  <th scope="row">{title}</th>
                  <td>{importance}</td>
                  <td class="count">{pages}</td>
                  <td>{change}</td>
                  <td>
                    {row.pages > 0 && (
                      <button
                        type="button"
                        aria-expanded={open?.key === row.key}
                        aria-controls={open?.key === row.key ? listId : undefined}
                        onClick={() =>
                          open?.key === row.key ? close() : void show(row.key, PAGES_SHOWN)
                        }
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
          id={listId}
          row={shown}
          open={open}
          more={() => void show(open.key, open.shown + PAGES_SHOWN)}
          siteUrl={siteUrl}
          openTab={openTab}
        />
      )}
    </>
  );
}

function FailingPages({
  id,
  row,
  open,
  more,
  siteUrl,
  openTab,
}: {
  id: string;
  row: IssueRow;
  open: Open;
  more: () => void;
  siteUrl: string | null;
  openTab: (url: string) => unknown;
}) {
  const label = t('issues_pagesFailing', checkTitle(row.key));
  // A hundred at a time: a check failing on 10,000 pages would take long to read and lay out.
  const pages = open.pages ?? [];
  const left = row.pages - Math.max(open.shown, pages.length);
  return (
    <section id={id} class="failing-pages" aria-label={label}>
      <h2>{label}</h2>
      {open.pages === null && (
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
      {left > 0 && open.pages !== null && (
        <p>
          <button type="button" onClick={more}>
            {t('issues_showMore', formatNumber(Math.min(left, PAGES_SHOWN)), formatNumber(left))}
          </button>
        </p>
      )}
    </section>
  );
}
