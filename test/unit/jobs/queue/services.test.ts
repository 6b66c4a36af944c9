// A job belongs to the service and key it was made for: switching them holds it, unsent, until
// they are saved again or it is discarded; the pacing is kept per service; no key is stored.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_ACCOUNTS } from '../../../../lib/account/accounts';
import { createHandlerDeps } from '../../../../lib/background/deps';
import { handleStorageChange } from '../../../../lib/background/events';
import { setBackgroundQueue } from '../../../../lib/background/queue';
import { QUEUE_ALARM } from '../../../../lib/jobs/queue/alarms';
import { createServicePacers, MAX_PACED_SERVICES } from '../../../../lib/jobs/queue/service-pacers';
import { jobsItem } from '../../../../lib/jobs/schema';
import { paceKey, serviceOf } from '../../../../lib/jobs/service';
import {
  accountIdOf,
  deletes,
  type FakeClock,
  fakeClock,
  fakeService,
  itemStates,
  recordedEffects,
  type SavedService,
  START,
  storedJob,
  storedJobs,
  TEST_API_KEY,
  TEST_BASE_URL,
  testQueue,
  until,
  urls,
} from './harness';

const STAGING = 'https://staging.example/api/v1';
const STAGING_KEY = 'staging-key-4f9a1c77';
const PRODUCTION = 'https://prod.example/api/v1';
const PRODUCTION_KEY = 'production-key-0b3e9d21';

/** Two services, each with the same reports, and settings that name one of them. */
function twoServices(clock: FakeClock = fakeClock(), limits: { limit?: number } = {}) {
  const staging = fakeService({ clock, ...limits });
  const production = fakeService({ clock, ...limits });
  const ids = staging.seed(urls(10));
  production.seed(urls(10));
  const services = {
    staging: { baseUrl: STAGING, apiKey: STAGING_KEY, service: staging },
    production: { baseUrl: PRODUCTION, apiKey: PRODUCTION_KEY, service: production },
  } satisfies Record<string, SavedService>;
  let saved: SavedService = services.staging;
  const { calls, effects } = recordedEffects();
  const queue = testQueue({ clock, service: staging, saved: () => saved, effects });
  return {
    clock,
    staging,
    production,
    ids,
    queue,
    calls,
    services,
    save(next: SavedService) {
      saved = next;
    },
  };
}

const deleted = (service: ReturnType<typeof fakeService>) =>
  service.log.filter((entry) => entry.method === 'DELETE').length;

describe('a job made for one service', () => {
  it('records the service and a fingerprint of the key, never the key', async () => {
    const { queue, ids } = twoServices();
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes(ids) });
    await queue.idle();
    const job = await storedJob(id);
    expect(job.service).toEqual(
      await serviceOf(STAGING, STAGING_KEY, accountIdOf(STAGING, STAGING_KEY)),
    );
    expect(job.service?.key).toMatch(/^[0-9a-f]{32}$/);
    const local = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(local).not.toContain(STAGING_KEY);
  });

  it('paused by a 401 sends nothing to the service saved next; it goes on when its own is back', async () => {
    const { queue, ids, staging, production, services, save } = twoServices();
    let rejected = true;
    staging.script((method) =>
      rejected && method === 'DELETE'
        ? { status: 401, body: { message: 'Unauthenticated.', status: 401 } }
        : undefined,
    );
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes(ids) });
    await queue.idle();
    expect(await storedJob(id)).toMatchObject({ state: 'paused', pause: { kind: 'unauthorized' } });

    save(services.production);
    await queue.settingsChanged();
    await queue.idle();
    expect(await storedJob(id)).toMatchObject({
      state: 'paused',
      pause: { reason: 'otherService' },
    });
    // Neither asking to resume it nor the alarm sends it to production.
    await queue.resume(id);
    await queue.handleAlarm({ name: QUEUE_ALARM });
    await queue.idle();
    expect(await storedJob(id)).toMatchObject({ pause: { reason: 'otherService' } });
    expect(production.log).toEqual([]);

    rejected = false;
    save(services.staging);
    await queue.settingsChanged();
    await queue.idle();
    expect(await itemStates(id)).toEqual(Array(10).fill('done'));
    expect(staging.reports.size).toBe(0);
    expect(production.reports.size).toBe(10);
    expect(production.log).toEqual([]);
  });

  it('is held at the next request when the settings change without a word to the queue', async () => {
    const { queue, ids, staging, production, services, save } = twoServices();
    staging.hold();
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes(ids) });
    await until(() => expect(staging.heldCount).toBe(2));
    save(services.production);
    staging.hold(false);
    staging.release(true);
    await queue.idle();
    expect(deleted(staging)).toBe(2);
    expect(production.log).toEqual([]);
    const job = await storedJob(id);
    expect(job).toMatchObject({ state: 'paused', pause: { reason: 'otherService' } });
    expect(job.items.map((item) => item.state)).toEqual([
      'done',
      'done',
      ...Array(8).fill('waiting'),
    ]);
  });

  it('is held when only the key changes, and goes on with its own key again', async () => {
    const { queue, ids, staging, services, save } = twoServices();
    staging.hold();
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes(ids.slice(0, 4)) });
    await until(() => expect(staging.heldCount).toBe(2));
    save({ ...services.staging, apiKey: 'another-staging-key-77' });
    await queue.settingsChanged();
    staging.hold(false);
    staging.release(true);
    await queue.idle();
    expect(deleted(staging)).toBe(2);
    expect(await storedJob(id)).toMatchObject({ pause: { reason: 'otherService' } });
    save(services.staging);
    await queue.settingsChanged();
    await queue.idle();
    expect(await itemStates(id)).toEqual(Array(4).fill('done'));
    expect(deleted(staging)).toBe(4);
  });

  it('leaves the jobs of the service saved now alone, and new jobs go to it', async () => {
    const { queue, ids, staging, production, services, save } = twoServices();
    staging.script(() => ({ status: 401, body: { message: 'Unauthenticated.', status: 401 } }));
    const old = await queue.enqueue({ kind: 'delete', items: deletes(ids.slice(0, 2)) });
    await queue.idle();
    const refused = deleted(staging);
    save(services.production);
    await queue.settingsChanged();
    const fresh = await queue.enqueue({ kind: 'delete', items: deletes(ids.slice(2, 4)) });
    await queue.idle();
    expect(await itemStates(fresh.id)).toEqual(['done', 'done']);
    expect(deleted(production)).toBe(2);
    expect(await storedJob(old.id)).toMatchObject({ pause: { reason: 'otherService' } });
    expect(deleted(staging)).toBe(refused);
  });
});

