// What becomes of each item and job: answers and failures, cancel, pause and resume, retries,
// the offline browser, and where a job's password is (and is not) kept.
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { RECONCILE_DELAY_MS } from '../../../../lib/jobs/queue/reconcile';
import { itemReport } from '../../../../lib/jobs/schema';
import {
  deletes,
  fakeClock,
  fakeService,
  itemStates,
  recordedEffects,
  storedJob,
  testQueue,
  until,
  urls,
} from './harness';

function setup(options: { limit?: number } = {}) {
  const clock = fakeClock();
  const service = fakeService({ clock, ...options });
  const { calls, effects } = recordedEffects();
  return { clock, service, calls, effects };
}

const create = (url: string, privacy: 0 | 1 | 2 = 0) => ({ type: 'create' as const, url, privacy });

describe('an item’s failure', () => {
  it('does not stop its job: the job ends "failed" with the item’s error', async () => {
    const { clock, service, effects } = setup();
    const [first, second] = service.seed(urls(2));
    service.script((method, path) =>
      method === 'PUT' && path === `/reports/${first}`
        ? { status: 422, body: { message: { privacy: ['The privacy is invalid.'] }, status: 422 } }
        : undefined,
    );
    const queue = testQueue({ clock, service, effects });
    const { id } = await queue.enqueue({
      kind: 'privacy',
      items: [
        { type: 'update', id: first as number, privacy: 1 },
        { type: 'update', id: second as number, privacy: 1 },
      ],
    });
    await queue.idle();
    const job = await storedJob(id);
    expect(job.state).toBe('failed');
    expect(job.items.map((item) => item.state)).toEqual(['failed', 'done']);
    expect(job.items[0]?.error).toMatchObject({
      kind: 'validation',
      message: 'The service did not accept the values sent: The privacy is invalid.',
    });
    const updated = job.items[1];
    expect(updated && itemReport(updated)).toMatchObject({ id: second, privacy: 1 });
  });

  it('of a create that was sent but got no answer: it is looked for, never sent again', async () => {
    const { clock, service, calls, effects } = setup();
    service.script((method) => (method === 'POST' ? 'lost' : undefined));
    const queue = testQueue({ clock, service, effects });
    const { id } = await queue.enqueue({
      kind: 'create',
      items: [{ ...create('https://example.com/a'), tabId: 7 }],
    });
    await queue.idle();
    // Unknown until it is looked for, a while later; the job is not over meanwhile.
    let job = await storedJob(id);
    expect(job.items[0]).toMatchObject({
      state: 'unknown',
      tabId: 7,
      error: { kind: 'network', reason: 'fateUnknown' },
    });
    expect(job.state).toBe('running');
    expect(calls).not.toContainEqual(['tabCreate', 'finished', 7, 'unknown', true]);
    await clock.advance(RECONCILE_DELAY_MS, queue.idle);
    // The service made it: the item is done with that report.
    job = await storedJob(id);
    expect(job.items[0]).toMatchObject({ state: 'done', report: { id: 1 } });
    expect(job.state).toBe('done');
    expect(service.reports.size).toBe(1);
    await clock.advance(600_000, queue.idle);
    expect(service.count('POST')).toBe(1);
    expect(calls).toContainEqual(['remember', [1]]);
    expect(calls).toContainEqual(['tabCreate', 'finished', 7, 'done', true]);
  });

  it('of a delete whose report is gone (404) is none: the delete is done', async () => {
    const { clock, service, calls, effects } = setup();
    const [kept] = service.seed(urls(1));
    const queue = testQueue({ clock, service, effects });
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes([kept as number, 404]) });
    await queue.idle();
    expect(await itemStates(id)).toEqual(['done', 'done']);
    expect((await storedJob(id)).state).toBe('done');
    // Both leave the rating cache.
    expect(calls.filter(([name]) => name === 'forget')).toEqual([
      ['forget', { id: kept }],
      ['forget', { id: 404 }],
    ]);
  });

  it('of a project delete that answers 404 is none either', async () => {
    const { clock, service, calls, effects } = setup();
    service.seed(['https://shop.example/a', 'https://shop.example/b']);
    const queue = testQueue({ clock, service, effects });
    const { id } = await queue.enqueue({
      kind: 'deleteProjects',
      items: [
        { type: 'deleteProject', name: 'shop.example' },
        { type: 'deleteProject', name: 'gone.example' },
      ],
    });
    await queue.idle();
    expect(await itemStates(id)).toEqual(['done', 'done']);
    expect(service.reports.size).toBe(0);
    expect(calls).toContainEqual(['forget', { name: 'shop.example' }]);
  });

  it.each([
    ['the network failed', 'lost' as const, 'network'],
    ['the service failed', { status: 503, body: '<html>down</html>' }, 'server'],
  ])('when %s, an update is tried again a few times, then fails', async (_name, reply, kind) => {
    const { clock, service, effects } = setup();
    const [report] = service.seed(urls(1));
    service.script((method) => (method === 'PUT' ? reply : undefined));
    const queue = testQueue({ clock, service, effects });
    const { id } = await queue.enqueue({
      kind: 'reanalyze',
      items: [{ type: 'update', id: report as number, results: true }],
    });
    await queue.idle();
    expect(service.count('PUT')).toBe(1);
    expect((await storedJob(id)).items[0]).toMatchObject({ state: 'waiting', tries: 1 });
    for (let step = 0; step < 5; step++) await clock.advance(60_000, queue.idle);
    expect(service.count('PUT')).toBe(3);
    expect((await storedJob(id)).items[0]).toMatchObject({ state: 'failed', error: { kind } });
  });

  it('of a read after a network failure is retried, and then done', async () => {
    const { clock, service, effects } = setup();
    service.seed(urls(3));
    let lost = false;
    service.script((method) => {
      if (method !== 'GET' || lost) return undefined;
      lost = true;
      return 'lost';
    });
    const queue = testQueue({ clock, service, effects });
    const { id } = await queue.enqueue({
      kind: 'export',
      items: [{ type: 'listPage', params: { perPage: 10 } }],
    });
    await queue.idle();
    await clock.advance(60_000, queue.idle);
    expect((await storedJob(id)).items[0]).toMatchObject({ state: 'done', count: 3 });
  });
});

