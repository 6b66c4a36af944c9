// The plan in the background: Test connection names it, saved settings have it asked once,
// getPlan hands the kept one to the pages (asking nothing), and a job of more creates than it
// allows a month is refused.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSiteReportClient } from '../../../lib/api';
import { createHandlerDeps, type HandlerDeps } from '../../../lib/background/deps';
import { handleStorageChange } from '../../../lib/background/events';
import { handleMessage } from '../../../lib/background/handlers';
import { setBackgroundQueue } from '../../../lib/background/queue';
import type { Queue } from '../../../lib/jobs/queue';
import type { Answer, RequestType } from '../../../lib/messaging/protocol';
import { createClientSource } from '../../../lib/service/client-source';
import { loadSettings, saveSettings } from '../../../lib/settings';
import { clientSource } from '../../support/client-source';
import { wireList } from '../../support/fixtures';
import {
  held,
  type Reply,
  type ScriptedService,
  startScriptedService,
} from '../../support/scripted-service';
import { ownPage } from './fixtures';

const KEY = 'sr_test_key_0123456789';
let stub: ScriptedService;

beforeAll(async () => {
  stub = await startScriptedService();
});
afterAll(() => stub.close());
beforeEach(() => stub.reset());
afterEach(() => setBackgroundQueue(undefined));

const account = (reports: number, name = 'Pro') => ({
  data: {
    id: 7,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    plan: { id: 2, name, features: { reports } },
  },
  status: 200,
});

/** The stub: lists answer `total` reports, /account answers `accountReply`. */
function serve(accountReply: Reply, total = 4) {
  stub.on((request) =>
    request.url.pathname.endsWith('/account') ? accountReply : { body: wireList([], total) },
  );
}

const paths = () => stub.requests.map((request) => request.url.pathname);

function testDeps(): HandlerDeps {
  return createHandlerDeps({
    createClient: (options) =>
      createSiteReportClient({ ...options, retryDelayMs: 1, timeoutMs: 2000 }),
    clients: clientSource(
      async () => createSiteReportClient({ baseUrl: stub.baseUrl, apiKey: KEY, retryDelayMs: 1 }),
      KEY,
    ),
    hasHostAccess: async () => true,
  });
}

async function ask(message: unknown): Promise<Answer<RequestType>> {
  return handleMessage(message, ownPage('/sidepanel.html'), testDeps());
}

/** The background sees the settings saved, as the options page's save makes it. */
async function settingsSaved(): Promise<void> {
  // The menu is re-synced on the same change; the fake browser has no contextMenus.
  vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
  vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => 1);
  await handleStorageChange({ settings: { newValue: {} } }, 'local', testDeps());
}

function success<T>(answer: Answer<RequestType>): T {
  if (!answer.ok) throw new Error(`expected success, got ${JSON.stringify(answer.error)}`);
  return answer.data as T;
}

beforeEach(async () => {
  expect((await saveSettings({ serviceUrl: stub.baseUrl, apiKey: KEY })).ok).toBe(true);
});

describe('Test connection and the plan', () => {
  const test = () => ask({ type: 'testConnection', serviceUrl: stub.baseUrl });

  it('names the plan and its allowance, nothing personal, and keeps it for the pages', async () => {
    serve({ body: account(500) });
    const answer = success(await test());
    expect(answer).toEqual({
      baseUrl: stub.baseUrl,
      adjusted: false,
      total: 4,
      plan: { name: 'Pro', reportsPerMonth: 500 },
    });
    expect(JSON.stringify(answer)).not.toMatch(/ada|Lovelace/i);
    expect(paths()).toEqual(['/api/v1/reports', '/api/v1/account']);

    // getPlan answers from what was kept: no request.
    stub.reset();
    expect(success(await ask({ type: 'getPlan' }))).toEqual({ name: 'Pro', reportsPerMonth: 500 });
    expect(stub.requests).toEqual([]);
  });

  it.each<[string, Reply]>([
    ['a 404 (an older deployment)', { status: 404, body: { message: 'Resource not found.' } }],
    ['a 500', { status: 500, body: '<html>Oops</html>' }],
    ['an HTML page', { status: 200, body: '<html>Login</html>' }],
    ['a 403', { status: 403, body: { message: 'This action is unauthorized.' } }],
    ['another shape', { body: { data: { plan: 'Pro' } } }],
  ])('is still a success, saying no plan, when /account answers %s', async (_case, reply) => {
    serve(reply);
    expect(success(await test())).toEqual({ baseUrl: stub.baseUrl, adjusted: false, total: 4 });
  });
});