describe('an administrator’s change of the service address', () => {
  it('holds the job like the user’s own change', async () => {
    const { queue, ids, staging, production, services, save } = twoServices();
    setBackgroundQueue(queue);
    vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => 1);
    vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockImplementation(async () => undefined);
    try {
      staging.hold();
      const { id } = await queue.enqueue({ kind: 'delete', items: deletes(ids) });
      await until(() => expect(staging.heldCount).toBe(2));
      // storage.managed has no items: the change names none.
      save({ ...services.production, apiKey: STAGING_KEY });
      await handleStorageChange({}, 'managed', createHandlerDeps());
      staging.hold(false);
      staging.release(true);
      await queue.idle();
      expect(await storedJob(id)).toMatchObject({ pause: { reason: 'otherService' } });
      expect(production.log).toEqual([]);
    } finally {
      setBackgroundQueue(undefined);
    }
  });
});

describe('Discard', () => {
  it('removes a held job with its password and its export pages', async () => {
    const { queue, staging, production, services, save } = twoServices();
    staging.seed(urls(30, 'https://more.example/page'));
    staging.hold();
    const { id } = await queue.enqueue({
      kind: 'export',
      items: [{ type: 'listPage', params: { perPage: 10 } }],
    });
    await until(() => expect(staging.heldCount).toBe(1));
    save(services.production);
    await queue.settingsChanged();
    staging.hold(false);
    staging.release(true);
    await queue.idle();
    expect(await storedJob(id)).toMatchObject({ pause: { reason: 'otherService' } });
    const exportKeys = async () =>
      Object.keys(await fakeBrowser.storage.local.get(null)).filter((key) =>
        key.startsWith(`export:${id}:`),
      );
    expect(await exportKeys()).toHaveLength(1);

    await queue.discard(id);
    expect(await storedJobs()).toEqual([]);
    expect(await exportKeys()).toEqual([]);
    expect(production.log).toEqual([]);
  });

  it('forgets the password of a held job', async () => {
    const { queue, production, services, save, ids } = twoServices();
    production.script(() => ({ status: 401, body: { message: 'Unauthenticated.', status: 401 } }));
    save(services.production);
    // Made for production, which refused the key; then staging is saved.
    const { id } = await queue.enqueue({
      kind: 'privacy',
      items: [{ type: 'update', id: ids[0] as number, privacy: 2 }],
      password: 'hunter2-secret',
    });
    save(services.staging);
    await queue.settingsChanged();
    await queue.idle();
    expect(await storedJob(id)).toMatchObject({ pause: { reason: 'otherService' } });
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).toContain('hunter2');
    await queue.discard(id);
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain('hunter2');
  });

  it('is refused for a job that is going on', async () => {
    const { queue, staging, ids } = twoServices();
    staging.hold();
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes(ids) });
    await expect(queue.discard(id)).rejects.toMatchObject({ data: { reason: 'jobBusy' } });
    staging.hold(false);
    staging.release(true);
    await queue.idle();
  });
});

