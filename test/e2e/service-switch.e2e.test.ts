// A job made for one service, in real Chromium: ten deletes queued for service A, two of them
// under way, when the user saves service B. B gets no DELETE; the job waits, saying which service
// it was made for, with Discard; saving A again lets it finish there.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../lib/jobs/schema';
import { type RunningService, startService } from '../../server/service';
import { type Connection, writeConnection } from './extension';
import { poll, type Stack, startStack, the } from './flows';

const KEY_A = 'switch-e2e-key-aaaa';
const KEY_B = 'switch-e2e-key-bbbb';

let stack: Stack | undefined;
let serviceB: RunningService | undefined;
let page: Page | undefined;
/** While true, service A keeps its answers to deletes back. */
let holding = true;
const held: (() => void)[] = [];

beforeAll(async () => {
  stack = await startStack({
    service: {
      apiKeys: [KEY_A],
      gate: ({ method }) =>
        method === 'DELETE' && holding
          ? new Promise<void>((release) => held.push(release))
          : undefined,
    },
  });
  serviceB = await startService({ port: 0, apiKeys: [KEY_B] });
  page = await stack.ext.openTab('options.html');
});

afterAll(async () => {
  holding = false;
  for (const release of held.splice(0)) release();
  await serviceB?.close();
  await stack?.close();
});

const serviceA = () => the(stack, 'The stack').service;

/** Saves a service and key as the options page's Save does. */
function save(connection: Connection) {
  return the(page, 'The page').evaluate(writeConnection, connection);
}

function storedJob(id: string): Promise<Job | undefined> {
  return the(page, 'The page').evaluate(async (jobId) => {
    const { jobs } = await chrome.storage.local.get('jobs');
    return (jobs as { jobs: Job[] } | undefined)?.jobs.find((job) => job.id === jobId);
  }, id);
}

const deletesTo = (service: RunningService) =>
  service.apiRequests().filter((entry) => entry.method === 'DELETE');

describe('switching services', () => {
  it('sends nothing of a job to the service saved next; it finishes when its own is back', async () => {
    const a = serviceA();
    const b = the(serviceB, 'Service B');
    const urls = Array.from({ length: 10 }, (_, index) => ({
      url: `https://switch.example/page-${index + 1}`,
      result: 'good' as const,
    }));
    const ids = await a.seed(urls);
    await b.seed(urls);
    await save({ baseUrl: a.baseUrl, apiKey: KEY_A });
    const answer = await the(page, 'The page').evaluate(
      (items) => chrome.runtime.sendMessage({ type: 'enqueueJob', kind: 'delete', items }),
      ids.map((id) => ({ type: 'deleteReport', id })),
    );
    const id = (answer as { data: { id: string } }).data.id;
    await poll(() => held.length, 'two deletes under way at A').toBe(2);

    await save({ baseUrl: b.baseUrl, apiKey: KEY_B });
    await poll(
      async () => (await storedJob(id))?.pause?.reason,
      'the job waiting for its service',
    ).toBe('otherService');
    holding = false;
    for (const release of held.splice(0)) release();
    await poll(
      async () => (await storedJob(id))?.items.filter((item) => item.state === 'done').length,
      'the deletes under way recorded',
    ).toBe(2);

    const workspace = await the(stack, 'The stack').ext.openTab('sidepanel.html#tab=activity');
    const jobs = workspace.getByRole('list', { name: 'Jobs' });
    const origin = new URL(a.baseUrl).origin;
    await expect
      .poll(() => jobs.getByText(`Made for ${origin}`).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await jobs.getByRole('button', { name: 'Discard' }).count()).toBe(1);
    expect(await jobs.getByRole('button', { name: 'Resume' }).count()).toBe(0);
    expect(deletesTo(b)).toEqual([]);

    await save({ baseUrl: a.baseUrl, apiKey: KEY_A });
    await poll(async () => (await storedJob(id))?.state, 'the job finished', 30_000).toBe('done');
    expect(deletesTo(a).filter((entry) => entry.status === 200)).toHaveLength(10);
    expect(deletesTo(b)).toEqual([]);
    await expect
      .poll(() => jobs.getByText(`Made for ${origin}`).count(), { timeout: 15_000 })
      .toBe(0);
    await workspace.close();
  });
});
