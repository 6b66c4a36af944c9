// The queue's stored state: versioned (anything else reads as empty), bounded (jobs kept, items a
// job may have, reports an export keeps), written one change at a time, and each export's pages
// kept apart until the page takes them.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_FINISHED_ITEMS, REPORTS_KEPT_MS } from '../../../../lib/job-limits';
import { MAX_OPEN_CREATE_PAGES } from '../../../../lib/jobs/open-creates';
import { createJobStore } from '../../../../lib/jobs/queue/store';
import {
  type Job,
  MAX_EXPORT_REPORTS,
  MAX_FINISHED_JOBS,
  MAX_JOB_ITEMS,
  parseStoredJobs,
} from '../../../../lib/jobs/schema';
import {
  deletes,
  fakeClock,
  fakeService,
  itemStates,
  storedJob,
  storedJobs,
  testQueue,
  urls,
} from './harness';

const job = (id: string, state: Job['state'], finishedAt?: number): Job => ({
  id,
  kind: 'delete',
  state,
  createdAt: 1,
  ...(finishedAt !== undefined && { finishedAt }),
  items: [{ op: { type: 'deleteReport', id: 1 }, state: state === 'done' ? 'done' : 'waiting' }],
});

describe('the stored jobs', () => {
  it.each<[string, unknown]>([
    ['nothing', undefined],
    ['another version', { version: 2, jobs: [job('a', 'done', 1)] }],
    ['no version', { jobs: [job('a', 'done', 1)] }],
    ['jobs that are not a list', { version: 1, jobs: 'many' }],
    ['a string', 'jobs'],
    ['null', null],
  ])('read as none from %s, for the background and the pages', async (_name, value) => {
    expect(parseStoredJobs(value)).toEqual([]);
    await fakeBrowser.storage.local.set({ jobs: value ?? null });
    const clock = fakeClock();
    const queue = testQueue({ clock, service: fakeService({ clock }) });
    expect(await queue.jobs()).toEqual([]);
  });

  it('keep the valid jobs beside a damaged one', () => {
    const stored = { version: 1, jobs: [job('a', 'done', 1), { id: 'b', state: 'weird' }] };
    expect(parseStoredJobs(stored).map(({ id }) => id)).toEqual(['a']);
  });

  it(`keep at most ${MAX_FINISHED_JOBS} finished jobs, dropping the oldest finished first`, async () => {
    const jobs = [
      job('running', 'running'),
      ...Array.from({ length: MAX_FINISHED_JOBS + 5 }, (_, index) =>
        job(`done-${index}`, 'done', 1000 - index),
      ),
    ];
    await fakeBrowser.storage.local.set({ jobs: { version: 1, jobs } });
    await fakeBrowser.storage.local.set({ 'export:done-24:0': [{ id: 1 }] });
    const store = createJobStore();
    await store.update(() => undefined);
    const kept = (await storedJobs()).map(({ id }) => id);
    expect(kept).toHaveLength(MAX_FINISHED_JOBS + 1);
    expect(kept).toContain('running');
    // done-24 finished first (at 976): gone, with what it left behind.
    expect(kept).not.toContain('done-24');
    expect(kept).toContain('done-0');
  });

  it(`keep at most ${MAX_FINISHED_ITEMS} items of finished jobs, dropping the oldest finished first, never the newest`, async () => {
    const big = (id: string, finishedAt: number, count: number): Job => ({
      ...job(id, 'done', finishedAt),
      items: Array.from({ length: count }, () => ({
        op: { type: 'deleteReport' as const, id: 1 },
        state: 'done' as const,
      })),
    });
    const half = MAX_FINISHED_ITEMS / 2;
    const jobs = [
      job('running', 'running'),
      big('oldest', 10, 1),
      big('older', 20, half),
      big('newer', 30, half),
      big('newest', 40, 1),
    ];
    await fakeBrowser.storage.local.set({ jobs: { version: 1, jobs } });
    await createJobStore().update(() => undefined);
    expect((await storedJobs()).map(({ id }) => id)).toEqual(['running', 'newer', 'newest']);

    // One finished job larger than the bound alone: the newest is kept all the same.
    await fakeBrowser.storage.local.set({
      jobs: { version: 1, jobs: [big('huge', 50, MAX_FINISHED_ITEMS + 1), big('small', 10, 1)] },
    });
    await createJobStore().update(() => undefined);
    expect((await storedJobs()).map(({ id }) => id)).toEqual(['huge']);
  });

  it('drop the reports of done items some minutes after their job finished', async () => {
    const report = {
      id: 7,
      url: 'https://site.test/a',
      rating: 'good' as const,
      privacy: 0 as const,
      hasPassword: false,
      generatedAt: null,
      createdAt: null,
      updatedAt: null,
    };
    const withReport = (id: string, state: Job['state'], finishedAt?: number): Job => {
      const base = job(id, state, finishedAt);
      return {
        ...base,
        kind: 'audit',
        items: [{ op: { type: 'create', url: report.url, privacy: 0 }, state: 'done', report }],
      };
    };
    const now = 10 * REPORTS_KEPT_MS;
    const jobs = [
      withReport('running', 'running'),
      withReport('just-finished', 'done', now - REPORTS_KEPT_MS + 1),
      withReport('finished-long-ago', 'done', now - REPORTS_KEPT_MS),
    ];
    await fakeBrowser.storage.local.set({ jobs: { version: 1, jobs } });
    await createJobStore(() => now).update(() => undefined);
    const stored = await storedJobs();
    expect(stored.map(({ id, items }) => [id, items[0]?.report !== undefined])).toEqual([
      ['running', true],
      ['just-finished', true],
      ['finished-long-ago', false],
    ]);
    expect(stored[2]?.items[0]?.state).toBe('done');
  });

  it('are written one change at a time: changes made together all stay', async () => {
    const store = createJobStore();
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        store.update((state) => {
          state.jobs.push(job(`job-${index}`, 'waiting'));
        }),
      ),
    );
    expect((await storedJobs()).map(({ id }) => id)).toEqual(
      Array.from({ length: 10 }, (_, index) => `job-${index}`),
    );
  });

  it('leave storage alone when a change changes nothing, or fails', async () => {
    const store = createJobStore();
    await store.update((state) => {
      state.jobs.push(job('a', 'waiting'));
    });
    const before = JSON.stringify(await fakeBrowser.storage.local.get(null));
    await store.update(() => undefined);
    await expect(
      store.update((state) => {
        state.jobs = [];
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).toBe(before);
    // The chain goes on after a failure.
    await store.update((state) => {
      state.jobs.push(job('b', 'waiting'));
    });
    expect((await storedJobs()).map(({ id }) => id)).toEqual(['a', 'b']);
  });
});

