// Wires the workspace to the real browser; everything else is in App and takes these as props.
// The same page is Chrome's side panel, Firefox's sidebar, and a tab (sidepanel.html).
import { browser } from 'wxt/browser';
import '../../components/ui/theme.css';
import '../../components/ui/lists.css';
import '../../components/ui/views.css';
import './style.css';
import { startTabPage } from '../../components/ui/start-page';
import { firstReportsList, loadOpeningTab } from '../../components/workspace/tabs';
import { readLastPage } from '../../lib/reports/last-page';
import { readSettingsSummary } from '../../lib/settings/summary';
import { App } from './App';

startTabPage('workspace_title', (deps, place) => {
  // Asked for before the first render: Reports' first list (and the list as last shown), or the
  // code of the tab shown.
  const firstList = firstReportsList(deps.send, readLastPage);
  loadOpeningTab();
  return (
    <App
      {...deps}
      tabs={browser.tabs}
      place={place()}
      readSummary={readSettingsSummary}
      readLastShown={readLastPage}
      firstList={firstList}
    />
  );
});
