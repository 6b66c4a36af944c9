// The workspace's list as last shown is kept by the background as it answers a list asked for
// with `keepAs`: under that name, with the service it came from. An answer to a request made
// before the settings changed is never kept.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type SiteReportClient, SiteReportError } from '../../../lib/api';
import type { ListReportsParams } from '../../../lib/api/model';
import { handleStorageChange } from '../../../lib/background/events';
import { handleMessage } from '../../../lib/background/handlers';
import { keepLastPage } from '../../../lib/reports/last-page';
import { saveSettings } from '../../../lib/settings';
import { report } from '../../support/fixtures';
import { settle } from '../../support/time';
import { depsWithClient, ownPage } from '../background/fixtures';

const SERVICE = 'https://reports.example.com/api/v1';
const PARAMS = { page: 1, perPage: 10, sort: 'desc', sortBy: 'id' } as const;
const KEY = JSON.stringify(PARAMS);
const page = (id: number) => ({
  items: [report({ id })],
  page: 1,
  perPage: 10,
  total: 1,
  hasNext: false,
});
/** A page as the pages get it: summaries, without the results. */
const summaries = (id: number) => {
  const { results: _results, ...summary } = report({ id });
  return { ...page(id), items: [summary] };
};

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function setUp(list: (params: ListReportsParams) => Promise<unknown>) {
  await saveSettings({ serviceUrl: SERVICE, apiKey: 'kept-list-key-1' });
  const client = { reports: { list: vi.fn(list) } } as unknown as SiteReportClient;
  const deps = depsWithClient(client);
  const ask = (keepAs?: string) =>
    handleMessage(
      { type: 'listReports', params: PARAMS, keepAs },
      ownPage('/sidepanel.html'),
      deps,
    );
  /** The settings as the background hears of their change. */
  const settingsChange = () => {
    // The menu is re-synced on the same change; the fake browser has no contextMenus.
    vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
    vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => 1);
    return handleStorageChange({ settings: { newValue: {} } }, 'local', deps);
  };
  return { client, deps, ask, settingsChange };
}

/** What is kept now; a read after the writes started before it. */
const stored = async () =>
  (await fakeBrowser.storage.session.get('workspaceLastPage')).workspaceLastPage as
    | Record<string, unknown>
    | undefined;

/** Lets the background's write after an answer start (it reads the settings first). */

describe('the kept list', () => {
  it('is the answer to a list asked for with keepAs, under that name and its account', async () => {
    const { ask } = await setUp(async () => page(5));
    expect(await ask(KEY)).toEqual({ ok: true, data: summaries(5) });
    await vi.waitFor(async () => expect(await stored()).toBeDefined());
    expect(await stored()).toEqual({ version: 1, key: KEY, service: 'a1', data: summaries(5) });
  });

  it('is not written for a list asked for without keepAs, nor by a failed one', async () => {
    let failing = false;
    const { ask } = await setUp(async () => {
      if (failing) throw new SiteReportError('network', 'Could not reach the service.');
      return page(5);
    });
    await ask();
    await settle();
    expect(await stored()).toBeUndefined();

    const before = { key: KEY, service: SERVICE, data: summaries(4) };
    await keepLastPage(before);
    failing = true;
    expect(await ask(KEY)).toMatchObject({ ok: false, error: { kind: 'network' } });
    await settle();
    expect(await stored()).toEqual({ version: 1, ...before });
  });

  it('does not keep an answer to a request made before the settings changed', async () => {
    const answer = deferred<unknown>();
    const { ask, settingsChange } = await setUp(() => answer.promise);
    const asked = ask(KEY);
    await settle();
    // A new key for the same service is saved while the old one's request is out.
    await saveSettings({ serviceUrl: SERVICE, apiKey: 'kept-list-key-2' });
    await settingsChange();
    answer.resolve(page(5));
    expect(await asked).toMatchObject({ ok: true });
    await settle();
    await settle();
    expect(await stored()).toBeUndefined();
  });

  it('is forgotten when the settings change, and kept again by the next answer', async () => {
    const { ask, settingsChange } = await setUp(async () => page(5));
    await ask(KEY);
    await vi.waitFor(async () => expect(await stored()).toBeDefined());
    await settingsChange();
    expect(await stored()).toBeUndefined();
    await ask(KEY);
    await vi.waitFor(async () => expect(await stored()).toMatchObject({ key: KEY }));
  });
});
