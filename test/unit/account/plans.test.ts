// The plans kept per account: asked once, kept a day, only the plan's name and allowance, with
// the service address they were asked at.
import { describe, expect, it, vi } from 'vitest';
import {
  askAccount,
  forgetPlan,
  keptPlan,
  keptPlanOf,
  knownPlan,
  MAX_KNOWN_PLANS,
  PLAN_MAX_AGE_MS,
  plansItem,
  refreshPlan,
} from '../../../lib/account/plans';
import { apiError } from '../../../lib/api/errors';
import type { AccountInfo, Plan } from '../../../lib/api/model';

const BASE = 'https://reports.example.com/api/v1';
const KEY = 'sr_live_plan_key_0123456789';
const PRO: Plan = { name: 'Pro', reportsPerMonth: 500 };

/** A client of account `accountId` whose GET /account answers `answer`. */
function clientAnswering(answer: () => Promise<AccountInfo | null>, accountId = 'a1') {
  const accountInfo = vi.fn(answer);
  return { client: { baseUrl: BASE, accountId, accountInfo }, accountInfo };
}

const told = (plan: Plan | null) => async (): Promise<AccountInfo> => ({ plan, id: 7 });

describe('askAccount', () => {
  it('keeps the plan for the account it is asked for, and nothing else of the answer', async () => {
    const { client } = clientAnswering(told(PRO));
    expect(await askAccount(client, { account: 'a1', now: () => 1000 })).toEqual({
      plan: PRO,
      id: 7,
    });
    expect(await knownPlan('a1', BASE)).toEqual({ plan: PRO, checkedAt: 1000, url: BASE });
    expect(await knownPlan('a2', BASE)).toBeUndefined();
    expect(await plansItem.getValue()).toEqual({ a1: { plan: PRO, checkedAt: 1000, url: BASE } });
    expect(JSON.stringify(await plansItem.getValue())).not.toContain(KEY);
  });

  it('keeps nothing when asked for no account (an address typed, not saved)', async () => {
    const { client } = clientAnswering(told(PRO));
    expect(await askAccount(client)).toEqual({ plan: PRO, id: 7 });
    expect(await plansItem.getValue()).toBeNull();
  });

  it('keeps "not told" (null) as an answer too', async () => {
    const { client } = clientAnswering(async () => null);
    expect(await askAccount(client, { account: 'a1', now: () => 5 })).toBeNull();
    expect(await knownPlan('a1', BASE)).toEqual({ plan: null, checkedAt: 5, url: BASE });
  });

  it('answers undefined and keeps nothing when the question fails', async () => {
    const { client } = clientAnswering(async () => {
      throw apiError('network');
    });
    expect(await askAccount(client, { account: 'a1' })).toBeUndefined();
    expect(await plansItem.getValue()).toBeNull();
  });

  it('remembers at most a few accounts, forgetting the longest unasked', async () => {
    for (let n = 0; n < MAX_KNOWN_PLANS + 3; n++) {
      const { client } = clientAnswering(told(PRO));
      await askAccount(client, { account: `a${n}`, now: () => n });
    }
    expect(Object.keys((await plansItem.getValue()) ?? {})).toHaveLength(MAX_KNOWN_PLANS);
    expect(await knownPlan('a0', BASE)).toBeUndefined();
    expect(await knownPlan(`a${MAX_KNOWN_PLANS + 2}`, BASE)).toBeDefined();
  });

  it('forgets the plan of a removed account only', async () => {
    await askAccount(clientAnswering(told(PRO)).client, { account: 'a1', now: () => 1 });
    await askAccount(clientAnswering(told(null)).client, { account: 'a2', now: () => 2 });
    await forgetPlan('a1');
    expect(await knownPlan('a1', BASE)).toBeUndefined();
    expect(await knownPlan('a2', BASE)).toEqual({ plan: null, checkedAt: 2, url: BASE });
  });
});

describe('keptPlanOf', () => {
  it('answers the plan of a job’s account, and undefined for a job of no account', async () => {
    await askAccount(clientAnswering(told(PRO)).client, { account: 'a2', now: () => 1 });
    expect(await keptPlanOf({ account: 'a2', url: BASE, key: 'fp' })).toEqual(PRO);
    expect(await keptPlanOf({ account: 'a1', url: BASE, key: 'fp' })).toBeUndefined();
    expect(await keptPlanOf({ url: BASE, key: 'fp' })).toBeUndefined();
  });
});

