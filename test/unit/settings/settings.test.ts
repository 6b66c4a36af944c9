import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { StoredAccounts } from '../../../lib/account/accounts';
import { normaliseBaseUrl } from '../../../lib/api';
import {
  DEFAULT_SETTINGS,
  effectiveSiteUrl,
  hostPermissionPattern,
  loadSettings,
  moveToAccounts,
  normaliseServiceUrl,
  onSettingsChanged,
  saveSettings,
  useAccount,
} from '../../../lib/settings';
import { sleep } from '../../support/time';

const stored = async () => (await fakeBrowser.storage.local.get('settings')).settings;
const storedAccounts = async () =>
  (await fakeBrowser.storage.local.get('accounts')).accounts as StoredAccounts | undefined;
/** The preferences as stored: today's layout holds no connection (it is the accounts'). */
const { serviceUrl: _u, apiKey: _k, siteUrl: _s, ...DEFAULT_PREFS } = DEFAULT_SETTINGS;

describe('loadSettings', () => {
  it('gives the defaults when nothing is stored', async () => {
    expect(await loadSettings()).toEqual({
      settings: DEFAULT_SETTINGS,
      locked: [],
      account: null,
      accounts: [],
    });
    expect(DEFAULT_SETTINGS).toEqual({
      serviceUrl: '',
      apiKey: '',
      defaultPrivacy: 0,
      showBadge: true,
      contextMenu: true,
      notify: true,
      notifyWorse: true,
      siteUrl: '',
    });
  });

  it.each([
    ['a string', 'garbage'],
    ['a number', 42],
    ['an array', [1, 2]],
    ['null', null],
  ])('falls back to the defaults when the stored value is %s', async (_name, value) => {
    await fakeBrowser.storage.local.set({ settings: value });
    expect((await loadSettings()).settings).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps the valid fields of a damaged value and defaults the rest', async () => {
    await fakeBrowser.storage.local.set({
      settings: {
        version: 1,
        serviceUrl: 'not a url',
        apiKey: 'key-123',
        defaultPrivacy: 7,
        showBadge: 'yes',
        contextMenu: false,
        notify: null,
        siteUrl: 'ftp://files.example.com',
      },
    });
    expect((await loadSettings()).settings).toEqual({
      ...DEFAULT_SETTINGS,
      apiKey: 'key-123',
      contextMenu: false,
    });
  });

  it('reads the version-0 layout as the first account, and moves it to today’s layout', async () => {
    await fakeBrowser.storage.local.set({
      settings: {
        baseUrl: 'https://reports.example.com/api/v1/',
        token: ' abc ',
        privacy: 'password',
        badge: false,
      },
    });
    const expected = {
      ...DEFAULT_SETTINGS,
      serviceUrl: 'https://reports.example.com/api/v1',
      apiKey: 'abc',
      defaultPrivacy: 2,
      showBadge: false,
    };
    const before = await loadSettings();
    expect(before.settings).toEqual(expected);
    expect(before.account).toEqual({
      id: 'a1',
      name: 'reports.example.com',
      serviceUrl: 'https://reports.example.com/api/v1',
      siteUrl: '',
      apiKey: 'abc',
    });
    expect(await moveToAccounts()).toBe('https://reports.example.com/api/v1');
    expect(await stored()).toEqual({
      ...DEFAULT_PREFS,
      version: 2,
      defaultPrivacy: 2,
      showBadge: false,
    });
    expect(await storedAccounts()).toEqual({
      accounts: [before.account],
      nextId: 2,
      upgradedFrom: 'https://reports.example.com/api/v1',
    });
    expect(await loadSettings()).toEqual(before);
  });

  it.each([
    ['missing', {}],
    ['a string', { version: '1' }],
    ['a fraction', { version: 0.5 }],
  ])('keeps the URL and key when the version field is %s', async (_name, version) => {
    await fakeBrowser.storage.local.set({
      settings: { ...version, serviceUrl: 'https://a.example/api/v1', apiKey: 'k-1' },
    });
    const expected = { ...DEFAULT_SETTINGS, serviceUrl: 'https://a.example/api/v1', apiKey: 'k-1' };
    const before = await loadSettings();
    expect(before.settings).toEqual(expected);
    expect(before.account).toMatchObject({ id: 'a1', name: 'a.example', apiKey: 'k-1' });
    await moveToAccounts();
    expect(await stored()).toEqual({ ...DEFAULT_PREFS, version: 2 });
    expect(await loadSettings()).toEqual(before);
  });

  it('reads a newer version field by field (after a downgrade) without rewriting it', async () => {
    const newer = { version: 3, serviceUrl: 'https://a.example/api/v1', theme: 'dark' };
    await fakeBrowser.storage.local.set({ settings: newer });
    expect((await loadSettings()).settings.serviceUrl).toBe('https://a.example/api/v1');
    expect(await stored()).toEqual(newer);
  });
});

