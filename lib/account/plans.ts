// The plan of each account, as GET /account told it: its name and monthly allowance only. Asked by the background when the settings are saved or the browser starts, and kept for a
// day; Test connection asks again. Pages never ask the service: they ask the background
// (getPlan), which reads what is kept.
import * as z from 'zod/mini';
import type { SiteReportClient } from '../api';
import { type AccountInfo, Plan } from '../api/model';
import type { JobService } from '../jobs/schema';
import { createLock } from '../lock';
import { defineStorageItem } from '../storage-item';

/** How long a plan is taken as told before the service is asked again. */
export const PLAN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** How long Test connection waits for the plan after the service answered. */
export const PLAN_WAIT_MS = 5_000;
/** Accounts remembered at most; the longest unasked is forgotten first. */
export const MAX_KNOWN_PLANS = 20;

/**
 * An account's plan (null: the service does not tell it), when it was asked, and of which service
 * address: an account whose address changed is asked again.
 */
const KnownPlan = z.object({ plan: z.nullable(Plan), checkedAt: z.number(), url: z.string() });
type KnownPlan = z.infer<typeof KnownPlan>;

/** By account (its local id). */
export const plansItem = defineStorageItem<Record<string, unknown> | null>('local:plans', null);

const lock = createLock();

/**
 * The plan kept for an account at its service address `url`, undefined when none is kept (or it
 * was asked at another address, or what is kept is unreadable).
 */
export async function knownPlan(account: string, url: string): Promise<KnownPlan | undefined> {
  const stored = (await plansItem.getValue()) ?? {};
  if (!Object.hasOwn(stored, account)) return undefined;
  const parsed = KnownPlan.safeParse(stored[account]);
  return parsed.success && parsed.data.url === url ? parsed.data : undefined;
}

/** The plan kept for a job's account (null: it does not tell; undefined: none kept), however
 * old: the background's queue never waits on GET /account. */
export async function keptPlanOf(service: JobService): Promise<Plan | null | undefined> {
  return service.account === undefined
    ? undefined
    : (await knownPlan(service.account, service.url))?.plan;
}

async function keepPlan(account: string, url: string, plan: Plan | null, now: number) {
  await lock.runExclusive(async () => {
    const kept: KnownPlan = { plan, checkedAt: now, url };
    const stored = { ...((await plansItem.getValue()) ?? {}), [account]: kept };
    const oldestFirst = Object.entries(stored).sort(([, a], [, b]) => checkedAt(a) - checkedAt(b));
    await plansItem.setValue(Object.fromEntries(oldestFirst.slice(-MAX_KNOWN_PLANS)));
  });
}

/** Forgets what is kept for an account (it was removed). */
export async function forgetPlan(account: string): Promise<void> {
  await lock.runExclusive(async () => {
    const stored = { ...((await plansItem.getValue()) ?? {}) };
    if (!Object.hasOwn(stored, account)) return;
    delete stored[account];
    await plansItem.setValue(stored);
  });
}

const checkedAt = (value: unknown) => {
  const parsed = KnownPlan.safeParse(value);
  return parsed.success ? parsed.data.checkedAt : 0;
};

/**
 * Asks the service which account the key is and its plan (null when it has no `/account`);
 * undefined when the question failed. With `account`, the plan is kept for that account.
 */
export async function askAccount(
  client: Pick<SiteReportClient, 'accountInfo' | 'baseUrl'>,
  {
    account,
    signal,
    now = Date.now,
  }: { account?: string; signal?: AbortSignal; now?: () => number } = {},
): Promise<AccountInfo | null | undefined> {
  let info: AccountInfo | null;
  try {
    info = await client.accountInfo({ signal });
  } catch {
    return undefined;
  }
  // Keeping it is a convenience: a failed write does not make the answer wrong.
  if (account) {
    await keepPlan(account, client.baseUrl, info?.plan ?? null, now()).catch(() => undefined);
  }
  return info;
}

/** The question in flight, so that a page asking meanwhile waits for it instead of asking too. */
let refreshing: Promise<unknown> = Promise.resolve();
/** The questions in flight, by account and address. */
const asked = new Map<string, Promise<AccountInfo | null | undefined>>();

/**
 * Asks the service for the plan of the client's account when none is kept for it or the one kept
 * is a day old: what it told, or undefined when it was not asked (or the question failed). The
 * background calls this when the settings are saved and when the browser starts, never when a
 * page opens.
 */
export function refreshPlan(
  client: Pick<SiteReportClient, 'accountInfo' | 'baseUrl'> & { accountId: string },
  now: () => number = Date.now,
): Promise<AccountInfo | null | undefined> {
  // Two causes at once (a start and a save) ask once.
  const key = `${client.accountId} ${client.baseUrl}`;
  const asking = asked.get(key);
  if (asking) return asking;
  const question = (async () => {
    const known = await knownPlan(client.accountId, client.baseUrl).catch(() => undefined);
    if (known && now() - known.checkedAt < PLAN_MAX_AGE_MS) return undefined;
    return askAccount(client, { account: client.accountId, now });
  })()
    .catch(() => undefined)
    .finally(() => asked.delete(key));
  asked.set(key, question);
  refreshing = question;
  return question;
}

/**
 * The plan kept for the account, however old (null when none is kept or the service does not
 * tell it). Waits for a question in flight, and asks nothing itself.
 */
export async function keptPlan(account: string, url: string): Promise<Plan | null> {
  await refreshing;
  return (await knownPlan(account, url).catch(() => undefined))?.plan ?? null;
}