describe('cancel', () => {
  it('sends nothing more; what is done stays done, and waiting items are cancelled', async () => {
    const { clock, service, calls, effects } = setup();
    const ids = service.seed(urls(6));
    const queue = testQueue({ clock, service, effects });
    service.hold();
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes(ids) });
    await until(() => expect(service.heldCount).toBe(2));
    service.release();
    await until(() => expect(service.log).toHaveLength(3));
    await queue.cancel(id);
    service.hold(false);
    service.release(true);
    await queue.idle();
    await clock.advance(600_000, queue.idle);
    expect(service.log).toHaveLength(3);
    const job = await storedJob(id);
    expect(job.state).toBe('cancelled');
    // The requests under way when it was cancelled were recorded as they ended.
    expect(job.items.map((item) => item.state)).toEqual([
      'done',
      'done',
      'done',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(calls).toContainEqual(['jobFinished', id, 'cancelled']);
  });

  it('abandons an export page under way', async () => {
    const { clock, service, effects } = setup();
    service.seed(urls(30));
    const queue = testQueue({ clock, service, effects });
    service.hold();
    const { id } = await queue.enqueue({
      kind: 'export',
      items: [{ type: 'listPage', params: { perPage: 10 } }],
    });
    await until(() => expect(service.heldCount).toBe(1));
    await queue.cancel(id);
    await queue.idle();
    expect(await itemStates(id)).toEqual(['cancelled']);
    service.hold(false);
    service.release(true);
  });

  it('of a job that is not there says so', async () => {
    const { clock, service } = setup();
    const queue = testQueue({ clock, service });
    await expect(queue.cancel('nope')).rejects.toMatchObject({
      data: { kind: 'not_found', reason: 'jobNotFound' },
    });
  });
});

