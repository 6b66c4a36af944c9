// An installed extension updates to accounts: what the version before them kept, in its shapes and
// under the service's base URL, becomes the first account's, named after the service's host.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountInUseItem, accountsItem } from '../../../lib/account/accounts';
import { knownPlan, plansItem } from '../../../lib/account/plans';
import { upgradeToAccounts } from '../../../lib/background/accounts-upgrade';
import { keepAnalyses, readAnalyses } from '../../../lib/issues/analyses';
import type { Queue } from '../../../lib/jobs/queue';
import { parseStoredPacing } from '../../../lib/jobs/queue/service-pacers';
import type { Job } from '../../../lib/jobs/schema';
import { paceKey, serviceOf } from '../../../lib/jobs/service';
import { getCachedRating } from '../../../lib/rating/cache';
import { loadSettings, saveSettings } from '../../../lib/settings';
import { addRecords, readHistory, type StoredRecord } from '../../../lib/watch/history';
import { readWatch } from '../../../lib/watch/store';
import { report } from '../../support/fixtures';
import {
  fakeClock,
  fakeService,
  START,
  storedJobs,
  TEST_API_KEY,
  TEST_BASE_URL,
  testQueue,
} from '../jobs/queue/harness';

const BASE = TEST_BASE_URL;
const KEY = TEST_API_KEY;
const PAGE = 'https://example.com/pricing';

const PREFS = { defaultPrivacy: 1, showBadge: true, contextMenu: false, notify: true };
const SETTINGS = { version: 1, serviceUrl: BASE, apiKey: KEY, siteUrl: '', ...PREFS };
const ENTRY = {
  reportId: 7,
  rating: 'decent',
  score: 61,
  generatedAt: '2026-11-20T09:15:02.000Z',
  privacy: 0,
  seenAt: START,
  project: 'example.com',
};
const PACING = { limit: 60, remaining: 12, at: START };
const WATCH = {
  reports: [{ id: 7, url: PAGE }],
  projects: ['example.com'],
  members: { 'example.com': [{ id: 8, url: 'https://example.com/' }] },
  schedule: { every: 'daily', day: 1, hour: 9 },
  lastSlot: START - 3_600_000,
  lastRunAt: START - 3_500_000,
};
const RECORDS: StoredRecord[] = [
  { service: BASE, reportId: 7, url: PAGE, at: START - 86_400_000, result: 'good', score: 85 },
  { service: BASE, reportId: 7, url: PAGE, at: START, result: 'decent', score: 61 },
];
const PRO = { name: 'Pro', reportsPerMonth: 500 };
/** A report read with its details, whose checks the Issues tab keeps. */
const ANALYSED = report({
  id: 7,
  url: PAGE,
  rating: 'decent',
  score: 61,
  results: {
    title: { passed: false, importance: 'high' },
    favicon: { passed: true, importance: 'low' },
  },
});

/** Jobs as the version before accounts stored them: their service is a base URL and a key's print. */
async function oldJobs(): Promise<Job[]> {
  const service = await serviceOf(BASE, KEY);
  return [
    {
      id: 'job-paused',
      kind: 'create',
      state: 'paused',
      createdAt: START,
      service,
      pause: { kind: 'unauthorized', message: 'The service rejected the API key.' },
      items: [{ op: { type: 'create', url: PAGE, privacy: 0 }, state: 'waiting' }],
    },
    {
      id: 'job-done',
      kind: 'delete',
      state: 'done',
      createdAt: START,
      finishedAt: START + 1000,
      service,
      items: [{ op: { type: 'deleteReport', id: 3 }, state: 'done' }],
    },
  ];
}

async function storeOldValues() {
  const { key } = await serviceOf(BASE, KEY);
  await fakeBrowser.storage.local.set({
    settings: SETTINGS,
    ratingCache: { services: { [BASE]: { [PAGE]: ENTRY } } },
    jobs: { version: 1, jobs: await oldJobs() },
    queuePacing: { services: [{ service: BASE, pacing: PACING }] },
    watch: { services: { [BASE]: WATCH } },
    plans: { [`${BASE} ${key}`]: { plan: PRO, checkedAt: START } },
  });
  await fakeBrowser.storage.session.set({
    workspaceLastPage: { version: 1, key: '{}', service: BASE, data: {} },
  });
  expect(await addRecords(RECORDS)).toBe(2);
  expect(await keepAnalyses([ANALYSED], BASE, { now: () => START })).toBe(1);
}

function newQueue(): Queue {
  const clock = fakeClock();
  return testQueue({ clock, service: fakeService({ clock }) });
}

/** Everything stored, local storage and the history, to compare one run with the next. */
async function everything() {
  return {
    local: await fakeBrowser.storage.local.get(null),
    history: await readHistory('a1', 7),
    before: await readHistory(BASE, 7),
    analyses: await readAnalyses('a1'),
  };
}

