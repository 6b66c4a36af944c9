// The accounts as the settings store keeps them: new ones get ids never given before, one is in
// use, a save changes only the account it is for, and the administrator's presets stay.
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_ACCOUNTS, type StoredAccounts } from '../../../lib/account/accounts';
import {
  dropAccount,
  loadSettings,
  parseSettingsSummary,
  saveSettings,
  useAccount,
} from '../../../lib/settings';

const A = { serviceUrl: 'https://a.example/api/v1', apiKey: 'key-a' };
const B = { serviceUrl: 'https://b.example/api/v1', apiKey: 'key-b' };

async function stored(): Promise<StoredAccounts | undefined> {
  return (await fakeBrowser.storage.local.get('accounts')).accounts as StoredAccounts | undefined;
}

async function summary() {
  return parseSettingsSummary(
    (await fakeBrowser.storage.local.get('settingsSummary')).settingsSummary,
  );
}

async function ids() {
  return (await loadSettings()).accounts.map(({ id }) => id);
}

async function added(connection: Record<string, unknown>, name?: string) {
  const result = await saveSettings(connection, { account: 'new', ...(name && { name }) });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  // The stored list's last: presets are listed after the user's own accounts.
  return (await stored())?.accounts.at(-1)?.id;
}

describe('saveSettings for a new account', () => {
  it('gives ids a1, a2, … and names each after its host unless named', async () => {
    expect(await added(A)).toBe('a1');
    expect(await added(B, '  Team B  ')).toBe('a2');
    expect((await loadSettings()).accounts).toEqual([
      { id: 'a1', name: 'a.example', siteUrl: '', ...A },
      { id: 'a2', name: 'Team B', siteUrl: '', ...B },
    ]);
    // The first account is the one in use; a later one is chosen.
    expect((await loadSettings()).account?.id).toBe('a1');
    expect(await summary()).toMatchObject({
      account: 'a1',
      accounts: [
        { id: 'a1', name: 'a.example' },
        { id: 'a2', name: 'Team B' },
      ],
    });
  });

  it('makes the first save without an account the first account', async () => {
    await saveSettings(A);
    expect(await stored()).toEqual({
      accounts: [{ id: 'a1', name: 'a.example', siteUrl: '', ...A }],
      nextId: 2,
    });
    expect((await fakeBrowser.storage.local.get('accountInUse')).accountInUse).toBe('a1');
  });

  it('never gives an id again after its account was removed', async () => {
    await added(A);
    await added(B);
    expect(await dropAccount('a2')).toMatchObject({ id: 'a2', ...B });
    expect(await added(B)).toBe('a3');
    expect(await dropAccount('a1')).toMatchObject({ id: 'a1' });
    expect(await dropAccount('a3')).toMatchObject({ id: 'a3' });
    expect(await ids()).toEqual([]);
    expect(await added(A)).toBe('a4');
  });

  it(`keeps at most ${MAX_ACCOUNTS}, and says so`, async () => {
    for (let n = 1; n <= MAX_ACCOUNTS; n++) {
      await added({ serviceUrl: `https://s${n}.example/api/v1`, apiKey: `key-${n}` });
    }
    const before = await stored();
    const result = await saveSettings(A, { account: 'new' });
    expect(result).toEqual({
      ok: false,
      errors: { serviceUrl: expect.stringContaining(`${MAX_ACCOUNTS}`) },
    });
    expect(await stored()).toEqual(before);
    expect(before?.accounts).toHaveLength(MAX_ACCOUNTS);
  });

  it('refuses an invalid connection, adding nothing', async () => {
    const result = await saveSettings({ serviceUrl: 'not a url' }, { account: 'new' });
    expect(result.ok).toBe(false);
    expect(await stored()).toBeUndefined();
  });
});