describe('a rejected key', () => {
  it('pauses every job with the reason, and they go on when the settings change', async () => {
    const { clock, service, effects } = setup();
    const ids = service.seed(urls(4));
    let keyRejected = true;
    service.script(() =>
      keyRejected ? { status: 401, body: { message: 'Unauthenticated.' } } : undefined,
    );
    const queue = testQueue({ clock, service, effects });
    const first = await queue.enqueue({ kind: 'delete', items: deletes(ids.slice(0, 3)) });
    const second = await queue.enqueue({ kind: 'delete', items: deletes(ids.slice(3)) });
    await queue.idle();
    const sent = service.log.length;
    expect(sent).toBeLessThanOrEqual(2);
    for (const { id } of [first, second]) {
      const job = await storedJob(id);
      expect(job.state).toBe('paused');
      expect(job.pause).toMatchObject({
        kind: 'unauthorized',
        message: 'The service rejected the API key. Check the key on the options page.',
      });
      expect(job.items.every((item) => item.state === 'waiting')).toBe(true);
    }
    await clock.advance(600_000, queue.idle);
    expect(service.log).toHaveLength(sent);

    keyRejected = false;
    await queue.settingsChanged();
    await queue.idle();
    expect(await itemStates(first.id)).toEqual(['done', 'done', 'done']);
    expect(await itemStates(second.id)).toEqual(['done']);
    expect((await storedJob(first.id)).pause).toBeUndefined();
  });

  it('(or no API access) pauses until the user resumes the job', async () => {
    const { clock, service, effects } = setup();
    const ids = service.seed(urls(2));
    let forbidden = true;
    service.script(() =>
      forbidden ? { status: 403, body: { message: 'No access.', status: 403 } } : undefined,
    );
    const queue = testQueue({ clock, service, effects });
    const { id } = await queue.enqueue({ kind: 'delete', items: deletes(ids) });
    await queue.idle();
    expect(await storedJob(id)).toMatchObject({ state: 'paused', pause: { kind: 'forbidden' } });
    forbidden = false;
    await queue.resume(id);
    await queue.idle();
    expect(await storedJob(id)).toMatchObject({ state: 'done' });
  });
});

describe('not connected', () => {
  it('a job is refused: it would not know which service it is for', async () => {
    const { clock, service, effects } = setup();
    const queue = testQueue({ clock, service, effects, connected: () => false });
    await expect(
      queue.enqueue({ kind: 'create', items: [create('https://example.com/a')] }),
    ).rejects.toMatchObject({ name: 'NotConnectedError' });
    expect(service.log).toEqual([]);
  });

  it('pauses the rest of a job without a request, until the settings change', async () => {
    const { clock, service, effects } = setup({ limit: 1 });
    let connected = true;
    const queue = testQueue({ clock, service, effects, connected: () => connected });
    const { id } = await queue.enqueue({
      kind: 'create',
      items: [create('https://example.com/a'), create('https://example.com/b')],
    });
    await queue.idle();
    expect(await itemStates(id)).toEqual(['done', 'waiting']);
    connected = false;
    await clock.advance(61_000, queue.idle);
    expect(await storedJob(id)).toMatchObject({
      state: 'paused',
      pause: { kind: 'not_connected', reason: 'notConnected' },
      items: [{ state: 'done' }, { state: 'waiting' }],
    });
    expect(service.count('POST', 201)).toBe(1);
    const sent = service.log.length;
    await clock.advance(61_000, queue.idle);
    expect(service.log).toHaveLength(sent);
    connected = true;
    await queue.settingsChanged();
    await queue.idle();
    expect(await itemStates(id)).toEqual(['done', 'done']);
  });
});

describe('an offline browser', () => {
  it('gets no request: a create waits for the network, then goes once', async () => {
    const { clock, service, effects } = setup();
    let online = false;
    const queue = testQueue({ clock, service, effects, online: () => online });
    const { id, resumeAt } = await queue.enqueue({
      kind: 'create',
      items: [create('https://example.com/a')],
    });
    expect(resumeAt).toBeGreaterThan(clock.now());
    await clock.advance(60_000, queue.idle);
    expect(service.log).toEqual([]);
    expect(await itemStates(id)).toEqual(['waiting']);
    online = true;
    await clock.advance(5_000, queue.idle);
    expect(service.count('POST', 201)).toBe(1);
    expect(await itemStates(id)).toEqual(['done']);
  });
});

describe('retryFailed', () => {
  it('queues the failed items again, not the done or unknown ones', async () => {
    const { clock, service, effects } = setup();
    let broken = true;
    service.script((method, path) => {
      if (method === 'POST' && path === '/reports' && broken) {
        return { status: 422, body: { message: { url: ['Unreachable.'] }, status: 422 } };
      }
      return undefined;
    });
    const queue = testQueue({ clock, service, effects });
    const { id } = await queue.enqueue({
      kind: 'create',
      items: [create('https://example.com/a'), create('https://example.com/b')],
    });
    await queue.idle();
    expect(await itemStates(id)).toEqual(['failed', 'failed']);
    expect((await storedJob(id)).state).toBe('failed');
    broken = false;
    await queue.retryFailed(id);
    await queue.idle();
    expect(await itemStates(id)).toEqual(['done', 'done']);
    expect((await storedJob(id)).state).toBe('done');
    expect(service.count('POST')).toBe(4);
  });
});

