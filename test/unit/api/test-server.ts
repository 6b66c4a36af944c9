// A tiny scriptable HTTP server on 127.0.0.1 for the API client tests: each test says how to
// answer, and every request is recorded (with whether the client hung up before the answer).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  /** Path without the `/api/v1` prefix, e.g. `/reports/42`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** True once the client closed the connection before an answer was sent. */
  hungUp: boolean;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; strings as they are (HTML, plain text, nothing). */
  body?: unknown;
  /** Send the head and the body, then never finish the response. */
  stall?: boolean;
}

export type Handler = (request: Recorded) => Reply | Promise<Reply>;

export interface TestServer {
  /** Base URL to give the client: `http://127.0.0.1:{port}/api/v1`. */
  baseUrl: string;
  requests: Recorded[];
  /** Answers every request with `handler` (or a fixed reply). */
  on(handler: Handler | Reply): void;
  /** Answers the next requests with these replies in turn; the last one repeats. */
  queue(...replies: Reply[]): void;
  /** Forgets recorded requests and the scripted answer (between tests). */
  reset(): void;
  /** Resolves once `predicate` holds, checked after every request and hang-up. */
  until(predicate: () => boolean): Promise<void>;
  close(): Promise<void>;
}

/** A reply the test releases when it wants: for requests that must stay in flight. */
export function held(): { reply: Promise<Reply>; release(reply: Reply): void } {
  let release: (reply: Reply) => void = () => {};
  const reply = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { reply, release };
}

export async function startTestServer(): Promise<TestServer> {
  const unscripted: Handler = () => ({ status: 500, body: 'no reply scripted' });
  let handler = unscripted;
  const requests: Recorded[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const check of waiters) check();
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: Recorded = {
        method: req.method ?? '',
        path: url.pathname.replace(/^\/api\/v1/, ''),
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        hungUp: false,
      };
      res.on('close', () => {
        if (!res.writableFinished) {
          recorded.hungUp = true;
          notify();
        }
      });
      requests.push(recorded);
      notify();
      const reply = await handler(recorded);
      if (res.destroyed) return;
      const isText = typeof reply.body === 'string' || reply.body === undefined;
      const text = isText ? ((reply.body as string | undefined) ?? '') : JSON.stringify(reply.body);
      res.writeHead(reply.status ?? 200, {
        ...(isText ? {} : { 'Content-Type': 'application/json' }),
        ...reply.headers,
      });
      if (reply.stall) res.write(text);
      else res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    requests,
    on(next) {
      handler = typeof next === 'function' ? next : () => next;
    },
    queue(...replies) {
      let index = 0;
      handler = () => replies[Math.min(index++, replies.length - 1)] ?? {};
    },
    reset() {
      requests.length = 0;
      handler = unscripted;
    },
    until(predicate) {
      return new Promise((resolve) => {
        const check = () => {
          if (!predicate()) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
