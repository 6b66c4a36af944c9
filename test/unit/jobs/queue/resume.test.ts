// The queue survives the service worker being stopped: its state is in storage, an alarm is set
// while work remains, and a new worker (woken by that alarm, or by any event) goes on — without
// ever sending a create again whose fate the stopped worker left unknown.
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { HEARTBEAT_MS, QUEUE_ALARM } from '../../../../lib/jobs/queue/alarms';
import { itemReport } from '../../../../lib/jobs/schema';
import {
  deletes,
  fakeClock,
  fakeService,
  itemStates,
  START,
  storedJob,
  testQueue,
  until,
  urls,
} from './harness';

const alarm = () => fakeBrowser.alarms.get(QUEUE_ALARM);

describe('a worker stopped while requests are under way', () => {
  it('leaves a job that a new worker finishes: reads and deletes are sent again', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const ids = service.seed(urls(5));
    const stopped = testQueue({ clock, service });
    service.hold();
    const { id } = await stopped.enqueue({ kind: 'delete', items: deletes(ids) });
    // Two deletes reached the service (and were done there); their answers never come back.
    await until(() => expect(service.heldCount).toBe(2));
    expect(await itemStates(id)).toEqual(['running', 'running', 'waiting', 'waiting', 'waiting']);
    // The heartbeat alarm is set, for a worker that stops meanwhile.
    expect(await alarm()).toMatchObject({ scheduledTime: START + HEARTBEAT_MS });

    service.hold(false);
    const woken = testQueue({ clock, service });
    await woken.handleAlarm({ name: QUEUE_ALARM });
    await woken.idle();
    expect(await itemStates(id)).toEqual(Array(5).fill('done'));
    expect((await storedJob(id)).state).toBe('done');
    // The two already done answered 404 the second time: done all the same.
    expect(service.count('DELETE', 404)).toBe(2);
    expect(service.reports.size).toBe(0);
    expect(await alarm()).toBeUndefined();
  });

  it('never sends a create again: what it may have made is looked for', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock });
    const stopped = testQueue({ clock, service });
    service.hold();
    const { id } = await stopped.enqueue({
      kind: 'create',
      items: [
        { type: 'create', url: 'https://example.com/one', privacy: 0 },
        { type: 'create', url: 'https://example.com/two', privacy: 0 },
        { type: 'create', url: 'https://example.com/three', privacy: 0 },
      ],
    });
    await until(() => expect(service.heldCount).toBe(2));
    service.hold(false);

    const woken = testQueue({ clock, service });
    await woken.wake();
    await woken.idle();
    // The two of unknown fate were looked for: the service had made them.
    const job = await storedJob(id);
    expect(job.items.map((item) => item.state)).toEqual(['done', 'done', 'done']);
    expect(job.items.map((item) => itemReport(item)?.url)).toEqual([
      'https://example.com/one',
      'https://example.com/two',
      'https://example.com/three',
    ]);
    expect(job.state).toBe('done');
    // One POST per address: the unknown ones were not repeated.
    expect(
      service.log.filter((entry) => entry.method === 'POST').map((entry) => entry.form.get('url')),
    ).toEqual(['https://example.com/one', 'https://example.com/two', 'https://example.com/three']);
    expect(service.count('GET')).toBe(2);
    expect(service.reports.size).toBe(3);
  });
});

describe('a worker stopped while it waits', () => {
  it('is woken by the alarm at the end of the wait, which a new worker goes on from', async () => {
    const clock = fakeClock();
    const service = fakeService({ clock, limit: 2, windowMs: 20_000, resetOnEveryAnswer: true });
    const ids = service.seed(urls(4));
    // A worker that will be stopped: its timers never ring.
    const stopped = testQueue({ clock: { ...clock, setTimer: () => () => {} }, service });
    const { id } = await stopped.enqueue({ kind: 'delete', items: deletes(ids) });
    await stopped.idle();
    expect(await itemStates(id)).toEqual(['done', 'done', 'waiting', 'waiting']);
    expect(await alarm()).toMatchObject({ scheduledTime: START + 20_000 });

    // The browser's alarm rings, in a new worker.
    await clock.advance(20_000);
    expect(service.log).toHaveLength(2);
    const woken = testQueue({ clock, service });
    await woken.handleAlarm({ name: QUEUE_ALARM });
    await woken.idle();
    expect(await itemStates(id)).toEqual(Array(4).fill('done'));
    expect(service.count('DELETE', 429)).toBe(0);
  });

  it('ignores other alarms', async () => {
    const clock = fakeClock();
    const queue = testQueue({ clock, service: fakeService({ clock }) });
    expect(queue.handleAlarm({ name: 'something-else' })).toBeUndefined();
  });
});
