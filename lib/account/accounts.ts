// The accounts: each is one service and one key, with everything the extension keeps for it
// stored under its local id (never under the service's address: two keys of one service are two
// accounts, and two services may use the same report ids). The list and the one in use are
// stored items; only the background and the options page read them, since they hold the keys.
import * as z from 'zod/mini';
import { defineStorageItem } from '../storage-item';
import { type AccountChoice, AccountId } from './choice';

export { AccountChoice, AccountId } from './choice';

export const MAX_ACCOUNTS = 20;

export const Account = z.object({
  id: AccountId,
  /** What the user calls it; by default the service's host. */
  name: z.string(),
  /** Normalised base URL of the service. */
  serviceUrl: z.string(),
  /** Where the service shows reports to a browser; '' = derived from serviceUrl. */
  siteUrl: z.string(),
  apiKey: z.string(),
  /** The service's own id of the account (`GET /account`'s `data.id`), once it told it. */
  serviceAccountId: z.optional(z.number()),
});
export type Account = z.infer<typeof Account>;

export const StoredAccounts = z.object({
  accounts: z.array(Account),
  /** The number of the next account's id: an id is never given again after a remove. */
  nextId: z.number(),
  /**
   * The base URL an earlier version kept everything under, until the background has moved it to
   * the first account (lib/background/accounts-upgrade.ts).
   */
  upgradedFrom: z.optional(z.string()),
});
export type StoredAccounts = z.infer<typeof StoredAccounts>;

export const accountsItem = defineStorageItem<StoredAccounts | null>('local:accounts', null);

/** The id of the account in use: what the pages, the badge and the menu act for. */
export const accountInUseItem = defineStorageItem<string | null>('local:accountInUse', null);

/** The stored accounts, or null when none were ever stored (or what is stored is unreadable). */
export function parseAccounts(raw: unknown): StoredAccounts | null {
  const parsed = StoredAccounts.safeParse(raw);
  if (!parsed.success) return null;
  const seen = new Set<string>();
  const accounts = parsed.data.accounts.filter((account) => {
    if (seen.has(account.id)) return false;
    seen.add(account.id);
    return true;
  });
  return { ...parsed.data, accounts: accounts.slice(0, MAX_ACCOUNTS) };
}

/** The default name of an account: its service's host (with the port when it has one). */
export function defaultAccountName(serviceUrl: string): string {
  try {
    return new URL(serviceUrl).host;
  } catch {
    return serviceUrl;
  }
}

/** The id the first account gets, also the one an upgrade gives today's settings. */
export const FIRST_ACCOUNT_ID = 'a1';

/** A new account's id and the list's next number. */
export function newAccountId(stored: StoredAccounts | null): { id: string; nextId: number } {
  const taken = new Set(stored?.accounts.map((account) => account.id));
  let next = Math.max(1, stored?.nextId ?? 1);
  while (taken.has(`a${next}`)) next++;
  return { id: `a${next}`, nextId: next + 1 };
}

/** The account in use: the stored choice when it still exists, else the first account. */
export function accountInUse(
  stored: StoredAccounts | null,
  inUse: string | null | undefined,
): Account | null {
  const accounts = stored?.accounts ?? [];
  return accounts.find((account) => account.id === inUse) ?? accounts[0] ?? null;
}

export function accountChoices(accounts: readonly Account[]): AccountChoice[] {
  return accounts.map(({ id, name }) => ({ id, name }));
}
