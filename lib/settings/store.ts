// Writing the settings: the preferences, the accounts and the one in use, each change in one
// write with the summary the pages read (read.ts reads them).
import { storage } from 'wxt/utils/storage';
import {
  type Account,
  accountInUse,
  accountInUseItem,
  accountsItem,
  defaultAccountName,
  MAX_ACCOUNTS,
  newAccountId,
  parseAccounts,
  type StoredAccounts,
} from '../account/accounts';
import { t } from '../i18n';
import { createLock } from '../lock';
import { checkFields, hasErrors } from './fields';
import { readManaged } from './managed';
import { toStored } from './migrations';
import { pickConnection, presetLocks } from './presets';
import {
  accountsOf,
  loaded,
  loadSettings,
  readAccounts,
  readStored,
  settingsItem,
  summaryItemOf,
  summaryOf,
} from './read';
import { type SaveResult, SETTING_KEYS, type SettingKey } from './schema';
import { parseSettingsSummary, settingsSummaryItem, storedSettingsSummary } from './summary';

// Two quick changes (a toggle, then Save) must not undo each other.
const lock = createLock();

/**
 * Re-derives the stored summary from the settings in effect, and writes it when it differs: for
 * changes that did not go through saveSettings (the administrator's values, a direct write, an
 * update from a version without the summary).
 */
export function syncSettingsSummary(): Promise<void> {
  return lock.runExclusive(async () => {
    const summary = summaryOf(await loadSettings());
    const current = parseSettingsSummary(await settingsSummaryItem.getValue());
    if (JSON.stringify(current) === JSON.stringify(summary)) return;
    await settingsSummaryItem.setValue(storedSettingsSummary(summary));
  });
}

/**
 * Moves an earlier version's connection (stored in the settings) to the first account, in one
 * write with the settings without it. Answers the base URL everything was kept under, for the
 * background to move what it kept (lib/background/accounts-upgrade.ts); null when there was
 * nothing to move.
 */
export function moveToAccounts(): Promise<string | null> {
  return lock.runExclusive(async () => {
    const { settings: stored } = await readStored();
    const read = await readAccounts(stored);
    if (!read.legacy) return read.stored?.upgradedFrom ?? null;
    const from = read.legacy.serviceUrl;
    const accounts: StoredAccounts = read.stored
      ? { ...read.stored }
      : { accounts: [read.legacy], nextId: 2, ...(from && { upgradedFrom: from }) };
    await storage.setItems([
      { item: accountsItem, value: accounts },
      { item: accountInUseItem, value: read.inUse ?? accounts.accounts[0]?.id ?? null },
      { item: settingsItem, value: toStored(stored) },
    ]);
    return accounts.upgradedFrom ?? null;
  });
}

/** Marks the move of what was kept under the earlier version's base URL as done. */
export function upgradeDone(): Promise<void> {
  return lock.runExclusive(async () => {
    const stored = parseAccounts(await accountsItem.getValue());
    if (!stored?.upgradedFrom) return;
    const { upgradedFrom: _, ...rest } = stored;
    await accountsItem.setValue(rest);
  });
}

/** Which account a save is for: the one in use (default), another by its id, or a new one. */
export interface SaveTarget {
  account?: string | 'new';
  /** The account's name; '' or missing keeps it (a new one is named after its service's host). */
  name?: string;
}

/**
 * Validates and stores `patch`; answers per-field messages instead of throwing. The connection
 * (service, key, site address) goes to the target account, the rest to every account's settings.
 */
