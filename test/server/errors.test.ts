import { describe, expect, it } from 'vitest';
import { api, NO_ACCESS_KEY, OTHER_KEY, start } from './helpers';

describe('authentication', () => {
  it.each([
    ['no key', null],
    ['an unknown key', 'not-a-configured-key'],
  ])('answers 401 for %s', async (_, key) => {
    const service = await start();
    const answer = await api(service, 'GET', '/reports', { key });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers 401 for a key sent without the Bearer scheme', async () => {
    const service = await start();
    const answer = await api(service, 'GET', '/reports', {
      key: null,
      headers: { Authorization: `Basic ${btoa('test-key-alice')}` },
    });
    expect(answer.status).toBe(401);
  });

  it('redirects to the login page when JSON was not asked for, as Laravel does', async () => {
    const service = await start();
    const response = await fetch(`${service.baseUrl}/reports`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${service.url}/login`);
    const followed = await fetch(`${service.baseUrl}/reports`);
    expect(followed.status).toBe(200);
    expect(followed.headers.get('content-type')).toContain('text/html');
  });

  it('answers 403 for a key without API access', async () => {
    const service = await start();
    const answer = await api(service, 'GET', '/projects', { key: NO_ACCESS_KEY });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: "You don't have access to this feature.", status: 403 });
  });
});

describe('not found', () => {
  const NOT_FOUND = { message: 'Resource not found.', status: 404 };
  const UNAUTHORIZED = { message: 'This action is unauthorized.' };

  // Laravel deployments authorise a change before they look the report up (CONTRACT.md).
  it.each([
    ['PUT', '/reports/999'],
    ['DELETE', '/reports/999'],
    ['PUT', '/reports/abc'],
  ])('answers 403 "This action is unauthorized." for %s %s', async (method, path) => {
    const service = await start();
    const form = method === 'PUT' ? { results: 1 } : undefined;
    const answer = await api(service, method, path, { form });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(UNAUTHORIZED);
  });

  it.each([
    ['GET', '/reports/999'],
    ['GET', '/reports/abc'],
    ['DELETE', '/projects/nowhere.test'],
  ])('answers 404 for %s %s', async (method, path) => {
    const service = await start();
    const answer = await api(service, method, path, {
      form: method === 'PUT' ? { privacy: 1 } : undefined,
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(NOT_FOUND);
  });

  it.each([
    ['PUT', '/reports/999'],
    ['DELETE', '/reports/999'],
  ])('answers %s %s with 404 when told to (missingReport: 404)', async (method, path) => {
    const service = await start({ missingReport: 404 });
    const form = method === 'PUT' ? { privacy: 1 } : undefined;
    const answer = await api(service, method, path, { form });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(NOT_FOUND);
  });

  it("keeps accounts apart: another account's report and project are not found", async () => {
    const service = await start();
    const [id] = await service.seed([{ url: 'https://private.test/', result: 'good' }]);
    for (const [method, path] of [
      ['GET', `/reports/${id}`],
      ['DELETE', '/projects/private.test'],
    ] as const) {
      const answer = await api(service, method, path, { key: OTHER_KEY });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual(NOT_FOUND);
    }
    for (const method of ['PUT', 'DELETE'] as const) {
      const form = method === 'PUT' ? { privacy: 1 } : undefined;
      const answer = await api(service, method, `/reports/${id}`, { key: OTHER_KEY, form });
      expect(answer.status, method).toBe(403);
      expect(answer.body).toEqual(UNAUTHORIZED);
    }
    expect((await api(service, 'GET', '/reports', { key: OTHER_KEY })).body.data).toEqual([]);
    expect((await api(service, 'GET', '/projects', { key: OTHER_KEY })).body.data).toEqual([]);
    // Still there for its owner, unchanged.
    const own = await api(service, 'GET', `/reports/${id}`);
    expect(own.status).toBe(200);
    expect(own.body.data.privacy).toBe(0);
  });

  it('answers an unknown API route (a wrong base URL) with Laravel’s route message', async () => {
    const service = await start();
    const response = await fetch(`${service.url}/api/v2/reports`, {
      headers: { Accept: 'application/json' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: 'The route api/v2/reports could not be found.',
    });
  });

  it('answers 405 with the allowed methods for a method a route lacks', async () => {
    const service = await start();
    const answer = await api(service, 'PATCH', '/reports/1');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE');
    expect(answer.body.message).toBe(
      'The PATCH method is not supported for route api/v1/reports/1. Supported methods: GET, HEAD, PUT, DELETE.',
    );
  });
});

describe('validation (422)', () => {
  it.each([
    [{}, { url: ['The url field is required.'] }],
    [{ url: '   ' }, { url: ['The url field is required.'] }],
    [{ url: 'not a url' }, { url: ['The url field must be a valid URL.'] }],
    [{ url: 'ftp://example.com/file' }, { url: ['The url field must be a valid URL.'] }],
    [{ url: 'javascript:alert(1)' }, { url: ['The url field must be a valid URL.'] }],
    [
      { url: `https://example.com/${'a'.repeat(2030)}` },
      { url: ['The url field must not be greater than 2048 characters.'] },
    ],
    [
      { url: 'https://example.com/', privacy: 3 },
      { privacy: ['The selected privacy is invalid.'] },
    ],
    [
      { url: 'https://example.com/', privacy: 'x' },
      { privacy: ['The selected privacy is invalid.'] },
    ],
    [
      { url: 'https://example.com/', privacy: 2 },
      { password: ['The password field is required when privacy is 2.'] },
    ],
    [
      { url: 'https://example.com/', privacy: 2, password: 'p'.repeat(129) },
      { password: ['The password field must not be greater than 128 characters.'] },
    ],
    [
      { privacy: 9 },
      { url: ['The url field is required.'], privacy: ['The selected privacy is invalid.'] },
    ],
  ])('create %# → %j', async (form, message) => {
    const service = await start();
    const answer = await api(service, 'POST', '/reports', { form });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message, status: 422 });
    expect((await api(service, 'GET', '/reports')).body.data).toEqual([]);
  });

  it.each([
    [{ privacy: 7 }, { privacy: ['The selected privacy is invalid.'] }],
    [{ privacy: 2 }, { password: ['The password field is required when privacy is 2.'] }],
    [{ results: 'maybe' }, { results: ['The results field must be true or false.'] }],
  ])('update %j → %j', async (form, message) => {
    const service = await start();
    const [id] = await service.seed([{ url: 'https://example.com/', result: 'good' }]);
    const answer = await api(service, 'PUT', `/reports/${id}`, { form });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message, status: 422 });
  });
});

