// The popup: reads its status once (settings summary and cached rating, from storage — see
// lib/popup-status.ts), then shows This page. Reports and Projects are split off (lazy-view.tsx):
// their code loads once This page is on screen, they are mounted on first visit and then stay
// mounted (hidden), so they keep their place. Everything it needs from the browser comes in as
// props.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import type { ErrorData } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { StatusAnswer } from '../../lib/messages';
import type { ActiveTab } from '../../lib/popup/active-tab';
import { type StatusSource, statusChanged } from '../../lib/popup/status-source';
import {
  changeFilters,
  DEFAULT_POPUP_STATE,
  type PopupState,
  type PopupStateStore,
  type PopupView,
  type ProjectFilters,
  type ReportFilters,
} from '../../lib/popup/view-state';
import type { Sender } from '../../lib/send';
import { lazyView } from './lazy-view';
import { ThisPageView } from './ThisPageView';

const ReportsView = lazyView(() => import('./ReportsView').then((module) => module.ReportsView));
const ProjectsView = lazyView(() => import('./ProjectsView').then((module) => module.ProjectsView));

export interface PopupDeps {
  send: Sender;
  /** The settings summary and the cached rating of an address (lib/popup-status.ts). */
  getStatus: StatusSource;
  /** Calls its listener when the stored settings summary changes; answers the unsubscribe. */
  watchStatus?: (listener: () => void) => () => void;
  getActiveTab: () => Promise<ActiveTab | undefined>;
  openTab: (url: string) => unknown;
  openOptions: () => unknown;
  store: PopupStateStore;
  /** Pause after typing before a search is sent (ms). */
  searchDelay?: number;
}

type Load =
  | { phase: 'loading' }
  | { phase: 'ready'; tab: ActiveTab | undefined; status: StatusAnswer }
  | { phase: 'notConnected' }
  | { phase: 'failed'; error: ErrorData };

/** How long loading may take before the popup says it is loading. */
const LOADING_DELAY_MS = 150;

const VIEWS: {
  view: PopupView;
  key: 'popup_tabThisPage' | 'popup_tabReports' | 'popup_tabProjects';
}[] = [
  { view: 'page', key: 'popup_tabThisPage' },
  { view: 'reports', key: 'popup_tabReports' },
  { view: 'projects', key: 'popup_tabProjects' },
];

