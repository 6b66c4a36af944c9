// Reading the settings in effect: the user's preferences, the accounts (the API keys included,
// only in storage.local) and the administrator's values from storage.managed on top. Only the
// background and the options page read them; the pages read the summary (summaryOf).
import { type Browser, browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import {
  type Account,
  accountChoices,
  accountInUse,
  accountInUseItem,
  accountsItem,
  defaultAccountName,
  FIRST_ACCOUNT_ID,
  parseAccounts,
  type StoredAccounts,
} from '../account/accounts';
import { defineStorageItem } from '../storage-item';
import { MANAGED_KEPT, type Managed, readManaged, replacedKeptPolicy } from './managed';
import { readStoredValue, type StoredRead, type StoredSettings } from './migrations';
import { presetLocks, withPresets } from './presets';
import {
  DEFAULT_SETTINGS,
  type LoadedSettings,
  SETTING_KEYS,
  type SettingKey,
  type Settings,
} from './schema';
import { effectiveSiteUrl } from './service-url';
import { type SettingsSummary, settingsSummaryItem, storedSettingsSummary } from './summary';

const SETTINGS = 'settings';
/** Its layouts carry their own version, read (and upgraded) by readStoredValue. */
export const settingsItem = defineStorageItem<StoredSettings | null>(`local:${SETTINGS}`, null);

export async function readStored(): Promise<StoredRead> {
  return storedRead(await settingsItem.getValue());
}

function storedRead(raw: StoredSettings | null): StoredRead {
  if (raw === null) return { settings: { ...DEFAULT_SETTINGS }, migrated: false };
  return readStoredValue(raw);
}

/** The summary the pages read, of what is in effect. */
export function summaryItemOf(loaded: LoadedSettings) {
  return { item: settingsSummaryItem, value: storedSettingsSummary(summaryOf(loaded)) };
}

export interface AccountsRead {
  stored: StoredAccounts | null;
  inUse: string | null;
  /** The connection still stored in the settings by an earlier version, when it has one. */
  legacy: Account | null;
}

export async function readAccounts(stored: Settings): Promise<AccountsRead> {
  return withLegacy(await readAccountItems(), stored);
}

/** The stored accounts and the one in use: no need of the settings, so read beside them. */
async function readAccountItems(): Promise<Omit<AccountsRead, 'legacy'>> {
  const [raw, inUse] = await Promise.all([accountsItem.getValue(), accountInUseItem.getValue()]);
  return accountItems(raw, inUse);
}

/** The stored accounts' value and the one in use's, as read. */
function accountItems(raw: unknown, inUse: string | null): Omit<AccountsRead, 'legacy'> {
  return { stored: parseAccounts(raw), inUse };
}

function withLegacy(read: Omit<AccountsRead, 'legacy'>, stored: Settings): AccountsRead {
  const legacy =
    stored.serviceUrl || stored.apiKey
      ? {
          id: FIRST_ACCOUNT_ID,
          name: defaultAccountName(stored.serviceUrl),
          serviceUrl: stored.serviceUrl,
          siteUrl: stored.siteUrl,
          apiKey: stored.apiKey,
        }
      : null;
  return { ...read, legacy };
}

/** Every account: the stored ones (or an earlier version's connection) and the presets. */
export function accountsOf({ stored, legacy }: AccountsRead, presets: Account[]): Account[] {
  const own = stored?.accounts ?? (legacy ? [legacy] : []);
  return withPresets(own, presets);
}

export function loaded(stored: Settings, read: AccountsRead, managed: Managed): LoadedSettings {
  const accounts = accountsOf(read, managed.presets);
  const account = accountInUse({ accounts, nextId: 0 }, read.inUse);
  const settings: Settings = {
    ...stored,
    ...managed.values,
    serviceUrl: account?.serviceUrl ?? '',
    apiKey: account?.apiKey ?? '',
    siteUrl: account?.siteUrl ?? '',
  };
  return {
    settings,
    locked: lockedBy(managed.values, account, managed.presets),
    account,
    accounts,
  };
}

function lockedBy(
  managed: Partial<Settings>,
  account: Account | null,
  presets: readonly Account[],
): SettingKey[] {
  const keys = SETTING_KEYS.filter((key) => key in managed);
  return account ? [...keys, ...presetLocks(account, presets)] : keys;
}

/**
 * Every store at once, storage.local's three items in one read: a woken worker's first answer
 * (getStatus) waits on this.
 */
export async function loadSettings(): Promise<LoadedSettings> {
  const [[settings, accounts, inUse], managed] = await Promise.all([
    storage.getItems([settingsItem, accountsItem, accountInUseItem]),
    readManaged(),
  ]);
  const { settings: stored } = storedRead(settings?.value ?? null);
  const read = accountItems(accounts?.value, inUse?.value ?? null);
  return loaded(stored, withLegacy(read, stored), managed);
}

export function isConnected(settings: Settings): boolean {
  return settings.serviceUrl !== '' && settings.apiKey !== '';
}

export function summaryOf({ settings, account, accounts }: LoadedSettings): SettingsSummary {
  return {
    connected: isConnected(settings),
    account: account?.id ?? null,
    accounts: accountChoices(accounts),
    serviceUrl: settings.serviceUrl || null,
    siteUrl: settings.serviceUrl || settings.siteUrl ? effectiveSiteUrl(settings) : null,
    defaultPrivacy: settings.defaultPrivacy,
    showBadge: settings.showBadge,
    contextMenu: settings.contextMenu,
    notify: settings.notify,
  };
}

/** Calls `listener` with the new settings whenever the user's or the administrator's change. */
export function onSettingsChanged(listener: (loaded: LoadedSettings) => void): () => void {
  const onChanged = (changes: Record<string, Browser.storage.StorageChange>, area: string) => {
    if (isSettingsChange(changes, area)) loadSettings().then(listener, () => undefined);
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => browser.storage.onChanged.removeListener(onChanged);
}

/**
 * True when a storage change touches the settings (managed storage has no items), or puts
 * another policy in the place of the one kept from storage.managed (managed.ts): a read went on
 * with the kept one, and the policy that answered since is not the same.
 */
export function isSettingsChange(
  changes: Record<string, Browser.storage.StorageChange>,
  area: string,
): boolean {
  return (
    area === 'managed' ||
    (area === 'local' &&
      (SETTINGS in changes ||
        'accounts' in changes ||
        'accountInUse' in changes ||
        replacedKeptPolicy(changes[MANAGED_KEPT])))
  );
}
