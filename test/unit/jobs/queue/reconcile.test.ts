// A create answered 5xx (or not at all) may still have been made: its fate is unknown until the
// service is asked for a report of that host made after the create was sent. Found, the item is
// done with it; not found, it stays unknown: sent again only when the user picks it.

import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_TIMEOUT_MS } from '../../../../lib/api/client';
import { RECONCILE_DELAY_MS } from '../../../../lib/jobs/queue/reconcile';
import { fakeClock, fakeService, recordedEffects, storedJob, testQueue, wire } from './harness';

/** A create of unknown fate is looked for until no analysis of it could still be under way. */
const LAST_LOOK_MS = DEFAULT_ANALYSIS_TIMEOUT_MS + RECONCILE_DELAY_MS;

function setup() {
  const clock = fakeClock();
  const service = fakeService({ clock });
  const { calls, effects } = recordedEffects();
  const queue = testQueue({ clock, service, effects });
  return { clock, service, calls, queue };
}

const gateway = (status: 502 | 504, handled: boolean, storedUrl?: string) => ({
  status,
  body: '<html>Bad gateway</html>',
  handled,
  storedUrl,
});

const createJob = (url: string) => ({
  kind: 'create' as const,
  items: [{ type: 'create' as const, url, privacy: 0 as const, tabId: 3 }],
});

