// Wires the workspace to the real browser; everything else is in App and takes these as props.
// The same page is Chrome's side panel, Firefox's sidebar, and a tab (sidepanel.html).
import { browser } from 'wxt/browser';
import '../../components/ui/theme.css';
import '../../components/ui/lists.css';
import '../../components/ui/views.css';
import './style.css';
import { startTabPage } from '../../components/ui/start-page';
import { statusAskedAtOnce } from '../../components/workspace/first-status';
import { firstReportsList, loadOpeningTab } from '../../components/workspace/tabs';
import { readLastPage } from '../../lib/reports/last-page';
import { App } from './App';

startTabPage('workspace_title', (deps, place) => {
  // Asked for before the first render: the first list and the status, then the shown tab's code
  // (whose many files take the main thread a while to ask for).
  const firstList = firstReportsList(deps.send);
  const send = statusAskedAtOnce(deps.send);
  loadOpeningTab();
  return (
    <App
      {...deps}
      send={send}
      tabs={browser.tabs}
      place={place()}
      readLastShown={readLastPage}
      firstList={firstList}
    />
  );
});
