// Storage that refuses a write hangs no job: an answer that failed to be written for a passing
// reason is kept until it is written, the alarm stays set meanwhile; storage that is full (quota
// exceeded) ends the job it would have grown, saying so, keeping what was done, and is not tried
// again. What the queue keeps in storage stays bounded.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ErrorData } from '../../../../lib/api/model';
import { errorText } from '../../../../lib/error-text';
import { t } from '../../../../lib/i18n';
import { QUEUE_ALARM } from '../../../../lib/jobs/queue/alarms';
import { MAX_EXPORT_PAGE_BYTES } from '../../../../lib/jobs/queue/export-pages';
import { EXPORT_KEPT_MS, isQuotaError } from '../../../../lib/jobs/queue/store';
import {
  deletes,
  fakeClock,
  fakeService,
  itemStates,
  storedJob,
  storedJobs,
  testQueue,
  until,
  urls,
  wire,
} from './harness';

const alarm = () => fakeBrowser.alarms.get(QUEUE_ALARM);

/** The next `times` writes of the jobs fail for a passing reason, until `stop`. */
function failJobWrites(times = Number.POSITIVE_INFINITY) {
  const local = fakeBrowser.storage.local;
  const set = local.set.bind(local);
  let left = times;
  const writes = {
    failed: 0,
    stop() {
      left = 0;
    },
  };
  vi.spyOn(local, 'set').mockImplementation(async (items) => {
    if (left > 0 && 'jobs' in items) {
      left -= 1;
      writes.failed += 1;
      throw new Error('IO error: .../LOCK: Resource temporarily unavailable');
    }
    return set(items);
  });
  return writes;
}

/** storage.local as a full one refuses (as Chrome says it) any write past `limit` characters. */
function limitStorage(limit: number, message = 'Resource::kQuotaBytes quota exceeded') {
  const local = fakeBrowser.storage.local;
  const set = local.set.bind(local);
  const get = local.get.bind(local);
  const writes = { refused: 0 };
  vi.spyOn(local, 'set').mockImplementation(async (items) => {
    const next = { ...(await get(null)), ...items };
    if (JSON.stringify(next).length > limit) {
      writes.refused += 1;
      throw new Error(message);
    }
    return set(items);
  });
  return writes;
}

const storedSize = async () => JSON.stringify(await fakeBrowser.storage.local.get(null)).length;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a failed write of an answer', () => {
  it('is tried again until it is written, and the job ends', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const queue = testQueue({ clock, service });
    service.hold();
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes(service.seed(urls(1))) });
    await until(() => expect(service.heldCount).toBe(1));
    const writes = failJobWrites(1);
    service.hold(false);
    service.release(true);
    await until(() => expect(writes.failed).toBe(1));
    // Not written yet: a later write is due, and the alarm stays for a worker stopped meanwhile.
    await until(() => expect(clock.next()).toBeLessThan(Number.POSITIVE_INFINITY));
    expect(await itemStates(id)).toEqual(['running']);
    expect(await alarm()).toBeDefined();
    await clock.advance(60_000, queue.idle);
    expect(await itemStates(id)).toEqual(['done']);
    expect((await storedJob(id)).state).toBe('done');
    expect(service.count('DELETE')).toBe(1);
    expect(await alarm()).toBeUndefined();
  });

  it('that never succeeds leaves the alarm set, and the next worker finishes the job', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const stopped = testQueue({ clock, service });
    service.hold();
    const { id } = await stopped.enqueue({ kind: 'delete', items: deletes(service.seed(urls(1))) });
    await until(() => expect(service.heldCount).toBe(1));
    const writes = failJobWrites();
    service.hold(false);
    service.release(true);
    await until(() => expect(writes.failed).toBeGreaterThanOrEqual(1));
    await until(async () => expect(await alarm()).toBeDefined());
    // The worker stops; the storage has room again when the alarm wakes the next one.
    writes.stop();
    const woken = testQueue({ clock, service });
    await woken.handleAlarm({ name: QUEUE_ALARM });
    await woken.idle();
    expect(await itemStates(id)).toEqual(['done']);
  });

  it('of a create that succeeded: the next worker finds its report, and does not send it again', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const stopped = testQueue({ clock, service });
    service.hold();
    const { id } = await stopped.enqueue({
      kind: 'create',
      items: [{ type: 'create', url: 'https://example.com/a', privacy: 0 }],
    });
    await until(() => expect(service.heldCount).toBe(1));
    const failing = failJobWrites();
    service.hold(false);
    service.release(true);
    await until(() => expect(failing.failed).toBeGreaterThanOrEqual(1));
    failing.stop();
    const woken = testQueue({ clock, service });
    await woken.handleAlarm({ name: QUEUE_ALARM });
    await woken.idle();
    expect((await storedJob(id)).items[0]).toMatchObject({ state: 'done', report: { id: 1 } });
    expect(service.count('POST')).toBe(1);
  });
});

