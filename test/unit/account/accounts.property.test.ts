// A property of accounts, wired as the background wires them (main() against the fake browser) on
// the local service, where a key is one account's and an account may have two keys: whatever
// sequence of switches, key edits, runs, deletes and worker restarts, no request for a report of
// one account carries another account's key, and no watched page is lost but by its own delete.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '../../../entrypoints/background';
import { createHandlerDeps, type HandlerDeps } from '../../../lib/background/deps';
import { handlers } from '../../../lib/background/handlers';
import { backgroundQueue, setBackgroundQueue } from '../../../lib/background/queue';
import { loadSettings, saveSettings } from '../../../lib/settings';
import { closeHistory } from '../../../lib/watch/history';
import { readWatch, watchedReports } from '../../../lib/watch/store';
import type { RunningService } from '../../../server/service';
import { start } from '../../server/helpers';
import { stubMissingEvents } from '../../support/missing-events';

const KEY_A = 'property-key-a-1';
const KEY_A2 = 'property-key-a-2';
const KEY_B = 'property-key-b-1';
const KEYS = [KEY_A, KEY_A2, KEY_B] as const;
const ACCOUNTS = ['a1', 'a2'] as const;
/** How long the queue may take to settle: seconds when the machine is busy with other tests. */
const SETTLE_MS = { timeout: 10_000 };

type Action =
  | { type: 'switch'; to: (typeof ACCOUNTS)[number] }
  | { type: 'editKey'; account: (typeof ACCOUNTS)[number]; key: (typeof KEYS)[number] }
  | { type: 'run' }
  | { type: 'delete'; pick: number }
  | { type: 'restart' }
  | { type: 'settle' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ type: fc.constant('switch' as const), to: fc.constantFrom(...ACCOUNTS) }),
  fc.record({
    type: fc.constant('editKey' as const),
    account: fc.constantFrom(...ACCOUNTS),
    key: fc.constantFrom(...KEYS),
  }),
  fc.constant({ type: 'run' as const }),
  fc.record({ type: fc.constant('delete' as const), pick: fc.nat(5) }),
  fc.constant({ type: 'restart' as const }),
  fc.constant({ type: 'settle' as const }),
);

let svc: RunningService | undefined;

afterEach(async () => {
  setBackgroundQueue(undefined);
  closeHistory();
  await svc?.close();
  svc = undefined;
});

/** Each account with its watched reports; the service's account id of each key. */
async function setUp() {
  fakeBrowser.reset();
  setBackgroundQueue(undefined);
  closeHistory();
  stubMissingEvents();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
  svc = await start({
    apiKeys: [KEY_A, { key: KEY_A2, sameAccountAs: KEY_A }, KEY_B],
    rateLimit: 0,
  });
  const idsA = await svc.seed(
    [1, 2, 3].map((n) => ({ url: `https://a.example/${n}`, result: 'good' as const })),
    KEY_A,
  );
  const idsB = await svc.seed(
    [1, 2, 3].map((n) => ({ url: `https://b.example/${n}`, result: 'bad' as const })),
    KEY_B,
  );
  await saveSettings({ serviceUrl: svc.baseUrl, apiKey: KEY_A });
  await saveSettings({ serviceUrl: svc.baseUrl, apiKey: KEY_B }, { account: 'new' });
  background.main();
  const deps = createHandlerDeps();
  for (const [account, ids, site] of [
    ['a1', idsA, 'a'],
    ['a2', idsB, 'b'],
  ] as const) {
    await handlers.useAccount({ type: 'useAccount', id: account });
    await handlers.watchReports(
      {
        type: 'watchReports',
        reports: ids.map((id, n) => ({ id, url: `https://${site}.example/${n + 1}` })),
      },
      deps,
    );
  }
  const owner = new Map<number, number>();
  const service = svc;
  const accountOf = async (key: string) =>
    (
      (await await fetch(`${service.baseUrl}/account`, {
        headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
      }).then((answer) => answer.json())) as { data: { id: number } }
    ).data.id;
  const [serviceA, serviceB] = [await accountOf(KEY_A), await accountOf(KEY_B)];
  for (const id of idsA) owner.set(id, serviceA);
  for (const id of idsB) owner.set(id, serviceB);
  return { deps, owner, watched: { a1: new Set(idsA), a2: new Set(idsB) } };
}

async function settle() {
  await backgroundQueue().idle();
  await vi.waitFor(async () => {
    const jobs = await backgroundQueue().jobs();
    expect(jobs.every((job) => job.state !== 'running' && job.state !== 'waiting')).toBe(true);
  }, SETTLE_MS);
}

async function perform(
  step: Action,
  deps: HandlerDeps,
  watched: Record<(typeof ACCOUNTS)[number], Set<number>>,
) {
  const ignore = () => undefined;
  switch (step.type) {
    case 'switch':
      await handlers.useAccount({ type: 'useAccount', id: step.to });
      return;
    case 'editKey': {
      // As the options page does: a key typed over an account's key is saved only when the
      // service says it is that account's.
      const { accounts } = await loadSettings();
      const account = accounts.find(({ id }) => id === step.account);
      if (!account || account.apiKey === step.key) return;
      const { verdict } = await handlers.checkAccountKey(
        {
          type: 'checkAccountKey',
          account: step.account,
          serviceUrl: account.serviceUrl,
          apiKey: step.key,
        },
        deps,
      );
      if (verdict === 'same') await saveSettings({ apiKey: step.key }, { account: step.account });
      return;
    }
    case 'run':
      await handlers.runWatchNow({ type: 'runWatchNow' }, deps).catch(ignore);
      return;
    case 'delete': {
      // The user deletes one of the account in use's watched reports (from its own list).
      const { account } = await loadSettings();
      const own = account ? [...watched[account.id as (typeof ACCOUNTS)[number]]] : [];
      const id = own[step.pick % Math.max(own.length, 1)];
      if (!account || id === undefined) return;
      await handlers.deleteReport({ type: 'deleteReport', id }, deps).catch(ignore);
      watched[account.id as (typeof ACCOUNTS)[number]].delete(id);
      return;
    }
    case 'restart':
      // A stopped worker: its successor's queue reads everything back from storage.
      setBackgroundQueue(undefined);
      deps.clients.reset();
      return;
    case 'settle':
      await settle();
      return;
  }
}

describe('accounts (property)', () => {
  it('never send a report’s request with another account’s key, and never lose a watched page', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 12 }), async (steps) => {
        const { deps, owner, watched } = await setUp();
        const service = svc as RunningService;
        for (const step of steps) await perform(step, deps, watched);
        await settle();
        for (const request of service.apiRequests()) {
          const id = Number(/\/reports\/(\d+)/.exec(request.path)?.[1] ?? Number.NaN);
          if (Number.isNaN(id)) continue;
          expect({
            request: `${request.method} ${request.path}`,
            account: request.account,
          }).toEqual({
            request: `${request.method} ${request.path}`,
            account: owner.get(id),
          });
        }
        for (const account of ACCOUNTS) {
          const kept = [...watchedReports(await readWatch(account)).keys()].sort((a, b) => a - b);
          expect(kept).toEqual([...watched[account]].sort((a, b) => a - b));
        }
        await service.close();
        svc = undefined;
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
