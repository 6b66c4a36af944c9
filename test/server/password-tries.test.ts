import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { RunningService, ServiceOptions } from '../../server/service';
import { api, start } from './helpers';

/** A clock the test moves by hand, and a client address taken from a test header. */
function clock(startMs = Date.UTC(2026, 10, 20, 9, 15, 0)) {
  let time = startMs;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

const clientFromHeader = (req: IncomingMessage) =>
  String(req.headers['x-test-client'] ?? req.socket.remoteAddress);

async function protectedReports(options: ServiceOptions, count = 1) {
  const service = await start({ clientAddress: clientFromHeader, ...options });
  const ids = await service.seed(
    Array.from({ length: count }, (_, i) => ({
      url: `https://locked-${i}.test/`,
      result: 'good' as const,
      privacy: 2 as const,
      password: 's3cret',
    })),
  );
  return { service, ids };
}

async function submit(service: RunningService, id: number, password: string, client = 'alice') {
  const response = await fetch(`${service.url}/reports/${id}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Test-Client': client },
    body: new URLSearchParams({ password }).toString(),
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

async function form(service: RunningService, id: number, client = 'alice') {
  const response = await fetch(`${service.url}/reports/${id}`, {
    headers: { 'X-Test-Client': client },
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

async function wrongTries(service: RunningService, id: number, count: number, client = 'alice') {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push((await submit(service, id, `guess-${i}`, client)).status);
  return statuses;
}

describe('password tries on a report web page', () => {
  it('allows 5 wrong tries, then answers 429 with Retry-After and a page saying when', async () => {
    const time = clock();
    const { service, ids } = await protectedReports({ now: time.now });
    const id = ids[0] as number;

    const first = await submit(service, id, 'guess');
    expect(first.status).toBe(403);
    expect(first.html).toContain('The password is incorrect. 4 tries left.');
    expect(first.headers.get('x-ratelimit-limit')).toBe('5');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('4');
    expect(await wrongTries(service, id, 4)).toEqual([403, 403, 403, 403]);

    time.advance(15_000);
    const refused = await submit(service, id, 'another guess');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('content-type')).toContain('text/html');
    expect(refused.html).toContain('Too many password tries');
    expect(refused.html).toContain('try again in\n45 seconds');
    expect(refused.html).toContain('<time datetime="2026-11-20T09:16:00.000Z">09:16:00 UTC</time>');
    expect(refused.html).not.toContain('locked-0.test');

    // The right password is refused too while the limit holds: it must not tell a guess apart.
    const right = await submit(service, id, 's3cret');
    expect(right.status).toBe(429);
    expect(right.html).not.toContain('locked-0.test');
    // The form says so as well instead of inviting another try.
    const page = await form(service, id);
    expect(page.status).toBe(429);
    expect(page.headers.get('retry-after')).toBe('45');
    expect(page.html).not.toContain('<form');
  });

  it('starts afresh when the window has passed', async () => {
    const time = clock();
    const { service, ids } = await protectedReports({ now: time.now });
    const id = ids[0] as number;
    await wrongTries(service, id, 5);
    time.advance(59_999);
    expect((await submit(service, id, 's3cret')).status).toBe(429);
    time.advance(1);
    expect((await form(service, id)).status).toBe(200);
    expect(await wrongTries(service, id, 5)).toEqual([403, 403, 403, 403, 403]);
    expect((await submit(service, id, 's3cret')).status).toBe(429);
    time.advance(60_000);
    const shown = await submit(service, id, 's3cret');
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('https://locked-0.test/');
  });

  it('shows the report for the right password within the limit, which clears the count', async () => {
    const time = clock();
    const { service, ids } = await protectedReports({ now: time.now });
    const id = ids[0] as number;
    expect(await wrongTries(service, id, 4)).toEqual([403, 403, 403, 403]);
    const last = await submit(service, id, 'guess');
    expect(last.status).toBe(403);
    expect(last.html).toContain('That was the last try for now.');
    time.advance(60_000);

    expect(await wrongTries(service, id, 4)).toEqual([403, 403, 403, 403]);
    const shown = await submit(service, id, 's3cret');
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('https://locked-0.test/');
    // A right password forgets the wrong ones: a full allowance again.
    expect(await wrongTries(service, id, 5)).toEqual([403, 403, 403, 403, 403]);
    expect((await submit(service, id, 'guess')).status).toBe(429);
  });

  it('counts per report and per client', async () => {
    const { service, ids } = await protectedReports({ now: clock().now }, 2);
    const [first, second] = ids as [number, number];
    await wrongTries(service, first, 5, 'alice');
    expect((await submit(service, first, 'guess', 'alice')).status).toBe(429);

    expect((await submit(service, first, 's3cret', 'bob')).status).toBe(200);
    expect((await submit(service, second, 's3cret', 'alice')).status).toBe(200);
    expect((await form(service, second, 'alice')).status).toBe(200);
  });

  it('keys on the remote address by default', async () => {
    const service = await start({ now: clock().now });
    const [id] = (await service.seed([
      { url: 'https://locked.test/', result: 'good', privacy: 2, password: 's3cret' },
    ])) as [number];
    // Every request comes from loopback here, so a made-up header changes nothing.
    await wrongTries(service, id, 3, 'alice');
    await wrongTries(service, id, 2, 'bob');
    expect((await submit(service, id, 's3cret', 'carol')).status).toBe(429);
  });

  it('cannot be outrun by tries sent at once', async () => {
    const { service, ids } = await protectedReports({ now: clock().now });
    const id = ids[0] as number;
    const statuses = (
      await Promise.all(Array.from({ length: 12 }, (_, i) => submit(service, id, `guess-${i}`)))
    ).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 403)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('takes its numbers from the options; 0 tries turns the limit off', async () => {
    const time = clock();
    const { service, ids } = await protectedReports({
      now: time.now,
      passwordAttempts: 2,
      passwordWindowMs: 300_000,
    });
    const id = ids[0] as number;
    expect(await wrongTries(service, id, 2)).toEqual([403, 403]);
    const refused = await submit(service, id, 'guess');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('300');
    expect(refused.headers.get('x-ratelimit-limit')).toBe('2');
    expect(refused.html).toContain('5 minutes');
    time.advance(300_000);
    expect((await submit(service, id, 's3cret')).status).toBe(200);

    const { service: unlimited, ids: unlimitedIds } = await protectedReports({
      now: time.now,
      passwordAttempts: 0,
    });
    const other = unlimitedIds[0] as number;
    expect(await wrongTries(unlimited, other, 6)).toEqual(Array(6).fill(403));
    const shown = await submit(unlimited, other, 's3cret');
    expect(shown.status).toBe(200);
    expect(shown.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('is forgotten by resetRateLimits() and leaves public reports and the API alone', async () => {
    const { service, ids } = await protectedReports({ now: clock().now });
    const id = ids[0] as number;
    const [open] = (await service.seed([{ url: 'https://open.test/', result: 'good' }])) as [
      number,
    ];
    await wrongTries(service, id, 5);
    expect((await submit(service, id, 's3cret')).status).toBe(429);
    const publicPage = await submit(service, open, 'anything');
    expect(publicPage.status).toBe(200);
    expect(publicPage.headers.get('x-ratelimit-limit')).toBeNull();
    expect((await api(service, 'GET', `/reports/${id}`)).status).toBe(200);
    service.resetRateLimits();
    expect((await submit(service, id, 's3cret')).status).toBe(200);
  });
});