describe('refreshPlan and keptPlan', () => {
  it('asks once, then not again for a day', async () => {
    const { client, accountInfo } = clientAnswering(told(PRO));
    let now = 0;
    await refreshPlan(client, () => now);
    now = PLAN_MAX_AGE_MS - 1;
    await refreshPlan(client, () => now);
    expect(accountInfo).toHaveBeenCalledTimes(1);
    now = PLAN_MAX_AGE_MS;
    await refreshPlan(client, () => now);
    expect(accountInfo).toHaveBeenCalledTimes(2);
  });

  it('asks again when the account’s service address changed, and keeps no plan of the old one', async () => {
    const { client, accountInfo } = clientAnswering(told(PRO));
    await refreshPlan(client, () => 0);
    const moved = { ...client, baseUrl: 'https://moved.example/api/v1' };
    expect(await keptPlan('a1', moved.baseUrl)).toBeNull();
    expect(await keptPlanOf({ account: 'a1', url: moved.baseUrl, key: 'fp' })).toBeUndefined();
    await refreshPlan(moved, () => 1);
    expect(accountInfo).toHaveBeenCalledTimes(2);
    expect(await knownPlan('a1', moved.baseUrl)).toEqual({
      plan: PRO,
      checkedAt: 1,
      url: moved.baseUrl,
    });
    expect(await knownPlan('a1', BASE)).toBeUndefined();
  });

  it('asks for each account on its own', async () => {
    const first = clientAnswering(told(PRO), 'a1');
    const second = clientAnswering(told(null), 'a2');
    await refreshPlan(first.client, () => 0);
    await refreshPlan(second.client, () => 0);
    expect(second.accountInfo).toHaveBeenCalledTimes(1);
    expect(await keptPlan('a1', BASE)).toEqual(PRO);
    expect(await knownPlan('a2', BASE)).toEqual({ plan: null, checkedAt: 0, url: BASE });
  });

  it('answers the kept plan without asking, and null when none is kept', async () => {
    expect(await keptPlan('a1', BASE)).toBeNull();
    const { client, accountInfo } = clientAnswering(told(PRO));
    await askAccount(client, { account: 'a1', now: () => 0 });
    expect(await keptPlan('a1', BASE)).toEqual(PRO);
    expect(await keptPlan('a2', BASE)).toBeNull();
    expect(accountInfo).toHaveBeenCalledTimes(1);
  });

  it('waits for a question in flight instead of answering "not kept"', async () => {
    let tell: (info: AccountInfo) => void = () => undefined;
    const { client, accountInfo } = clientAnswering(
      () => new Promise((resolve) => (tell = resolve)),
    );
    const refreshed = refreshPlan(client);
    const kept = keptPlan('a1', BASE);
    await vi.waitFor(() => expect(accountInfo).toHaveBeenCalled());
    tell({ plan: PRO });
    expect(await kept).toEqual(PRO);
    await refreshed;
  });

  it('keeps the plan kept, however old, when asking again fails', async () => {
    await askAccount(clientAnswering(told(PRO)).client, { account: 'a1', now: () => 0 });
    const { client, accountInfo } = clientAnswering(async () => {
      throw apiError('timeout', { waitedMs: 15_000 });
    });
    await refreshPlan(client, () => 10 * PLAN_MAX_AGE_MS);
    expect(accountInfo).toHaveBeenCalledTimes(1);
    expect(await keptPlan('a1', BASE)).toEqual(PRO);
  });

  it('reads a kept value of another shape as nothing kept, and asks again', async () => {
    const { client, accountInfo } = clientAnswering(told(PRO));
    await askAccount(client, { account: 'a1', now: () => Date.now() });
    await plansItem.setValue({
      a1: { plan: { email: 'ada@example.com' }, checkedAt: 1, url: BASE },
    });
    expect(await keptPlan('a1', BASE)).toBeNull();
    await refreshPlan(client);
    expect(accountInfo).toHaveBeenCalledTimes(2);
    expect(await keptPlan('a1', BASE)).toEqual(PRO);
  });
});
