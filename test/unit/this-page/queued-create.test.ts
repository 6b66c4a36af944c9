import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ReportSummary } from '../../../lib/api/model';
import { parseStoredJobsWith } from '../../../lib/jobs/open-creates';
import { createJobStore } from '../../../lib/jobs/queue/store';
import {
  ITEM_STATES,
  JOB_KINDS,
  JOB_STATES,
  type Job,
  type JobItem,
  parseStoredJobs,
} from '../../../lib/jobs/schema';
import {
  findQueuedCreate,
  hasUnknownCreate,
  jobsForPage,
  mayBeOpenCreate,
  queuedState,
  queuedUpdate,
  whenSent,
} from '../../../lib/this-page/queued-create';

const URL_A = 'https://example.com/pricing';

function create(url: string, extra: Partial<JobItem> = {}): JobItem {
  return { op: { type: 'create', url, privacy: 0 }, state: 'waiting', ...extra };
}

function job(id: string, items: JobItem[], extra: Partial<Job> = {}): Job {
  return { id, kind: 'create', state: 'waiting', createdAt: 1, items, ...extra };
}

const summary: ReportSummary = {
  id: 7,
  url: URL_A,
  project: 'example.com',
  rating: 'good',
  score: 90,
  privacy: 0,
  hasPassword: false,
  generatedAt: '2026-11-20T09:15:02.000Z',
  createdAt: '2026-11-20T09:15:00.000Z',
  updatedAt: '2026-11-20T09:15:02.000Z',
};

describe('findQueuedCreate', () => {
  it('finds a waiting or running create for the address', () => {
    expect(findQueuedCreate([job('a', [create(URL_A)])], URL_A, 3)).toEqual({
      jobId: 'a',
      index: 0,
    });
    expect(
      findQueuedCreate(
        [
          job(
            'b',
            [
              create('https://other.example/', { state: 'done' }),
              create(URL_A, { state: 'running' }),
            ],
            { state: 'running' },
          ),
        ],
        URL_A,
      ),
    ).toEqual({ jobId: 'b', index: 1 });
  });

  it("says when it is a page's own create, watched while it is out", () => {
    const own = job('own', [create(URL_A, { state: 'running', sentAt: 5 })], {
      state: 'running',
      watched: true,
    });
    expect(findQueuedCreate([own], URL_A)).toEqual({ jobId: 'own', index: 0, watched: true });
  });

  it("finds a cancelled job's create that was under way, but none that was cancelled waiting", () => {
    const cancelled = job(
      'c',
      [
        create(URL_A, { state: 'unknown', sentAt: 5, reconcileAt: 10 }),
        create('https://example.com/b', { state: 'cancelled' }),
      ],
      { state: 'cancelled' },
    );
    expect(findQueuedCreate([cancelled], URL_A)).toEqual({ jobId: 'c', index: 0 });
    expect(findQueuedCreate([cancelled], 'https://example.com/b')).toBeUndefined();
  });

  it('compares addresses without their fragment', () => {
    expect(findQueuedCreate([job('a', [create(`${URL_A}#top`)])], URL_A)).toEqual({
      jobId: 'a',
      index: 0,
    });
  });

  it("prefers the create for the page's own tab", () => {
    const jobs = [
      job('other-tab', [create(URL_A, { tabId: 1 })]),
      job('own', [create(URL_A, { tabId: 2 })]),
    ];
    expect(findQueuedCreate(jobs, URL_A, 2)).toEqual({ jobId: 'own', index: 0 });
    expect(findQueuedCreate(jobs, URL_A, 9)).toEqual({ jobId: 'other-tab', index: 0 });
  });

  it('ignores finished jobs and items, other kinds and other addresses', () => {
    const jobs = [
      job('done', [create(URL_A, { state: 'done' })], { state: 'done' }),
      job('cancelled', [create(URL_A)], { state: 'cancelled' }),
      job('failed-item', [create(URL_A, { state: 'failed' })], { state: 'running' }),
      job('elsewhere', [create('https://example.com/other')]),
      job('delete', [{ op: { type: 'deleteReport', id: 4 }, state: 'waiting' }], {
        kind: 'delete',
      }),
    ];
    expect(findQueuedCreate(jobs, URL_A)).toBeUndefined();
  });

  it('finds nothing for a page that cannot be reported', () => {
    expect(findQueuedCreate([job('a', [create(URL_A)])], 'chrome://settings/')).toBeUndefined();
    expect(findQueuedCreate([job('a', [create(URL_A)])], '')).toBeUndefined();
  });

  it("finds an audit's create (Add pages), but not its re-analyses", () => {
    const audit = job(
      'audit',
      [
        { op: { type: 'update', id: 4, results: true }, state: 'waiting' },
        create(URL_A, { state: 'running', sentAt: 5 }),
      ],
      { kind: 'audit', state: 'running' },
    );
    expect(findQueuedCreate([audit], URL_A)).toEqual({ jobId: 'audit', index: 1 });
    expect(findQueuedCreate([audit], 'https://example.com/other')).toBeUndefined();
  });

  it('finds a create in a paused job', () => {
    expect(findQueuedCreate([job('p', [create(URL_A)], { state: 'paused' })], URL_A)).toEqual({
      jobId: 'p',
      index: 0,
    });
  });
});