describe('a job', () => {
  it(`has at most ${MAX_JOB_ITEMS} items: a bigger one is refused, saying so`, async () => {
    const clock = fakeClock();
    const queue = testQueue({ clock, service: fakeService({ clock }) });
    const ids = Array.from({ length: MAX_JOB_ITEMS + 1 }, (_, index) => index + 1);
    await expect(queue.enqueue({ kind: 'delete', items: deletes(ids) })).rejects.toMatchObject({
      data: {
        kind: 'invalid_input',
        reason: 'jobTooBig',
        message: `Too many at once: a job can have at most ${MAX_JOB_ITEMS} items. Choose fewer.`,
      },
    });
    expect(await storedJobs()).toEqual([]);
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes(ids.slice(1)) });
    expect((await storedJob(id)).items).toHaveLength(MAX_JOB_ITEMS);
  });

  it.each([
    ['no items', { kind: 'delete' as const, items: [] }],
    [
      'items of another kind',
      { kind: 'delete' as const, items: [{ type: 'deleteProject' as const, name: 'a' }] },
    ],
    [
      'an export of two pages at once',
      {
        kind: 'export' as const,
        items: [
          { type: 'listPage' as const, params: {} },
          { type: 'listPage' as const, params: { page: 2 } },
        ],
      },
    ],
  ])('is refused with %s', async (_name, input) => {
    const clock = fakeClock();
    const queue = testQueue({ clock, service: fakeService({ clock }) });
    await expect(queue.enqueue(input)).rejects.toMatchObject({ data: { kind: 'bad_message' } });
  });

  it('that has finished can be cleared; one that runs cannot', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const queue = testQueue({ clock, service });
    service.hold();
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes([1]) });
    await expect(queue.clear(id)).rejects.toMatchObject({ data: { reason: 'jobBusy' } });
    service.hold(false);
    service.release(true);
    await queue.idle();
    await queue.clear(id);
    expect(await storedJobs()).toEqual([]);
    await expect(queue.clear(id)).rejects.toMatchObject({ data: { reason: 'jobNotFound' } });
  });
});