/** Reads back what was kept as account a1's. */
async function expectUpgraded() {
  const loaded = await loadSettings();
  expect(loaded.account).toEqual({
    id: 'a1',
    name: 'service.example',
    serviceUrl: BASE,
    siteUrl: '',
    apiKey: KEY,
  });
  expect(loaded.settings).toEqual({
    serviceUrl: BASE,
    apiKey: KEY,
    siteUrl: '',
    ...PREFS,
    notifyWorse: true,
  });
  // The key is the account's now: the settings keep the preferences only.
  const { settings } = await fakeBrowser.storage.local.get('settings');
  expect(settings).toEqual({ version: 2, ...PREFS, notifyWorse: true });
  expect(await accountsItem.getValue()).toEqual({ accounts: [loaded.account], nextId: 2 });
  expect(await accountInUseItem.getValue()).toBe('a1');

  expect(await getCachedRating(PAGE, 'a1')).toMatchObject({ reportId: 7, rating: 'decent' });
  expect(await getCachedRating(PAGE, BASE)).toBeNull();

  const jobs = await storedJobs();
  expect(jobs.map((job) => [job.id, job.service?.account])).toEqual([
    ['job-paused', 'a1'],
    ['job-done', 'a1'],
  ]);
  // The same key's print: a job goes on only with the key it was made with.
  expect(jobs[0]?.service).toEqual(await serviceOf(BASE, KEY, 'a1'));

  const { queuePacing } = await fakeBrowser.storage.local.get('queuePacing');
  // Kept for account a1 at its address, and for nothing else.
  expect(parseStoredPacing(queuePacing).services).toEqual([
    { service: paceKey({ account: 'a1', url: BASE }), pacing: expect.objectContaining(PACING) },
  ]);

  expect(await readWatch('a1')).toEqual(WATCH);
  const { watch } = await fakeBrowser.storage.local.get('watch');
  expect(Object.keys((watch as { services: object }).services)).toEqual(['a1']);

  expect(await readHistory('a1', 7)).toEqual(
    RECORDS.map((record) => ({ ...record, service: 'a1' })),
  );
  expect(await readHistory(BASE, 7)).toEqual([]);
  expect(await readAnalyses('a1')).toEqual([
    expect.objectContaining({ owner: 'a1', reportId: 7, passed: ['favicon'] }),
  ]);
  expect(await readAnalyses(BASE)).toEqual([]);

  // Plans were kept by service and key: dropped, and asked again for the account when needed.
  expect(await plansItem.getValue()).toBeNull();
  const { key: keyPrint } = await serviceOf(BASE, KEY);
  expect(await knownPlan({ account: 'a1', url: BASE, key: keyPrint })).toBeUndefined();
  // The workspace's kept list was the base URL's: it is read again.
  expect(await fakeBrowser.storage.session.get('workspaceLastPage')).toEqual({});
}

describe('the upgrade to accounts', () => {
  it('moves the settings and everything kept under the base URL to account a1', async () => {
    await storeOldValues();
    // Before the upgrade the settings already read as that account.
    expect((await loadSettings()).account).toMatchObject({ id: 'a1', apiKey: KEY });
    await upgradeToAccounts(newQueue);
    await expectUpgraded();
    expect((await accountsItem.getValue())?.upgradedFrom).toBeUndefined();
  });

  it('keeps a job’s own pause: an unfinished job of the earlier version is not held as another account’s', async () => {
    await storeOldValues();
    await upgradeToAccounts(newQueue);
    const [paused] = await storedJobs();
    expect(paused).toMatchObject({ state: 'paused', pause: { kind: 'unauthorized' } });
  });

  it('moves what was kept also when the settings were saved before it ran', async () => {
    await storeOldValues();
    await saveSettings({ notify: false });
    await upgradeToAccounts(newQueue);
    expect(await getCachedRating(PAGE, 'a1')).toMatchObject({ reportId: 7 });
    expect(await readWatch('a1')).toEqual(WATCH);
    expect(await readHistory('a1', 7)).toHaveLength(2);
    expect(await readAnalyses('a1')).toHaveLength(1);
    expect((await storedJobs()).map((job) => job.service?.account)).toEqual(['a1', 'a1']);
  });

  it('changes nothing when it runs again', async () => {
    await storeOldValues();
    await upgradeToAccounts(newQueue);
    const once = await everything();
    await upgradeToAccounts(newQueue);
    expect(await everything()).toEqual(once);
    await expectUpgraded();
  });

  it.each([
    ['the history', 'records'],
    ['the kept analyses', 'analyses'],
  ] as const)(
    'finishes at its next run when moving %s failed, losing nothing',
    async (_what, store) => {
      await storeOldValues();
      const open = IDBDatabase.prototype.transaction;
      let failed = false;
      vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (
        this: IDBDatabase,
        ...args: Parameters<IDBDatabase['transaction']>
      ) {
        // The analyses move with their summaries, in one transaction of both stores.
        if (!failed && [args[0]].flat().includes(store) && args[1] === 'readwrite') {
          failed = true;
          throw new DOMException('The disk is full.', 'QuotaExceededError');
        }
        return open.apply(this, args);
      });
      await upgradeToAccounts(newQueue);
      expect(failed).toBe(true);
      // Not marked done: the next start goes on with it. Meanwhile nothing is lost.
      expect((await accountsItem.getValue())?.upgradedFrom).toBe(BASE);
      expect((await readHistory(BASE, 7)).length + (await readHistory('a1', 7)).length).toBe(2);
      expect((await readAnalyses(BASE)).length + (await readAnalyses('a1')).length).toBe(1);
      if (store === 'records') expect(await readHistory(BASE, 7)).toHaveLength(2);
      else expect(await readAnalyses(BASE)).toHaveLength(1);
      expect((await loadSettings()).account).toMatchObject({ id: 'a1', apiKey: KEY });

      await upgradeToAccounts(newQueue);
      await expectUpgraded();
      expect((await accountsItem.getValue())?.upgradedFrom).toBeUndefined();
    },
  );

  it('finishes at its next run when moving the watch list failed, losing nothing', async () => {
    await storeOldValues();
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    let failed = false;
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
      if (!failed && 'watch' in items) {
        failed = true;
        throw new Error('QUOTA_BYTES quota exceeded');
      }
      return set(items);
    });
    await upgradeToAccounts(newQueue);
    expect(failed).toBe(true);
    expect((await accountsItem.getValue())?.upgradedFrom).toBe(BASE);

    await upgradeToAccounts(newQueue);
    await expectUpgraded();
  });
});
