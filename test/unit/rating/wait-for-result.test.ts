// Waiting for a report's rating: one poll per report however many wait (pages on their ports,
// the menu and the keyboard command through the message handler), a poll nobody waits for any
// more stops, and the port that pages wait on takes only what a page of the extension may ask.
// The real client runs on a fake fetch that counts the reads and a sleep the test wakes, so no
// test waits for real time.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSiteReportClient, type Fetch, type Sleep } from '../../../lib/api';
import { createHandlerDeps, type HandlerDeps } from '../../../lib/background/deps';
import { handleMessage, handlers } from '../../../lib/background/handlers';
import { handleWaitPort } from '../../../lib/background/wait-port';
import { WAIT_FOR_RESULT_PORT } from '../../../lib/messaging/send';
import { getCachedRating } from '../../../lib/rating/cache';
import { clientSource } from '../../support/client-source';
import { wireReport } from '../../support/fixtures';
import { settle as settleFor } from '../../support/time';
import { type FakePort, portPair } from '../background/fake-port';

const KEY = 'sr_test_key_0123456789';
const PAGE_URL = 'https://example.com/pricing';

/** Lets every pending promise, fetch and storage call run. */
const settle = () => settleFor(5);

interface Service {
  deps: HandlerDeps;
  /** Every read made, as `METHOD /path`. */
  reads: string[];
  /** The polls' waits in progress. */
  sleeping: Set<() => void>;
  /** Ends every wait in progress, then lets the polls go on. */
  tick(): Promise<void>;
  /** From now on the report has this rating (null: not rated yet). */
  rate(rating: string | null): void;
  /** From now on every read answers this status. */
  fail(status: number): void;
}

function service(): Service {
  const reads: string[] = [];
  let result: string | null = null;
  let status = 200;
  const fetch: Fetch = async (input, init) => {
    reads.push(`${init.method} ${new URL(input).pathname.replace('/api/v1', '')}`);
    if (status !== 200) return Response.json({ message: 'Resource not found.' }, { status });
    const generated = result === null ? null : '2026-11-20T09:15:02.000000Z';
    return Response.json({ data: wireReport({ result, generated_at: generated }), status: 200 });
  };
  const sleeping = new Set<() => void>();
  const sleep: Sleep = (_ms, signal) =>
    new Promise((resolve) => {
      const wake = () => {
        sleeping.delete(wake);
        resolve();
      };
      sleeping.add(wake);
      signal?.addEventListener('abort', wake, { once: true });
    });
  const client = createSiteReportClient({
    baseUrl: 'https://reports.example.com/api/v1',
    apiKey: KEY,
    fetch,
    sleep,
    retryDelayMs: 1,
  });
  const deps = createHandlerDeps({
    clients: clientSource(async () => client),
    hasHostAccess: async () => true,
  });
  return {
    deps,
    reads,
    sleeping,
    async tick() {
      for (const wake of [...sleeping]) wake();
      await settle();
    },
    rate(rating) {
      result = rating;
    },
    fail(code) {
      status = code;
    },
  };
}

const ownPage = () => ({
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL('/popup.html'),
});

/** A page connects to the background and asks on its port. */
function pageWaits(svc: Service, message: unknown = { type: 'waitForResult', id: 42 }) {
  const { page, background } = portPair(WAIT_FOR_RESULT_PORT, ownPage());
  handleWaitPort(background, svc.deps);
  page.postMessage(message);
  return page;
}

const ask = (svc: Service, id = 42) =>
  handleMessage({ type: 'waitForResult', id }, ownPage(), svc.deps);

/** How many times the rating cache was written. */
function cacheWrites() {
  const set = vi.spyOn(fakeBrowser.storage.local, 'set');
  return () => set.mock.calls.filter(([items]) => 'ratingCache' in items).length;
}

let svc: Service;
beforeEach(() => {
  svc = service();
});

