// The address bar's `sr` keyword: suggestions from the reports kept for the service in use, then
// from one list request once typing pauses (lib/reach/omnibox-search.ts); Enter opens a report,
// or the workspace's Reports searching the text typed.
import { browser } from 'wxt/browser';
import { t } from '../i18n';
import { paceKey } from '../jobs/service';
import { readRatingCache } from '../rating/cache';
import { ratingWord } from '../rating/rating-word';
import { createOmniboxSearch, type OmniboxSearch } from '../reach/omnibox-search';
import { type KeptReport, suggestionOf, workspaceSearchPath } from '../reach/omnibox-suggestions';
import { effectiveSiteUrl, isConnected } from '../settings';
import { reportPageUrl } from '../this-page/pages';
import type { HandlerDeps } from './deps';

/** How many reports the one list request asks for. */
export const SEARCH_PER_PAGE = 10;

export type Disposition = 'currentTab' | 'newForegroundTab' | 'newBackgroundTab';

export interface OmniboxEnvironment {
  tabs: {
    update(properties: { url: string }): Promise<unknown>;
    create(properties: { url: string; active: boolean }): Promise<unknown>;
  };
  getURL(path: string): string;
  /** Chromium reads descriptions as XML; Firefox as plain text. */
  markup: boolean;
  setTimer(run: () => void, ms: number): () => void;
}

export function browserOmniboxEnvironment(): OmniboxEnvironment {
  return {
    tabs: browser.tabs,
    getURL: (path) => browser.runtime.getURL(path as '/'),
    markup: !browser.runtime.getURL('/').startsWith('moz-extension:'),
    setTimer(run, ms) {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
  };
}

type Deps = Pick<HandlerDeps, 'loadSettings' | 'clients' | 'remember' | 'queue'>;

/** The reports kept for the service in use, by address. */
async function keptReports(deps: Deps): Promise<KeptReport[]> {
  const { account } = await deps.loadSettings();
  if (!account) return [];
  const entries = (await readRatingCache())[account.id] ?? {};
  return Object.entries(entries).map(([url, entry]) => ({
    url,
    reportId: entry.reportId,
    rating: entry.rating,
    seenAt: entry.seenAt,
  }));
}

/**
 * The one list request for `text`, when the queue's pacer lets a read go now, through the client
 * whose answers tell that pacer (as the pages' lists); its reports are remembered like any
 * list's. Null when not connected or the service's limit is spent (nothing was sent).
 */
async function listReports(text: string, deps: Deps, now = Date.now()) {
  const client = await deps.clients.get();
  const key = client && paceKey({ account: client.accountId, url: client.baseUrl });
  if (!client || !key || !(await deps.queue().mayRead(key))) return null;
  const page = await client.reports.list({ search: text.trim(), perPage: SEARCH_PER_PAGE });
  await deps.remember(page.items, client.accountId).catch(() => undefined);
  return page.items.map((report) => ({
    url: report.url,
    reportId: report.id,
    rating: report.rating,
    seenAt: now,
  }));
}

/** Opens `url` where the address bar says. */
function openAt(url: string, disposition: Disposition, env: OmniboxEnvironment) {
  if (disposition === 'currentTab') return env.tabs.update({ url });
  return env.tabs.create({ url, active: disposition === 'newForegroundTab' });
}

export function createOmniboxHandlers(deps: Deps, env: OmniboxEnvironment) {
  const search: OmniboxSearch = createOmniboxSearch({
    kept: () => keptReports(deps),
    list: (text) => listReports(text, deps),
    describe: (report) => suggestionOf(report, ratingWord(report.rating), env.markup),
    setTimer: env.setTimer,
  });

  return {
    onInputChanged: (
      text: string,
      suggest: (suggestions: { content: string; description: string }[]) => void,
    ) => search.input(text, suggest),

    onInputCancelled: () => search.cancel(),

    /** A suggestion (its address, kept) opens its report; other text, the workspace's search. */
    async onInputEntered(text: string, disposition: Disposition): Promise<void> {
      search.cancel();
      const { settings } = await deps.loadSettings();
      const address = text.trim();
      const kept = (await keptReports(deps)).find((report) => report.url === address);
      const reportPage =
        kept && isConnected(settings)
          ? reportPageUrl(effectiveSiteUrl(settings), kept.reportId)
          : undefined;
      await openAt(reportPage ?? env.getURL(workspaceSearchPath(text)), disposition, env);
    },
  };
}

export type OmniboxHandlers = ReturnType<typeof createOmniboxHandlers>;

/** The line above the suggestions, naming what Enter on the typed text does. */
export function setDefaultSuggestion(): void {
  // Not in every test environment; absent, the address bar shows its own line.
  browser.omnibox?.setDefaultSuggestion({ description: t('omnibox_default') });
}