describe('a create answered 5xx', () => {
  it.each([502, 504] as const)(
    '%i, though the service made it: done with that report',
    async (status) => {
      const { clock, service, calls, queue } = setup();
      service.script((method) => (method === 'POST' ? gateway(status, true) : undefined));
      const { id } = await queue.enqueue(createJob('https://example.com/a'));
      await queue.idle();
      expect((await storedJob(id)).items[0]).toMatchObject({
        state: 'unknown',
        error: { kind: 'server', reason: 'fateUnknown' },
      });
      // "Retry failed" before it was looked for sends nothing again.
      await queue.retryFailed(id);
      await queue.idle();
      expect(service.count('POST')).toBe(1);

      await clock.advance(RECONCILE_DELAY_MS, queue.idle);
      const job = await storedJob(id);
      expect(job.items[0]).toMatchObject({ state: 'done', report: { id: 1 } });
      expect(job.items[0]).not.toHaveProperty('error');
      expect(job.state).toBe('done');
      // Looked for by its host, newest first.
      const lookup = service.log.find((entry) => entry.method === 'GET');
      expect(lookup?.path).toMatch(
        /^\/reports\?search=example\.com&search_by=url&sort_by=id&sort=desc/,
      );
      // Fed to the rating cache like a success.
      expect(calls).toContainEqual(['remember', [1]]);
      await queue.retryFailed(id);
      await clock.advance(600_000, queue.idle);
      expect(service.count('POST')).toBe(1);
      expect(service.reports.size).toBe(1);
    },
  );

  it('and not made: unknown, left out of "Retry failed", sent once more only when picked', async () => {
    const { clock, service, queue } = setup();
    service.script((method) =>
      method === 'POST' && service.count('POST') === 1 ? gateway(502, false) : undefined,
    );
    const { id } = await queue.enqueue(createJob('https://example.com/a'));
    await queue.idle();
    await clock.advance(LAST_LOOK_MS, queue.idle);
    let job = await storedJob(id);
    expect(job.items[0]).toMatchObject({ state: 'unknown', error: { reason: 'fateUnknown' } });
    expect(job.items[0]).not.toHaveProperty('reconcileAt');
    expect(job.state).toBe('failed');
    await queue.retryFailed(id);
    await clock.advance(LAST_LOOK_MS, queue.idle);
    expect(service.count('POST')).toBe(1);
    // The user picks it ("Create anyway"): sent once more.
    await queue.retryFailed(id, undefined, { unknown: true });
    await queue.idle();
    job = await storedJob(id);
    expect(job.items[0]).toMatchObject({ state: 'done', report: { id: 1 } });
    expect(service.count('POST')).toBe(2);
    expect(service.reports.size).toBe(1);
  });

  it('is matched with the address the service ended on after redirects', async () => {
    const { clock, service, queue } = setup();
    service.script((method) =>
      method === 'POST' ? gateway(504, true, 'https://www.example.com/a/') : undefined,
    );
    const { id } = await queue.enqueue(createJob('http://example.com/a'));
    await queue.idle();
    await clock.advance(RECONCILE_DELAY_MS, queue.idle);
    expect((await storedJob(id)).items[0]).toMatchObject({
      state: 'done',
      report: { url: 'https://www.example.com/a/' },
    });
  });

  it('made after the first look, while the service was still analysing: found by a later look', async () => {
    const { clock, service, queue } = setup();
    service.script((method) => (method === 'POST' ? gateway(504, false) : undefined));
    const { id } = await queue.enqueue(createJob('https://example.com/a'));
    await queue.idle();
    await clock.advance(RECONCILE_DELAY_MS, queue.idle);
    // Not found yet, but not "not made" either: nothing offers to send it again.
    expect((await storedJob(id)).items[0]).toMatchObject({ state: 'unknown' });
    // The analysis ends, and the report is stored.
    const createdAt = new Date(clock.now()).toISOString();
    service.reports.set(99, wire(99, 'https://example.com/a', { created_at: createdAt }));
    await clock.advance(RECONCILE_DELAY_MS, queue.idle);
    expect((await storedJob(id)).items[0]).toMatchObject({ state: 'done', report: { id: 99 } });
    expect(service.count('POST')).toBe(1);
  });

  it('lost on the way and never made: still unknown once no analysis could be under way', async () => {
    const { clock, service, queue } = setup();
    service.script((method) =>
      method === 'POST' && service.count('POST') === 1 ? 'dropped' : undefined,
    );
    const { id } = await queue.enqueue(createJob('https://example.com/a'));
    await queue.idle();
    await clock.advance(DEFAULT_ANALYSIS_TIMEOUT_MS, queue.idle);
    expect((await storedJob(id)).items[0]).toMatchObject({ state: 'unknown' });
    await clock.advance(RECONCILE_DELAY_MS, queue.idle);
    const item = (await storedJob(id)).items[0];
    expect(item).toMatchObject({ state: 'unknown', error: { reason: 'fateUnknown' } });
    expect(item).not.toHaveProperty('reconcileAt');
    expect(service.count('POST')).toBe(1);
  });

  it("a 500 is the service's own answer: looked for once, then failed", async () => {
    const { clock, service, queue } = setup();
    service.script((method) =>
      method === 'POST' && service.count('POST') === 1
        ? { status: 500, body: '<html>Server Error</html>' }
        : undefined,
    );
    const { id } = await queue.enqueue(createJob('https://example.com/a'));
    await queue.idle();
    await clock.advance(RECONCILE_DELAY_MS, queue.idle);
    expect((await storedJob(id)).items[0]).toMatchObject({
      state: 'failed',
      error: { kind: 'server' },
    });
    expect(service.count('GET')).toBe(1);
  });

  it('does not take a report made for the address before it was sent', async () => {
    const { clock, service, queue } = setup();
    service.seed(['https://example.com/a']);
    service.script((method) => (method === 'POST' ? gateway(502, false) : undefined));
    const { id } = await queue.enqueue(createJob('https://example.com/a'));
    await queue.idle();
    await clock.advance(LAST_LOOK_MS, queue.idle);
    expect((await storedJob(id)).items[0]).toMatchObject({ state: 'unknown' });
  });

  it('stored under another path, one of several new on its host: unknown, never guessed', async () => {
    const { clock, service, queue } = setup();
    service.script((method) => (method === 'POST' ? gateway(502, false) : undefined));
    const { id } = await queue.enqueue(createJob('https://example.com/pricing'));
    await queue.idle();
    const createdAt = new Date(clock.now()).toISOString();
    service.reports.set(7, wire(7, 'https://example.com/en/pricing', { created_at: createdAt }));
    service.reports.set(8, wire(8, 'https://example.com/en/about', { created_at: createdAt }));
    await clock.advance(LAST_LOOK_MS, queue.idle);
    expect((await storedJob(id)).items[0]).toMatchObject({ state: 'unknown' });
    expect(service.count('POST')).toBe(1);
  });

  it('stored under another path, the only new report on its host: done with it', async () => {
    const { clock, service, queue } = setup();
    service.script((method) => (method === 'POST' ? gateway(502, false) : undefined));
    const { id } = await queue.enqueue(createJob('https://www.example.com/pricing'));
    await queue.idle();
    // An older report of the host, made before the send, does not count.
    service.reports.set(3, wire(3, 'https://example.com/', { created_at: '2020-01-01T00:00:00Z' }));
    const createdAt = new Date(clock.now()).toISOString();
    service.reports.set(7, wire(7, 'https://example.com/en/pricing', { created_at: createdAt }));
    await clock.advance(RECONCILE_DELAY_MS, queue.idle);
    expect((await storedJob(id)).items[0]).toMatchObject({ state: 'done', report: { id: 7 } });
  });

  it("the service's clock far ahead of the browser's: not found, and unknown it stays", async () => {
    const { clock, service, queue } = setup();
    service.script((method) => (method === 'POST' ? gateway(502, false) : undefined));
    const { id } = await queue.enqueue(createJob('https://example.com/a'));
    await queue.idle();
    const later = new Date(clock.now() + 3_600_000).toISOString();
    service.reports.set(7, wire(7, 'https://example.com/a', { created_at: later }));
    await clock.advance(LAST_LOOK_MS, queue.idle);
    expect((await storedJob(id)).items[0]).toMatchObject({ state: 'unknown' });
    await queue.retryFailed(id);
    await clock.advance(LAST_LOOK_MS, queue.idle);
    expect(service.count('POST')).toBe(1);
  });

  it('that cannot be looked for stays unknown, never sent again', async () => {
    const { clock, service, queue } = setup();
    service.script((method) =>
      method === 'POST' ? gateway(502, true) : { status: 503, body: 'down' },
    );
    const { id } = await queue.enqueue(createJob('https://example.com/a'));
    await queue.idle();
    await clock.advance(120_000, queue.idle);
    const job = await storedJob(id);
    expect(job.items[0]).toMatchObject({ state: 'unknown', error: { reason: 'fateUnknown' } });
    expect(job.state).toBe('failed');
    // Looked for a few times, then no more.
    const lookups = service.count('GET');
    expect(lookups).toBeGreaterThanOrEqual(3);
    await queue.retryFailed(id);
    await clock.advance(600_000, queue.idle);
    expect(service.count('POST')).toBe(1);
    expect(service.count('GET')).toBe(lookups);
  });
});
