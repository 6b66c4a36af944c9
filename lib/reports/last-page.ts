// The Reports list as the workspace last showed it, kept in storage.session: in memory, gone when
// the browser restarts or the extension reloads. The background writes it as it answers the
// workspace's lists (asked for with `keepingLists`), and drops it when the service or key change
// (lib/reports/kept-list.ts). The workspace opens on those rows while it asks the service
// again — shown, but out of the accessibility tree and inert, until the answer replaces them
// (ReportsTab). Only the list of the same parameters, from the same service address, is shown.
// What is kept is what the page already had: report summaries and the service address, never
// the key or a password.
import type { ReportSummaryPage } from '../api/model';
import type { Answer, RequestOf, RequestType } from '../messaging/protocol';
import type { Sender } from '../messaging/send';

export const LAST_PAGE_KEY = 'workspaceLastPage';
const VERSION = 1;

/** storage.session, or what stands in for it. */
export interface LastPageArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

export interface LastPage {
  /** The list's parameters, as JSON (the Reports tab's key). */
  key: string;
  /** The service it came from (the settings summary's serviceUrl); null when unknown. */
  service: string | null;
  data: ReportSummaryPage;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Written by this page, read back: enough of a check that a row can render from it. */
function isPage(value: unknown): value is ReportSummaryPage {
  return (
    isRecord(value) &&
    Array.isArray(value.items) &&
    typeof value.page === 'number' &&
    typeof value.perPage === 'number' &&
    typeof value.hasNext === 'boolean' &&
    value.items.every(
      (item) => isRecord(item) && typeof item.id === 'number' && typeof item.url === 'string',
    )
  );
}

/** The last shown page of the list `key`; undefined when another list was last, or none. */
export async function readLastPage(area: LastPageArea, key: string): Promise<LastPage | undefined> {
  try {
    const stored = (await area.get([LAST_PAGE_KEY]))[LAST_PAGE_KEY];
    if (
      !isRecord(stored) ||
      stored.version !== VERSION ||
      stored.key !== key ||
      (typeof stored.service !== 'string' && stored.service !== null) ||
      !isPage(stored.data)
    ) {
      return undefined;
    }
    return { key, service: stored.service, data: stored.data };
  } catch {
    // No storage.session here (or it failed): the list loads as it would without.
    return undefined;
  }
}

/** Keeps `page` as the last shown page of its list. Never rejects. */
export async function keepLastPage(area: LastPageArea, page: LastPage): Promise<void> {
  try {
    await area.set({ [LAST_PAGE_KEY]: { version: VERSION, ...page } });
  } catch {
    // Only a faster start is lost.
  }
}

/** Forgets the last shown page (another service or key). Never rejects. */
export async function forgetLastPage(area: LastPageArea | undefined): Promise<void> {
  try {
    await area?.remove([LAST_PAGE_KEY]);
  } catch {
    // Nothing kept, or no storage.session: nothing to forget.
  }
}

/**
 * `send`, with each list of reports it asks for to be kept by the background as the list last
 * shown, under its parameters as JSON (the name the workspace reads it by).
 */
export function keepingLists(send: Sender): Sender {
  return <T extends RequestType>(request: RequestOf<T>): Promise<Answer<T>> => {
    if (request.type !== 'listReports') return send(request);
    const list = request as RequestOf<'listReports'>;
    return send({ ...list, keepAs: JSON.stringify(list.params) }) as Promise<Answer<T>>;
  };
}
