// The Reports tab's page of reports (useList), loaded when the tab is shown and again when the
// filters or `revision` change. Its first load takes the first page the workspace asked for as it
// started (lib/workspace/first-page.ts), or starts it as the tab first renders; and shows that
// answer the moment it is in, without waiting for the list's effect (a frame later). Before that
// answer, it shows the same list as the workspace last showed it (`kept`, lib/workspace/
// last-page.ts), if that is in first; every page the service answers is kept for next time.
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import type { ListReportsParams, ReportSummaryPage } from '../../../lib/api/model';
import type { Sender } from '../../../lib/send';
import { type FirstPage, startFirstPage } from '../../../lib/workspace/first-page';
import { keepLastPage, type LastPage, type LastPageArea } from '../../../lib/workspace/last-page';
import { useList } from '../../popup/useList';

export function useReportList(
  send: Sender,
  params: ListReportsParams,
  {
    active,
    revision,
    firstPage,
    lastShown,
    keepIn,
  }: {
    active: boolean;
    revision: number;
    firstPage?: FirstPage;
    /** The list as last shown, read as the workspace started (its first page's `kept`). */
    lastShown?: Promise<LastPage | undefined>;
    keepIn?: LastPageArea;
  },
) {
  const view = JSON.stringify(params);
  // Without a first page started by the workspace, this tab starts it as it first renders: a
  // frame sooner than the list's effect would.
  const [early] = useState(() => firstPage ?? (active ? startFirstPage(send) : undefined));
  const [first, setFirst] = useState<ReportSummaryPage | null>(null);
  const [kept, setKept] = useState<LastPage | null>(null);
  useLayoutEffect(() => {
    let live = true;
    early?.answer.then((answer) => {
      if (live && answer.ok) setFirst(answer.data);
    });
    (lastShown ?? early?.kept)?.then((page) => {
      if (live && page) setKept(page);
    });
    return () => {
      live = false;
    };
  }, [early]);

  const list = useList(
    () =>
      (early?.key === view && revision === 0 && early.take()) ||
      send({ type: 'listReports', params }),
    `${view}#${revision}`,
    active,
  );

  // A page the service answered (not one changed while the next loads) is kept for next time.
  useEffect(() => {
    if (keepIn && list.data && !list.loading) void keepLastPage(keepIn, view, list.data);
  }, [list.data, list.loading]);

  // Until the list has loaded anything: the first page as soon as it is in, and before it, the
  // list as last shown.
  const opening =
    list.data === null && list.error === null && early?.key === view && revision === 0;
  if (opening && first) return { ...list, data: first, loading: false, kept: false };
  if (opening && kept?.key === view) return { ...list, data: kept.data, loading: true, kept: true };
  return { ...list, kept: false };
}