describe('a create sent and not over', () => {
  it('is found while it is out, and while its lost answer is looked for', () => {
    const running = job('r', [create(URL_A, { state: 'running', sentAt: 1000 })], {
      state: 'running',
    });
    expect(findQueuedCreate([running], URL_A)).toEqual({ jobId: 'r', index: 0 });
    const lookedFor = job(
      'u',
      [create(URL_A, { state: 'unknown', sentAt: 1000, reconcileAt: 5 })],
      {
        state: 'running',
      },
    );
    expect(findQueuedCreate([lookedFor], URL_A)).toEqual({ jobId: 'u', index: 0 });
    const given = job('g', [create(URL_A, { state: 'unknown', sentAt: 1000 })], {
      state: 'failed',
    });
    expect(findQueuedCreate([given], URL_A)).toBeUndefined();
  });

  it('is sending since it was sent, looked for or not; unknown for good, it failed', () => {
    const ref = { jobId: 'a', index: 0 };
    expect(
      queuedState([job('a', [create(URL_A, { state: 'running', sentAt: 1000 })])], ref),
    ).toEqual({ stage: 'sending', sentAt: 1000 });
    expect(
      queuedState(
        [job('a', [create(URL_A, { state: 'unknown', sentAt: 1000, reconcileAt: 9 })])],
        ref,
      ),
    ).toEqual({ stage: 'sending', sentAt: 1000 });
    const error = { kind: 'network' as const, reason: 'fateUnknown' as const, message: '' };
    expect(
      queuedState([job('a', [create(URL_A, { state: 'unknown', sentAt: 1000, error })])], ref),
    ).toEqual({ stage: 'failed', error });
  });

  it('shows as analysing since it was sent, with nothing else said', () => {
    expect(queuedUpdate({ stage: 'sending', sentAt: 1000 }, true, 13_000)).toEqual({
      queued: true,
      said: 'sending',
      notice: '',
      analyzingSince: 1000,
    });
  });
});

describe('queuedState', () => {
  const ref = { jobId: 'a', index: 0 };

  it('says a waiting create and when the queue goes on', () => {
    expect(queuedState([job('a', [create(URL_A)], { resumeAt: 5000 })], ref)).toEqual({
      stage: 'waiting',
      resumeAt: 5000,
    });
    expect(queuedState([job('a', [create(URL_A)])], ref)).toEqual({ stage: 'waiting' });
  });

  it('says why a paused job holds it', () => {
    const pause = { kind: 'unauthorized' as const, reason: 'unauthorized' as const, message: '' };
    expect(queuedState([job('a', [create(URL_A)], { state: 'paused', pause })], ref)).toEqual({
      stage: 'waiting',
      pause,
    });
  });

  it('says sending, done with its report, failed with its error, cancelled', () => {
    expect(queuedState([job('a', [create(URL_A, { state: 'running' })])], ref)).toEqual({
      stage: 'sending',
    });
    expect(
      queuedState([job('a', [create(URL_A, { state: 'done', report: summary })])], ref),
    ).toEqual({ stage: 'done', report: summary });
    const error = { kind: 'validation' as const, message: 'The url is invalid.' };
    expect(queuedState([job('a', [create(URL_A, { state: 'failed', error })])], ref)).toEqual({
      stage: 'failed',
      error,
    });
    expect(queuedState([job('a', [create(URL_A, { state: 'unknown' })])], ref)).toMatchObject({
      stage: 'failed',
      error: { reason: 'unknown' },
    });
    expect(queuedState([job('a', [create(URL_A, { state: 'cancelled' })])], ref)).toEqual({
      stage: 'cancelled',
    });
    expect(queuedState([job('a', [create(URL_A)], { state: 'cancelled' })], ref)).toEqual({
      stage: 'cancelled',
    });
  });

  it('says gone when the job or its item is not stored, or is not a create', () => {
    expect(queuedState([], ref)).toEqual({ stage: 'gone' });
    expect(queuedState([job('a', [])], ref)).toEqual({ stage: 'gone' });
    expect(
      queuedState([job('a', [{ op: { type: 'deleteReport', id: 1 }, state: 'done' }])], ref),
    ).toEqual({ stage: 'gone' });
    expect(queuedState([job('a', [create(URL_A, { state: 'done' })])], ref)).toEqual({
      stage: 'gone',
    });
  });
});

