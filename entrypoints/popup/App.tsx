// The popup: This page, then Reports and Projects as tabs. A view is mounted on its first visit
// and then stays (hidden), keeping its place; the lists' code loads when one is first shown.
// Everything from the browser comes in as props.
import { useCallback, useState } from 'preact/hooks';
import type { AccountSelectProps } from '../../components/account/AccountSelect';
import type { PopupListsProps } from '../../components/reports/PopupLists';
import { NotReady } from '../../components/this-page/NotReady';
import { ThisPageView } from '../../components/this-page/ThisPageView';
import {
  type ServiceStatusDeps,
  useServiceStatus,
} from '../../components/this-page/useServiceStatus';
import { LazyView } from '../../components/ui/LazyView';
import { ViewPanel, ViewTabs } from '../../components/ui/ViewTabs';
import { type MessageKey, t } from '../../lib/i18n';
import type { PopupStateStore, PopupView } from '../../lib/reports/view-state';

const loadLists = () =>
  import('../../components/reports/PopupLists').then((module) => module.PopupLists);

// Only with two accounts or more, after the first paint: most never add a second one.
const loadAccountSelect = () =>
  import('../../components/account/AccountSelect').then((module) => module.AccountSelect);

const VIEWS: { view: PopupView; key: MessageKey }[] = [
  { view: 'page', key: 'popup_tabThisPage' },
  { view: 'reports', key: 'popup_tabReports' },
  { view: 'projects', key: 'popup_tabProjects' },
];

export interface PopupDeps extends ServiceStatusDeps {
  openTab: (url: string) => unknown;
  openOptions: () => unknown;
  /** Opens the workspace beside the page's tab; called from the click (a user gesture). */
  openWorkspace?: (tabId: number | undefined) => unknown;
  /** Where the lists' filters are remembered; storage.local unless given. */
  store?: PopupStateStore;
  /** Pause after typing before a search is sent (ms). */
  searchDelay?: number;
}

export function App({
  send: rawSend,
  watchStatus,
  getActiveTab,
  openTab,
  openOptions,
  openWorkspace,
  store,
  searchDelay = 300,
}: PopupDeps) {
  const { load, slow, start, send } = useServiceStatus({
    send: rawSend,
    watchStatus,
    getActiveTab,
  });
  const [view, setView] = useState<PopupView>('page');
  const [visited, setVisited] = useState<PopupView[]>(['page']);
  const [revision, setRevision] = useState(0);

  const show = useCallback((next: PopupView) => {
    setView(next);
    setVisited((seen) => (seen.includes(next) ? seen : [...seen, next]));
  }, []);
  const changed = useCallback(() => setRevision((n) => n + 1), []);

  if (load.phase !== 'ready') {
    const others = load.phase === 'notConnected' ? (load.accounts ?? []) : [];
    return (
      <main class="popup" aria-busy={load.phase === 'loading' && !slow ? 'true' : undefined}>
        {others.length > 1 && load.phase === 'notConnected' && (
          <LazyView<AccountSelectProps>
            load={loadAccountSelect}
            props={{ accounts: others, account: load.account ?? null, send }}
          />
        )}
        <NotReady load={load} slow={slow} onRetry={start} openOptions={openOptions} />
      </main>
    );
  }

  const { tab, status } = load;
  const common = { send, openOptions, revision, onChanged: changed, searchDelay };
  const { accounts } = status;
  return (
    <main class="popup">
      {accounts.length > 1 && (
        <LazyView<AccountSelectProps>
          load={loadAccountSelect}
          props={{ accounts, account: status.account, send }}
        />
      )}
      <ViewTabs
        label={t('popup_tabsLabel')}
        views={VIEWS.map(({ view, key }) => ({ view, label: t(key) }))}
        view={view}
        visited={visited}
        onShow={show}
      />
      <ViewPanel view="page" shown={view}>
        <ThisPageView
          send={send}
          tab={tab}
          status={status}
          openTab={openTab}
          openOptions={openOptions}
          onChanged={changed}
        />
      </ViewPanel>
      {visited.some((seen) => seen !== 'page') && (
        <div hidden={view === 'page'}>
          <LazyView<PopupListsProps>
            load={loadLists}
            loadingKey={view === 'projects' ? 'projects_loading' : 'reports_loading'}
            failedKey={view === 'projects' ? 'projects_loadFailed' : 'reports_loadFailed'}
            props={{
              ...common,
              view,
              visited,
              show,
              siteUrl: status.siteUrl,
              openTab,
              store,
              account: status.account,
            }}
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
