// What the background's handler tests share: the handlers' dependencies around a stand-in client,
// and a sender that is one of the extension's own pages.
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { SiteReportClient } from '../../../lib/api';
import { createHandlerDeps } from '../../../lib/background/deps';
import type { ClientSource } from '../../../lib/service/client-source';
import { clientSource } from '../../support/client-source';

/** The handlers' dependencies with `client` for the saved settings, host access granted. */
export function depsWithClient(client: SiteReportClient, source: Partial<ClientSource> = {}) {
  return createHandlerDeps({
    clients: { ...clientSource(async () => client), ...source },
    hasHostAccess: async () => true,
  });
}

/** A message's sender: the extension's own page at `path`. */
export const ownPage = (path: '/popup.html' | '/sidepanel.html') => ({
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL(path),
});