describe('a save for one account', () => {
  it('changes that account’s key only, and the other’s stays', async () => {
    await added(A);
    await added(B);
    const result = await saveSettings({ apiKey: 'key-a-new' }, { account: 'a1' });
    expect(result.ok).toBe(true);
    const [first, second] = (await stored())?.accounts ?? [];
    expect(first).toMatchObject({ id: 'a1', apiKey: 'key-a-new', serviceUrl: A.serviceUrl });
    expect(second).toEqual({ id: 'a2', name: 'b.example', siteUrl: '', ...B });
  });

  it('is for the account in use when it names none, and renames only when given a name', async () => {
    await added(A);
    await added(B);
    expect(await useAccount('a2')).toBe(true);
    await saveSettings({ apiKey: 'key-b-new', notify: false });
    await saveSettings({}, { name: 'Bee' });
    const [first, second] = (await stored())?.accounts ?? [];
    expect(first).toEqual({ id: 'a1', name: 'a.example', siteUrl: '', ...A });
    expect(second).toMatchObject({ id: 'a2', name: 'Bee', apiKey: 'key-b-new' });
    // The preferences are every account's.
    expect((await loadSettings()).settings.notify).toBe(false);
    await useAccount('a1');
    expect((await loadSettings()).settings).toMatchObject({ ...A, notify: false });
  });

  it('says the account is gone when it was removed meanwhile', async () => {
    await added(A);
    const result = await saveSettings({ apiKey: 'k' }, { account: 'a9' });
    expect(result).toEqual({ ok: false, errors: { serviceUrl: expect.any(String) } });
    expect((await stored())?.accounts).toHaveLength(1);
  });
});

describe('useAccount and dropAccount', () => {
  it('make another account the one in use, everywhere the pages look', async () => {
    await added(A);
    await added(B);
    expect(await useAccount('a2')).toBe(true);
    const loaded = await loadSettings();
    expect(loaded.account?.id).toBe('a2');
    expect(loaded.settings).toMatchObject(B);
    expect(await summary()).toMatchObject({ account: 'a2', serviceUrl: B.serviceUrl });
    expect(JSON.stringify(await summary())).not.toContain(B.apiKey);
    expect(await useAccount('a7')).toBe(false);
    expect((await loadSettings()).account?.id).toBe('a2');
  });

  it('removes an account and its key; the first left is in use when it was', async () => {
    await added(A);
    await added(B);
    await useAccount('a2');
    expect(await dropAccount('a2')).toMatchObject({ id: 'a2' });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(B.apiKey);
    expect((await loadSettings()).account?.id).toBe('a1');
    expect(await summary()).toMatchObject({
      account: 'a1',
      accounts: [{ id: 'a1', name: 'a.example' }],
    });
    expect(await dropAccount('a2')).toBeNull();
    expect(await dropAccount('a1')).toMatchObject({ id: 'a1' });
    expect(await loadSettings()).toMatchObject({ account: null, accounts: [] });
    expect(await summary()).toMatchObject({ connected: false, account: null, accounts: [] });
  });
});

describe('preset accounts in the store', () => {
  const CORP = { name: 'Corp', serviceUrl: 'https://corp.example/api/v1' };

  it('keep the key the user gives a preset, and stay when asked to remove them', async () => {
    await fakeBrowser.storage.managed.set({ accounts: [CORP] });
    const [preset] = (await loadSettings()).accounts;
    expect(preset).toMatchObject({ ...CORP, apiKey: '' });
    const id = preset?.id ?? '';
    const result = await saveSettings(
      { apiKey: 'user-key', serviceUrl: 'https://elsewhere.example' },
      { account: id },
    );
    expect(result).toMatchObject({ ok: true, ignored: ['serviceUrl'] });
    const loaded = await loadSettings();
    expect(loaded.account).toEqual({ id, ...CORP, siteUrl: '', apiKey: 'user-key' });
    expect(loaded.locked.sort()).toEqual(['serviceUrl', 'siteUrl']);
    expect(await dropAccount(id)).toBeNull();
    expect(await ids()).toEqual([id]);
  });

  it('use the preset’s key when it sets one, over the user’s', async () => {
    await fakeBrowser.storage.managed.set({ accounts: [{ ...CORP, apiKey: 'corp-key' }] });
    const id = (await ids())[0] ?? '';
    const result = await saveSettings({ apiKey: 'user-key' }, { account: id });
    expect(result).toMatchObject({ ok: true, ignored: ['apiKey'] });
    const loaded = await loadSettings();
    expect(loaded.settings.apiKey).toBe('corp-key');
    expect(loaded.locked.sort()).toEqual(['apiKey', 'serviceUrl', 'siteUrl']);
  });

  it('come after the user’s own accounts, and a new account is numbered past them', async () => {
    await added(A);
    await fakeBrowser.storage.managed.set({ accounts: [CORP] });
    expect(await added(B)).toBe('a2');
    const listed = await ids();
    expect(listed.slice(0, 2)).toEqual(['a1', 'a2']);
    expect(listed[2]).toMatch(/^m/);
  });
});