describe('getPlan', () => {
  beforeEach(() =>
    setBackgroundQueue({
      settingsChanged: async () => undefined,
      wake: async () => undefined,
    } as unknown as Queue),
  );

  it('answers what is kept, asking nothing: the plan is asked once when the settings are saved', async () => {
    serve({ body: account(-1, 'Agency') });
    expect(success(await ask({ type: 'getPlan' }))).toBeNull();
    expect(stub.requests).toEqual([]);

    await settingsSaved();
    expect(paths()).toEqual(['/api/v1/account']);
    const plan = { name: 'Agency', reportsPerMonth: 'unlimited' };
    expect(success(await ask({ type: 'getPlan' }))).toEqual(plan);
    expect(success(await ask({ type: 'getPlan' }))).toEqual(plan);
    // Saved again within the day: the kept plan stands.
    await settingsSaved();
    expect(paths()).toEqual(['/api/v1/account']);
  });

  it('lets the rest of a settings change go on when the settings cannot be read for the plan', async () => {
    vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
    vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => 1);
    const unreadable = createHandlerDeps({
      clients: {
        get: async () => {
          throw new Error('storage unavailable');
        },
        reset: () => undefined,
      } as unknown as HandlerDeps['clients'],
    });
    await expect(
      handleStorageChange({ settings: { newValue: {} } }, 'local', unreadable),
    ).resolves.toBeUndefined();
    expect(stub.requests).toEqual([]);
  });

  it('answers null when the service does not tell, or cannot be asked', async () => {
    serve({ status: 404, body: { message: 'Resource not found.' } });
    await settingsSaved();
    expect(success(await ask({ type: 'getPlan' }))).toBeNull();
    const notConnected = createHandlerDeps({
      clients: clientSource(async () => null),
    });
    expect(
      success(await handleMessage({ type: 'getPlan' }, ownPage('/sidepanel.html'), notConnected)),
    ).toBeNull();
  });
});

describe('a key saved in place of another', () => {
  const NEW_KEY = 'sr_test_key_of_another_account_9876';
  beforeEach(() =>
    setBackgroundQueue({
      enqueue: async () => ({ id: 'job-1' }),
      wake: async () => undefined,
      settingsChanged: async () => undefined,
    } as unknown as Queue),
  );

  /** The background's own source of clients (each account's saved key), and a settings save. */
  function background() {
    const deps = createHandlerDeps({
      clients: createClientSource({
        create: (options) => createSiteReportClient({ ...options, retryDelayMs: 1 }),
      }),
      hasHostAccess: async () => true,
    });
    vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
    vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => 1);
    return {
      deps,
      saved: () => handleStorageChange({ settings: { newValue: {} } }, 'local', deps),
      plan: async () =>
        success(await handleMessage({ type: 'getPlan' }, ownPage('/sidepanel.html'), deps)),
    };
  }

  it('keeps nothing of the key before whose answer comes after the new key’s', async () => {
    const late = held();
    stub.on((request) => {
      if (!request.url.pathname.endsWith('/account')) return { body: wireList([], 4) };
      return String(request.headers.authorization).endsWith(NEW_KEY)
        ? { body: { data: { ...account(500).data, id: 8 } } }
        : late.reply;
    });
    const { saved, plan } = background();
    // The key saved first is asked about; its answer is slow.
    const first = saved();
    await stub.until(() => stub.requests.some((r) => r.url.pathname.endsWith('/account')));
    expect((await saveSettings({ apiKey: '' })).ok).toBe(true);
    expect((await saveSettings({ apiKey: NEW_KEY })).ok).toBe(true);
    await saved();
    expect(await plan()).toEqual({ name: 'Pro', reportsPerMonth: 500 });
    // Then the key before's answer: another account of the service, id 7, 3 a month.
    late.release({ body: account(3) });
    await first;
    expect(await plan()).toEqual({ name: 'Pro', reportsPerMonth: 500 });
    expect((await loadSettings()).account?.serviceAccountId).toBe(8);
  });

  it('asks for the new key’s plan and allows by it, not by the plan of the key before', async () => {
    // Each key is an account of its own at the service: 3 reports a month, and 500.
    stub.on((request) =>
      request.url.pathname.endsWith('/account')
        ? {
            body: String(request.headers.authorization).endsWith(NEW_KEY)
              ? { data: { ...account(500).data, id: 8 } }
              : account(3),
          }
        : { body: wireList([], 4) },
    );
    // The background's own source of clients: each account's saved key.
    const deps = createHandlerDeps({
      clients: createClientSource({
        create: (options) => createSiteReportClient({ ...options, retryDelayMs: 1 }),
      }),
      hasHostAccess: async () => true,
    });
    const five = Array.from({ length: 5 }, (_, n) => ({
      type: 'create',
      url: `https://example.com/${n}`,
      privacy: 0,
    }));
    const enqueue = () =>
      handleMessage(
        { type: 'enqueueJob', kind: 'create', items: five },
        ownPage('/sidepanel.html'),
        deps,
      );
    const saved = () => handleStorageChange({ settings: { newValue: {} } }, 'local', deps);
    vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
    vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => 1);

    await saved();
    expect(await enqueue()).toMatchObject({ ok: false, error: { reason: 'overAllowance' } });
    expect((await loadSettings()).account?.serviceAccountId).toBe(7);

    // The key removed, then another typed: an account without a key is saved without a check.
    expect((await saveSettings({ apiKey: '' })).ok).toBe(true);
    expect((await loadSettings()).account?.serviceAccountId).toBeUndefined();
    expect((await saveSettings({ apiKey: NEW_KEY })).ok).toBe(true);
    await saved();

    const asked = stub.requests.filter((request) => request.url.pathname.endsWith('/account'));
    expect(asked.map((request) => String(request.headers.authorization).endsWith(NEW_KEY))).toEqual(
      [false, true],
    );
    expect(
      success(await handleMessage({ type: 'getPlan' }, ownPage('/sidepanel.html'), deps)),
    ).toEqual({
      name: 'Pro',
      reportsPerMonth: 500,
    });
    expect(await enqueue()).toMatchObject({ ok: true });
    expect((await loadSettings()).account?.serviceAccountId).toBe(8);
  });
});

