// The Reports tab's page of reports (useList), loaded when the tab is shown and again when the
// filters or `revision` change. Its first load takes the first page the workspace asked for as it
// started (lib/workspace/first-page.ts), or starts it as the tab first renders; and shows that
// answer the moment it is in, without waiting for the list's effect (a frame later).
import { useLayoutEffect, useState } from 'preact/hooks';
import type { ListReportsParams, ReportSummaryPage } from '../../../lib/api/model';
import type { Sender } from '../../../lib/send';
import { type FirstPage, startFirstPage } from '../../../lib/workspace/first-page';
import { useList } from '../../popup/useList';

export function useReportList(
  send: Sender,
  params: ListReportsParams,
  { active, revision, firstPage }: { active: boolean; revision: number; firstPage?: FirstPage },
) {
  const view = JSON.stringify(params);
  // Without a first page started by the workspace, this tab starts it as it first renders: a
  // frame sooner than the list's effect would.
  const [early] = useState(() => firstPage ?? (active ? startFirstPage(send) : undefined));
  const [first, setFirst] = useState<ReportSummaryPage | null>(null);
  useLayoutEffect(() => {
    let live = true;
    early?.answer.then((answer) => {
      if (live && answer.ok) setFirst(answer.data);
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
  // Until the list has loaded anything, the first page shows as soon as it is in.
  const shown =
    list.data === null && list.error === null && first && early?.key === view && revision === 0
      ? first
      : null;
  return shown ? { ...list, data: shown, loading: false } : list;
}
