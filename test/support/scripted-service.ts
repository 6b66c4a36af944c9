// A stand-in for a Site Report Service on a real loopback port, for the API client, background
// and page tests: each test scripts the answers, and every request is recorded (with whether the
// client hung up before the answer). It answers CORS preflights as a Laravel deployment does, so
// it also works from a browser-like test environment (happy-dom's fetch).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Where the service's API lives below its origin. */
const API_PATH = '/api/v1';

export interface RecordedRequest {
  method: string;
  /** The whole address requested. */
  url: URL;
  /**
   * The path below the API, e.g. `/reports/42` for `/api/v1/reports/42`. A request outside the
   * API (the site itself) keeps its whole path: tell `/reports` from `/api/v1/reports` by
   * `url.pathname`.
   */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The body as sent. */
  body: string;
  /** The body read as a form (the API takes application/x-www-form-urlencoded). */
  form: URLSearchParams;
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

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface ScriptedService {
  /** `http://127.0.0.1:{port}`: the site. */
  origin: string;
  /** `${origin}/api/v1`: the address to give the client. */
  baseUrl: string;
  requests: RecordedRequest[];
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

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Authorization, Accept, Content-Type',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
  'Access-Control-Expose-Headers': 'Retry-After',
};

export async function startScriptedService(): Promise<ScriptedService> {
  const unscripted: Handler = () => ({ status: 500, body: 'no reply scripted' });
  let handler = unscripted;
  const requests: RecordedRequest[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const check of waiters) check();
  };

  const server = createServer((req, res) => {
    // Preflights are the browser's business, not a request the client made: not recorded.
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url,
        path: url.pathname.startsWith(`${API_PATH}/`)
          ? url.pathname.slice(API_PATH.length)
          : url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        form: new URLSearchParams(body),
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
        ...CORS,
        ...(isText ? {} : { 'Content-Type': 'application/json' }),
        ...reply.headers,
      });
      if (reply.stall) res.write(text);
      else res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    baseUrl: `${origin}${API_PATH}`,
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