describe('whenSent', () => {
  it('says in how long, from the time the queue goes on', () => {
    expect(whenSent(41_000, true, 1_000)).toBe('Queued. It will be sent in 40 seconds.');
    expect(whenSent(181_000, true, 1_000)).toBe('Queued. It will be sent in 3 minutes.');
  });

  it('says shortly when no wait is known, or it is over', () => {
    expect(whenSent(undefined, true, 1_000)).toBe('Queued. It will be sent shortly.');
    expect(whenSent(500, true, 1_000)).toBe('Queued. It will be sent shortly.');
  });

  it('says when the browser is back online while it is offline', () => {
    expect(whenSent(41_000, false, 1_000)).toBe(
      'Queued. It will be sent when the browser is back online.',
    );
  });
});

describe('hasUnknownCreate', () => {
  const job = (item: Partial<Job['items'][number]>, kind: Job['kind'] = 'create'): Job => ({
    id: 'j',
    kind,
    state: 'failed',
    createdAt: 0,
    items: [
      {
        op: { type: 'create', url: 'https://example.com/a#top', privacy: 0 },
        state: 'unknown',
        ...item,
      },
    ],
  });

  it.each([
    ['an unknown create no longer looked for', job({}), true],
    ["an audit's unknown create", job({}, 'audit'), true],
    ['one still looked for', job({ reconcileAt: 5 }), false],
    ['a failed create', job({ state: 'failed' }), false],
    [
      'a create of another page',
      job({ op: { type: 'create', url: 'https://example.com/b', privacy: 0 } }),
      false,
    ],
  ])('%s: %s', (_name, stored, expected) => {
    expect(hasUnknownCreate([stored], 'https://example.com/a')).toBe(expected);
  });
});