describe('one poll per report', () => {
  it('two pages waiting for the same report share one series of reads', async () => {
    const writes = cacheWrites();
    const first = pageWaits(svc);
    await settle();
    expect(svc.reads).toEqual(['GET /reports/42']);

    // The popup is opened again on the same pending report.
    const second = pageWaits(svc);
    await settle();
    expect(svc.reads).toHaveLength(1);
    expect(svc.sleeping.size).toBe(1);

    await svc.tick();
    expect(svc.reads).toHaveLength(2);
    svc.rate('good');
    await svc.tick();
    expect(svc.reads).toEqual(Array(3).fill('GET /reports/42'));

    const answer = { ok: true, data: expect.objectContaining({ id: 42, rating: 'good' }) };
    expect(first.received).toEqual([answer]);
    expect(second.received).toEqual(first.received);
    // The cache (and so the badge) is updated once, for everyone.
    expect(writes()).toBe(1);
    expect(await getCachedRating(PAGE_URL, 'a1')).toMatchObject({
      reportId: 42,
      rating: 'good',
    });
  });

  it('a message waiter (menu, keyboard) joining later gets the same answer', async () => {
    const page = pageWaits(svc);
    await settle();
    await svc.tick();
    expect(svc.reads).toHaveLength(2);

    const later = ask(svc);
    await settle();
    expect(svc.reads).toHaveLength(2);
    svc.rate('decent');
    await svc.tick();

    const answer = await later;
    expect(answer).toEqual({ ok: true, data: expect.objectContaining({ rating: 'decent' }) });
    expect(page.received).toEqual([answer]);
    expect(svc.reads).toHaveLength(3);
  });

  it('message waiters share too, and each failure reaches every waiter', async () => {
    const one = ask(svc);
    await settle();
    // The right-click menu's own wait (it calls the handler directly) joins between two reads.
    const two = handlers
      .waitForResult({ type: 'waitForResult', id: 42 }, svc.deps)
      .catch((error: unknown) => error);
    await settle();
    expect(svc.reads).toHaveLength(1);
    svc.fail(404);
    await svc.tick();

    expect(await one).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(await two).toMatchObject({ kind: 'not_found' });
    expect(svc.reads).toHaveLength(2);
  });

  it('different reports are polled apart', async () => {
    const one = ask(svc, 42);
    const two = ask(svc, 43);
    await settle();
    expect([...svc.reads].sort()).toEqual(['GET /reports/42', 'GET /reports/43']);
    svc.rate('bad');
    await svc.tick();
    expect((await one).ok && (await two).ok).toBe(true);
  });

  it('a finished poll is not reused: the next wait reads again', async () => {
    svc.rate('good');
    expect((await ask(svc)).ok).toBe(true);
    expect((await ask(svc)).ok).toBe(true);
    expect(svc.reads).toHaveLength(2);
  });
});

