// The queue's messages as a page sends them: checked like every request (zod), answered with
// plain data; and the background's wiring that wakes the queue (its alarm, a page's message).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '../../../../entrypoints/background';
import { createHandlerDeps } from '../../../../lib/background/deps';
import { handleMessage } from '../../../../lib/background/handlers';
import { setBackgroundQueue } from '../../../../lib/background/queue';
import { QUEUE_ALARM } from '../../../../lib/jobs/queue';
import { loadSettings } from '../../../../lib/settings';
import { stubMissingEvents } from '../../../support/missing-events';
import {
  type FakeClock,
  type FakeService,
  fakeClock,
  fakeService,
  storedJobs,
  testQueue,
  until,
  urls,
} from './harness';

let clock: FakeClock;
let service: FakeService;
let queue: ReturnType<typeof testQueue>;

beforeEach(() => {
  clock = fakeClock();
  service = fakeService({ clock });
  queue = testQueue({ clock, service });
  setBackgroundQueue(queue);
});
afterEach(() => setBackgroundQueue(undefined));

const page = () => ({
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL('/sidepanel.html'),
});
const ask = (message: unknown) => handleMessage(message, page(), createHandlerDeps());
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('enqueueJob', () => {
  it('queues a job and answers its id', async () => {
    const ids = service.seed(urls(2));
    const answer = await ask({
      type: 'enqueueJob',
      kind: 'delete',
      items: ids.map((id) => ({ type: 'deleteReport', id })),
    });
    expect(answer).toEqual({ ok: true, data: { id: expect.any(String) } });
    await queue.idle();
    const [job] = await storedJobs();
    expect(job).toMatchObject({ kind: 'delete', state: 'done' });
    expect(service.reports.size).toBe(0);
  });

  it('takes a create for a tab, with the wait a page was already told', async () => {
    const answer = await ask({
      type: 'enqueueJob',
      kind: 'create',
      items: [{ type: 'create', url: 'https://example.com/', privacy: 1 }],
      tabId: 4,
      retryAfterSeconds: 30,
    });
    expect(answer).toEqual({
      ok: true,
      data: { id: expect.any(String), resumeAt: clock.now() + 30_000 },
    });
    expect((await storedJobs())[0]?.items[0]).toMatchObject({ tabId: 4, state: 'waiting' });
  });

  it('keeps a password out of storage.local', async () => {
    const answer = await ask({
      type: 'enqueueJob',
      kind: 'create',
      items: [{ type: 'create', url: 'https://example.com/', privacy: 2 }],
      password: 'pa55-w0rd-xyz',
    });
    expect(answer.ok).toBe(true);
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(
      'pa55-w0rd-xyz',
    );
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown kind', { kind: 'explode', items: [] }, 'bad_message'],
    [
      'an item of another kind',
      { kind: 'delete', items: [{ type: 'deleteProject', name: 'a' }] },
      'bad_message',
    ],
    ['no items', { kind: 'delete', items: [] }, 'bad_message'],
    [
      'an address that is not a web page',
      { kind: 'create', items: [{ type: 'create', url: 'file:///etc/passwd', privacy: 0 }] },
      'bad_message',
    ],
    [
      'a password inside an item',
      {
        kind: 'create',
        items: [{ type: 'create', url: 'https://a.example/', privacy: 2, password: 'x' }],
      },
      'bad_message',
    ],
    [
      'a negative tab',
      {
        kind: 'create',
        items: [{ type: 'create', url: 'https://a.example/', privacy: 0 }],
        tabId: -1,
      },
      'bad_message',
    ],
    [
      'no password for a password-protected report',
      { kind: 'create', items: [{ type: 'create', url: 'https://a.example/', privacy: 2 }] },
      'invalid_input',
    ],
  ])('refuses %s', async (_name, fields, kind) => {
    const answer = await ask({ type: 'enqueueJob', ...fields });
    expect(answer).toMatchObject({ ok: false, error: { kind, message: expect.any(String) } });
    expect(await storedJobs()).toEqual([]);
  });

  it('is refused from a web page', async () => {
    const answer = await handleMessage(
      { type: 'enqueueJob', kind: 'delete', items: [{ type: 'deleteReport', id: 1 }] },
      { id: fakeBrowser.runtime.id, url: 'https://evil.example/' },
      createHandlerDeps(),
    );
    expect(answer).toMatchObject({ ok: false, error: { reason: 'badSender' } });
    expect(await storedJobs()).toEqual([]);
  });
});

