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
 * An account's plan (null: the service does not tell it), when it was asked, and with which
 * service address and key (its fingerprint, lib/jobs/service.ts): an account whose address or key
 * changed may be another account of the service, and is asked again.
 */
const KnownPlan = z.object({
  plan: z.nullable(Plan),
  checkedAt: z.number(),
  url: z.string(),
  key: z.string(),
});
type KnownPlan = z.infer<typeof KnownPlan>;

/** Whose plan: an account (its local id) at its service address, with its key's fingerprint. */
export type PlanOwner = JobService & { account: string };

/**
 * What a plan is kept under, and questions in flight told apart by: an answer for a key saved
 * before does not take the place of the key saved now.
 */
const ownerKey = ({ account, url, key }: PlanOwner) => `${account} ${url} ${key}`;

/** By account, address and key (ownerKey). */
export const plansItem = defineStorageItem<Record<string, unknown> | null>('local:plans', null);

const lock = createLock();

/**
 * The plan kept for an account at its service address with its key, undefined when none is kept
 * (or it was asked at another address or with another key, or what is kept is unreadable).
 */
export async function knownPlan({ account, url, key }: PlanOwner): Promise<KnownPlan | undefined> {
  const stored = (await plansItem.getValue()) ?? {};
  const at = ownerKey({ account, url, key });
  if (!Object.hasOwn(stored, at)) return undefined;
  const parsed = KnownPlan.safeParse(stored[at]);
  return parsed.success && parsed.data.url === url && parsed.data.key === key
    ? parsed.data
    : undefined;
}

/** The plan kept for a job's account (null: it does not tell; undefined: none kept), however
 * old: the background's queue never waits on GET /account. */
export async function keptPlanOf(service: JobService): Promise<Plan | null | undefined> {
  const owner = planOwner(service);
  return owner && (await knownPlan(owner))?.plan;
}

/** A service (a saved client's, a job's) as a plan's owner; undefined for one of no account. */
export function planOwner(service: JobService): PlanOwner | undefined {
  const { account } = service;
  return account === undefined ? undefined : { ...service, account };
}

async function keepPlan(owner: PlanOwner, plan: Plan | null, now: number) {
  await lock.runExclusive(async () => {
    const kept: KnownPlan = { plan, checkedAt: now, url: owner.url, key: owner.key };
    const stored = { ...((await plansItem.getValue()) ?? {}), [ownerKey(owner)]: kept };
    const oldestFirst = Object.entries(stored).sort(([, a], [, b]) => checkedAt(a) - checkedAt(b));
    await plansItem.setValue(Object.fromEntries(oldestFirst.slice(-MAX_KNOWN_PLANS)));
  });
}

/** Forgets what is kept for an account (it was removed). */
export async function forgetPlan(account: string): Promise<void> {
  await lock.runExclusive(async () => {
    const stored = (await plansItem.getValue()) ?? {};
    // Its plans under each address and key, and one kept by an earlier version under its id.
    const others = Object.entries(stored).filter(
      ([at]) => at !== account && !at.startsWith(`${account} `),
    );
    if (others.length === Object.keys(stored).length) return;
    await plansItem.setValue(Object.fromEntries(others));
  });
}

const checkedAt = (value: unknown) => {
  const parsed = KnownPlan.safeParse(value);
  return parsed.success ? parsed.data.checkedAt : 0;
};

/**
 * Asks the service which account the key is and its plan (null when it has no `/account`);
 * undefined when the question failed. With `owner` (the client's own account, address and key),
 * the plan is kept for it.
 */
export async function askAccount(
  client: Pick<SiteReportClient, 'accountInfo'>,
  {
    owner,
    signal,
    now = Date.now,
  }: { owner?: PlanOwner; signal?: AbortSignal; now?: () => number } = {},
): Promise<AccountInfo | null | undefined> {
  let info: AccountInfo | null;
  try {
    info = await client.accountInfo({ signal });
  } catch {
    return undefined;
  }
  // Keeping it is a convenience: a failed write does not make the answer wrong.
  if (owner) await keepPlan(owner, info?.plan ?? null, now()).catch(() => undefined);
  return info;
}

/** The questions in flight, by account, address and key: a page asking meanwhile waits. */
const asked = new Map<string, Promise<AccountInfo | null | undefined>>();

/**
 * Asks the service for the plan of a saved client's account (`owner`: its account, address and
 * key) when none is kept for it or the one kept is a day old: what it told, or undefined when it
 * was not asked (or the question failed). The background calls this when the settings are saved
 * and when the browser starts, never when a page opens.
 */
export function refreshPlan(
  client: Pick<SiteReportClient, 'accountInfo'>,
  owner: PlanOwner,
  now: () => number = Date.now,
): Promise<AccountInfo | null | undefined> {
  // Two causes at once (a start and a save) ask once; a key saved meanwhile asks on its own.
  const key = ownerKey(owner);
  const asking = asked.get(key);
  if (asking) return asking;
  const question = (async () => {
    const known = await knownPlan(owner).catch(() => undefined);
    if (known && now() - known.checkedAt < PLAN_MAX_AGE_MS) return undefined;
    return askAccount(client, { owner, now });
  })()
    .catch(() => undefined)
    .finally(() => asked.delete(key));
  asked.set(key, question);
  return question;
}

/**
 * The plan kept for the account with its address and key, however old (null when none is kept or
 * the service does not tell it). Waits for its question in flight, and asks nothing itself.
 */
export async function keptPlan(owner: PlanOwner): Promise<Plan | null> {
  await asked.get(ownerKey(owner));
  return (await knownPlan(owner).catch(() => undefined))?.plan ?? null;
}