describe('managed storage', () => {
  it('wins over the user’s values and locks those keys; its service URL is one more account', async () => {
    await saveSettings({ serviceUrl: 'https://mine.example/api/v1', apiKey: 'k', notify: true });
    await fakeBrowser.storage.managed.set({
      serviceUrl: 'https://corp.example/api/v1/',
      notify: false,
    });
    const mine = await loadSettings();
    expect(mine.settings).toMatchObject({
      serviceUrl: 'https://mine.example/api/v1',
      notify: false,
      apiKey: 'k',
    });
    expect(mine.locked).toEqual(['notify']);
    expect(mine.accounts.map(({ name, serviceUrl }) => [name, serviceUrl])).toEqual([
      ['mine.example', 'https://mine.example/api/v1'],
      ['corp.example', 'https://corp.example/api/v1'],
    ]);
    const preset = mine.accounts[1]?.id ?? '';
    expect(await useAccount(preset)).toBe(true);
    const { settings, locked } = await loadSettings();
    expect(settings).toMatchObject({
      serviceUrl: 'https://corp.example/api/v1',
      notify: false,
      apiKey: '',
    });
    expect(locked.sort()).toEqual(['notify', 'serviceUrl', 'siteUrl']);
  });

  it('makes its service URL the account in use when the user has none', async () => {
    await fakeBrowser.storage.managed.set({ serviceUrl: 'https://corp.example/api/v1' });
    const { settings, locked, account } = await loadSettings();
    expect(account).toMatchObject({
      name: 'corp.example',
      serviceUrl: 'https://corp.example/api/v1',
    });
    expect(settings.serviceUrl).toBe('https://corp.example/api/v1');
    expect(locked.sort()).toEqual(['serviceUrl', 'siteUrl']);
  });

  it('cannot set the API key, and its invalid values are ignored', async () => {
    await fakeBrowser.storage.managed.set({ apiKey: 'admin-key', defaultPrivacy: 9, showBadge: 1 });
    expect(await loadSettings()).toEqual({
      settings: DEFAULT_SETTINGS,
      locked: [],
      account: null,
      accounts: [],
    });
  });

  it('copes with a browser where managed storage throws or is missing', async () => {
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockRejectedValue(
      new Error('Managed storage manifest not found'),
    );
    expect((await loadSettings()).locked).toEqual([]);
    vi.spyOn(fakeBrowser.storage, 'managed', 'get').mockReturnValue(
      undefined as unknown as typeof fakeBrowser.storage.managed,
    );
    expect((await loadSettings()).settings).toEqual(DEFAULT_SETTINGS);
  });

  it('makes saveSettings leave locked fields alone and say so', async () => {
    await fakeBrowser.storage.managed.set({ defaultPrivacy: 1 });
    const result = await saveSettings({ defaultPrivacy: 0, showBadge: false });
    expect(result).toMatchObject({ ok: true, ignored: ['defaultPrivacy'] });
    expect(await stored()).toMatchObject({ defaultPrivacy: 0, showBadge: false });
    expect((await loadSettings()).settings.defaultPrivacy).toBe(1);
  });
});

