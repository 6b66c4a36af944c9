// The Reports tab's page of reports. Until the service's first answer is in, it shows the list as
// the workspace last showed it, when that is the same list from the same service.
import { useEffect, useState } from 'preact/hooks';
import type { ListReportsParams } from '../../lib/api/model';
import type { Answer } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';
import { keepingLists } from '../../lib/messaging/send';
import type { LastPage } from '../../lib/reports/last-page';
import { useList } from '../ui/useList';

export interface ReportListOptions {
  active: boolean;
  revision: number;
  /** Reads the list as last shown by its parameters as JSON; undefined once handed out. */
  lastShown?: (key: string) => Promise<LastPage | undefined> | undefined;
  /** The first page's answer, asked for as the workspace opened; undefined once handed out. */
  firstAnswer?: (key: string) => Promise<Answer<'listReports'>> | undefined;
  /** Whether each answered page is kept (by the background) for next time. */
  keep?: boolean;
  /** The service in use: a list kept from another is not shown. */
  service?: string | null;
}

export function useReportList(
  send: Sender,
  params: ListReportsParams,
  { active, revision, lastShown, firstAnswer, keep = false, service = null }: ReportListOptions,
) {
  const view = JSON.stringify(params);
  const ask = keep ? keepingLists(send) : send;
  const [keptRead] = useState(() => lastShown?.(view));
  const [kept, setKept] = useState<LastPage | null>(null);
  useEffect(() => {
    let live = true;
    keptRead?.then((page) => {
      if (live && page) setKept(page);
    });
    return () => {
      live = false;
    };
  }, [keptRead]);

  const [early] = useState(() => ({ answer: firstAnswer?.(view) }));
  const list = useList(
    () => {
      const { answer } = early;
      early.answer = undefined;
      return answer ?? ask({ type: 'listReports', params });
    },
    `${view}#${revision}`,
    active,
  );

  const opening = list.data === null && list.error === null && revision === 0;
  if (opening && kept?.key === view && kept.service === service) {
    return { ...list, data: kept.data, loading: true, kept: true };
  }
  return { ...list, kept: false };
}
