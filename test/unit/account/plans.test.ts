// The plans kept per account: asked once, kept a day, only the plan's name and allowance, with
// the service address and the key's fingerprint they were asked with.
import { describe, expect, it, vi } from 'vitest';
import {
  askAccount,
  forgetPlan,
  keptPlan,
  keptPlanOf,
  knownPlan,
  MAX_KNOWN_PLANS,
  PLAN_MAX_AGE_MS,
  type PlanOwner,
  plansItem,
  refreshPlan,
} from '../../../lib/account/plans';
import { apiError } from '../../../lib/api/errors';
import type { AccountInfo, Plan } from '../../../lib/api/model';

const BASE = 'https://reports.example.com/api/v1';
const KEY = 'sr_live_plan_key_0123456789';
const PRO: Plan = { name: 'Pro', reportsPerMonth: 500 };

/** The fingerprint of KEY (lib/jobs/service.ts: never the key itself). */
const FP = 'fp-of-key';

/** Account `account` at BASE with KEY, unless told otherwise. */
const owner = (account = 'a1', changed: Partial<PlanOwner> = {}): PlanOwner => ({
  account,
  url: BASE,
  key: FP,
  ...changed,
});

/** A client whose GET /account answers `answer`. */
function clientAnswering(answer: () => Promise<AccountInfo | null>) {
  const accountInfo = vi.fn(answer);
  return { client: { accountInfo }, accountInfo };
}

const told = (plan: Plan | null) => async (): Promise<AccountInfo> => ({ plan, id: 7 });

describe('askAccount', () => {
  it('keeps the plan for the account it is asked for, and nothing else of the answer', async () => {
    const { client } = clientAnswering(told(PRO));
    expect(await askAccount(client, { owner: owner(), now: () => 1000 })).toEqual({
      plan: PRO,
      id: 7,
    });
    const kept = { plan: PRO, checkedAt: 1000, url: BASE, key: FP };
    expect(await knownPlan(owner())).toEqual(kept);
    expect(await knownPlan(owner('a2'))).toBeUndefined();
    expect(await plansItem.getValue()).toEqual({ [`a1 ${BASE} ${FP}`]: kept });
    expect(JSON.stringify(await plansItem.getValue())).not.toContain(KEY);
  });

  it('keeps nothing when asked for no account (an address typed, not saved)', async () => {
    const { client } = clientAnswering(told(PRO));
    expect(await askAccount(client)).toEqual({ plan: PRO, id: 7 });
    expect(await plansItem.getValue()).toBeNull();
  });

  it('keeps "not told" (null) as an answer too', async () => {
    const { client } = clientAnswering(async () => null);
    expect(await askAccount(client, { owner: owner(), now: () => 5 })).toBeNull();
    expect(await knownPlan(owner())).toEqual({ plan: null, checkedAt: 5, url: BASE, key: FP });
  });

  it('answers undefined and keeps nothing when the question fails', async () => {
    const { client } = clientAnswering(async () => {
      throw apiError('network');
    });
    expect(await askAccount(client, { owner: owner() })).toBeUndefined();
    expect(await plansItem.getValue()).toBeNull();
  });

  it('remembers at most a few accounts, forgetting the longest unasked', async () => {
    for (let n = 0; n < MAX_KNOWN_PLANS + 3; n++) {
      const { client } = clientAnswering(told(PRO));
      await askAccount(client, { owner: owner(`a${n}`), now: () => n });
    }
    expect(Object.keys((await plansItem.getValue()) ?? {})).toHaveLength(MAX_KNOWN_PLANS);
    expect(await knownPlan(owner('a0'))).toBeUndefined();
    expect(await knownPlan(owner(`a${MAX_KNOWN_PLANS + 2}`))).toBeDefined();
  });

  it('forgets the plan of a removed account only', async () => {
    await askAccount(clientAnswering(told(PRO)).client, { owner: owner('a1'), now: () => 1 });
    await askAccount(clientAnswering(told(null)).client, { owner: owner('a2'), now: () => 2 });
    await askAccount(clientAnswering(told(PRO)).client, {
      owner: owner('a1', { key: 'fp-of-another-key' }),
      now: () => 3,
    });
    await forgetPlan('a1');
    expect(await knownPlan(owner('a1'))).toBeUndefined();
    expect(await knownPlan(owner('a1', { key: 'fp-of-another-key' }))).toBeUndefined();
    expect(await knownPlan(owner('a2'))).toEqual({ plan: null, checkedAt: 2, url: BASE, key: FP });
  });
});

