// Test connection pressed again while the first test still waits on a slow address: the user
// has corrected the address and key in the meantime, and the newest press wins. The slow address
// is a loopback server started here that takes connections and answers nothing until the test
// releases it; then it passes them on to the real local service, so the first test ends late
// with a real answer (the service rejecting the old key) — which must change nothing.

import type { AddressInfo } from 'node:net';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poll, type Stack, startStack, the } from './flows';

const API_KEY = 'race-e2e-key-0001';
const OLD_KEY = 'race-e2e-old-key-0002';
/** Reports already on the service, so the good answer has a number in it. */
const SEEDED = 3;

/** A loopback server that holds every connection until released, then relays it to `port`. */
interface SlowAddress {
  url: string;
  /** Connections taken so far (held or relayed). */
  connections(): number;
  /** Relays the held connections, and any new one, to the real service. */
  release(): void;
  close(): Promise<void>;
}

async function startSlowAddress(target: URL): Promise<SlowAddress> {
  const sockets = new Set<Socket>();
  let held: Socket[] = [];
  let released = false;
  let taken = 0;
  const relay = (socket: Socket) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
    sockets.add(upstream);
    const end = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    // Nothing was read from the held socket: the request is still waiting in it.
    socket.pipe(upstream).pipe(socket);
  };
  const server: Server = createServer((socket) => {
    taken += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (released) relay(socket);
    else held.push(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    connections: () => taken,
    release() {
      released = true;
      for (const socket of held) relay(socket);
      held = [];
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Notes, in the page, each message to the background whose answer has come back (the service
 * URL it asked about), just before the page itself gets the answer. Observes only: the page's
 * messages and answers are passed on unchanged. Works whether the page reaches the native
 * promise-based API or the polyfill's callback form.
 */
function watchAnswers(page: Page): Promise<void> {
  return page.evaluate(() => {
    type Runtime = { sendMessage: (...args: unknown[]) => unknown };
    const scope = globalThis as unknown as {
      answeredFor: string[];
      chrome?: { runtime?: Runtime };
      browser?: { runtime?: Runtime };
    };
    scope.answeredFor = [];
    const note = (request: unknown) =>
      scope.answeredFor.push(String((request as { serviceUrl?: unknown }).serviceUrl ?? ''));
    const watched = new Set<Runtime>();
    for (const runtime of [scope.chrome?.runtime, scope.browser?.runtime]) {
      if (!runtime || watched.has(runtime)) continue;
      watched.add(runtime);
      const original = runtime.sendMessage.bind(runtime);
      runtime.sendMessage = (...args: unknown[]) => {
        const callback = args.at(-1);
        if (typeof callback === 'function') {
          args[args.length - 1] = (...reply: unknown[]) => {
            note(args[0]);
            callback(...reply);
          };
          return original(...args);
        }
        const sent = original(...args);
        if (sent instanceof Promise)
          sent.then(
            () => note(args[0]),
            () => note(args[0]),
          );
        return sent;
      };
    }
  });
}

const answeredFor = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { answeredFor: string[] }).answeredFor);

let stack: Stack | undefined;
let slow: SlowAddress | undefined;
let options: Page | undefined;

beforeAll(async () => {
  stack = await startStack({ connected: false, service: { apiKeys: [API_KEY] } });
  await stack.service.seed(
    Array.from({ length: SEEDED }, (_, index) => ({
      url: `https://seeded.example/race-${index}`,
      result: 'good' as const,
    })),
  );
  slow = await startSlowAddress(new URL(stack.service.url));
});

afterAll(async () => {
  await options?.close().catch(() => undefined);
  await slow?.close();
  await stack?.close();
});

const statusText = async (page: Page) =>
  (await page.getByRole('status').textContent())?.trim() ?? '';

describe('Test connection pressed again while a test runs', () => {
  it('shows the answer for the corrected values; the slow answer arriving late changes nothing', async () => {
    const { ext, service } = the(stack, 'The stack');
    const slowAddress = the(slow, 'The slow address');
    options = await ext.openTab('options.html');
    const page = options;
    const url = page.getByRole('textbox', { name: 'Service URL', exact: true });
    const key = page.getByRole('textbox', { name: 'API key', exact: true });
    const test = page.getByRole('button', { name: 'Test connection', exact: true });
    await url.waitFor();
    await watchAnswers(page);

    // The first press: an address that takes the connection and then says nothing.
    await url.fill(slowAddress.url);
    await key.fill(OLD_KEY);
    await test.click();
    await poll(() => slowAddress.connections() > 0, 'the slow address reached').toBe(true);
    await poll(() => statusText(page), 'status while testing').toBe(`Testing ${slowAddress.url}…`);
    expect(await test.getAttribute('aria-busy'), 'the button shows it is busy').toBe('true');
    expect(await test.isEnabled(), 'and can be pressed again').toBe(true);

    // Corrected, and pressed again while the first test still waits.
    await url.fill(service.baseUrl);
    await key.fill(API_KEY);
    await test.click();
    // The local service tells its plan: Local, unlimited by default.
    const good = `Connected to ${service.baseUrl}. Reports on the service: ${SEEDED}. Plan Local: unlimited reports.`;
    await poll(() => statusText(page), 'the answer for the corrected values').toBe(good);
    expect(await test.getAttribute('aria-busy'), 'no longer busy').toBeNull();
    expect(await answeredFor(page), 'the first test is still waiting').toEqual([service.baseUrl]);

    // The slow address answers at last (the service rejects the old key): nothing changes.
    const before = service.apiRequests().length;
    slowAddress.release();
    await poll(() => answeredFor(page), 'the first test’s late answer reaching the page').toEqual([
      service.baseUrl,
      slowAddress.url,
    ]);
    expect(
      service
        .apiRequests()
        .slice(before)
        .map((request) => request.status),
      'the late answer was the service rejecting the old key',
    ).toContain(401);
    // The page has had its turn with that answer (a task after the one that delivered it).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(await statusText(page)).toBe(good);
    expect(await test.getAttribute('aria-busy')).toBeNull();
    expect(await url.getAttribute('aria-invalid')).not.toBe('true');
    expect(await key.getAttribute('aria-invalid')).not.toBe('true');
  });
});