describe('saveSettings', () => {
  it.each([
    ['https://reports.example.com', 'https://reports.example.com'],
    ['https://reports.example.com/', 'https://reports.example.com'],
    ['  https://reports.example.com/api/v1/  ', 'https://reports.example.com/api/v1'],
    ['https://Reports.Example.com:8443/api/v1', 'https://reports.example.com:8443/api/v1'],
    ['http://localhost:8080/api/v1', 'http://localhost:8080/api/v1'],
    ['http://127.0.0.1/api/v1', 'http://127.0.0.1/api/v1'],
    ['http://[::1]:3000/api/v1', 'http://[::1]:3000/api/v1'],
  ])('stores %s as %s', async (typed, normalised) => {
    const result = await saveSettings({ serviceUrl: typed });
    expect(result.ok).toBe(true);
    expect(await stored()).toEqual({ ...DEFAULT_PREFS, version: 2 });
    expect((await storedAccounts())?.accounts).toEqual([
      expect.objectContaining({ id: 'a1', serviceUrl: normalised }),
    ]);
  });

  it.each([
    ['not a url', /not a web address/],
    ['ftp://reports.example.com', /must start with https/],
    ['http://reports.example.com/api/v1', /only allowed for this computer/],
    ['https://user:pw@reports.example.com', /user name/],
    ['https://reports.example.com/api/v1?x=1', /\?/],
  ])('refuses %s with a message for the field, storing nothing', async (typed, message) => {
    const result = await saveSettings({ serviceUrl: typed, showBadge: false });
    expect(result).toEqual({
      ok: false,
      errors: { serviceUrl: expect.stringMatching(message) },
    });
    expect(await stored()).toBeUndefined();
    expect(await storedAccounts()).toBeUndefined();
  });

  it('validates every field', async () => {
    const result = await saveSettings({
      apiKey: 'has space inside',
      defaultPrivacy: 3,
      notify: 'yes',
      siteUrl: 'nope',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual([
      'apiKey',
      'defaultPrivacy',
      'notify',
      'siteUrl',
    ]);
  });

  it('trims the key, keeps it in storage.local only, and allows removing it', async () => {
    await saveSettings({ apiKey: '  secret-key  ' });
    expect((await storedAccounts())?.accounts).toEqual([
      expect.objectContaining({ id: 'a1', apiKey: 'secret-key' }),
    ]);
    expect(JSON.stringify(await stored())).not.toContain('secret-key');
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
    await saveSettings({ apiKey: '' });
    expect((await loadSettings()).settings.apiKey).toBe('');
  });

  it('keeps what it does not change, and concurrent saves do not undo each other', async () => {
    await Promise.all([
      saveSettings({ serviceUrl: 'https://a.example/api/v1' }),
      saveSettings({ showBadge: false }),
      saveSettings({ defaultPrivacy: 2 }),
      saveSettings({ apiKey: 'k' }),
    ]);
    expect((await loadSettings()).settings).toEqual({
      ...DEFAULT_SETTINGS,
      serviceUrl: 'https://a.example/api/v1',
      showBadge: false,
      defaultPrivacy: 2,
      apiKey: 'k',
    });
  });
});

describe('onSettingsChanged', () => {
  it('reports the user’s and the administrator’s changes until stopped', async () => {
    const seen: boolean[] = [];
    const stop = onSettingsChanged(({ settings }) => seen.push(settings.notify));
    await saveSettings({ notify: false });
    await vi.waitFor(() => expect(seen).toEqual([false]));
    await fakeBrowser.storage.managed.set({ notify: true });
    // Then again as the policy read is kept in place of the one kept before (managed.ts).
    await vi.waitFor(() => expect(seen).toEqual([false, true, true]));
    await fakeBrowser.storage.local.set({ unrelated: 1 });
    stop();
    await saveSettings({ showBadge: false });
    await sleep(10);
    expect(seen).toEqual([false, true, true]);
  });
});

describe('addresses', () => {
  it.each([
    'https://reports.example.com',
    'https://reports.example.com/',
    'https://reports.example.com/api/v1/',
    ' https://REPORTS.example.com//api/v1// ',
    'http://localhost:8080',
    'http://127.1.2.3/api/v1',
    'http://[::1]/api/v1',
    'http://example.com',
    'ftp://example.com',
    'https://u:p@example.com',
    'https://example.com/#x',
    'https://example.com/?a',
    'example.com',
    '',
  ])('normalises %j exactly as the API client does', (input) => {
    const mine = normaliseServiceUrl(input);
    let theirs: string | null;
    try {
      theirs = normaliseBaseUrl(input);
    } catch {
      theirs = null;
    }
    expect(mine.ok ? mine.url : null).toBe(theirs);
  });

  it('asks for access to the service’s scheme and host (any port)', () => {
    expect(hostPermissionPattern('https://reports.example.com/api/v1')).toBe(
      'https://reports.example.com/*',
    );
    expect(hostPermissionPattern('http://localhost:8080/api/v1')).toBe('http://localhost/*');
  });

  it('derives the report site from the service URL unless overridden', () => {
    expect(effectiveSiteUrl({ serviceUrl: 'https://r.example/api/v1', siteUrl: '' })).toBe(
      'https://r.example',
    );
    expect(
      effectiveSiteUrl({
        serviceUrl: 'https://r.example/api/v1',
        siteUrl: 'https://www.r.example',
      }),
    ).toBe('https://www.r.example');
  });
});
