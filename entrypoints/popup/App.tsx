// The popup: asks the background for its status once, then shows This page. Reports and
// Projects are mounted on first visit and then stay mounted (hidden), so they keep their place.
// Everything it needs from the browser comes in as props.
//
// They are bundled with the rest, not split off with import(): Vite's preload helper and the
// extra chunk cost about 1.5 kB gzip, more than the popup's size budget leaves room for, and
// the views only mount when first shown anyway.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ErrorAlert } from '../../components/ErrorAlert';
import type { ActiveTab } from '../../lib/active-tab';
import type { ErrorData } from '../../lib/api/model';
import { t } from '../../lib/i18n';
import type { StatusAnswer } from '../../lib/messages';
import {
  changeFilters,
  DEFAULT_POPUP_STATE,
  type PopupState,
  type PopupStateStore,
  type PopupView,
  type ProjectFilters,
  type ReportFilters,
} from '../../lib/popup-state';
import type { Sender } from '../../lib/send';
import { ProjectsView } from './ProjectsView';
import { ReportsView } from './ReportsView';
import { ThisPageView } from './ThisPageView';

export interface PopupDeps {
  send: Sender;
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
      .then(async (tab) => {
        const answer = await rawSend({
          type: 'getStatus',
          ...(tab?.url ? { url: tab.url } : {}),
        });
        return { tab, answer };
      });
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
  }, [getActiveTab, rawSend, store]);

  useEffect(() => {
    void start();
  }, [start]);

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
