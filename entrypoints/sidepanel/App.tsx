// The workspace: the page in front (from the rating cache), then the registry's tabs, each
// mounted on its first visit and then kept (hidden). Everything from the browser comes in as props.
import { useCallback, useEffect, useState } from 'preact/hooks';
import { AccountSelect } from '../../components/account/AccountSelect';
import { NotReady } from '../../components/this-page/NotReady';
import { ThisPage } from '../../components/this-page/ThisPage';
import {
  type ServiceStatusDeps,
  useServiceStatus,
} from '../../components/this-page/useServiceStatus';
import { ViewPanel, ViewTabs } from '../../components/ui/ViewTabs';
import {
  type FirstList,
  openingLists,
  type ReadLastShown,
} from '../../components/workspace/opening-lists';
import { TabView, useWorkspaceTab, WORKSPACE_TABS } from '../../components/workspace/tabs';
import { t } from '../../lib/i18n';
import type { WindowTabEvents } from '../../lib/open-tabs/open-tabs';
import type { FrontTabEvents, OwnPlace } from '../../lib/this-page/front-tab';

export interface WorkspaceDeps extends ServiceStatusDeps {
  tabs: FrontTabEvents & WindowTabEvents;
  /** Where the workspace is: its window, and its own tab when it is open as one. */
  place: Promise<OwnPlace>;
  openTab: (url: string) => unknown;
  openOptions: () => unknown;
  readLastShown?: ReadLastShown;
  /** The Reports list asked for as the workspace opened, with the list as last shown. */
  firstList?: FirstList;
  /** Pause after typing before a search is sent (ms). */
  searchDelay?: number;
}

export function App({
  send: rawSend,
  watchStatus,
  getActiveTab,
  readSummary,
  tabs,
  place,
  openTab,
  openOptions,
  readLastShown,
  firstList,
  searchDelay = 300,
}: WorkspaceDeps) {
  // ThisPage reads the front page's rating itself: the status is the settings summary only.
  const { load, slow, start, send } = useServiceStatus(
    { send: rawSend, watchStatus, getActiveTab, readSummary },
    { forPage: false },
  );
  const { shown, visited, show } = useWorkspaceTab();
  const [revision, setRevision] = useState(0);
  const changed = useCallback(() => setRevision((n) => n + 1), []);
  const [opening] = useState(() => openingLists(firstList, readLastShown));
  useEffect(() => {
    if (load.phase === 'notConnected' || load.phase === 'failed') opening.forget();
  }, [load.phase, opening]);

  if (load.phase !== 'ready') {
    return (
      <main class="workspace" aria-busy={load.phase === 'loading' && !slow ? 'true' : undefined}>
        {load.phase === 'notConnected' && (
          <AccountSelect
            accounts={load.accounts ?? []}
            account={load.account ?? null}
            send={send}
          />
        )}
        <NotReady load={load} slow={slow} onRetry={start} openOptions={openOptions} />
      </main>
    );
  }

  const { status } = load;
  const props = {
    send,
    openTab,
    openOptions,
    siteUrl: status.siteUrl,
    account: status.account,
    defaultPrivacy: status.defaultPrivacy,
    tabs,
    revision,
    onChanged: changed,
    searchDelay,
    lastShown: opening.lastShown,
    firstAnswer: opening.answer,
  };

  return (
    <main class="workspace">
      <h1 class="visually-hidden">{t('workspace_title')}</h1>
      <AccountSelect accounts={status.accounts} account={status.account} send={send} />
      <ThisPage tabs={tabs} place={place} first={load.tab} account={status.account} />
      <ViewTabs
        label={t('workspace_tabsLabel')}
        views={WORKSPACE_TABS.map((tab) => ({ view: tab.id, label: t(tab.labelKey) }))}
        view={shown}
        visited={visited}
        onShow={show}
      />
      {WORKSPACE_TABS.filter((tab) => visited.includes(tab.id)).map((tab) => (
        <ViewPanel key={tab.id} view={tab.id} shown={shown}>
          <TabView tab={tab} props={{ ...props, active: shown === tab.id }} />
        </ViewPanel>
      ))}
    </main>
  );
}