describe('a wait nobody listens to stops', () => {
  it('closing the only waiting page stops the poll: no further reads', async () => {
    const page = pageWaits(svc);
    await settle();
    expect(svc.reads).toHaveLength(1);

    page.disconnect();
    await settle();
    // The poll's wait ended with it, and time passing brings no more reads.
    expect(svc.sleeping.size).toBe(0);
    await svc.tick();
    await svc.tick();
    expect(svc.reads).toHaveLength(1);
    expect(page.received).toEqual([]);

    // Opening the popup again starts a new poll.
    svc.rate('good');
    const again = pageWaits(svc);
    await settle();
    expect(svc.reads).toHaveLength(2);
    expect(again.received).toEqual([{ ok: true, data: expect.objectContaining({ id: 42 }) }]);
  });

  it('a page that closes during a read cancels that read too', async () => {
    let hungUp: AbortSignal | undefined;
    const held = service();
    const { page, background } = portPair(WAIT_FOR_RESULT_PORT, ownPage());
    const client = await held.deps.clients.get();
    vi.spyOn(
      client?.reports as NonNullable<typeof client>['reports'],
      'waitForResult',
    ).mockImplementation(
      (_id, options) =>
        new Promise((_resolve, reject) => {
          hungUp = options?.signal;
          options?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    handleWaitPort(background, held.deps);
    page.postMessage({ type: 'waitForResult', id: 42 });
    await settle();
    expect(hungUp?.aborted).toBe(false);
    page.disconnect();
    await settle();
    expect(hungUp?.aborted).toBe(true);
  });

  it('the poll goes on while another waiter remains', async () => {
    const leaving = pageWaits(svc);
    const staying = pageWaits(svc);
    const message = ask(svc);
    await settle();
    leaving.disconnect();
    await svc.tick();
    expect(svc.reads).toHaveLength(2);
    staying.disconnect();
    await svc.tick();
    expect(svc.reads).toHaveLength(3);

    svc.rate('good');
    await svc.tick();
    expect(await message).toMatchObject({ ok: true, data: { rating: 'good' } });
    expect(svc.reads).toHaveLength(4);
  });

  it('a page that closes before asking starts nothing', async () => {
    const { page, background } = portPair(WAIT_FOR_RESULT_PORT, ownPage());
    handleWaitPort(background, svc.deps);
    page.disconnect();
    await settle();
    expect(svc.reads).toEqual([]);
  });
});

describe('the wait-for-result port', () => {
  function connect(sender: unknown, name = WAIT_FOR_RESULT_PORT) {
    const { page, background } = portPair(name, sender as FakePort['sender']);
    handleWaitPort(background, svc.deps);
    return { page, background };
  }

  it.each([
    ['no sender', undefined],
    ['another extension', { id: 'other-extension', url: 'chrome-extension://other/x.html' }],
    ['a web page', { id: fakeBrowser.runtime.id, url: 'https://evil.example/', tab: { id: 3 } }],
    ['a sender without a URL', { id: fakeBrowser.runtime.id }],
  ])('refuses %s: a bad_message answer, then disconnects', async (_name, sender) => {
    const { page } = connect(sender);
    page.postMessage({ type: 'waitForResult', id: 42 });
    await settle();
    expect(page.received).toEqual([
      {
        ok: false,
        error: {
          kind: 'bad_message',
          reason: 'badSender',
          message: expect.stringMatching(/refused/),
        },
      },
    ]);
    expect(page.connected).toBe(false);
    expect(svc.reads).toEqual([]);
  });

  it.each([
    ['not an object', 'waitForResult'],
    ['another request type', { type: 'getReport', id: 42 }],
    ['a bad id', { type: 'waitForResult', id: 'x' }],
    ['a negative id', { type: 'waitForResult', id: -1 }],
    ['an extra field', { type: 'waitForResult', id: 42, apiKey: KEY }],
  ])('answers %s with bad_message, then disconnects, before any read', async (_name, message) => {
    const page = pageWaits(svc, message);
    await settle();
    expect(page.received).toEqual([
      { ok: false, error: expect.objectContaining({ kind: 'bad_message', reason: 'badMessage' }) },
    ]);
    expect(page.connected).toBe(false);
    expect(svc.reads).toEqual([]);
  });

  it('takes one request per port', async () => {
    svc.rate('good');
    const page = pageWaits(svc);
    page.postMessage({ type: 'waitForResult', id: 43 });
    await settle();
    expect(svc.reads).toEqual(['GET /reports/42']);
    expect(page.received).toHaveLength(1);
  });

  it('answers failures as plain data in the same shape as messages', async () => {
    svc.fail(404);
    const page = pageWaits(svc);
    await settle();
    expect(page.received).toEqual([await ask(svc)]);
    expect(page.received[0]).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });

  it('answers not_connected without a client', async () => {
    const deps = createHandlerDeps({ clients: clientSource(async () => null) });
    const { page, background } = portPair(WAIT_FOR_RESULT_PORT, ownPage());
    handleWaitPort(background, deps);
    page.postMessage({ type: 'waitForResult', id: 42 });
    await settle();
    expect(page.received).toMatchObject([{ ok: false, error: { kind: 'not_connected' } }]);
  });

  it('leaves other ports alone', async () => {
    const { page, background } = connect(ownPage(), 'something-else');
    page.postMessage({ type: 'waitForResult', id: 42 });
    await settle();
    expect(background.onMessage.listeners.size).toBe(0);
    expect(page.received).toEqual([]);
    expect(page.connected).toBe(true);
    expect(svc.reads).toEqual([]);
  });
});

describe('a create asked on the port', () => {
  const create = { type: 'createReport', input: { url: 'https://example.com/' } };

  it('answers the report with its rating: one request of the page, one answer', async () => {
    svc.rate('good');
    const page = pageWaits(svc, create);
    await vi.waitFor(() => expect(page.received).toHaveLength(1));
    expect(svc.reads).toEqual(['POST /reports']);
    expect(page.received).toEqual([
      { ok: true, data: expect.objectContaining({ id: 42, rating: 'good' }) },
    ]);
  });

  it('answered without a rating, waits for it before answering', async () => {
    const page = pageWaits(svc, create);
    await vi.waitFor(() => expect(svc.reads).toEqual(['POST /reports', 'GET /reports/42']));
    expect(page.received).toEqual([]);
    svc.rate('decent');
    await svc.tick();
    expect(page.received).toEqual([
      { ok: true, data: expect.objectContaining({ id: 42, rating: 'decent' }) },
    ]);
  });

  it('closing the page ends the wait, not the create: its job is done with the report', async () => {
    const page = pageWaits(svc, create);
    // Closed while it waits for the rating: the report was made, its rating not yet there.
    await vi.waitFor(() => expect(svc.reads).toEqual(['POST /reports', 'GET /reports/42']));
    page.disconnect();
    await settle();
    expect(svc.sleeping.size).toBe(0);
    await svc.tick();
    expect(svc.reads).toEqual(['POST /reports', 'GET /reports/42']);
    const { jobs } = await fakeBrowser.storage.local.get('jobs');
    expect(jobs).toMatchObject({ jobs: [{ kind: 'create', items: [{ state: 'done' }] }] });
  });
});
