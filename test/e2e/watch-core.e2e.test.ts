// Watching pages in real Chromium against the local service, driven through messages as the pages
// send them: three pages watched, the schedule's alarm fired from the worker (an alarm created
// for now, as the browser fires it at a slot), one page rated lower with a high-importance check
// failing. Exactly one notification, two points in that page's History in the workspace with the
// check that now fails, and the run's summary in Activity.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportSummary } from '../../lib/api/model';
import type { Job } from '../../lib/jobs/schema';
import { poll, type Stack, startStack, the } from './flows';

let stack: Stack | undefined;
let page: Page | undefined;

beforeAll(async () => {
  stack = await startStack();
  page = await stack.ext.openTab('options.html');
});

afterAll(async () => {
  await stack?.close();
});

async function ask<T>(message: unknown): Promise<T> {
  const answer = await the(page, 'The page').evaluate(
    (request) => chrome.runtime.sendMessage(request),
    message,
  );
  if (!answer.ok) throw new Error(`${JSON.stringify(message)}: ${JSON.stringify(answer.error)}`);
  return answer.data as T;
}

const watchRuns = () =>
  the(page, 'The page').evaluate(async () => {
    const { jobs } = await chrome.storage.local.get('jobs');
    return ((jobs as { jobs: Job[] } | undefined)?.jobs ?? []).filter((job) => job.watchRun);
  });

describe('a scheduled run of watched pages', () => {
  it('notifies once of the page made worse, keeps its history and sums up in Activity', async () => {
    const { service, ext } = the(stack, 'The stack');
    const urls = ['a', 'b', 'c'].map((name) => `${service.url}/samples/watch/${name}`);
    const reports: ReportSummary[] = [];
    for (const url of urls) {
      reports.push(await ask({ type: 'createReport', input: { url, privacy: 0 } }));
    }
    await ask({ type: 'watchReports', reports: reports.map(({ id, url }) => ({ id, url })) });
    const worse = the(reports[1], 'The second report');

    // The schedule's alarm is set for the next slot.
    const alarm = await ext.worker.evaluate(() => chrome.alarms.get('watch'));
    expect(alarm?.scheduledTime).toBeGreaterThan(Date.now());

    service.setPageOutcome('/samples/watch/b', 'bad');
    // As if the browser had been closed since watching began, a week ago: a slot is due.
    await the(page, 'The page').evaluate(async (account) => {
      const { watch } = await chrome.storage.local.get('watch');
      const stored = watch as { services: Record<string, { lastSlot: number }> };
      const own = stored.services[account];
      if (own) own.lastSlot -= 8 * 86_400_000;
      await chrome.storage.local.set({ watch: stored });
    }, 'a1');
    await ext.worker.evaluate(() => chrome.alarms.create('watch', { when: Date.now() }));

    await poll(async () => {
      const [run] = await watchRuns();
      return run?.state === 'done' && run.items.every((item) => item.direction !== undefined);
    }, 'the run to finish').toBe(true);
    expect(await watchRuns()).toHaveLength(1);

    const notifications = await ext.worker.evaluate(() => chrome.notifications.getAll());
    expect(Object.keys(notifications)).toEqual([`watched:${worse.id}`]);

    // The workspace reads the history the worker wrote (IndexedDB, one origin), newest first.
    const workspace = await ext.openTab(`sidepanel.html#tab=watched&history=${worse.id}`);
    const analyses = workspace.getByRole('list', { name: 'Analyses, newest first' });
    await expect.poll(() => analyses.getByRole('listitem').count(), { timeout: 15_000 }).toBe(2);
    const [newest, oldest] = await analyses.getByRole('listitem').allTextContents();
    expect(newest).toContain('Bad');
    expect(newest).toMatch(/Now failing:.*Title/);
    expect(oldest).toContain('Good');
    expect(oldest).not.toContain('Title');
    await workspace.close();

    const activity = await ext.openTab('sidepanel.html#tab=activity');
    await expect
      .poll(() => activity.getByText('3 re-analyzed: 1 worse, 0 better, 2 unchanged').count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await activity.close();
  });
});