describe('a job of creates beside the allowance', () => {
  const creates = (count: number) =>
    Array.from({ length: count }, (_, n) => ({
      type: 'create',
      url: `https://example.com/${n}`,
      privacy: 0,
    }));
  let enqueued: unknown[];
  beforeEach(() => {
    enqueued = [];
    setBackgroundQueue({
      enqueue: async (input: unknown) => {
        enqueued.push(input);
        return { id: 'job-1' };
      },
      wake: async () => undefined,
      settingsChanged: async () => undefined,
    } as unknown as Queue);
  });

  it('refuses more creates than the plan allows a month, saying both numbers', async () => {
    serve({ body: account(3) });
    await settingsSaved();
    const answer = await ask({ type: 'enqueueJob', kind: 'create', items: creates(5) });
    expect(answer).toEqual({
      ok: false,
      error: {
        kind: 'invalid_input',
        reason: 'overAllowance',
        count: 5,
        allowance: 3,
        message:
          'This job would create 5 reports, more than the 3 a month your plan allows. Select fewer.',
      },
    });
    expect(enqueued).toEqual([]);
  });

  it.each<[string, Reply | null, number]>([
    ['within the allowance', { body: account(3) }, 3],
    ['an unlimited plan', { body: account(-1) }, 50],
    ['a service that does not tell', { status: 404, body: {} }, 50],
    ['a plan never asked for', null, 50],
  ])('queues a job of creates %s', async (_case, reply, count) => {
    if (reply) {
      serve(reply);
      await settingsSaved();
    }
    stub.reset();
    expect(
      success(await ask({ type: 'enqueueJob', kind: 'create', items: creates(count) })),
    ).toEqual({ id: 'job-1' });
    expect(enqueued).toHaveLength(1);
    // Queuing never waits on the service.
    expect(stub.requests).toEqual([]);
  });

  it('lets jobs without creates through whatever the plan', async () => {
    serve({ body: account(0) });
    await settingsSaved();
    const deletes = [{ type: 'deleteReport', id: 1 }];
    expect(success(await ask({ type: 'enqueueJob', kind: 'delete', items: deletes }))).toEqual({
      id: 'job-1',
    });
  });
});
