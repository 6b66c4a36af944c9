// One row of the Reports table, or what a job is doing on it; one clock for the whole table's
// relative times (no effect per row). Compact (a narrow panel), a row is two lines — the address,
// then the rating and when it was generated — and its actions are in a menu.
import { Component, Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { PRIVACY } from '../../lib/api/constants';
import type { ReportSummary } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { Sender } from '../../lib/messaging/send';
import { isWebUrl } from '../../lib/this-page/pages';
import { relativeTime } from '../../lib/time';
import { addressParts } from '../../lib/url-parts';
import { RatingBadge } from '../rating/RatingBadge';
import { MenuButton } from '../ui/MenuButton';
import { privacyWord } from '../ui/PrivacyPicker';
import { ReportDetailsRow } from './ReportDetailsRow';

/** What a row shows of a job's item on it. */
export type RowWork = 'deleting' | 'deleted' | 'updating';

/** The time now, for relative times: one clock for the whole table, every 30 seconds. */
export function useTableClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface RowProps {
  /** The narrow form: two lines, the actions in a menu. */
  compact: boolean;
  idPrefix: string;
  report: ReportSummary;
  selected: boolean;
  /** The check box is the table body's Tab stop. */
  tabStop: boolean;
  work: RowWork | undefined;
  canOpen: boolean;
  now: number;
  /** Its details (why it got its rating) are open below it. */
  expanded: boolean;
  send: Sender;
}

/** A class for its shouldComponentUpdate: a row renders again only when one of its props changed. */
export class Row extends Component<RowProps> {
  override shouldComponentUpdate(next: RowProps): boolean {
    const props = this.props;
    return (Object.keys(next) as (keyof RowProps)[]).some((key) => props[key] !== next[key]);
  }

  override render() {
    const { compact, idPrefix, report, selected, tabStop, work, canOpen, now, expanded, send } =
      this.props;
    const urlId = `${idPrefix}-${report.id}`;
    const detailsId = `${urlId}-details`;
    const deleted = work === 'deleted';
    const select = (
      <td class="select-cell">
        <input
          type="checkbox"
          data-key={report.id}
          aria-label={t('workspace_reports_selectRow', report.url)}
          checked={selected && !deleted}
          disabled={deleted}
          tabIndex={tabStop ? 0 : -1}
        />
      </td>
    );
    if (compact) {
      // The row's actions in a menu: each item names its action for the table's click handler.
      const shareable = canOpen && report.privacy !== PRIVACY.public;
      const menuItems: (readonly [string, string] | false)[] = [
        canOpen && ['open', t('popup_openReport')],
        canOpen && ['copy', t('share_copyLink')],
        shareable && ['share', t('share_open')],
        ['details', expanded ? t('workspace_reports_hideDetails') : t('workspace_reports_details')],
        ['delete', t('common_delete')],
      ];
      return (
        <Fragment>
          <tr
            class={deleted ? 'deleted' : undefined}
            aria-busy={work && !deleted ? true : undefined}
          >
            {select}
            <td class="summary">
              <Address url={report.url} />
              <span class="facts">
                <RatingBadge rating={report.rating} score={report.score} />
                <Time iso={report.generatedAt} now={now} fallback={t('common_notGenerated')} />
                <span class="fact">{privacyWord(report.privacy)}</span>
                {report.project && <span class="fact">{report.project}</span>}
              </span>
            </td>
            <td class="actions-cell" data-key={report.id}>
              {work ? (
                <span class="row-work">{workText(work)}</span>
              ) : (
                // Each item names its row itself: the menu is gone from the document by the
                // time the table's click handler runs.
                <MenuButton label={t('workspace_reports_actionsFor', report.url)} face="⋯">
                  {menuItems
                    .filter((item) => item !== false)
                    .map(([action, label]) => (
                      <button
                        key={action}
                        type="button"
                        role="menuitem"
                        tabIndex={-1}
                        class={action === 'delete' ? 'danger' : undefined}
                        data-key={report.id}
                        data-action={action}
                      >
                        {label}
                      </button>
                    ))}
                </MenuButton>
              )}
            </td>
          </tr>
          {expanded && !deleted && (
            <ReportDetailsRow id={detailsId} columns={3} report={report} send={send} />
          )}
        </Fragment>
      );
    }
    return (
      <Fragment>
        <tr class={deleted ? 'deleted' : undefined} aria-busy={work && !deleted ? true : undefined}>
          {select}
          <th scope="row" class="url" id={urlId}>
            {isWebUrl(report.url) ? (
              <a href={report.url} target="_blank" rel="noreferrer" title={report.url}>
                {report.url}
              </a>
            ) : (
              report.url
            )}
          </th>
          <td class="rating-cell" data-key={report.id}>
            <span class="rating-and-why">
              <RatingBadge rating={report.rating} score={report.score} />
              {!work && (
                <button
                  type="button"
                  data-action="details"
                  aria-expanded={expanded}
                  aria-controls={expanded ? detailsId : undefined}
                  aria-describedby={urlId}
                >
                  {t('workspace_reports_details')}
                </button>
              )}
            </span>
          </td>
          <td>
            <Time iso={report.generatedAt} now={now} fallback={t('common_notGenerated')} />
          </td>
          <td>{privacyWord(report.privacy)}</td>
          <td class="project" title={report.project ?? undefined}>
            {report.project ?? ''}
          </td>
          <td>
            <Time iso={report.createdAt} now={now} fallback="" />
          </td>
          <td class="actions-cell" data-key={report.id}>
            {work ? (
              <span class="row-work">{workText(work)}</span>
            ) : (
              <span class="actions">
                {canOpen && (
                  <button type="button" data-action="open" aria-describedby={urlId}>
                    {t('popup_openReport')}
                  </button>
                )}
                {canOpen && (
                  <button type="button" data-action="copy" aria-describedby={urlId}>
                    {t('share_copyLink')}
                  </button>
                )}
                {canOpen && report.privacy !== PRIVACY.public && (
                  <button type="button" data-action="share" aria-describedby={urlId}>
                    {t('share_open')}
                  </button>
                )}
                <button type="button" class="danger" data-action="delete" aria-describedby={urlId}>
                  {t('common_delete')}
                </button>
              </span>
            )}
          </td>
        </tr>
        {expanded && !deleted && (
          <ReportDetailsRow id={detailsId} columns={8} report={report} send={send} />
        )}
      </Fragment>
    );
  }
}

/** The host in bold, then the rest muted, on one line cut with an ellipsis; the whole in its name. */
function Address({ url }: { url: string }) {
  const { host, rest } = addressParts(url);
  const parts = (
    <>
      <b class="host">{host}</b>
      <span class="path">{rest}</span>
    </>
  );
  return isWebUrl(url) ? (
    <a
      class="address-line"
      href={url}
      target="_blank"
      rel="noreferrer"
      title={url}
      aria-label={url}
    >
      {parts}
    </a>
  ) : (
    <span class="address-line" title={url}>
      {parts}
    </span>
  );
}

function workText(work: RowWork): string {
  if (work === 'deleted') return t('workspace_reports_rowDeleted');
  return work === 'deleting' ? t('reports_deleting') : t('workspace_reports_rowUpdating');
}

/** "5 minutes ago" (the exact time on hover, see onMouseOver); `fallback` without a time. */
function Time({ iso, now, fallback }: { iso: string | null; now: number; fallback: string }) {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (!iso || Number.isNaN(time)) return <span class="time">{fallback}</span>;
  // A service clock slightly ahead of ours must not read "in 3 seconds".
  return (
    <time class="time" dateTime={iso}>
      {relativeTime(Math.min(time, now), now)}
    </time>
  );
}