describe('a page’s status reads only the jobs with an open create for it', () => {
  const PAGES = [URL_A, `${URL_A}#plans`, 'https://example.com/about', 'https://other.example/'];
  const anItem = fc.record(
    {
      op: fc.oneof(
        {
          weight: 4,
          arbitrary: fc.record({
            type: fc.constant('create' as const),
            url: fc.constantFrom(...PAGES),
            privacy: fc.constant(0 as const),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            type: fc.constant('read' as const),
            id: fc.integer({ min: 1, max: 9 }),
          }),
        },
      ),
      // Unknown and waiting ones most: those are what the status looks for.
      state: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('unknown' as const, 'waiting' as const) },
        { weight: 2, arbitrary: fc.constantFrom(...ITEM_STATES) },
      ),
      tabId: fc.integer({ min: 1, max: 3 }),
      reconcileAt: fc.integer({ min: 1, max: 9 }),
    },
    { requiredKeys: ['op', 'state'] },
  );
  const aJob = fc.record(
    {
      id: fc.uuid(),
      // Creates are queued by the popup (create) and Add pages (audit): those most.
      kind: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('create' as const, 'audit' as const) },
        { weight: 1, arbitrary: fc.constantFrom(...JOB_KINDS) },
      ),
      state: fc.constantFrom(...JOB_STATES),
      // Now and then a job the schema refuses (no time it was made), with creates all the same.
      createdAt: fc.oneof(
        { weight: 9, arbitrary: fc.constant(1) },
        { weight: 1, arbitrary: fc.constant('then') },
      ),
      watched: fc.boolean(),
      items: fc.array(anItem, { maxLength: 6 }),
    },
    { requiredKeys: ['id', 'kind', 'state', 'createdAt', 'items'] },
  );
  // Now and then garbage beside the jobs: a stored value is read as it is, whatever wrote it.
  const stored = fc.array(
    fc.oneof({ weight: 5, arbitrary: aJob }, { weight: 1, arbitrary: fc.anything() }),
    { maxLength: 6 },
  );
  const status = (jobs: Job[], url: string, tab: number) => ({
    queued: findQueuedCreate(jobs, url, tab),
    unknown: hasUnknownCreate(jobs, url),
  });

  it('finds the same create, and the same unknown one, as reading every job', () => {
    const found = { queued: 0, unknown: 0 };
    fc.assert(
      fc.property(
        stored,
        fc.constantFrom(...PAGES),
        fc.integer({ min: 1, max: 3 }),
        (jobs, url, tab) => {
          const value = { version: 1, jobs };
          const every = status(parseStoredJobs(value), url, tab);
          expect(status(parseStoredJobsWith(value, mayBeOpenCreate(url)), url, tab)).toEqual(every);
          if (every.queued) found.queued += 1;
          if (every.unknown) found.unknown += 1;
        },
      ),
      { numRuns: 500 },
    );
    // The runs had something to find, both kinds.
    expect(found.queued).toBeGreaterThan(100);
    expect(found.unknown).toBeGreaterThan(10);
  });

  it('finds the same from the jobs and pages the queue stores, as reading every job', async () => {
    await fc.assert(
      fc.asyncProperty(
        stored,
        fc.constantFrom(...PAGES),
        fc.integer({ min: 1, max: 3 }),
        async (jobs, url, tab) => {
          fakeBrowser.reset();
          await createJobStore().update((state) => {
            state.jobs = parseStoredJobs({ version: 1, jobs });
          });
          const every = status(
            parseStoredJobs((await fakeBrowser.storage.local.get('jobs')).jobs),
            url,
            tab,
          );
          expect(status(await jobsForPage(url), url, tab)).toEqual(every);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('leaves a finished audit of done pages unread, and reads a job with the page’s open create', () => {
    const done = Array.from({ length: 1000 }, (_, n) =>
      create(`https://example.com/page-${n}`, { state: 'done' }),
    );
    const audit = job('audit', [...done, create(URL_A, { state: 'done' })], {
      kind: 'audit',
      state: 'done',
    });
    const open = job('open', [create(URL_A)]);
    const value = { version: 1, jobs: [audit, open] };
    expect(parseStoredJobsWith(value, mayBeOpenCreate(URL_A)).map(({ id }) => id)).toEqual([
      'open',
    ]);
    expect(parseStoredJobsWith(value, mayBeOpenCreate('https://example.com/page-3'))).toEqual([]);
    // Not an address a report can be made for: nothing is read.
    expect(parseStoredJobsWith(value, mayBeOpenCreate('about:blank'))).toEqual([]);
    expect(parseStoredJobsWith({ version: 2, jobs: [open] }, mayBeOpenCreate(URL_A))).toEqual([]);
  });
});

describe('jobsForPage', () => {
  const open = job('open', [create(URL_A)]);
  const jobsRead = (get: { mock: { calls: unknown[][] } }) =>
    get.mock.calls.some(([keys]) => JSON.stringify(keys).includes('"jobs"'));

  it('does not read the jobs when the pages stored with them leave the page out', async () => {
    await fakeBrowser.storage.local.set({
      jobs: { version: 1, jobs: [open] },
      openCreates: ['https://example.com/about'],
    });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    expect(await jobsForPage(URL_A)).toEqual([]);
    expect(get).toHaveBeenCalled();
    expect(jobsRead(get)).toBe(false);
  });

  it('reads the jobs with a create for the page when the pages stored include it', async () => {
    await fakeBrowser.storage.local.set({
      jobs: { version: 1, jobs: [job('other', [create('https://example.com/about')]), open] },
      openCreates: [URL_A, 'https://example.com/about'],
    });
    expect((await jobsForPage(`${URL_A}#plans`)).map(({ id }) => id)).toEqual(['open']);
  });

  it('reads the jobs when no pages are stored with them (a version before them)', async () => {
    await fakeBrowser.storage.local.set({ jobs: { version: 1, jobs: [open] } });
    expect((await jobsForPage(URL_A)).map(({ id }) => id)).toEqual(['open']);
    await fakeBrowser.storage.local.set({ openCreates: 'garbage' });
    expect((await jobsForPage(URL_A)).map(({ id }) => id)).toEqual(['open']);
  });
});
