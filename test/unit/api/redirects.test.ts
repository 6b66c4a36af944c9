// A redirect from the service is never followed: nothing (key, password, form) is sent on to the
// address it names, and the call fails as "redirected".
import { describe, expect, it } from 'vitest';
import { type SiteReportClient, SiteReportError } from '../../../lib/api';
import { KEY, rejection, reportBody, useServer } from './fixtures';

const ctx = useServer();

describe('redirects', () => {
  it.each<[string, (c: SiteReportClient) => Promise<unknown>]>([
    ['a create', (c) => c.reports.create({ url: 'https://a.example', privacy: 2, password: 'pw' })],
    ['an update', (c) => c.reports.update(1, { privacy: 2, password: 'pw' })],
    ['a read', (c) => c.reports.get(1)],
    ['a list', (c) => c.reports.list({})],
    ['a delete', (c) => c.reports.delete(1)],
  ])(
    '%s answered 302, 307 or 308 fails as redirected, and nothing reaches the target',
    async (_name, call) => {
      for (const status of [302, 307, 308]) {
        ctx.server.reset();
        ctx.server.on((request) =>
          request.path === '/elsewhere'
            ? { body: reportBody() }
            : { status, headers: { Location: `${ctx.server.origin}/elsewhere` } },
        );
        const error = await rejection(call(ctx.client()));
        expect(error).toBeInstanceOf(SiteReportError);
        expect(error).toMatchObject({ kind: 'unexpected_response', reason: 'redirected' });
        expect(ctx.server.requests.map((request) => request.url.pathname)).not.toContain(
          '/elsewhere',
        );
        // Reads and deletes may be retried, but each try goes to the service's own address.
        for (const request of ctx.server.requests) {
          expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
          expect(request.url.pathname.startsWith('/api/v1/')).toBe(true);
        }
      }
    },
  );

  it('says so in words that name the service URL, not the target', async () => {
    ctx.server.on({ status: 302, headers: { Location: 'https://login.example/' } });
    const error = (await rejection(ctx.client().reports.list({}))) as SiteReportError;
    expect(error.message).toMatch(/redirect/);
    expect(error.message).not.toContain('login.example');
  });
});
