// The plan of each service and key, as GET /account told it: its name and monthly allowance
// only. Asked by the background when the settings are saved or the browser starts, and kept for a
// day; Test connection asks again. Pages never ask the service: they ask the background
// (getPlan), which reads what is kept.
import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import type { SiteReportClient } from '../api';
import { Plan } from '../api/model';
import type { JobService } from '../jobs/schema';
import { serviceOf } from '../jobs/service';
import { createLock } from '../lock';

/** How long a plan is taken as told before the service is asked again. */
export const PLAN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** How long Test connection waits for the plan after the service answered. */
export const PLAN_WAIT_MS = 5_000;
/** Services remembered at most; the longest unasked is forgotten first. */
export const MAX_KNOWN_PLANS = 20;

/** A service's plan (null: the service does not tell it) and when it was asked. */
const KnownPlan = z.object({ plan: z.nullable(Plan), checkedAt: z.number() });
type KnownPlan = z.infer<typeof KnownPlan>;

/** By service: its base URL and a fingerprint of its key (each key is its own account). */
export const plansItem = storage.defineItem<Record<string, unknown> | null>('local:plans', {
  fallback: null,
});

const lock = createLock();

const keyOf = ({ url, key }: JobService) => `${url} ${key}`;

async function planKey(baseUrl: string, apiKey: string): Promise<string> {
  return keyOf(await serviceOf(baseUrl, apiKey));
}

/** The plan kept for a service, undefined when none is kept (or what is kept is unreadable). */
export async function knownPlan(baseUrl: string, apiKey: string): Promise<KnownPlan | undefined> {
  return keptUnder(await planKey(baseUrl, apiKey));
}

async function keptUnder(key: string): Promise<KnownPlan | undefined> {
  const stored = (await plansItem.getValue()) ?? {};
  if (!Object.hasOwn(stored, key)) return undefined;
  const parsed = KnownPlan.safeParse(stored[key]);
  return parsed.success ? parsed.data : undefined;
}

/** The plan kept for a job's service (null: it does not tell; undefined: none kept), however
 * old: the background's queue never waits on GET /account. */
export async function keptPlanOf(service: JobService): Promise<Plan | null | undefined> {
  return (await keptUnder(keyOf(service)))?.plan;
}

async function keepPlan(baseUrl: string, apiKey: string, plan: Plan | null, now: number) {
  const key = await planKey(baseUrl, apiKey);
  await lock.runExclusive(async () => {
    const stored = { ...((await plansItem.getValue()) ?? {}), [key]: { plan, checkedAt: now } };
    const oldestFirst = Object.entries(stored).sort(([, a], [, b]) => checkedAt(a) - checkedAt(b));
    await plansItem.setValue(Object.fromEntries(oldestFirst.slice(-MAX_KNOWN_PLANS)));
  });
}

const checkedAt = (value: unknown) => {
  const parsed = KnownPlan.safeParse(value);
  return parsed.success ? parsed.data.checkedAt : 0;
};

/**
 * Asks the service for its plan and keeps the answer (null when it does not tell); undefined
 * when the question failed, which is kept as nothing.
 */
export async function askPlan(
  client: SiteReportClient,
  apiKey: string,
  { signal, now = Date.now }: { signal?: AbortSignal; now?: () => number } = {},
): Promise<Plan | null | undefined> {
  let plan: Plan | null;
  try {
    plan = await client.account({ signal });
  } catch {
    return undefined;
  }
  // Keeping it is a convenience: a failed write does not make the answer wrong.
  await keepPlan(client.baseUrl, apiKey, plan, now()).catch(() => undefined);
  return plan;
}

/** The question in flight, so that a page asking meanwhile waits for it instead of asking too. */
let refreshing: Promise<unknown> = Promise.resolve();

/**
 * Asks the service for its plan when none is kept for it or the one kept is a day old. The
 * background calls this when the settings are saved and when the browser starts, never when a
 * page opens.
 */
export function refreshPlan(
  client: SiteReportClient,
  apiKey: string,
  now: () => number = Date.now,
): Promise<unknown> {
  refreshing = (async () => {
    const known = await knownPlan(client.baseUrl, apiKey).catch(() => undefined);
    if (known && now() - known.checkedAt < PLAN_MAX_AGE_MS) return;
    await askPlan(client, apiKey, { now });
  })().catch(() => undefined);
  return refreshing;
}

/**
 * The plan kept for the service, however old (null when none is kept or the service does not
 * tell it). Waits for a question in flight, and asks nothing itself.
 */
export async function keptPlan(baseUrl: string, apiKey: string): Promise<Plan | null> {
  await refreshing;
  return (await knownPlan(baseUrl, apiKey).catch(() => undefined))?.plan ?? null;
}
