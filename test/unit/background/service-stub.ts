// A tiny stand-in for a Site Report Service on a real local port: each test says how it answers,
// and every request is recorded (method, path, headers, form). It answers CORS like a Laravel
// deployment does, so it also works from a browser-like test environment.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

export interface StubReply {
  status?: number;
  /** An object is sent as JSON; a string as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

export type StubHandler = (request: StubRequest) => StubReply | Promise<StubReply>;

export interface ServiceStub {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `${origin}/api/v1` */
  baseUrl: string;
  requests: StubRequest[];
  answer(handler: StubHandler): void;
  close(): Promise<void>;
}

export async function startServiceStub(): Promise<ServiceStub> {
  const requests: StubRequest[] = [];
  let handler: StubHandler = () => ({ status: 404, body: { message: 'Resource not found.' } });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const cors = {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': 'Authorization, Accept, Content-Type',
        'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
        'Access-Control-Expose-Headers': 'Retry-After',
      };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://stub');
      const request: StubRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      };
      requests.push(request);
      const reply = await handler(request);
      const isText = typeof reply.body === 'string';
      const body = reply.body === undefined ? '' : isText ? reply.body : JSON.stringify(reply.body);
      res.writeHead(reply.status ?? 200, {
        ...cors,
        'Content-Type': isText ? 'text/html; charset=utf-8' : 'application/json',
        ...reply.headers,
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/api/v1`,
    requests,
    answer(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A report as the service sends it. */
export function wireReport(fields: Record<string, unknown> = {}) {
  return {
    id: 42,
    url: 'https://example.com/pricing',
    project: 'example.com',
    result: 'good',
    score: 87,
    privacy: 1,
    password: false,
    generated_at: '2026-11-20T09:15:02.000000Z',
    created_at: '2026-11-20T09:14:58.000000Z',
    updated_at: '2026-11-20T09:15:02.000000Z',
    ...fields,
  };
}

/** A list answer with Laravel's paginator fields. */
export function wireList(items: unknown[], total = items.length, perPage = 10) {
  return {
    data: items,
    links: { first: null, last: null, prev: null, next: null },
    meta: { current_page: 1, from: 1, last_page: 1, per_page: perPage, to: items.length, total },
    status: 200,
  };
}

export const HTML_PAGE = '<!doctype html><html><body><h1>Welcome</h1></body></html>';
