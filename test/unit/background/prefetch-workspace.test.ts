// A tab that starts loading the workspace on its Reports tab gets its first page asked for by
// the background at once (lib/background/handlers.ts, `prefetchWorkspace`); the page's own
// listReports for that list then takes the answer: one request to the service either way, none
// for the workspace rewriting its own address, and a failed one is asked again.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type SiteReportClient, SiteReportError } from '../../../lib/api';
import { handleMessage, prefetchWorkspace } from '../../../lib/background/handlers';
import { depsWithClient, modelReport, ownPage } from './fixtures';

const WORKSPACE = 'chrome-extension://abc/sidepanel.html';
const TITLE = 'Site Report workspace';

const REPORT = modelReport();
const PAGE = { items: [REPORT], page: 1, perPage: 10, total: 1, hasNext: false };
const SENDER = ownPage('/sidepanel.html');

function setUp(list = vi.fn(async (_params: unknown) => PAGE)) {
  const client = { reports: { list } } as unknown as SiteReportClient;
  const prime = vi.fn();
  const deps = depsWithClient(client, { prime });
  /** A tab whose address is `url` changed; a new tab has its address as its title. */
  const open = (
    url: string,
    change: { status?: string; url?: string } = { status: 'loading', url },
    title = url,
  ) => prefetchWorkspace(change, { url, title }, deps, () => ({ url: WORKSPACE, title: TITLE }));
  const ask = (params: Record<string, unknown>) =>
    handleMessage({ type: 'listReports', params }, SENDER, deps);
  return { list, prime, open, ask };
}

// The page's parameters, in the order its request lists them (not the background's).
const FIRST = { page: 1, perPage: 10, sort: 'desc', sortBy: 'id' };

/** Lets the prefetch, which first gets the client, reach the service. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prefetchWorkspace', () => {
  it('asks for the first page as the tab starts loading; the page takes that answer', async () => {
    const { list, open, ask } = setUp();
    open(`${WORKSPACE}#tab=reports`);
    await settle();
    expect(list).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledWith({ sortBy: 'id', sort: 'desc', perPage: 10, page: 1 });
    expect(await ask(FIRST)).toMatchObject({ ok: true, data: { total: 1 } });
    expect(list).toHaveBeenCalledTimes(1);
    // Once: the next request for the same list asks the service.
    await ask(FIRST);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('asks for it too when a tab showing another page is taken to the workspace', async () => {
    const { list, open, ask } = setUp();
    open(WORKSPACE, { status: 'loading', url: WORKSPACE }, 'Example Domain');
    await settle();
    expect(list).toHaveBeenCalledTimes(1);
    await ask(FIRST);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('is taken only by the same list', async () => {
    const { list, open, ask } = setUp();
    open(`${WORKSPACE}#result=bad`);
    await settle();
    await ask(FIRST);
    expect(list).toHaveBeenCalledTimes(2);
    await ask({ ...FIRST, result: 'bad' });
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('asks nothing for another tab of the workspace, another page, or anything but a load', async () => {
    const { list, prime, open } = setUp();
    open(`${WORKSPACE}#tab=activity`);
    open('https://example.com/#tab=reports');
    open(fakeBrowser.runtime.getURL('/popup.html'));
    // The workspace rewriting its address (a tab or filter chosen: its document has its title),
    // being reloaded (the same), and finishing its load.
    open(`${WORKSPACE}#tab=reports`, { status: 'loading', url: `${WORKSPACE}#tab=reports` }, TITLE);
    open(`${WORKSPACE}#tab=reports`, { status: 'loading' }, TITLE);
    open(`${WORKSPACE}#tab=reports`, { status: 'complete' });
    await settle();
    expect(list).not.toHaveBeenCalled();
    // Those that may be a load of the workspace only read its client's settings ahead.
    expect(prime).toHaveBeenCalledTimes(2);
  });

  it('asks once while a prefetch of the same list is kept', async () => {
    const { list, open, ask } = setUp();
    open(`${WORKSPACE}#tab=reports`);
    open(`${WORKSPACE}`);
    await settle();
    expect(list).toHaveBeenCalledTimes(1);
    await ask(FIRST);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('a prefetch that failed is asked again by the page', async () => {
    const list = vi
      .fn(async (_params: unknown) => PAGE)
      .mockRejectedValueOnce(new SiteReportError('server', 'Internal error', { status: 500 }));
    const { open, ask } = setUp(list);
    open(WORKSPACE);
    expect(await ask(FIRST)).toMatchObject({ ok: true, data: { total: 1 } });
    expect(list).toHaveBeenCalledTimes(2);
  });
});
