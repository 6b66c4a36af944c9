import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Sender } from '../../../lib/messaging/send';
import { startFirstPage, workspaceFirstPage } from '../../../lib/reports/first-page';
import { keepLastPage } from '../../../lib/reports/last-page';

function fakeSend() {
  return vi.fn(async () => ({ ok: true, data: { items: [] } })) as unknown as Sender &
    ReturnType<typeof vi.fn>;
}

describe('startFirstPage', () => {
  it('asks for the Reports tab first page of the filters in the hash, at once', async () => {
    const send = fakeSend();
    const first = startFirstPage(send, { tab: 'reports', search: ' a ', perPage: '25' });
    expect(send).toHaveBeenCalledWith({
      type: 'listReports',
      params: { search: 'a', sortBy: 'id', sort: 'desc', perPage: 25, page: 1 },
    });
    expect(first?.key).toBe(
      JSON.stringify({ search: 'a', sortBy: 'id', sort: 'desc', perPage: 25, page: 1 }),
    );
    await expect(first?.take()).resolves.toEqual({ ok: true, data: { items: [] } });
    expect(first?.take()).toBeUndefined();
  });

  it('asks for Reports when the hash names no tab (it is the first)', () => {
    const send = fakeSend();
    expect(startFirstPage(send, {})).toBeDefined();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('reads the same list as last shown at the same time, and hands it out once', async () => {
    const send = fakeSend();
    const hash = { tab: 'reports', result: 'bad' };
    const key = JSON.stringify({ result: 'bad', sortBy: 'id', sort: 'desc', perPage: 10, page: 1 });
    const kept = { key, service: null, data: { items: [], page: 1, perPage: 10, hasNext: false } };
    await keepLastPage(kept);
    const get = vi.spyOn(fakeBrowser.storage.session, 'get');
    const first = startFirstPage(send, hash, true);
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    await expect(first?.takeKept()).resolves.toEqual(kept);
    expect(first?.takeKept()).toBeUndefined();
    // Without a place to read from, nothing is kept.
    expect(startFirstPage(send, hash)?.takeKept()).toBeUndefined();
  });

  it('asks nothing when another tab is shown', () => {
    const send = fakeSend();
    expect(startFirstPage(send, { tab: 'projects' })).toBeUndefined();
    expect(send).not.toHaveBeenCalled();
  });
});

describe('workspaceFirstPage', () => {
  const PAGE = 'chrome-extension://abc/sidepanel.html';

  it('is the list of a workspace address showing Reports (the default tab)', () => {
    const defaults = { sortBy: 'id', sort: 'desc', perPage: 10, page: 1 };
    expect(workspaceFirstPage(PAGE, PAGE)).toEqual(defaults);
    expect(workspaceFirstPage(`${PAGE}#tab=reports`, PAGE)).toEqual(defaults);
    expect(workspaceFirstPage(`${PAGE}#result=bad&perPage=100&page=2&search=x`, PAGE)).toEqual({
      search: 'x',
      result: 'bad',
      sortBy: 'id',
      sort: 'desc',
      perPage: 100,
      page: 2,
    });
  });

  it('is nothing for another tab, another page or no address', () => {
    expect(workspaceFirstPage(`${PAGE}#tab=activity`, PAGE)).toBeUndefined();
    expect(workspaceFirstPage('chrome-extension://abc/popup.html', PAGE)).toBeUndefined();
    expect(workspaceFirstPage('chrome-extension://abc/sidepanel.html.evil#tab=reports', PAGE)).toBe(
      undefined,
    );
    expect(workspaceFirstPage('https://example.com/sidepanel.html', PAGE)).toBeUndefined();
    expect(workspaceFirstPage(undefined, PAGE)).toBeUndefined();
  });
});