describe('rate limit (429)', () => {
  it('counts down X-RateLimit-Remaining, then refuses with Retry-After', async () => {
    const service = await start({ rateLimit: 3 });
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await api(service, 'GET', '/reports');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('3');
      remaining.push(answer.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);

    const refused = await api(service, 'GET', '/reports');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
    expect(refused.headers.get('x-ratelimit-limit')).toBe('3');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Each key has its own allowance.
    expect((await api(service, 'GET', '/reports', { key: OTHER_KEY })).status).toBe(200);
    service.resetRateLimits();
    expect((await api(service, 'GET', '/reports')).status).toBe(200);
  });

  it('puts the headers on every API answer, errors included', async () => {
    const service = await start();
    for (const answer of [
      await api(service, 'GET', '/reports'),
      await api(service, 'GET', '/reports/404'),
      await api(service, 'POST', '/reports', { form: {} }),
      await api(service, 'GET', '/reports', { key: null }),
    ]) {
      expect(answer.headers.get('x-ratelimit-limit')).toBe('1000');
      expect(answer.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    }
  });

  it('defaults to 60 a minute', async () => {
    const service = await start({ rateLimit: undefined });
    const answer = await api(service, 'GET', '/reports');
    expect(answer.headers.get('x-ratelimit-limit')).toBe('60');
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('59');
  });
});

describe('server errors (500)', () => {
  it('fails every Nth API request with an HTML page', async () => {
    const service = await start({ failEvery: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await api(service, 'GET', '/reports');
      statuses.push(answer.status);
      if (answer.status === 500) {
        expect(answer.headers.get('content-type')).toContain('text/html');
        expect(answer.text).toContain('Server Error');
      }
    }
    expect(statuses).toEqual([200, 200, 500, 200, 200, 500]);
  });
});

describe('CORS', () => {
  it('answers a preflight from any origin, allowing the Authorization header', async () => {
    const service = await start();
    const response = await fetch(`${service.baseUrl}/reports/1`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'chrome-extension://abcdefghijklmnop',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization,content-type,x-custom',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe(
      'GET, POST, PUT, DELETE, OPTIONS',
    );
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['authorization', 'content-type', 'accept', 'x-custom']) {
      expect(allowed).toContain(header);
    }
    // A preflight is not a request of the client's and is not rate limited.
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('lets a page read the answer and the rate-limit headers', async () => {
    const service = await start();
    const answer = await api(service, 'GET', '/reports', {
      headers: { Origin: 'https://elsewhere.test' },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = (answer.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    for (const header of ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining']) {
      expect(exposed).toContain(header);
    }
    const unauthorized = await api(service, 'GET', '/reports', { key: null });
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('does not add CORS headers outside /api', async () => {
    const service = await start();
    const response = await fetch(`${service.url}/`);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('a policy of its own (refuse)', () => {
  it('answers 403 with its message to the requests it refuses, after the key is checked', async () => {
    const service = await start({
      refuse: ({ method, path }) =>
        method === 'PUT' && path.endsWith('/reports/1') ? 'This report is locked.' : undefined,
    });
    const [id] = await service.seed([{ url: 'https://locked.test/', result: 'good' }]);
    expect(id).toBe(1);
    const refused = await api(service, 'PUT', '/reports/1', { form: { results: 1 } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'This report is locked.' });
    expect((await api(service, 'GET', '/reports/1')).status).toBe(200);
    expect((await api(service, 'PUT', '/reports/1', { key: null })).status).toBe(401);
  });
});
