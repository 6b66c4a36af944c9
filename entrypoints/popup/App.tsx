// The popup: reads its status once (settings summary and cached rating, from storage — see
// usePopupStatus.ts), then shows This page. Reports and Projects are split off (lazy-view.tsx),
// with their filters' code (usePopupFilters.ts), and so is what This page shows only on demand
// (lazy-parts.ts): that code loads once This page is on screen. The views are mounted on first
// visit and then stay mounted (hidden), so they keep their place. Everything it needs from the
// browser comes in as props.
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import type { PopupLists } from '../../components/reports/usePopupFilters';
import { ThisPageView } from '../../components/this-page/ThisPageView';
import { type PopupStatusDeps, usePopupStatus } from '../../components/this-page/usePopupStatus';
import { Loading } from '../../components/ui/Loading';
import { PopupTabs } from '../../components/ui/PopupTabs';
import { t } from '../../lib/i18n';
import type { PopupState, PopupStateStore, PopupView } from '../../lib/reports/view-state';
import { NotReady, preloadParts } from './lazy-parts';
import { lazyView } from './lazy-view';

const ReportsView = lazyView(() => import('./views').then((module) => module.ReportsPanel));
const ProjectsView = lazyView(() => import('./views').then((module) => module.ProjectsPanel));

export interface PopupDeps extends PopupStatusDeps {
  openTab: (url: string) => unknown;
  openOptions: () => unknown;
  /** Opens the workspace beside the page's tab (lib/this-page/open-workspace.ts), from the click. */
  openWorkspace?: (tabId: number | undefined) => unknown;
  store: PopupStateStore;
  /** Pause after typing before a search is sent (ms). */
  searchDelay?: number;
}

export function App({
  send: rawSend,
  getStatus,
  watchStatus,
  getActiveTab,
  openTab,
  openOptions,
  openWorkspace,
  store,
  searchDelay = 300,
}: PopupDeps) {
  const { load, slow, start, send } = usePopupStatus({
    send: rawSend,
    getStatus,
    watchStatus,
    getActiveTab,
  });
  const [filters, setFilters] = useState<PopupState | null>(null);
  const [view, setView] = useState<PopupView>('page');
  const [visited, setVisited] = useState<PopupView[]>(['page']);
  const [revision, setRevision] = useState(0);

  // The remembered filters, once: a later read must not undo changes since. Saved on change.
  const restore = useCallback(() => {
    store.load().then(
      (stored) => setFilters((current) => current ?? stored),
      () => undefined,
    );
  }, [store]);
  useEffect(() => {
    if (filters) void store.save(filters);
  }, [filters, store]);
  const lists = useMemo<PopupLists>(() => ({ filters, setFilters, restore }), [filters, restore]);

  // Once This page is on screen, fetch the code of what it may show next (lazy-parts.ts), then
  // the other views' and their filters, so they show at once when chosen.
  const ready = load.phase === 'ready';
  useEffect(() => {
    if (!ready) return;
    preloadParts().catch(() => undefined);
    const timer = setTimeout(() => {
      ReportsView.preload().catch(() => undefined);
      ProjectsView.preload().catch(() => undefined);
      restore();
    }, 50);
    return () => clearTimeout(timer);
  }, [ready, restore]);

  const show = useCallback((next: PopupView) => {
    setView(next);
    setVisited((seen) => (seen.includes(next) ? seen : [...seen, next]));
  }, []);
  const changed = useCallback(() => setRevision((n) => n + 1), []);
  const showReports = useCallback(() => show('reports'), [show]);

  if (load.phase === 'loading') {
    return (
      <main class="popup" aria-busy={slow ? undefined : 'true'}>
        {slow && <Loading />}
      </main>
    );
  }
  if (load.phase !== 'ready') {
    return (
      <main class="popup">
        <NotReady load={load} slow={slow} onRetry={start} openOptions={openOptions} />
      </main>
    );
  }

  const { tab, status } = load;
  return (
    <main class="popup">
      <PopupTabs view={view} visited={visited} onShow={show} />
      <div role="tabpanel" id="panel-page" aria-labelledby="tab-page" hidden={view !== 'page'}>
        <ThisPageView
          send={send}
          tab={tab}
          status={status}
          openTab={openTab}
          openOptions={openOptions}
          onChanged={changed}
        />
      </div>
      {visited.includes('reports') && (
        <div
          role="tabpanel"
          id="panel-reports"
          aria-labelledby="tab-reports"
          hidden={view !== 'reports'}
        >
          <ReportsView
            loadingText={t('reports_loading')}
            loadFailed={t('reports_loadFailed')}
            lists={lists}
            send={send}
            siteUrl={status.siteUrl}
            openTab={openTab}
            openOptions={openOptions}
            active={view === 'reports'}
            revision={revision}
            onChanged={changed}
            searchDelay={searchDelay}
          />
        </div>
      )}
      {visited.includes('projects') && (
        <div
          role="tabpanel"
          id="panel-projects"
          aria-labelledby="tab-projects"
          hidden={view !== 'projects'}
        >
          <ProjectsView
            loadingText={t('projects_loading')}
            loadFailed={t('projects_loadFailed')}
            lists={lists}
            send={send}
            openOptions={openOptions}
            onShowReports={showReports}
            active={view === 'projects'}
            revision={revision}
            onChanged={changed}
            searchDelay={searchDelay}
          />
        </div>
      )}
      {openWorkspace && (
        <footer class="actions">
          <button type="button" class="link" onClick={() => openWorkspace(tab?.id)}>
            {t('workspace_openWorkspace')}
          </button>
        </footer>
      )}
    </main>
  );
}