export function App({
  send: rawSend,
  getStatus,
  watchStatus,
  getActiveTab,
  openTab,
  openOptions,
  store,
  searchDelay = 300,
}: PopupDeps) {
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [view, setView] = useState<PopupView>('page');
  const [visited, setVisited] = useState<PopupView[]>(['page']);
  const [filters, setFilters] = useState<PopupState>(DEFAULT_POPUP_STATE);
  const [revision, setRevision] = useState(0);
  const [settingsChanges, setSettingsChanges] = useState(0);
  const [slow, setSlow] = useState(false);
  const settingsChangesSeen = useRef(0);
  const filtersLoaded = useRef(false);
  const tabRefs = useRef<Partial<Record<PopupView, HTMLButtonElement | null>>>({});

  // Any request may learn that the extension is no longer connected.
  const send = useMemo<Sender>(
    () => async (request) => {
      const answer = await rawSend(request);
      if (!answer.ok && answer.error.kind === 'not_connected') setLoad({ phase: 'notConnected' });
      return answer;
    },
    [rawSend],
  );

  const start = useCallback(async () => {
    setLoad({ phase: 'loading' });
    const status = getActiveTab()
      .catch(() => undefined)
      .then(async (tab) => ({ tab, answer: await getStatus(tab?.url) }));
    const [{ tab, answer }, stored] = await Promise.all([status, store.load()]);
    if (!filtersLoaded.current) {
      filtersLoaded.current = true;
      setFilters(stored);
    }
    if (!answer.ok) {
      setLoad(
        answer.error.kind === 'not_connected'
          ? { phase: 'notConnected' }
          : { phase: 'failed', error: answer.error },
      );
    } else if (!answer.data.connected) {
      setLoad({ phase: 'notConnected' });
    } else {
      setLoad({ phase: 'ready', tab, status: answer.data });
    }
  }, [getActiveTab, getStatus, store]);

  // A layout effect, not an effect: Preact runs effects only after the next frame is painted,
  // and this would wait for that frame before it even asks for the tab and the status.
  useLayoutEffect(() => {
    void start();
  }, [start]);

  // The settings changed while the popup is open (the options page, an administrator, or the
  // background catching up after the settings were written some other way): read the status
  // again once nothing is loading, and start over only if what the popup shows changed.
  useEffect(() => watchStatus?.(() => setSettingsChanges((count) => count + 1)), [watchStatus]);
  useEffect(() => {
    if (load.phase === 'loading' || settingsChanges === settingsChangesSeen.current) return;
    settingsChangesSeen.current = settingsChanges;
    const shown = load.phase === 'ready' ? load.status : null;
    void getStatus(load.phase === 'ready' ? load.tab?.url : undefined).then((answer) => {
      if (!answer.ok) return;
      if (!shown ? answer.data.connected : statusChanged(shown, answer.data)) void start();
    });
  }, [load, settingsChanges, getStatus, start]);

  // "Loading…" only when loading takes long enough to notice: usually the content comes first,
  // and a spinner flashing for a few milliseconds (and the work of drawing it) helps no one.
  const loading = load.phase === 'loading';
  useEffect(() => {
    setSlow(false);
    if (!loading) return;
    const timer = setTimeout(() => setSlow(true), LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  // Once This page is on screen, fetch the other views' code, so they show at once when chosen.
  const ready = load.phase === 'ready';
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => {
      ReportsView.preload().catch(() => undefined);
      ProjectsView.preload().catch(() => undefined);
    }, 50);
    return () => clearTimeout(timer);
  }, [ready]);

  useEffect(() => {
    if (filtersLoaded.current) void store.save(filters);
  }, [filters, store]);

  const show = useCallback((next: PopupView) => {
    setView(next);
    setVisited((seen) => (seen.includes(next) ? seen : [...seen, next]));
  }, []);

  const changeReports = useCallback(
    (patch: Partial<ReportFilters>) =>
      setFilters((state) => ({ ...state, reports: changeFilters(state.reports, patch) })),
    [],
  );
  const changeProjects = useCallback(
    (patch: Partial<ProjectFilters>) =>
      setFilters((state) => ({ ...state, projects: changeFilters(state.projects, patch) })),
    [],
  );
  const changed = useCallback(() => setRevision((n) => n + 1), []);
  const openProject = useCallback(
    (name: string) => {
      changeReports({ project: name, search: '', result: '' });
      show('reports');
    },
    [changeReports, show],
  );
  const projectDeleted = useCallback((name: string) => {
    setFilters((state) =>
      state.reports.project === name
        ? { ...state, reports: changeFilters(state.reports, { project: '' }) }
        : state,
    );
  }, []);

  if (load.phase === 'loading') {
    if (!slow) return <main class="popup" aria-busy="true" />;
    return (
      <main class="popup">
        <p class="loading" role="status">
          <span class="spinner" aria-hidden="true" />
          {t('popup_loading')}
        </p>
      </main>
    );
  }

  if (load.phase === 'notConnected') {
    return (
      <main class="popup">
        <section class="not-connected" aria-labelledby="not-connected-title">
          <h1 id="not-connected-title">{t('popup_notConnectedTitle')}</h1>
          <p>{t('popup_notConnectedText')}</p>
          <button type="button" class="primary" onClick={() => openOptions()}>
            {t('common_openOptions')}
          </button>
        </section>
      </main>
    );
  }

  if (load.phase === 'failed') {
    return (
      <main class="popup">
        <ErrorAlert
          error={load.error}
          context={t('popup_statusFailed')}
          onRetry={start}
          onOpenOptions={openOptions}
        />
      </main>
    );
  }

  const { tab, status } = load;

  function onTabKey(event: KeyboardEvent) {
    const index = VIEWS.findIndex((entry) => entry.view === view);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index + VIEWS.length - 1,
      Home: 0,
      End: VIEWS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = VIEWS[target % VIEWS.length]?.view ?? 'page';
    show(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <main class="popup">
      <div class="tabs" role="tablist" aria-label={t('popup_tabsLabel')} onKeyDown={onTabKey}>
        {VIEWS.map(({ view: entry, key }) => (
          <button
            key={entry}
            ref={(element) => {
              tabRefs.current[entry] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${entry}`}
            aria-controls={visited.includes(entry) ? `panel-${entry}` : undefined}
            aria-selected={view === entry}
            tabIndex={view === entry ? 0 : -1}
            onClick={() => show(entry)}
          >
            {t(key)}
          </button>
        ))}
      </div>
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
            send={send}
            filters={filters.reports}
            onFiltersChange={changeReports}
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
            send={send}
            filters={filters.projects}
            onFiltersChange={changeProjects}
            openOptions={openOptions}
            onOpenProject={openProject}
            onProjectDeleted={projectDeleted}
            active={view === 'projects'}
            revision={revision}
            onChanged={changed}
            searchDelay={searchDelay}
          />
        </div>
      )}
    </main>
  );
}
