// What the background's handler tests share: a report as the client gives it, the handlers'
// dependencies around a stand-in client, and a sender that is one of the extension's own pages.
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { SiteReportClient } from '../../../lib/api';
import type { Report } from '../../../lib/api/model';
import type { ClientSource } from '../../../lib/background/client-source';
import { createHandlerDeps } from '../../../lib/background/deps';

/** A report as the client answers it (the model, not the wire), with `fields` changed. */
export function modelReport(fields: Partial<Report> = {}): Report {
  return {
    id: 7,
    url: 'https://example.com/pricing',
    project: 'example.com',
    rating: 'good',
    score: 90,
    privacy: 0,
    hasPassword: false,
    generatedAt: '2026-11-20T09:15:02.000Z',
    createdAt: '2026-11-20T09:14:58.000Z',
    updatedAt: '2026-11-20T09:15:02.000Z',
    results: null,
    ...fields,
  };
}

/** The handlers' dependencies with `client` for the saved settings, host access granted. */
export function depsWithClient(client: SiteReportClient, source: Partial<ClientSource> = {}) {
  return createHandlerDeps({
    clients: { get: async () => client, reset: () => undefined, ...source },
    hasHostAccess: async () => true,
  });
}

/** A message's sender: the extension's own page at `path`. */
export const ownPage = (path: '/popup.html' | '/sidepanel.html') => ({
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL(path),
});
