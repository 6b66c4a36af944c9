// A 403 on one report's change or delete (CONTRACT.md "403 on one report"): the client reads the
// report; a 404 there means it no longer exists, anything else keeps the 403's own message. A 403
// on a list stays "no API access".
import { describe, expect, it } from 'vitest';
import { SiteReportError, toErrorData } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { held, type RecordedRequest, type Reply } from '../../support/scripted-service';
import { KEY, rejection, reportBody, useServer } from './fixtures';

const ctx = useServer();

const UNAUTHORIZED: Reply = { status: 403, body: { message: 'This action is unauthorized.' } };
const NOT_FOUND: Reply = { status: 404, body: { message: 'Resource not found.', status: 404 } };

/** Answers changes with `change` and reads of the report with `read`. */
function script(change: Reply, read: Reply) {
  ctx.server.on((request: RecordedRequest) => (request.method === 'GET' ? read : change));
}

const calls = () => ctx.server.requests.map(({ method, path }) => `${method} ${path}`);

describe('a 403 on one report', () => {
  it.each([
    [
      're-analysis',
      (client: ReturnType<typeof ctx.client>) => client.reports.update(7, { results: true }),
      'PUT',
    ],
    [
      'privacy change',
      (client: ReturnType<typeof ctx.client>) => client.reports.update(7, { privacy: 1 }),
      'PUT',
    ],
    ['delete', (client: ReturnType<typeof ctx.client>) => client.reports.delete(7), 'DELETE'],
  ])(
    'of a %s, then a 404 on reading it: the report no longer exists',
    async (_name, call, method) => {
      script(UNAUTHORIZED, NOT_FOUND);
      const error = await rejection(call(ctx.client()));
      expect(error).toBeInstanceOf(SiteReportError);
      expect(error).toMatchObject({ kind: 'not_found', reason: 'reportGone', status: 404 });
      expect((error as Error).message).toBe('That report no longer exists.');
      expect(calls()).toEqual([`${method} /reports/7`, 'GET /reports/7']);
    },
  );

  it('of a change, the report still readable: the 403’s own message', async () => {
    script(UNAUTHORIZED, { body: reportBody({ id: 7 }) });
    const error = await rejection(ctx.client().reports.update(7, { results: true }));
    expect(error).toMatchObject({
      kind: 'forbidden',
      reason: 'reportRefused',
      status: 403,
      serviceMessage: 'This action is unauthorized.',
    });
    const data = toErrorData(error);
    expect(data.serviceMessage).toBe('This action is unauthorized.');
    expect(errorText(data)).toBe(
      'The service refused this for the report: This action is unauthorized.',
    );
    expect(calls()).toEqual(['PUT /reports/7', 'GET /reports/7']);
  });

  it('of a delete, the report still readable: not deleted, the 403’s own message', async () => {
    script(
      { status: 403, body: { message: 'Reports of this project are locked.' } },
      {
        body: reportBody({ id: 7 }),
      },
    );
    const error = await rejection(ctx.client().reports.delete(7));
    expect(error).toMatchObject({
      reason: 'reportRefused',
      serviceMessage: 'Reports of this project are locked.',
    });
  });

  it('keeps the 403 when the read fails otherwise (a server error, a timeout)', async () => {
    script(UNAUTHORIZED, { status: 500, body: '<html>down</html>' });
    expect(await rejection(ctx.client().reports.update(7, { privacy: 0 }))).toMatchObject({
      reason: 'reportRefused',
    });
    ctx.server.reset();
    ctx.server.on((request) => (request.method === 'GET' ? held().reply : UNAUTHORIZED));
    expect(
      await rejection(ctx.client({ timeoutMs: 500 }).reports.update(7, { privacy: 0 })),
    ).toMatchObject({ reason: 'reportRefused' });
  });

  it('is "no API access" when the read is refused too (every request answers 403)', async () => {
    const noAccess: Reply = {
      status: 403,
      body: { message: "You don't have access to this feature.", status: 403 },
    };
    script(noAccess, noAccess);
    const error = await rejection(ctx.client().reports.delete(7));
    expect(error).toMatchObject({ kind: 'forbidden', reason: 'forbidden' });
    expect((error as Error).message).toMatch(/no API access/);
  });

  it('never sends the change again', async () => {
    script(UNAUTHORIZED, { body: reportBody({ id: 7 }) });
    await rejection(ctx.client().reports.update(7, { results: true }));
    expect(calls().filter((call) => call.startsWith('PUT'))).toHaveLength(1);
  });

  it('keeps the message as one bounded line of text, without the key, and no HTML body', async () => {
    script(
      { status: 403, body: { message: `Refused\nfor <b>${KEY}</b>\t${'x'.repeat(500)}` } },
      { body: reportBody({ id: 7 }) },
    );
    const error = (await rejection(
      ctx.client().reports.update(7, { results: true }),
    )) as SiteReportError;
    expect(error.serviceMessage).not.toContain(KEY);
    expect(error.serviceMessage).not.toMatch(/[\n\t]/);
    expect(error.serviceMessage?.startsWith('Refused for <b>[key removed]</b> x')).toBe(true);
    expect(error.serviceMessage?.length).toBeLessThanOrEqual(300);
    expect(error.message).not.toContain(KEY);

    ctx.server.reset();
    script({ status: 403, body: '<html><body>Forbidden</body></html>' }, { body: reportBody() });
    const html = await rejection(ctx.client().reports.update(7, { results: true }));
    expect(html).toMatchObject({ reason: 'reportRefused' });
    expect((html as SiteReportError).serviceMessage).toBeUndefined();
    expect(errorText(toErrorData(html))).toBe(
      'The service refused this for the report (HTTP 403).',
    );
  });

  it('is still "no API access" on a list, a read and a create', async () => {
    ctx.server.on({
      status: 403,
      body: { message: "You don't have access to this feature.", status: 403 },
    });
    const client = ctx.client();
    for (const call of [
      client.reports.list(),
      client.reports.get(7),
      client.projects.list(),
      client.reports.create({ url: 'https://example.com/' }),
    ]) {
      const error = await rejection(call);
      expect(error).toMatchObject({ kind: 'forbidden', reason: 'forbidden' });
      expect((error as Error).message).toMatch(/no API access/);
    }
    expect(calls().filter((call) => call.startsWith('GET /reports/'))).toEqual(['GET /reports/7']);
  });
});