describe('a password', () => {
  const SECRET = 'correct-horse-battery-staple';

  it('is never written to storage.local, is kept in storage.session, and goes with the job', async () => {
    const { clock, service, effects } = setup();
    const [report] = service.seed(urls(1));
    const queue = testQueue({ clock, service, effects });
    service.hold();
    const { id } = await queue.enqueue({
      kind: 'create',
      items: [create('https://example.com/secret', 2)],
      password: SECRET,
    });
    await until(() => expect(service.heldCount).toBe(1));
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(SECRET);
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).toContain(SECRET);
    service.hold(false);
    service.release(true);
    await queue.idle();
    const privacy = await queue.enqueue({
      kind: 'privacy',
      items: [{ type: 'update', id: report as number, privacy: 2 }],
      password: SECRET,
    });
    await queue.idle();
    expect(await itemStates(id)).toEqual(['done']);
    expect(await itemStates(privacy.id)).toEqual(['done']);
    expect(service.log.map((entry) => entry.form.get('password'))).toEqual([SECRET, SECRET]);
    // Finished: gone from the session too; never anywhere in local storage.
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain(SECRET);
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(SECRET);
  });

  it('that is gone (the browser restarted) fails those items, asking for it again', async () => {
    const { clock, service, effects } = setup();
    const queue = testQueue({ clock, service, effects, online: () => false });
    const { id } = await queue.enqueue({
      kind: 'create',
      items: [create('https://example.com/secret', 2), create('https://example.com/open')],
      password: SECRET,
    });
    await queue.idle();
    // A browser restart empties storage.session; the job, in storage.local, remains.
    await fakeBrowser.storage.session.clear();
    const restarted = testQueue({ clock, service, effects });
    await restarted.settingsChanged();
    await restarted.idle();
    const job = await storedJob(id);
    expect(job.items.map((item) => item.state)).toEqual(['failed', 'done']);
    expect(job.items[0]?.error).toMatchObject({
      reason: 'passwordGone',
      message: expect.stringMatching(/Enter the password again\.$/),
    });
    expect(service.count('POST')).toBe(1);
    // Given again, the failed item goes.
    await restarted.retryFailed(id, SECRET);
    await restarted.idle();
    expect(await itemStates(id)).toEqual(['done', 'done']);
  });

  it('is required for a password-protected item', async () => {
    const { clock, service } = setup();
    const queue = testQueue({ clock, service });
    await expect(
      queue.enqueue({ kind: 'create', items: [create('https://example.com/secret', 2)] }),
    ).rejects.toMatchObject({
      data: { kind: 'invalid_input', fieldErrors: { password: [expect.any(String)] } },
    });
  });
});

describe('the rating cache and badges', () => {
  it('hear of each answer, and a tab’s create is followed from queued to finished', async () => {
    const { clock, service, calls, effects } = setup();
    const queue = testQueue({ clock, service, effects });
    await queue.enqueue({ kind: 'create', items: [create('https://example.com/a')], tabId: 3 });
    await queue.idle();
    expect(calls).toEqual([
      ['tabCreate', 'queued', 3, 'waiting', true],
      ['tabCreate', 'sending', 3, 'running', true],
      ['remember', [1]],
      ['tabCreate', 'finished', 3, 'done', true],
      ['jobFinished', expect.any(String), 'done'],
    ]);
  });

  it('a job’s creates go through the one create request, each remembered once', async () => {
    const { clock, service, calls, effects } = setup();
    const sent: string[] = [];
    const queue = testQueue({
      clock,
      service,
      effects: {
        ...effects,
        create: (client, input, serviceUrl) => {
          sent.push(input.url);
          return effects.create(client, input, serviceUrl);
        },
      },
    });
    const addresses = urls(3);
    await queue.enqueue({ kind: 'create', items: addresses.map((url) => create(url)) });
    await queue.idle();
    expect(sent).toEqual(addresses);
    expect(service.count('POST')).toBe(3);
    expect(calls.filter(([name]) => name === 'remember')).toEqual([
      ['remember', [1]],
      ['remember', [2]],
      ['remember', [3]],
    ]);
  });
});