describe('keptPlanOf', () => {
  it('answers the plan of a job’s account with its key, and undefined for a job of no account', async () => {
    await askAccount(clientAnswering(told(PRO)).client, { owner: owner('a2'), now: () => 1 });
    expect(await keptPlanOf({ account: 'a2', url: BASE, key: FP })).toEqual(PRO);
    expect(
      await keptPlanOf({ account: 'a2', url: BASE, key: 'fp-of-another-key' }),
    ).toBeUndefined();
    expect(await keptPlanOf({ account: 'a1', url: BASE, key: FP })).toBeUndefined();
    expect(await keptPlanOf({ url: BASE, key: FP })).toBeUndefined();
  });
});

describe('refreshPlan and keptPlan', () => {
  it('asks once, then not again for a day', async () => {
    const { client, accountInfo } = clientAnswering(told(PRO));
    let now = 0;
    await refreshPlan(client, owner(), () => now);
    now = PLAN_MAX_AGE_MS - 1;
    await refreshPlan(client, owner(), () => now);
    expect(accountInfo).toHaveBeenCalledTimes(1);
    now = PLAN_MAX_AGE_MS;
    await refreshPlan(client, owner(), () => now);
    expect(accountInfo).toHaveBeenCalledTimes(2);
  });

  it('asks again when the account’s service address changed, and reads no plan of the old one', async () => {
    const { client, accountInfo } = clientAnswering(told(PRO));
    await refreshPlan(client, owner(), () => 0);
    const moved = owner('a1', { url: 'https://moved.example/api/v1' });
    expect(await keptPlan(moved)).toBeNull();
    expect(await keptPlanOf(moved)).toBeUndefined();
    await refreshPlan(client, moved, () => 1);
    expect(accountInfo).toHaveBeenCalledTimes(2);
    expect(await knownPlan(moved)).toEqual({ plan: PRO, checkedAt: 1, url: moved.url, key: FP });
    // The old address's stays its own (it stands again only for that address and key).
    expect(await knownPlan(owner())).toMatchObject({ plan: PRO, checkedAt: 0 });
  });

  it('asks again when the account’s key changed: another key may be another account', async () => {
    const free: Plan = { name: 'Free', reportsPerMonth: 3 };
    const before = clientAnswering(told(free));
    await refreshPlan(before.client, owner(), () => 0);
    const rekeyed = owner('a1', { key: 'fp-of-the-new-key' });
    expect(await keptPlan(rekeyed)).toBeNull();
    expect(await keptPlanOf(rekeyed)).toBeUndefined();
    const after = clientAnswering(told(PRO));
    await refreshPlan(after.client, rekeyed, () => 1);
    expect(after.accountInfo).toHaveBeenCalledTimes(1);
    expect(await keptPlan(rekeyed)).toEqual(PRO);
    expect(await keptPlan(owner())).toEqual(free);
  });

  it('asks for a key saved while the question of the key before is out', async () => {
    let tell: (info: AccountInfo) => void = () => undefined;
    const before = clientAnswering(() => new Promise((resolve) => (tell = resolve)));
    const asking = refreshPlan(before.client, owner(), () => 0);
    await vi.waitFor(() => expect(before.accountInfo).toHaveBeenCalled());
    const rekeyed = owner('a1', { key: 'fp-of-the-new-key' });
    const after = clientAnswering(told(PRO));
    await refreshPlan(after.client, rekeyed, () => 1);
    expect(after.accountInfo).toHaveBeenCalledTimes(1);
    tell({ plan: { name: 'Free', reportsPerMonth: 3 } });
    await asking;
    // The answer for the key before, come last, takes nothing of the new one's.
    expect(await keptPlan(rekeyed)).toEqual(PRO);
    expect(await keptPlan(owner())).toEqual({ name: 'Free', reportsPerMonth: 3 });
  });

  it('asks for each account on its own', async () => {
    const first = clientAnswering(told(PRO));
    const second = clientAnswering(told(null));
    await refreshPlan(first.client, owner('a1'), () => 0);
    await refreshPlan(second.client, owner('a2'), () => 0);
    expect(second.accountInfo).toHaveBeenCalledTimes(1);
    expect(await keptPlan(owner('a1'))).toEqual(PRO);
    expect(await knownPlan(owner('a2'))).toEqual({ plan: null, checkedAt: 0, url: BASE, key: FP });
  });

  it('answers the kept plan without asking, and null when none is kept', async () => {
    expect(await keptPlan(owner())).toBeNull();
    const { client, accountInfo } = clientAnswering(told(PRO));
    await askAccount(client, { owner: owner(), now: () => 0 });
    expect(await keptPlan(owner())).toEqual(PRO);
    expect(await keptPlan(owner('a2'))).toBeNull();
    expect(accountInfo).toHaveBeenCalledTimes(1);
  });

  it('waits for its own question in flight instead of answering "not kept"', async () => {
    let tell: (info: AccountInfo) => void = () => undefined;
    const { client, accountInfo } = clientAnswering(
      () => new Promise((resolve) => (tell = resolve)),
    );
    const refreshed = refreshPlan(client, owner());
    // Another account's question, started after it, is not what it waits for.
    const other = clientAnswering(() => new Promise(() => undefined));
    void refreshPlan(other.client, owner('a2'));
    const kept = keptPlan(owner());
    await vi.waitFor(() => expect(accountInfo).toHaveBeenCalled());
    tell({ plan: PRO });
    expect(await kept).toEqual(PRO);
    await refreshed;
  });

  it('keeps the plan kept, however old, when asking again fails', async () => {
    await askAccount(clientAnswering(told(PRO)).client, { owner: owner(), now: () => 0 });
    const { client, accountInfo } = clientAnswering(async () => {
      throw apiError('timeout', { waitedMs: 15_000 });
    });
    await refreshPlan(client, owner(), () => 10 * PLAN_MAX_AGE_MS);
    expect(accountInfo).toHaveBeenCalledTimes(1);
    expect(await keptPlan(owner())).toEqual(PRO);
  });

  it('reads a kept value of another shape as nothing kept, and asks again', async () => {
    const { client, accountInfo } = clientAnswering(told(PRO));
    await askAccount(client, { owner: owner(), now: () => Date.now() });
    await plansItem.setValue({
      a1: { plan: { email: 'ada@example.com' }, checkedAt: 1, url: BASE, key: FP },
    });
    expect(await keptPlan(owner())).toBeNull();
    await refreshPlan(client, owner());
    expect(accountInfo).toHaveBeenCalledTimes(2);
    expect(await keptPlan(owner())).toEqual(PRO);
  });

  it('reads a plan kept by the version before (no key) as nothing kept, and asks again', async () => {
    await plansItem.setValue({ a1: { plan: PRO, checkedAt: Date.now(), url: BASE } });
    expect(await keptPlan(owner())).toBeNull();
    const { client, accountInfo } = clientAnswering(told(PRO));
    await refreshPlan(client, owner());
    expect(accountInfo).toHaveBeenCalledTimes(1);
  });
});