describe('the other job messages', () => {
  it('list, cancel, retry, resume and clear jobs; take a finished export', async () => {
    service.seed(urls(3));
    service.hold();
    const deleting = await ask({
      type: 'enqueueJob',
      kind: 'delete',
      items: [1, 2, 3].map((id) => ({ type: 'deleteReport', id })),
    });
    if (!deleting.ok) throw new Error('not queued');
    const { id } = deleting.data as { id: string };
    await until(() => expect(service.heldCount).toBe(2));
    expect(await ask({ type: 'clearJob', id })).toMatchObject({
      ok: false,
      error: { reason: 'jobBusy', message: expect.stringMatching(/not finished/) },
    });
    expect(await ask({ type: 'cancelJob', id })).toEqual({ ok: true, data: { id } });
    service.hold(false);
    service.release(true);
    await queue.idle();
    const jobs = await ask({ type: 'getJobs' });
    expect(jobs).toMatchObject({ ok: true, data: [{ id, state: 'cancelled' }] });
    expect(await ask({ type: 'retryFailed', id })).toEqual({ ok: true, data: { id } });
    expect(await ask({ type: 'resumeJob', id })).toEqual({ ok: true, data: { id } });
    expect(await ask({ type: 'clearJob', id })).toEqual({ ok: true, data: { id } });
    expect(await ask({ type: 'getJobs' })).toEqual({ ok: true, data: [] });

    const exporting = await ask({
      type: 'enqueueJob',
      kind: 'export',
      items: [{ type: 'listPage', params: { perPage: 10 } }],
    });
    await queue.idle();
    const exportId = (exporting as { data: { id: string } }).data.id;
    const taken = await ask({ type: 'takeExport', id: exportId });
    expect(taken).toMatchObject({ ok: true, data: [{ id: 3 }] });
    expect(await ask({ type: 'cancelJob', id: 'missing' })).toMatchObject({
      ok: false,
      error: { kind: 'not_found', reason: 'jobNotFound' },
    });
  });

  it('leave the stored jobs readable by the pages without the background', async () => {
    await ask({ type: 'enqueueJob', kind: 'delete', items: [{ type: 'deleteReport', id: 5 }] });
    await queue.idle();
    const { jobs: stored } = await fakeBrowser.storage.local.get('jobs');
    expect(stored).toMatchObject({ version: 1, jobs: [{ kind: 'delete', state: 'done' }] });
  });
});

describe('the background’s wiring', () => {
  beforeEach(() => {
    stubMissingEvents();
  });

  it('wakes the queue on its alarm, and on a page’s message once it is answered', async () => {
    const wake = vi.spyOn(queue, 'wake');
    const alarm = vi.spyOn(queue, 'handleAlarm');
    background.main();
    await fakeBrowser.alarms.onAlarm.trigger({ name: QUEUE_ALARM, scheduledTime: 0 });
    expect(alarm).toHaveBeenCalledWith(expect.objectContaining({ name: QUEUE_ALARM }));
    await ask({ type: 'getStatus' });
    await until(() => expect(wake).toHaveBeenCalled());
  });

  it('takes the step a page’s message asks for only once every request is answered', async () => {
    const wake = vi.spyOn(queue, 'wake');
    // One request held while its settings are read, as a list waits for the service.
    let release: () => void = () => undefined;
    const read = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = createHandlerDeps({
      loadSettings: async () => {
        await read;
        return loadSettings();
      },
    });
    const slow = handleMessage({ type: 'getStatus' }, page(), held);
    try {
      expect((await ask({ type: 'getStatus' })).ok).toBe(true);
      expect((await ask({ type: 'getStatus', url: 'https://example.com/a' })).ok).toBe(true);
      // A step asked for after an answer comes a task later: two tasks on, none has come.
      await nextTask();
      await nextTask();
      expect(wake).not.toHaveBeenCalled();
    } finally {
      // Never left in hand: the background's count of requests is shared by the test files.
      release();
    }
    expect((await slow).ok).toBe(true);
    await until(() => expect(wake).toHaveBeenCalledTimes(1));
    await nextTask();
    expect(wake).toHaveBeenCalledTimes(1);
  });

  it('lets paused jobs go on when the settings are saved', async () => {
    const settingsChanged = vi.spyOn(queue, 'settingsChanged');
    background.main();
    await fakeBrowser.storage.local.set({ settings: { version: 1, notify: false } });
    await until(() => expect(settingsChanged).toHaveBeenCalledTimes(1));
    // The queue's own writes are not settings changes.
    await ask({ type: 'enqueueJob', kind: 'delete', items: [{ type: 'deleteReport', id: 5 }] });
    await queue.idle();
    expect(settingsChanged).toHaveBeenCalledTimes(1);
  });
});