describe('an export', () => {
  it('reads page after page until there is no next one, and hands the reports over once', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    service.seed(urls(230));
    const queue = testQueue({ clock, service });
    const { id } = await queue.enqueue({
      kind: 'export',
      items: [{ type: 'listPage', params: { perPage: 100, result: 'good' } }],
    });
    await queue.idle();
    const job = await storedJob(id);
    expect(job.state).toBe('done');
    expect(job.items.map((item) => [item.op, item.count])).toEqual([
      [{ type: 'listPage', params: { perPage: 100, result: 'good' } }, 100],
      [{ type: 'listPage', params: { perPage: 100, result: 'good', page: 2 } }, 100],
      [{ type: 'listPage', params: { perPage: 100, result: 'good', page: 3 } }, 30],
    ]);
    expect(service.log.map((entry) => entry.path)).toEqual([
      '/reports?result=good&per_page=100&page=1',
      '/reports?result=good&per_page=100&page=2',
      '/reports?result=good&per_page=100&page=3',
    ]);
    const reports = await queue.takeExport(id);
    expect(reports.map((report) => report.id)).toEqual(
      Array.from({ length: 230 }, (_, index) => index + 1),
    );
    expect(reports[0]).not.toHaveProperty('results');
    // Taken: no longer in storage.
    const keys = Object.keys(await fakeBrowser.storage.local.get(null));
    expect(keys.filter((key) => key.startsWith('export:'))).toEqual([]);
    expect(await queue.takeExport(id)).toEqual([]);
  });

  it(`stops at ${MAX_EXPORT_REPORTS} reports and says so`, async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    service.seed(urls(MAX_EXPORT_REPORTS + 150));
    const queue = testQueue({ clock, service });
    const { id } = await queue.enqueue({
      kind: 'export',
      items: [{ type: 'listPage', params: { perPage: 100 } }],
    });
    await queue.idle();
    const job = await storedJob(id);
    expect(job.state).toBe('done');
    expect(job.items).toHaveLength(MAX_EXPORT_REPORTS / 100);
    expect(job.error).toMatchObject({
      reason: 'exportCut',
      message: `Only the first ${MAX_EXPORT_REPORTS} reports were exported. Narrow the filters to export the rest.`,
    });
    expect(await queue.takeExport(id)).toHaveLength(MAX_EXPORT_REPORTS);
  });

  it('cannot be taken while it runs, and is removed with its job', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    service.seed(urls(15));
    const queue = testQueue({ clock, service });
    service.hold();
    const { id } = await queue.enqueue({
      kind: 'export',
      items: [{ type: 'listPage', params: { perPage: 10 } }],
    });
    await expect(queue.takeExport(id)).rejects.toMatchObject({ data: { reason: 'jobBusy' } });
    service.hold(false);
    service.release(true);
    await queue.idle();
    expect(await itemStates(id)).toEqual(['done', 'done']);
    const stored = Object.keys(await fakeBrowser.storage.local.get(null));
    expect(stored.filter((key) => key.startsWith(`export:${id}:`))).toHaveLength(2);
    await queue.clear(id);
    const left = Object.keys(await fakeBrowser.storage.local.get(null));
    expect(left.filter((key) => key.startsWith('export:'))).toEqual([]);
    expect(left).toContain('queuePacing');
  });
});