describe('a job stored by an older version (no service)', () => {
  it('is held as made for an unknown service and sends nothing; a finished one is kept', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const ids = service.seed(urls(3));
    const waiting = {
      id: 'old-1',
      kind: 'delete',
      state: 'running',
      createdAt: START - 1000,
      startedAt: START - 900,
      items: [
        { op: { type: 'deleteReport', id: ids[0] }, state: 'done' },
        { op: { type: 'deleteReport', id: ids[1] }, state: 'running' },
        { op: { type: 'deleteReport', id: ids[2] }, state: 'waiting' },
      ],
    };
    const finished = {
      id: 'old-2',
      kind: 'delete',
      state: 'done',
      createdAt: START - 5000,
      finishedAt: START - 4000,
      items: [{ op: { type: 'deleteReport', id: 99 }, state: 'done' }],
    };
    await fakeBrowser.storage.local.set({ jobs: { version: 1, jobs: [waiting, finished] } });
    const queue = testQueue({ clock, service });
    await queue.wake();
    await queue.idle();
    const [held, kept] = await storedJobs();
    expect(held).toMatchObject({ id: 'old-1', state: 'paused', pause: { reason: 'otherService' } });
    expect(held?.items.map((item) => item.state)).toEqual(['done', 'waiting', 'waiting']);
    expect(kept).toMatchObject({ id: 'old-2', state: 'done' });
    await queue.settingsChanged();
    await queue.resume('old-1');
    await queue.idle();
    expect(service.log).toEqual([]);
    await queue.discard('old-1');
    expect((await storedJobs()).map((job) => job.id)).toEqual(['old-2']);
  });
});

describe('pacing', () => {
  it('is kept per service: another service starts afresh, and switching back goes on', async () => {
    const { queue, ids, staging, production, services, save, clock } = twoServices(fakeClock(), {
      limit: 2,
    });
    const first = await queue.enqueue({ kind: 'delete', items: deletes(ids.slice(0, 4)) });
    await queue.idle();
    // Staging's two requests are spent: the rest waits for its window.
    expect(await itemStates(first.id)).toEqual(['done', 'done', 'waiting', 'waiting']);
    save(services.production);
    await queue.settingsChanged();
    const second = await queue.enqueue({ kind: 'delete', items: deletes(ids.slice(4, 6)) });
    await queue.idle();
    expect(await itemStates(second.id)).toEqual(['done', 'done']);
    expect(production.count('DELETE', 429)).toBe(0);

    const { queuePacing } = await fakeBrowser.storage.local.get('queuePacing');
    expect(
      (queuePacing as { services: { service: string }[] }).services.map((s) => s.service),
    ).toEqual([
      paceKey({ account: accountIdOf(PRODUCTION, PRODUCTION_KEY), url: PRODUCTION }),
      paceKey({ account: accountIdOf(STAGING, STAGING_KEY), url: STAGING }),
    ]);
    save(services.staging);
    await queue.settingsChanged();
    await queue.idle();
    // Staging's window is still spent: nothing goes before it ends.
    expect(deleted(staging)).toBe(2);
    await clock.advance(61_000, queue.idle);
    expect(await itemStates(first.id)).toEqual(Array(4).fill('done'));
    expect(staging.count('DELETE', 429)).toBe(0);
  });

  it('is kept for as many as there may be accounts', () => {
    expect(MAX_PACED_SERVICES).toBe(MAX_ACCOUNTS);
  });

  it('is kept for a few services, the most recently used', () => {
    const pacers = createServicePacers(() => START);
    for (let index = 0; index < MAX_PACED_SERVICES + 2; index++) {
      pacers.for(`https://s${index}.example`).holdUntil(START + index);
    }
    const kept = pacers.snapshot().services;
    expect(kept).toHaveLength(MAX_PACED_SERVICES);
    expect(kept[0]).toEqual({
      service: `https://s${MAX_PACED_SERVICES + 1}.example`,
      pacing: { blockedUntil: START + MAX_PACED_SERVICES + 1 },
    });
    // One not kept starts afresh.
    expect(pacers.for('https://s0.example').snapshot()).toEqual({});
  });

  it('stored by an older version (for no service) is taken by the first service used', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const ids = service.seed(urls(1));
    await fakeBrowser.storage.local.set({
      queuePacing: { limit: 60, remaining: 0, at: START, blockedUntil: START + 30_000 },
    });
    const queue = testQueue({ clock, service });
    const { id, resumeAt } = await queue.enqueue({ kind: 'delete', items: deletes(ids) });
    expect(resumeAt).toBe(START + 30_000);
    await clock.advance(30_000, queue.idle);
    expect(await itemStates(id)).toEqual(['done']);
    const { queuePacing } = await fakeBrowser.storage.local.get('queuePacing');
    expect(queuePacing).toMatchObject({ services: [{ service: `a1 ${TEST_BASE_URL}` }] });
    expect(queuePacing).not.toHaveProperty('unclaimed');
  });
});

describe('no key in storage', () => {
  it('whatever jobs were made, switched and finished', async () => {
    const { queue, ids, services, save } = twoServices();
    await queue.enqueue({ kind: 'delete', items: deletes(ids.slice(0, 3)) });
    save(services.production);
    await queue.settingsChanged();
    await queue.enqueue({ kind: 'delete', items: deletes(ids.slice(3, 6)) });
    await queue.idle();
    const stored = JSON.stringify({
      jobs: await jobsItem.getValue(),
      local: await fakeBrowser.storage.local.get(null),
      session: await fakeBrowser.storage.session.get(null),
    });
    for (const key of [STAGING_KEY, PRODUCTION_KEY, TEST_API_KEY]) {
      expect(stored).not.toContain(key);
    }
  });
});