describe('a full storage', () => {
  it.each([
    ['Chrome', 'Resource::kQuotaBytes quota exceeded'],
    ['Chrome (before)', 'QUOTA_BYTES quota exceeded'],
    ['Firefox', 'QuotaExceededError: the quota has been exceeded.'],
  ])('is told by its message (%s)', (_browser, message) => {
    expect(isQuotaError(new Error(message))).toBe(true);
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(new Error('IO error: .../LOCK'))).toBe(false);
  });

  it('ends the job whose answer it refused, saying so, keeps what was done, and is not tried again', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const queue = testQueue({ clock, service });
    service.hold();
    const items = urls(12).map((url) => ({ type: 'create' as const, url, privacy: 0 as const }));
    const { id } = await queue.enqueue({ kind: 'create', items });
    await until(() => expect(service.heldCount).toBeGreaterThan(0));
    // Room for a few answers, not for all.
    const writes = limitStorage((await storedSize()) + 400);
    service.hold(false);
    service.release(true);
    await clock.advance(10 * 60_000, queue.idle);
    const job = await storedJob(id);
    expect(job.state).toBe('failed');
    expect(job.error).toMatchObject({ reason: 'storageFull' });
    expect(errorText(job.error as ErrorData)).toBe(t('error_storage_full'));
    const states = job.items.map((item) => item.state);
    const done = states.filter((state) => state === 'done').length;
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(items.length);
    // Every report made is there as done; what was not sent failed, so Retry failed sends it.
    expect(service.count('POST', 201)).toBe(done);
    expect(states.filter((state) => state !== 'done').every((state) => state === 'failed')).toBe(
      true,
    );
    const refused = writes.refused;
    expect(refused).toBeLessThanOrEqual(2);
    // Not tried again, and nothing more sent.
    await clock.advance(60 * 60_000, queue.idle);
    expect(writes.refused).toBe(refused);
    expect(service.count('POST')).toBe(done);
    expect(await fakeBrowser.alarms.get(QUEUE_ALARM)).toBeUndefined();

    // Room again: Retry failed sends the rest, and the job says no more that storage was full.
    vi.restoreAllMocks();
    await queue.retryFailed(id);
    await clock.advance(10 * 60_000, queue.idle);
    const retried = await storedJob(id);
    expect(retried.state).toBe('done');
    expect(retried.error).toBeUndefined();
    expect(service.count('POST')).toBe(items.length);
  });

  it('refuses a new job that does not fit, saying so, and keeps the others', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const queue = testQueue({ clock, service });
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes(service.seed(urls(2))) });
    await queue.idle();
    limitStorage((await storedSize()) + 200);
    const items = urls(20).map((url) => ({ type: 'create' as const, url, privacy: 0 as const }));
    await expect(queue.enqueue({ kind: 'create', items })).rejects.toMatchObject({
      data: { reason: 'storageFull' },
    });
    expect((await storedJobs()).map((job) => job.id)).toEqual([id]);
    expect((await storedJob(id)).state).toBe('done');
    expect(service.count('POST')).toBe(0);
  });
});

describe('a new worker whose first write fails', () => {
  it('still takes up what the stopped worker left running', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const stopped = testQueue({ clock, service });
    service.hold();
    const { id } = await stopped.enqueue({ kind: 'delete', items: deletes(service.seed(urls(1))) });
    await until(() => expect(service.heldCount).toBe(1));
    service.hold(false);
    // Offline at first: the item is put back to wait, and that change is not written.
    let online = false;
    const woken = testQueue({ clock, service, online: () => online });
    const writes = failJobWrites(1);
    await woken.wake();
    expect(writes.failed).toBe(1);
    online = true;
    await clock.advance(60_000, woken.idle);
    expect(await itemStates(id)).toEqual(['done']);
  });
});

describe('an export in storage', () => {
  it('keeps a page of at most about a megabyte, and says it was cut', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const long = 'x'.repeat(20_000);
    service.script((method) =>
      method === 'GET'
        ? {
            status: 200,
            body: {
              data: Array.from({ length: 100 }, (_, at) =>
                wire(at + 1, `https://site.example/${at}/${long}`),
              ),
              links: { next: 'https://service.example/api/v1/reports?page=2' },
              status: 200,
            },
          }
        : undefined,
    );
    const queue = testQueue({ clock, service });
    const { id } = await queue.enqueue({
      kind: 'export',
      items: [{ type: 'listPage', params: { perPage: 100 } }],
    });
    await queue.idle();
    const page = (await fakeBrowser.storage.local.get(`export:${id}:0`))[`export:${id}:0`];
    expect(JSON.stringify(page).length).toBeLessThanOrEqual(MAX_EXPORT_PAGE_BYTES);
    const job = await storedJob(id);
    expect(job.items).toHaveLength(1);
    expect(job.error).toMatchObject({ reason: 'exportCut', count: (page as unknown[]).length });
    expect(service.count('GET')).toBe(1);
  });

  it('is dropped, with its job, when nobody took it within an hour', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    service.seed(urls(3));
    const queue = testQueue({ clock, service });
    const { id } = await queue.enqueue({
      kind: 'export',
      items: [{ type: 'listPage', params: { perPage: 10 } }],
    });
    await queue.idle();
    expect((await storedJob(id)).state).toBe('done');
    await clock.advance(EXPORT_KEPT_MS - 1000);
    await queue.wake();
    expect(await storedJobs()).toHaveLength(1);
    await clock.advance(1000);
    await queue.wake();
    expect(await storedJobs()).toEqual([]);
    const keys = Object.keys(await fakeBrowser.storage.local.get(null));
    expect(keys.filter((key) => key.startsWith('export:'))).toEqual([]);
  });
});
