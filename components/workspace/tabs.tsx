// The workspace's tabs: one registry entry each (id, label, view), the shown one kept in the
// address's hash so that a reload or a copied link comes back to it. Reports, the tab it opens on
// unless told otherwise, is in the page's first load; the others are loaded when first shown.
import type { ComponentType } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Privacy } from '../../lib/api/model';
import type { MessageKey } from '../../lib/i18n';
import type { Answer } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';
import { keepingLists } from '../../lib/messaging/send';
import type { WindowTabEvents } from '../../lib/open-tabs/open-tabs';
import { filtersFromHash } from '../../lib/reports/filters';
import type { LastPage } from '../../lib/reports/last-page';
import { reportListParams } from '../../lib/reports/list-params';
import {
  type HashState,
  readHash,
  TAB_KEY,
  watchHash,
  writeHash,
} from '../../lib/reports/workspace-address';
import { ReportsTab } from '../reports/ReportsTab';
import { LazyView } from '../ui/LazyView';
import type { FirstList, ReadLastShown } from './opening-lists';

/** What the shell hands every view; each takes the part it needs. */
export interface WorkspaceViewProps {
  send: Sender;
  openTab: (url: string) => unknown;
  openOptions: () => unknown;
  siteUrl: string | null;
  account: string | null;
  defaultPrivacy: Privacy;
  tabs: WindowTabEvents;
  /** Whether the view is the one shown; hidden views load nothing. */
  active: boolean;
  /** Bumped when reports or projects changed in another view: lists load again. */
  revision: number;
  onChanged: () => void;
  searchDelay: number;
  /** The Reports list as last shown, handed out once per opening of the workspace. */
  lastShown?: (key: string) => Promise<LastPage | undefined> | undefined;
  /** The Reports list's first answer, asked for as the workspace opened (once). */
  firstAnswer?: (key: string) => Promise<Answer<'listReports'>> | undefined;
}

/** A tab whose view is in the page's first load: the one it opens on unless told otherwise. */
interface FirstTab {
  id: string;
  labelKey: MessageKey;
  view: ComponentType<WorkspaceViewProps>;
}

/** A tab whose view's code is loaded by import() when it is first shown (or opened on). */
interface LazyTab {
  id: string;
  labelKey: MessageKey;
  loadingKey: MessageKey;
  failedKey: MessageKey;
  load: () => Promise<ComponentType<WorkspaceViewProps>>;
  /** The view, once `load` has it. */
  loaded?: () => ComponentType<WorkspaceViewProps> | undefined;
}

export type WorkspaceTab = FirstTab | LazyTab;

/**
 * A view's code, loaded once: every caller gets the same promise, so that the page can start the
 * shown tab's code as it opens, and `loaded` then has the view for the first render. A failed load
 * is asked for again (Try again).
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  return {
    load: (): Promise<T> => {
      loading ??= load().then(
        (value) => {
          loaded = value;
          return value;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => loaded,
  };
}

export const WORKSPACE_TABS = [
  {
    id: 'reports',
    labelKey: 'workspace_tabReports',
    view: ReportsTab,
  },
  {
    id: 'projects',
    labelKey: 'workspace_tabProjects',
    loadingKey: 'projects_loading',
    failedKey: 'projects_loadFailed',
    ...loadOnce(() => import('../projects/ProjectsTab').then((module) => module.ProjectsTab)),
  },
  {
    id: 'open-tabs',
    labelKey: 'workspace_tabOpenTabs',
    loadingKey: 'workspace_openTabsLoading',
    failedKey: 'workspace_openTabsLoadFailed',
    ...loadOnce(() => import('../open-tabs/OpenTabsView').then((module) => module.OpenTabsView)),
  },
  {
    id: 'add-pages',
    labelKey: 'workspace_tabAddPages',
    loadingKey: 'workspace_addPagesLoading',
    failedKey: 'workspace_addPagesLoadFailed',
    ...loadOnce(() => import('../audit/AddPagesView').then((module) => module.AddPagesView)),
  },
  {
    id: 'watched',
    labelKey: 'workspace_tabWatched',
    loadingKey: 'watch_loading',
    failedKey: 'watch_loadFailed',
    ...loadOnce(() => import('../watch/WatchedView').then((module) => module.WatchedView)),
  },
  {
    id: 'issues',
    labelKey: 'workspace_tabIssues',
    loadingKey: 'issues_loading',
    failedKey: 'issues_loadFailed',
    ...loadOnce(() => import('../issues/IssuesView').then((module) => module.IssuesView)),
  },
  {
    id: 'activity',
    labelKey: 'workspace_tabActivity',
    loadingKey: 'workspace_activityLoading',
    failedKey: 'workspace_activityLoadFailed',
    ...loadOnce(() => import('../jobs/ActivityView').then((module) => module.ActivityView)),
  },
] as const satisfies readonly WorkspaceTab[];

export type WorkspaceTabId = (typeof WORKSPACE_TABS)[number]['id'];

/**
 * Opened on Reports, its first page is asked for now, before the first render: its parameters as
 * JSON and the answer, and the list as last shown, read before the list is asked for.
 */
export function firstReportsList(
  send: Sender,
  readLastShown?: ReadLastShown,
): FirstList | undefined {
  const hash = readHash();
  if (tabFromHash(hash) !== 'reports') return undefined;
  const params = reportListParams(filtersFromHash(hash));
  const key = JSON.stringify(params);
  const lastShown = readLastShown?.(key);
  return { key, lastShown, answer: keepingLists(send)({ type: 'listReports', params }) };
}

/** The tab the hash names; Reports when it names none (or one that does not exist). */
export function tabFromHash(hash: HashState): WorkspaceTabId {
  return WORKSPACE_TABS.find((tab) => tab.id === hash[TAB_KEY])?.id ?? 'reports';
}

/**
 * Opened on a tab loaded by import(), starts loading its code as the page opens: it then loads
 * while the page asks for the settings' status and renders, not after.
 */
export function loadOpeningTab(): void {
  const opening = tabFromHash(readHash());
  // Failures are the view's to show (LazyView asks again and gets the same promise).
  const tab: WorkspaceTab | undefined = WORKSPACE_TABS.find(({ id }) => id === opening);
  if (tab && 'load' in tab) tab.load().catch(() => undefined);
}

/** The shown tab, and those visited so far (their panels stay mounted, hidden). */
export function useWorkspaceTab() {
  const [shown, setShown] = useState<WorkspaceTabId>(() => tabFromHash(readHash()));
  const [visited, setVisited] = useState<WorkspaceTabId[]>([shown]);

  useEffect(
    () =>
      watchHash((hash) => {
        const next = tabFromHash(hash);
        setShown(next);
        setVisited((seen) => (seen.includes(next) ? seen : [...seen, next]));
      }),
    [],
  );

  const show = useCallback((next: WorkspaceTabId) => writeHash({ [TAB_KEY]: next }), []);
  return { shown, visited, show };
}

/** A tab's view once its code is in; until then it says it is loading, or failed with Try again. */
export function TabView({ tab, props }: { tab: WorkspaceTab; props: WorkspaceViewProps }) {
  if ('view' in tab) return <tab.view {...props} />;
  return (
    <LazyView
      load={tab.load}
      loaded={tab.loaded?.()}
      loadingKey={tab.loadingKey}
      failedKey={tab.failedKey}
      props={props}
    />
  );
}
