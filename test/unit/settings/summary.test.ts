// The settings summary beside the settings in storage.local: what the popup reads instead of
// asking the background. It must always match what is in effect and never hold the API key.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handleStorageChange } from '../../../lib/background/events';
import type { ClientSource } from '../../../lib/service/client-source';

import { loadSettings, saveSettings, summaryOf, syncSettingsSummary } from '../../../lib/settings';
import { parseSettingsSummary } from '../../../lib/settings/summary';

const KEY = 'summary-secret-key-1';

async function summary() {
  const items = await fakeBrowser.storage.local.get('settingsSummary');
  return items.settingsSummary as Record<string, unknown> | undefined;
}

describe('settings summary', () => {
  it('is written with every save, without the key', async () => {
    await saveSettings({ serviceUrl: 'https://reports.example.com/api/v1/', apiKey: KEY });
    expect(await summary()).toEqual({
      version: 2,
      connected: true,
      account: 'a1',
      accounts: [{ id: 'a1', name: 'reports.example.com' }],
      serviceUrl: 'https://reports.example.com/api/v1',
      siteUrl: 'https://reports.example.com',
      defaultPrivacy: 0,
      showBadge: true,
      contextMenu: true,
      notify: true,
    });
    expect(JSON.stringify(await summary())).not.toContain(KEY);
    await saveSettings({ apiKey: '', defaultPrivacy: 2 });
    expect(await summary()).toMatchObject({ connected: false, defaultPrivacy: 2 });
  });

  it('says what getStatus says', async () => {
    await saveSettings({
      serviceUrl: 'https://r.example',
      apiKey: KEY,
      siteUrl: 'https://w.example',
    });
    expect(parseSettingsSummary(await summary())).toEqual(summaryOf(await loadSettings()));
  });

  it('carries the administrator’s values', async () => {
    await fakeBrowser.storage.managed.set({
      defaultPrivacy: 1,
      serviceUrl: 'https://corp.example',
    });
    await saveSettings({ apiKey: KEY, defaultPrivacy: 2 });
    expect(await summary()).toMatchObject({
      connected: true,
      serviceUrl: 'https://corp.example',
      defaultPrivacy: 1,
    });
  });

  it('is written when the background moves an old layout to the first account', async () => {
    const deps = { clients: { get: vi.fn(), reset: vi.fn() } as unknown as ClientSource };
    vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
    vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => 1);
    await fakeBrowser.storage.local.set({
      settings: {
        baseUrl: 'https://reports.example.com/api/v1',
        token: KEY,
        privacy: 'private',
      },
    });
    await handleStorageChange({ settings: { newValue: {} } }, 'local', deps);
    expect(await summary()).toMatchObject({
      version: 2,
      connected: true,
      defaultPrivacy: 1,
      account: 'a1',
      accounts: [{ id: 'a1', name: 'reports.example.com' }],
    });
    expect(JSON.stringify(await summary())).not.toContain(KEY);
    const { settings } = await fakeBrowser.storage.local.get('settings');
    expect(settings).toMatchObject({ version: 2, defaultPrivacy: 1 });
    expect(JSON.stringify(settings)).not.toContain(KEY);
  });

  it('follows settings written some other way once synced, and is not rewritten needlessly', async () => {
    await fakeBrowser.storage.local.set({
      settings: { version: 1, serviceUrl: 'https://direct.example/api/v1', apiKey: KEY },
    });
    expect(await summary()).toBeUndefined();
    await syncSettingsSummary();
    expect(await summary()).toMatchObject({
      connected: true,
      serviceUrl: 'https://direct.example/api/v1',
      siteUrl: 'https://direct.example',
    });
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await syncSettingsSummary();
    expect(set).not.toHaveBeenCalled();
  });

  it('is synced by the background when the settings or the managed values change', async () => {
    const deps = { clients: { get: vi.fn(), reset: vi.fn() } as unknown as ClientSource };
    // The menu is re-synced on the same change; the fake browser has no contextMenus.
    vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
    vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => 1);
    await fakeBrowser.storage.local.set({
      settings: { version: 1, serviceUrl: 'https://direct.example/api/v1', apiKey: KEY },
    });
    await fakeBrowser.storage.session.set({ workspaceLastPage: { version: 1 } });
    await handleStorageChange({ settings: { newValue: {} } }, 'local', deps);
    expect(await summary()).toMatchObject({ connected: true });
    // The workspace's last shown list was another service's (or key's).
    expect(await fakeBrowser.storage.session.get('workspaceLastPage')).toEqual({});
    await fakeBrowser.storage.managed.set({ showBadge: false });
    await handleStorageChange({ showBadge: { newValue: false } }, 'managed', deps);
    expect(await summary()).toMatchObject({ showBadge: false });
    // Its own writes are not settings changes: no loop.
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await handleStorageChange({ settingsSummary: { newValue: {} } }, 'local', deps);
    expect(set).not.toHaveBeenCalled();
  });
});
