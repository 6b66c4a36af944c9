// The plans kept per service and key: asked once, kept a day, only the plan's name and allowance.
import { describe, expect, it, vi } from 'vitest';
import {
  askPlan,
  keptPlan,
  knownPlan,
  MAX_KNOWN_PLANS,
  PLAN_MAX_AGE_MS,
  plansItem,
  refreshPlan,
} from '../../../lib/account/plans';
import type { SiteReportClient } from '../../../lib/api';
import { apiError } from '../../../lib/api/errors';
import type { Plan } from '../../../lib/api/model';

const BASE = 'https://reports.example.com/api/v1';
const KEY = 'sr_live_plan_key_0123456789';
const PRO: Plan = { name: 'Pro', reportsPerMonth: 500 };

function clientAnswering(answer: () => Promise<Plan | null>, baseUrl = BASE) {
  const account = vi.fn(answer);
  return { client: { baseUrl, account } as unknown as SiteReportClient, account };
}

describe('askPlan', () => {
  it('keeps the plan for the service and key, without the key itself', async () => {
    const { client } = clientAnswering(async () => PRO);
    expect(await askPlan(client, KEY, { now: () => 1000 })).toEqual(PRO);
    expect(await knownPlan(BASE, KEY)).toEqual({ plan: PRO, checkedAt: 1000 });
    expect(await knownPlan(BASE, 'another-key-0123')).toBeUndefined();
    expect(await knownPlan('https://other.example/api/v1', KEY)).toBeUndefined();
    expect(JSON.stringify(await plansItem.getValue())).not.toContain(KEY);
  });

  it('keeps "not told" (null) as an answer too', async () => {
    const { client } = clientAnswering(async () => null);
    expect(await askPlan(client, KEY, { now: () => 5 })).toBeNull();
    expect(await knownPlan(BASE, KEY)).toEqual({ plan: null, checkedAt: 5 });
  });

  it('answers undefined and keeps nothing when the question fails', async () => {
    const { client } = clientAnswering(async () => {
      throw apiError('network');
    });
    expect(await askPlan(client, KEY)).toBeUndefined();
    expect(await plansItem.getValue()).toBeNull();
  });

  it('remembers at most a few services, forgetting the longest unasked', async () => {
    for (let n = 0; n < MAX_KNOWN_PLANS + 3; n++) {
      const { client } = clientAnswering(async () => PRO, `https://s${n}.example/api/v1`);
      await askPlan(client, KEY, { now: () => n });
    }
    expect(Object.keys((await plansItem.getValue()) ?? {})).toHaveLength(MAX_KNOWN_PLANS);
    expect(await knownPlan('https://s0.example/api/v1', KEY)).toBeUndefined();
    expect(await knownPlan(`https://s${MAX_KNOWN_PLANS + 2}.example/api/v1`, KEY)).toBeDefined();
  });
});

describe('refreshPlan and keptPlan', () => {
  it('asks once, then not again for a day', async () => {
    const { client, account } = clientAnswering(async () => PRO);
    let now = 0;
    await refreshPlan(client, KEY, () => now);
    now = PLAN_MAX_AGE_MS - 1;
    await refreshPlan(client, KEY, () => now);
    expect(account).toHaveBeenCalledTimes(1);
    now = PLAN_MAX_AGE_MS;
    await refreshPlan(client, KEY, () => now);
    expect(account).toHaveBeenCalledTimes(2);
  });

  it('answers the kept plan without asking, and null when none is kept', async () => {
    expect(await keptPlan(BASE, KEY)).toBeNull();
    const { client, account } = clientAnswering(async () => PRO);
    await askPlan(client, KEY, { now: () => 0 });
    expect(await keptPlan(BASE, KEY)).toEqual(PRO);
    expect(account).toHaveBeenCalledTimes(1);
  });

  it('waits for a question in flight instead of answering "not kept"', async () => {
    let tell: (plan: Plan) => void = () => undefined;
    const { client } = clientAnswering(() => new Promise((resolve) => (tell = resolve)));
    const refreshed = refreshPlan(client, KEY);
    const kept = keptPlan(BASE, KEY);
    await vi.waitFor(() => expect(client.account).toHaveBeenCalled());
    tell(PRO);
    expect(await kept).toEqual(PRO);
    await refreshed;
  });

  it('keeps the plan kept, however old, when asking again fails', async () => {
    const { client: told } = clientAnswering(async () => PRO);
    await askPlan(told, KEY, { now: () => 0 });
    const { client } = clientAnswering(async () => {
      throw apiError('timeout', { waitedMs: 15_000 });
    });
    await refreshPlan(client, KEY, () => 10 * PLAN_MAX_AGE_MS);
    expect(await keptPlan(BASE, KEY)).toEqual(PRO);
  });

  it('reads a kept value of another shape as nothing kept, and asks again', async () => {
    const { client, account } = clientAnswering(async () => PRO);
    await askPlan(client, KEY, { now: () => Date.now() });
    const stored = (await plansItem.getValue()) ?? {};
    const [key] = Object.keys(stored);
    await plansItem.setValue({ [key ?? '']: { plan: { email: 'ada@example.com' }, checkedAt: 1 } });
    expect(await keptPlan(BASE, KEY)).toBeNull();
    await refreshPlan(client, KEY);
    expect(account).toHaveBeenCalledTimes(2);
    expect(await keptPlan(BASE, KEY)).toEqual(PRO);
  });
});