describe('the pages of the creates not over yet', () => {
  const create = (url: string, state: Job['items'][number]['state']) => ({
    op: { type: 'create' as const, url, privacy: 0 as const },
    state,
  });
  const audit = (items: Job['items']): Job => ({
    id: 'audit',
    kind: 'audit',
    state: 'running',
    createdAt: 1,
    items,
  });
  const stored = async () => (await fakeBrowser.storage.local.get('openCreates')).openCreates;

  it('are written in the same write as the jobs, and follow the items as they end', async () => {
    const store = createJobStore();
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await store.update((state) => {
      state.jobs.push(
        audit([
          create('https://example.com/b#top', 'waiting'),
          create('https://example.com/a', 'running'),
          create('https://example.com/c', 'done'),
          create('https://example.com/b', 'unknown'),
        ]),
      );
    });
    expect(set).toHaveBeenCalledTimes(1);
    expect(Object.keys(set.mock.calls[0]?.[0] ?? {}).sort()).toEqual([
      'jobs',
      'openCreates',
      'queuePacing',
    ]);
    expect(await stored()).toEqual(['https://example.com/a', 'https://example.com/b']);

    await store.update((state) => {
      for (const item of state.jobs[0]?.items ?? []) item.state = 'done';
    });
    expect(await stored()).toEqual([]);
  });

  it('are written for jobs stored by the version before, though the jobs do not change', async () => {
    await fakeBrowser.storage.local.set({
      jobs: { version: 1, jobs: [audit([create('https://example.com/a', 'waiting')])] },
    });
    const store = createJobStore();
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await store.update(() => undefined);
    expect(set.mock.calls.map(([items]) => Object.keys(items))).toEqual([['openCreates']]);
    expect(await stored()).toEqual(['https://example.com/a']);

    // Written once: a change that changes nothing writes nothing.
    await store.update(() => undefined);
    expect(set).toHaveBeenCalledTimes(1);
  });

  it('are mended when they are not the jobs’ (a version before them wrote the jobs since)', async () => {
    await fakeBrowser.storage.local.set({
      jobs: { version: 1, jobs: [audit([create('https://example.com/a', 'waiting')])] },
      openCreates: ['https://example.com/gone'],
    });
    await createJobStore().update(() => undefined);
    expect(await stored()).toEqual(['https://example.com/a']);
  });

  it('are removed when they cannot be written: a page’s status then reads the jobs', async () => {
    await fakeBrowser.storage.local.set({
      jobs: { version: 1, jobs: [audit([create('https://example.com/a', 'waiting')])] },
      openCreates: [],
    });
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(
      new Error('QUOTA_BYTES quota exceeded'),
    );
    // The change itself, which changed nothing, does not fail for it.
    await expect(createJobStore().update(() => 'done')).resolves.toBe('done');
    expect(await stored()).toBeUndefined();
  });

  it(`are "many" past ${MAX_OPEN_CREATE_PAGES}: a page’s status then reads the jobs`, async () => {
    const store = createJobStore();
    const pages = (count: number) =>
      Array.from({ length: count }, (_, n) => create(`https://example.com/${n}`, 'waiting'));
    await store.update((state) => {
      state.jobs.push(audit(pages(MAX_OPEN_CREATE_PAGES)));
    });
    expect(await stored()).toHaveLength(MAX_OPEN_CREATE_PAGES);
    await store.update((state) => {
      state.jobs[0]?.items.push(...pages(MAX_OPEN_CREATE_PAGES + 1).slice(-1));
    });
    expect(await stored()).toBe('many');
  });
});
