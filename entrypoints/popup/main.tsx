// Wires the popup to the real browser; everything else is in App and takes these as props.
import { browser } from 'wxt/browser';
import '../../components/ui/theme.css';
import '../../components/ui/views.css';
import './style.css';
import { startTabPage } from '../../components/ui/start-page';
import { openWorkspace, type WorkspaceOpenerApi } from '../../lib/this-page/open-workspace';
import { App } from './App';

startTabPage('extName', (deps) => (
  <App
    {...deps}
    openWorkspace={(tabId) =>
      openWorkspace(browser as WorkspaceOpenerApi, tabId, (place) => {
        // A panel beside the page: the popup would only cover it.
        if (place !== 'tab') window.close();
      })
    }
  />
));
