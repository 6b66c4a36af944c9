// The account's plan in real Chromium, against local services that tell it (GET /account) or
// answer 404 like older deployments: Test connection's status names the plan and its monthly
// allowance; Open tabs says how many reports a selection creates beside it, refuses a selection
// larger than the allowance (and so does the background's queue), and lets an unlimited plan's
// job through.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../server/service';
import { useAccountOf } from './extension';
import { openPageTab, poll, type Stack, serviceReportFor, startStack, the } from './flows';

const PRO_KEY = 'account-e2e-pro-0001';

let stack: Stack | undefined;
/** Other services, each with one key: Agency (unlimited), a one-report plan, an older one. */
const services: Record<'agency' | 'tiny' | 'older', RunningService | undefined> = {
  agency: undefined,
  tiny: undefined,
  older: undefined,
};
const KEYS = {
  agency: 'account-e2e-agency-0002',
  tiny: 'account-e2e-tiny-0003',
  older: 'account-e2e-older-0004',
};
const opened: Page[] = [];

beforeAll(async () => {
  stack = await startStack({
    connected: false,
    service: { apiKeys: [PRO_KEY], planName: 'Pro', monthlyQuota: 500 },
  });
  services.agency = await startService({ port: 0, apiKeys: [KEYS.agency], planName: 'Agency' });
  services.tiny = await startService({
    port: 0,
    apiKeys: [KEYS.tiny],
    planName: 'Solo',
    monthlyQuota: 1,
  });
  services.older = await startService({ port: 0, apiKeys: [KEYS.older], account: false });
});

afterEach(async () => {
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
});

afterAll(async () => {
  await stack?.close();
  await Promise.all(Object.values(services).map((service) => service?.close()));
});

async function open(path: string): Promise<Page> {
  const page = await the(stack, 'The stack').ext.openTab(path);
  opened.push(page);
  return page;
}

/** Types the address and key on the options page, presses Test connection, and answers its status. */
async function testConnection(baseUrl: string, apiKey: string): Promise<string> {
  const page = await open('options.html');
  await page.getByRole('textbox', { name: 'Service URL', exact: true }).fill(baseUrl);
  await page.getByRole('textbox', { name: 'API key', exact: true }).fill(apiKey);
  await page.getByRole('button', { name: 'Test connection', exact: true }).click();
  const status = page.getByRole('status');
  let text = '';
  await poll(async () => {
    text = (await status.textContent())?.trim() ?? '';
    return /^Connected|:/.test(text) && !/testing/i.test(text);
  }, 'the outcome of Test connection').toBe(true);
  return text;
}

describe('Test connection', () => {
  it('names the plan and its monthly allowance when the service tells it', async () => {
    const { service } = the(stack, 'The stack');
    const text = await testConnection(service.baseUrl, PRO_KEY);
    expect(text).toBe(
      `Connected to ${service.baseUrl}. Reports on the service: 0. Plan Pro: 500 reports a month.`,
    );
  });

  it('says an unlimited plan so', async () => {
    const agency = the(services.agency, 'The Agency service');
    expect(await testConnection(agency.baseUrl, KEYS.agency)).toContain(
      'Plan Agency: unlimited reports.',
    );
  });

  it('says nothing of a plan when the service answers 404 (an older deployment)', async () => {
    const older = the(services.older, 'The older service');
    const text = await testConnection(older.baseUrl, KEYS.older);
    expect(text).toBe(`Connected to ${older.baseUrl}. Reports on the service: 0.`);
    expect(text).not.toMatch(/plan/i);
  });
});

describe('Open tabs beside the plan', () => {
  /** Connects to `service`, opens two sample pages and the workspace on Open tabs. */
  async function openTabsFor(service: RunningService, apiKey: string) {
    const { ext, sample } = the(stack, 'The stack');
    // Each service is an account of its own: what one kept is not another's.
    await ext.worker.evaluate(useAccountOf, { baseUrl: service.baseUrl, apiKey });
    for (const name of ['decent', 'bad'] as const) {
      opened.push(await openPageTab(ext, sample(name)));
    }
    const workspace = await open('sidepanel.html#tab=open-tabs');
    const list = workspace.getByRole('list', { name: 'Web pages open in this window' });
    await list.getByRole('checkbox').first().waitFor();
    // Only the two sample pages: the options pages of earlier tests are closed.
    await poll(() => list.getByRole('checkbox').count(), 'the two sample pages').toBe(2);
    return workspace;
  }

  it('refuses a selection larger than the allowance, and so does the background', async () => {
    const tiny = the(services.tiny, 'The one-report service');
    const workspace = await openTabsFor(tiny, KEYS.tiny);
    const sentence = workspace.getByText(/^2 reports to create; your plan allows 1 a month\./);
    await sentence.waitFor();
    const button = workspace.getByRole('button', { name: 'Report selected tabs', exact: true });
    expect(await button.isDisabled()).toBe(true);
    // The reason is the button's description.
    expect(await button.getAttribute('aria-describedby')).toBe(await sentence.getAttribute('id'));

    // The background's queue refuses such a job even when a page sends it.
    const { sample } = the(stack, 'The stack');
    const answer = await workspace.evaluate(
      (urls) =>
        chrome.runtime.sendMessage({
          type: 'enqueueJob',
          kind: 'create',
          items: urls.map((url) => ({ type: 'create', url, privacy: 0 })),
        }),
      [sample('decent'), sample('bad')],
    );
    expect(answer).toMatchObject({
      ok: false,
      error: { reason: 'overAllowance', count: 2, allowance: 1 },
    });
    expect(tiny.apiRequests().filter((request) => request.method === 'POST')).toEqual([]);

    // One page fits.
    await workspace
      .getByRole('list', { name: 'Web pages open in this window' })
      .getByRole('checkbox')
      .first()
      .uncheck();
    await workspace.getByText('1 report to create; your plan allows 1 a month').waitFor();
    expect(await button.isDisabled()).toBe(false);
  });

  it('says an unlimited plan allows the job, and reports the tabs', async () => {
    const agency = the(services.agency, 'The Agency service');
    const { sample } = the(stack, 'The stack');
    const workspace = await openTabsFor(agency, KEYS.agency);
    await workspace.getByText('2 reports to create; your plan allows unlimited reports').waitFor();
    await workspace.getByRole('button', { name: 'Report selected tabs', exact: true }).click();
    await workspace.getByRole('status').filter({ hasText: '2 reported' }).waitFor({
      timeout: 30_000,
    });
    expect(await serviceReportFor(agency, sample('decent'))).toBeDefined();
    expect(await serviceReportFor(agency, sample('bad'))).toBeDefined();
  });

  it('says nothing of the plan for a service that does not tell it', async () => {
    const older = the(services.older, 'The older service');
    const workspace = await openTabsFor(older, KEYS.older);
    await poll(
      () => older.apiRequests().some((request) => request.path.endsWith('/account')),
      'the workspace asked for the plan',
    ).toBe(true);
    expect(await workspace.getByText(/to create; your plan/).count()).toBe(0);
    expect(
      await workspace
        .getByRole('button', { name: 'Report selected tabs', exact: true })
        .isDisabled(),
    ).toBe(false);
  });
});