export function saveSettings(
  patch: Partial<Record<SettingKey, unknown>>,
  target: SaveTarget = {},
): Promise<SaveResult> {
  return lock.runExclusive(async () => {
    const { values, errors } = checkFields(patch);
    if (hasErrors(errors)) return { ok: false, errors };
    const [{ settings: stored }, managed] = await Promise.all([readStored(), readManaged()]);
    const read = await readAccounts(stored);
    const own = read.stored?.accounts ?? (read.legacy ? [read.legacy] : []);
    const everyAccount = accountsOf(read, managed.presets);
    const current = accountInUse({ accounts: everyAccount, nextId: 0 }, read.inUse);
    const isNew = target.account === 'new' || (!target.account && !current);
    const edited = isNew
      ? undefined
      : everyAccount.find((account) => account.id === (target.account ?? current?.id));
    if (!isNew && !edited) return { ok: false, errors: { serviceUrl: t('error_account_gone') } };
    const ignored = SETTING_KEYS.filter(
      (key) =>
        key in values &&
        (key in managed.values || (edited && presetLocks(edited, managed.presets).includes(key))),
    );
    for (const key of ignored) delete values[key];
    const connection = pickConnection(values);
    let accounts = own;
    let nextId = read.stored?.nextId ?? (read.legacy ? 2 : 1);
    let inUse = read.inUse ?? current?.id ?? null;
    if (isNew) {
      if (own.length >= MAX_ACCOUNTS) {
        return {
          ok: false,
          errors: { serviceUrl: t('error_too_many_accounts', `${MAX_ACCOUNTS}`) },
        };
      }
      const made = newAccountId({ accounts: everyAccount, nextId });
      nextId = made.nextId;
      const serviceUrl = connection.serviceUrl ?? '';
      accounts = [
        ...own,
        {
          id: made.id,
          name: target.name?.trim() || defaultAccountName(serviceUrl),
          serviceUrl,
          siteUrl: connection.siteUrl ?? '',
          apiKey: connection.apiKey ?? '',
        },
      ];
      // The first account is the one in use; a later one is chosen with the Account select.
      inUse ??= made.id;
    } else if (edited) {
      const name = target.name?.trim();
      const changed = { ...edited, ...connection, ...(name && { name }) };
      // The service's id of the account was told for the key and address before: another key
      // may be another account of the service (asked again with the plan).
      if (changed.apiKey !== edited.apiKey || changed.serviceUrl !== edited.serviceUrl) {
        delete changed.serviceAccountId;
      }
      accounts = own.some((account) => account.id === edited.id)
        ? own.map((account) => (account.id === edited.id ? changed : account))
        : [...own, changed];
    }
    const prefs = { ...stored, ...values };
    const nextStored: StoredAccounts = {
      // An earlier version's connection moved here: what it kept is still to be moved.
      ...(!read.stored && read.legacy?.serviceUrl && { upgradedFrom: read.legacy.serviceUrl }),
      ...read.stored,
      accounts,
      nextId,
    };
    const result = loaded(prefs, { stored: nextStored, inUse, legacy: null }, managed);
    await storage.setItems([
      { item: settingsItem, value: toStored(prefs) },
      { item: accountsItem, value: nextStored },
      { item: accountInUseItem, value: inUse },
      summaryItemOf(result),
    ]);
    return { ok: true, ...result, ignored };
  });
}

/** Makes account `id` the one in use; false when there is no such account. */
export function useAccount(id: string): Promise<boolean> {
  return lock.runExclusive(async () => {
    const [{ settings: stored }, managed] = await Promise.all([readStored(), readManaged()]);
    const read = { ...(await readAccounts(stored)), inUse: id };
    const next = loaded(stored, read, managed);
    if (next.account?.id !== id) return false;
    await storage.setItems([{ item: accountInUseItem, value: id }, summaryItemOf(next)]);
    return true;
  });
}

/**
 * Takes account `id` off the list (what was kept for it is the background's to remove). An
 * administrator's preset stays. Answers the account removed, or null.
 */
export function dropAccount(id: string): Promise<Account | null> {
  return lock.runExclusive(async () => {
    const [{ settings: stored }, managed] = await Promise.all([readStored(), readManaged()]);
    const read = await readAccounts(stored);
    const own = read.stored?.accounts ?? (read.legacy ? [read.legacy] : []);
    const gone = own.find((account) => account.id === id);
    if (!gone || managed.presets.some((preset) => preset.id === id)) return null;
    const accounts = own.filter((account) => account.id !== id);
    const nextStored: StoredAccounts = {
      // An earlier version's connection moved here: what it kept is still to be moved.
      ...(!read.stored && read.legacy?.serviceUrl && { upgradedFrom: read.legacy.serviceUrl }),
      ...read.stored,
      accounts,
      nextId: read.stored?.nextId ?? 2,
    };
    const inUse = read.inUse === id ? (accounts[0]?.id ?? null) : read.inUse;
    const next = loaded(stored, { stored: nextStored, inUse, legacy: null }, managed);
    await storage.setItems([
      { item: accountsItem, value: nextStored },
      { item: accountInUseItem, value: inUse },
      { item: settingsItem, value: toStored(stored) },
      summaryItemOf(next),
    ]);
    return gone;
  });
}

/** Records the service's own id of an account (GET /account's `data.id`). */
export function noteServiceAccountId(id: string, serviceAccountId: number): Promise<void> {
  return lock.runExclusive(async () => {
    const stored = parseAccounts(await accountsItem.getValue());
    const account = stored?.accounts.find((candidate) => candidate.id === id);
    if (!stored || !account || account.serviceAccountId === serviceAccountId) return;
    account.serviceAccountId = serviceAccountId;
    await accountsItem.setValue(stored);
  });
}
