import { describe, expect, it } from 'vitest';
import { createSiteReportClient } from '../../lib/api';
import { parseCliArgs } from '../../server/cli-args';
import { startService } from '../../server/service';
import { api, KEY, NO_ACCESS_KEY, OTHER_KEY, start } from './helpers';

describe('GET /account', () => {
  it('answers the account in the contract’s shape, with the plan and its monthly allowance', async () => {
    const service = await start({ planName: 'Pro', monthlyQuota: 500 });
    const answer = await api(service, 'GET', '/account');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: {
        id: expect.any(Number),
        name: expect.any(String),
        email: expect.stringContaining('@'),
        locale: 'en',
        timezone: 'UTC',
        plan: {
          id: expect.any(Number),
          name: 'Pro',
          features: expect.objectContaining({ reports: 500 }),
        },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000Z$/),
      },
      status: 200,
    });
  });

  it('says -1 for an unlimited plan, which is the default, named Local', async () => {
    const service = await start();
    const answer = await api(service, 'GET', '/account');
    expect(answer.body.data.plan).toMatchObject({ name: 'Local', features: { reports: -1 } });
  });

  it('is each key’s own account', async () => {
    const service = await start();
    const mine = await api(service, 'GET', '/account');
    const theirs = await api(service, 'GET', '/account', { key: OTHER_KEY });
    expect(mine.body.data.id).not.toBe(theirs.body.data.id);
    expect(mine.body.data.email).not.toBe(theirs.body.data.email);
  });

  it('is refused like every request without a known key or without API access', async () => {
    const service = await start();
    expect((await api(service, 'GET', '/account', { key: 'not-a-known-key' })).status).toBe(401);
    expect((await api(service, 'GET', '/account', { key: NO_ACCESS_KEY })).status).toBe(403);
  });

  it('answers 404 like an older deployment with account: false; the rest is unchanged', async () => {
    const service = await start({ account: false });
    const answer = await api(service, 'GET', '/account');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'The route api/v1/account could not be found.' });
    expect((await api(service, 'GET', '/reports', { key: KEY })).status).toBe(200);
  });

  it('refuses a quota that is not a whole number of reports', async () => {
    await expect(startService({ monthlyQuota: -1 })).rejects.toThrow(/monthlyQuota/);
    await expect(startService({ monthlyQuota: 2.5 })).rejects.toThrow(/monthlyQuota/);
  });
});

describe('the extension’s client against it', () => {
  it.each([
    [
      { planName: 'Pro', monthlyQuota: 500 },
      { name: 'Pro', reportsPerMonth: 500 },
    ],
    [{ planName: 'Agency' }, { name: 'Agency', reportsPerMonth: 'unlimited' }],
    [{ account: false }, null],
  ])('reads %j as %j', async (options, plan) => {
    const service = await start(options);
    const client = createSiteReportClient({ baseUrl: service.baseUrl, apiKey: KEY });
    expect(await client.account()).toStrictEqual(plan);
  });
});

describe('account options on the command line', () => {
  it('reads --monthly-quota, --plan-name and --no-account', () => {
    const command = parseCliArgs(
      ['--monthly-quota', '500', '--plan-name', 'Pro', '--no-account', '--api-key', 'k-12345678'],
      {},
    );
    expect(command).toMatchObject({
      options: { monthlyQuota: 500, planName: 'Pro', account: false },
    });
  });

  it('leaves them out when not given: unlimited, the default name, the account answered', () => {
    const command = parseCliArgs([], {});
    if (command.help) throw new Error('unexpected help');
    expect(command.options).not.toHaveProperty('monthlyQuota');
    expect(command.options).not.toHaveProperty('planName');
    expect(command.options).not.toHaveProperty('account');
  });

  it.each([[['--monthly-quota', '-1']], [['--monthly-quota', 'many']], [['--plan-name', '  ']]])(
    'refuses %j',
    (argv) => {
      expect(() => parseCliArgs(argv, {})).toThrow();
    },
  );
});
