// GET /account read for the plan alone: nothing personal comes out of the client.
import { describe, expect, it } from 'vitest';
import { SiteReportError } from '../../../lib/api';
import { AccountEnvelope } from '../../../lib/api/account-schemas';
import { rejection, useServer } from './fixtures';

const ctx = useServer();

const accountBody = (plan: unknown) => ({
  data: {
    id: 7,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    locale: 'en',
    timezone: 'Europe/London',
    plan,
    created_at: '2026-01-02T03:04:05.000000Z',
  },
  status: 200,
});

const PRO = { id: 2, name: 'Pro', features: { reports: 500, projects: 10, api: true } };

describe('client.account()', () => {
  it('keeps the plan’s name and monthly allowance, and nothing personal', async () => {
    ctx.server.on({ body: accountBody(PRO) });
    const plan = await ctx.client().account();
    expect(plan).toStrictEqual({ name: 'Pro', reportsPerMonth: 500 });
    const kept = JSON.stringify(plan);
    for (const personal of ['ada@example.com', 'Ada', 'London', '7']) {
      expect(kept).not.toContain(personal);
    }
    expect(ctx.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /account']);
  });

  it('reads -1 as unlimited', async () => {
    ctx.server.on({ body: accountBody({ name: 'Agency', features: { reports: -1 } }) });
    expect(await ctx.client().account()).toStrictEqual({
      name: 'Agency',
      reportsPerMonth: 'unlimited',
    });
  });

  it('answers null for a 404: an older deployment that does not tell', async () => {
    ctx.server.on({ status: 404, body: { message: 'Resource not found.', status: 404 } });
    expect(await ctx.client().account()).toBeNull();
  });

  it.each<[string, unknown]>([
    ['no data', { status: 200 }],
    ['no plan', { data: { email: 'ada@example.com' } }],
    ['a plan without a name', accountBody({ features: { reports: 5 } })],
    ['a plan with an empty name', accountBody({ name: '  ', features: { reports: 5 } })],
    ['a list', [1, 2]],
  ])('answers null for an answer of another shape: %s', async (_, body) => {
    ctx.server.on({ body });
    expect(await ctx.client().account()).toBeNull();
  });

  it('says the failure of a page that is not the API, and of a rejected key', async () => {
    ctx.server.on({ body: '<html>Login</html>', headers: { 'Content-Type': 'text/html' } });
    const notAnApi = await rejection(ctx.client().account());
    expect(notAnApi).toBeInstanceOf(SiteReportError);
    expect(notAnApi).toMatchObject({ kind: 'unexpected_response', reason: 'notAnApi' });

    ctx.server.on({ status: 401, body: { message: 'Unauthenticated.' } });
    expect(await rejection(ctx.client().account())).toMatchObject({ kind: 'unauthorized' });
  });
});

describe('the account schema', () => {
  it.each<[string, unknown, unknown]>([
    ['a count', 500, 500],
    ['zero', 0, 0],
    ['a numeric string', '250', 250],
    ['-1', -1, 'unlimited'],
    ['"-1"', '-1', 'unlimited'],
  ])('reads features.reports given as %s', (_, reports, reportsPerMonth) => {
    const parsed = AccountEnvelope.parse(accountBody({ name: 'Pro', features: { reports } }));
    expect(parsed).toStrictEqual({ name: 'Pro', reportsPerMonth });
  });

  it.each<[string, unknown]>([
    ['absent', {}],
    ['another negative number', { reports: -5 }],
    ['a fraction', { reports: 2.5 }],
    ['text', { reports: 'many' }],
    ['null', { reports: null }],
  ])('keeps the name alone when the allowance is %s', (_, features) => {
    expect(AccountEnvelope.parse(accountBody({ name: 'Pro', features }))).toStrictEqual({
      name: 'Pro',
    });
  });

  it('keeps the name when features are missing or not an object, trimmed and bounded', () => {
    expect(AccountEnvelope.parse(accountBody({ name: ' Pro ' }))).toStrictEqual({ name: 'Pro' });
    expect(AccountEnvelope.parse(accountBody({ name: 'Pro', features: 'all' }))).toStrictEqual({
      name: 'Pro',
    });
    const long = AccountEnvelope.parse(accountBody({ name: 'x'.repeat(500) }));
    expect(long?.name).toHaveLength(60);
  });
});
