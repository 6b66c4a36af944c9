// The workspace: the page in front (from the rating cache), then Reports, Projects, Open tabs and
// Activity as tabs, the shown one kept in the address's hash. Reports, the first tab, is in the
// workspace's first load: loaded by import(), its code would arrive in two more round trips after
// the page's own (its chunk, then that chunk's imports), later than the first page's answer. Its
// parts that the first rows do not need (dialogs, job progress, export files) are split off
// (reports/lazy-parts.ts), and so is every other tab's code (../popup/lazy-view.tsx): the shown
// one's load starts with the page (main.tsx, `preloadTabCode`), the rest once the workspace is on
// screen. Each tab is mounted on its first visit and then stays (hidden), keeping its place.
// Without a service it says so and offers the options page, like the popup. Everything from the
// browser comes in as props (main.tsx).
import { useCallback, useEffect, useState } from 'preact/hooks';
import { preloadReportsParts } from '../../components/reports/lazy-parts';
import { ReportsTab } from '../../components/reports/ReportsTab';
import { ThisPage } from '../../components/this-page/FrontPage';
import { NotReady } from '../../components/this-page/NotReady';
import { type PopupStatusDeps, usePopupStatus } from '../../components/this-page/usePopupStatus';
import { ViewTabs } from '../../components/ui/PopupTabs';
import { type MessageKey, t } from '../../lib/i18n';
import type { WindowTabEvents } from '../../lib/open-tabs/open-tabs';
import { answeringFirstPage, type FirstPage } from '../../lib/reports/first-page';
import { WORKSPACE_TABS, type WorkspaceTab } from '../../lib/reports/hash';
import { DEFAULT_POPUP_STATE } from '../../lib/reports/view-state';
import type { FrontTabEvents, OwnPlace } from '../../lib/this-page/front-tab';
import { lazyView } from '../popup/lazy-view';
import { useWorkspaceTab } from './useWorkspaceTab';

const ProjectsTab = lazyView(() =>
  import('../../components/projects/ProjectsTab').then((module) => module.ProjectsTab),
);
const OpenTabsView = lazyView(() =>
  import('../../components/open-tabs/OpenTabsView').then((module) => module.OpenTabsView),
);
const ActivityView = lazyView(() =>
  import('../../components/jobs/ActivityView').then((module) => module.ActivityView),
);
const LAZY: Record<WorkspaceTab, () => Promise<unknown>> = {
  reports: preloadReportsParts,
  projects: ProjectsTab.preload,
  'open-tabs': OpenTabsView.preload,
  activity: ActivityView.preload,
};

/**
 * Starts loading the code of `view`'s tab, once. For Reports, whose code is in the first load:
 * its parts that its first rows do not need.
 */
export function preloadTabCode(view: WorkspaceTab): void {
  LAZY[view]().catch(() => undefined);
}

const TABS: { view: WorkspaceTab; name: MessageKey }[] = [
  { view: 'reports', name: 'workspace_tabReports' },
  { view: 'projects', name: 'workspace_tabProjects' },
  { view: 'open-tabs', name: 'workspace_tabOpenTabs' },
  { view: 'activity', name: 'workspace_tabActivity' },
];

export interface WorkspaceDeps extends PopupStatusDeps {
  tabs: FrontTabEvents & WindowTabEvents;
  /** Where the workspace is: its window, and its own tab when it is open as one. */
  place: Promise<OwnPlace>;
  openTab: (url: string) => unknown;
  openOptions: () => unknown;
  /** Pause after typing before a search is sent (ms). */
  searchDelay?: number;
  /**
   * The Reports tab's first page, asked for before the first render (main.tsx): the tab's first
   * request for that list gets its answer instead of asking again.
   */
  firstPage?: FirstPage;
}

// The workspace keeps no filters where the popup does: its own are in the hash.
const NO_STORE = { load: () => Promise.resolve(DEFAULT_POPUP_STATE) };
const ignore = () => undefined;

export function App({
  send: rawSend,
  getStatus,
  watchStatus,
  getActiveTab,
  tabs,
  place,
  openTab,
  openOptions,
  searchDelay = 300,
  firstPage,
}: WorkspaceDeps) {
  const [early] = useState(() => answeringFirstPage(rawSend, firstPage));
  const { load, slow, start, send } = usePopupStatus(
    { send: early, getStatus, watchStatus, getActiveTab },
    NO_STORE,
    ignore,
  );
  const { view, visited, show } = useWorkspaceTab();
  const [revision, setRevision] = useState(0);
  const changed = useCallback(() => setRevision((n) => n + 1), []);

  // Once the workspace is on screen, fetch the other tabs' code (and the Reports tab's parts), so
  // they show at once.
  const ready = load.phase === 'ready';
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      for (const view of WORKSPACE_TABS) preloadTabCode(view);
    }, 50);
    return () => clearTimeout(timer);
  }, [ready]);

  if (load.phase !== 'ready') {
    return (
      <main class="workspace" aria-busy={load.phase === 'loading' && !slow ? 'true' : undefined}>
        <NotReady load={load} slow={slow} onRetry={start} openOptions={openOptions} />
      </main>
    );
  }

  const { status } = load;
  const common = { send, openOptions, revision, onChanged: changed, searchDelay };
  const panels: Record<WorkspaceTab, () => preact.JSX.Element> = {
    reports: () => (
      <ReportsTab
        {...common}
        siteUrl={status.siteUrl}
        openTab={openTab}
        active={view === 'reports'}
        lastShown={firstPage?.takeKept}
        serviceUrl={status.serviceUrl}
      />
    ),
    projects: () => (
      <ProjectsTab
        loadingText={t('projects_loading')}
        loadFailed={t('projects_loadFailed')}
        {...common}
        active={view === 'projects'}
      />
    ),
    'open-tabs': () => (
      <OpenTabsView
        loadingText={t('workspace_openTabsLoading')}
        loadFailed={t('workspace_openTabsLoadFailed')}
        send={send}
        tabs={tabs}
        defaultPrivacy={status.defaultPrivacy}
        openOptions={openOptions}
        onChanged={changed}
      />
    ),
    activity: () => (
      <ActivityView
        loadingText={t('workspace_activityLoading')}
        loadFailed={t('workspace_activityLoadFailed')}
        send={send}
        openOptions={openOptions}
      />
    ),
  };

  return (
    <main class="workspace">
      <ThisPage tabs={tabs} place={place} first={load.tab} />
      <ViewTabs
        label={t('workspace_tabsLabel')}
        views={TABS.map(({ view: entry, name }) => ({ view: entry, label: t(name) }))}
        view={view}
        visited={visited}
        onShow={show}
      />
      {TABS.filter(({ view: entry }) => visited.includes(entry)).map(({ view: entry }) => (
        <div
          key={entry}
          role="tabpanel"
          id={`panel-${entry}`}
          aria-labelledby={`tab-${entry}`}
          hidden={view !== entry}
        >
          {panels[entry]()}
        </div>
      ))}
    </main>
  );
}
