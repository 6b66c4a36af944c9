// The Reports tab's page of reports (useList), loaded when the tab is shown and again when the
// filters or `revision` change. Its first load takes the first page the workspace asked for as it
// started (lib/reports/first-page.ts), or starts it as the tab first renders; and shows that
// answer the moment it is in, without waiting for the list's effect (a frame later). Before that
// answer, it shows the same list as the workspace last showed it (lib/reports/last-page.ts),
// if that is in first and came from the same service; every page the service answers is kept
// for next time (by the background), under its own list.
import { useLayoutEffect, useState } from 'preact/hooks';
import type { ListReportsParams, ReportSummaryPage } from '../../lib/api/model';
import type { Sender } from '../../lib/messaging/send';
import { type FirstPage, startFirstPage } from '../../lib/reports/first-page';
import { keepingLists, type LastPage } from '../../lib/reports/last-page';
import { useList } from '../ui/useList';

export interface ReportListOptions {
  active: boolean;
  revision: number;
  firstPage?: FirstPage;
  /**
   * Hands out, once, the list as last shown, read as the workspace started (its first page's
   * `takeKept`); the tab's own first page's otherwise.
   */
  lastShown?: () => Promise<LastPage | undefined> | undefined;
  /** Whether each answered page is kept for next time; none is without it. */
  keep?: boolean;
  /** The service in use (the status's serviceUrl): a list kept from another is not shown. */
  service?: string | null;
}

export function useReportList(
  send: Sender,
  params: ListReportsParams,
  { active, revision, firstPage, lastShown, keep = false, service = null }: ReportListOptions,
) {
  const view = JSON.stringify(params);
  const ask = keep ? keepingLists(send) : send;
  // Without a first page started by the workspace, this tab starts it as it first renders: a
  // frame sooner than the list's effect would.
  const [early] = useState(() => firstPage ?? (active ? startFirstPage(ask) : undefined));
  const [keptRead] = useState(() => (lastShown ?? early?.takeKept)?.());
  const [first, setFirst] = useState<ReportSummaryPage | null>(null);
  const [kept, setKept] = useState<LastPage | null>(null);
  useLayoutEffect(() => {
    let live = true;
    early?.answer.then((answer) => {
      if (live && answer.ok) setFirst(answer.data);
    });
    keptRead?.then((page) => {
      if (live && page) setKept(page);
    });
    return () => {
      live = false;
    };
  }, [early, keptRead]);

  const list = useList(
    () =>
      (early?.key === view && revision === 0 && early.take()) ||
      ask({ type: 'listReports', params }),
    `${view}#${revision}`,
    active,
  );

  // Until the list has loaded anything: the first page as soon as it is in, and before it, the
  // list as last shown.
  const opening =
    list.data === null && list.error === null && early?.key === view && revision === 0;
  if (opening && first) return { ...list, data: first, loading: false, kept: false };
  if (opening && kept?.key === view && kept.service === service) {
    return { ...list, data: kept.data, loading: true, kept: true };
  }
  return { ...list, kept: false };
}
