// The Reports tab's first page, asked for as the workspace starts (its main.tsx, before the first
// render), at the same time as its status and the tab's code rather than after both: that request
// is most of the time to the first rows. The workspace hands the answer to the tab's first request
// for the same list (`answeringFirstPage`); the tab, rendered without it (its tests), starts the
// same request itself as it first renders and takes it instead of asking again (ReportsTab's
// `firstPage`). The background asks for the same list even sooner when the workspace loads in a
// tab (`workspaceFirstPage`, lib/background/handlers.ts's prefetchWorkspace). Until the answer is
// in, the tab can show the list as it last showed it (`takeKept`, last-page.ts).
import type { ListReportsParams } from '../api/model';
import type { Answer, RequestOf, RequestType } from '../messaging/protocol';
import type { Sender } from '../messaging/send';
import { filtersFromHash } from './filters';
import { type HashState, parseHash, readHash, tabFromHash } from './hash';
import { type LastPage, readLastPage } from './last-page';
import { reportListParams } from './list-params';

export interface FirstPage {
  /** The list's parameters, as JSON: which list the answer is for. */
  key: string;
  /** The answer, to show as soon as it is in (what `take` hands out, for the list to load). */
  answer: Promise<Answer<'listReports'>>;
  /** Hands out the answer once; undefined after that. */
  take(): Promise<Answer<'listReports'>> | undefined;
  /**
   * The same list as the workspace last showed it (last-page.ts), read at the same time; handed
   * out once, for the tab's first opening (a later one would show what was read at the start).
   */
  takeKept(): Promise<LastPage | undefined> | undefined;
}

/** The first page's list when the hash shows the Reports tab; undefined otherwise. */
export function firstPageParams(hash: HashState): ListReportsParams | undefined {
  return tabFromHash(hash) === 'reports' ? reportListParams(filtersFromHash(hash)) : undefined;
}

/**
 * The first page's list of a workspace at `url` (the address of a tab), when it is the workspace
 * (`workspaceUrl`, sidepanel.html) and shows the Reports tab; undefined otherwise.
 */
export function workspaceFirstPage(
  url: string | undefined,
  workspaceUrl: string,
): ListReportsParams | undefined {
  if (!url) return undefined;
  const at = url.indexOf('#');
  const page = at < 0 ? url : url.slice(0, at);
  if (page !== workspaceUrl && !page.startsWith(`${workspaceUrl}?`)) return undefined;
  return firstPageParams(parseHash(at < 0 ? '' : url.slice(at)));
}

/**
 * Starts loading the first page when the address shows the Reports tab, and reading the same
 * list as last shown when `readKept`; undefined on another tab.
 */
export function startFirstPage(
  send: Sender,
  hash: HashState = readHash(),
  readKept = false,
): FirstPage | undefined {
  const params = firstPageParams(hash);
  if (!params) return undefined;
  const key = JSON.stringify(params);
  const answer = send({ type: 'listReports', params });
  let kept = readKept ? readLastPage(key) : undefined;
  let taken = false;
  return {
    key,
    answer,
    takeKept() {
      const read = kept;
      kept = undefined;
      return read;
    },
    take() {
      if (taken) return undefined;
      taken = true;
      return answer;
    },
  };
}

/**
 * `send`, except that the first request for the list `first` started (the same parameters) is
 * answered with that answer, once, instead of being sent again. An answer saying the extension is
 * not connected is not reused (the workspace may have waited for the user to connect it): that
 * request is sent anew.
 */
export function answeringFirstPage(send: Sender, first: FirstPage | undefined): Sender {
  if (!first) return send;
  return async <T extends RequestType>(request: RequestOf<T>): Promise<Answer<T>> => {
    const early =
      request.type === 'listReports' &&
      JSON.stringify((request as RequestOf<'listReports'>).params) === first.key
        ? first.take()
        : undefined;
    if (early) {
      const answer: Answer<RequestType> = await early;
      if (answer.ok || answer.error.kind !== 'not_connected') return answer as Answer<T>;
    }
    return send(request);
  };
}
