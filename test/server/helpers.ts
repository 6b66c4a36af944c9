// Shared by the server suites: start the service in-process and talk to it over real HTTP.
import { afterEach } from 'vitest';
import { type RunningService, type ServiceOptions, startService } from '../../server/service';
import { sleep } from '../support/time';

export const KEY = 'test-key-alice';
export const OTHER_KEY = 'test-key-bob';
export const NO_ACCESS_KEY = 'test-key-no-access';

const running = new Set<RunningService>();

afterEach(async () => {
  await Promise.all([...running].map((service) => service.close()));
  running.clear();
});

/** A service on a free port with an in-memory database, closed after the test. */
export async function start(options: ServiceOptions = {}): Promise<RunningService> {
  const service = await startService({
    db: ':memory:',
    apiKeys: [KEY, OTHER_KEY, { key: NO_ACCESS_KEY, apiAccess: false }],
    rateLimit: 1000,
    ...options,
  });
  running.add(service);
  return service;
}

/** A parsed answer body. Tests read it field by field; a wrong field fails their assertions. */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Json = any;

export interface ApiAnswer<T = Json> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** One API request as the extension makes it: bearer key, JSON accepted, form-encoded body. */
export async function api<T = Json>(
  service: RunningService,
  method: string,
  path: string,
  options: {
    key?: string | null;
    form?: Record<string, string | number>;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const key = options.key === undefined ? KEY : options.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(
      Object.entries(options.form).map(([name, value]) => [name, String(value)]),
    ).toString();
  }
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers,
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/** Waits for a condition by polling it, failing after `timeoutMs` (never a fixed sleep). */
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 5000,
  intervalMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms.`);
    await sleep(intervalMs);
  }
}

export const LARAVEL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
