// Two behaviours of deployed services, in real Chromium against the local service behaving like
// them (CONTRACT.md): a change of a report deleted behind the extension's back answers 403, which
// the extension tells from a refusal by reading the report (popup and workspace Re-analyze); and a
// monthly quota, after whose refusal a job of creates stops ("not sent", Retry failed).
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiGet,
  BADGE_TEXT,
  badgeOf,
  openPageTab,
  openPopup,
  outcomeOf,
  poll,
  type Stack,
  serviceReportFor,
  startStack,
  the,
} from './flows';

const opened: Page[] = [];

afterEach(async () => {
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
});

/** Deletes a report on the service with the key, as another client (or the web site) would. */
async function deleteBehindItsBack(stack: Stack, id: number): Promise<void> {
  const response = await fetch(`${stack.service.baseUrl}/reports/${id}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${stack.service.apiKey}`, Accept: 'application/json' },
  });
  expect(response.status).toBe(200);
}

/** The API requests about report `id` the service answered, as "METHOD path status". */
const answered = (stack: Stack, id: number) =>
  stack.service
    .apiRequests()
    .filter(({ path }) => path === `/api/v1/reports/${id}`)
    .map(({ method, path, status }) => `${method} ${path} ${status}`);

describe('a 403 on one report', () => {
  let stack: Stack | undefined;
  /** The report whose changes the service's own policy refuses, with its message. */
  let locked: { id: number; message: string } | undefined;

  beforeAll(async () => {
    stack = await startStack({
      service: {
        apiKeys: ['forbidden-e2e-key-0001'],
        refuse: ({ method, path }) =>
          locked && method === 'PUT' && path === `/api/v1/reports/${locked.id}`
            ? locked.message
            : undefined,
      },
    });
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** A sample page in the active tab, reported through the popup, which stays open over it. */
  async function reportedInPopup(url: string, word: string): Promise<Page> {
    const { ext } = the(stack, 'The stack');
    opened.push(await openPageTab(ext, url));
    const popup = await openPopup(ext);
    opened.push(popup);
    await popup.getByRole('button', { name: 'Create report', exact: true }).click();
    await outcomeOf(popup).getByText(word, { exact: true }).waitFor();
    await outcomeOf(popup).getByRole('button', { name: 'Re-analyze', exact: true }).waitFor();
    return popup;
  }

  it('popup: Re-analyze of a report deleted behind its back says it no longer exists, and the badge clears', async () => {
    const current = the(stack, 'The stack');
    const url = `${current.sample('good')}?case=popup-gone`;
    const popup = await reportedInPopup(url, 'Good');
    await poll(() => badgeOf(current.ext, url), 'badge of the rated tab').toMatchObject({
      text: BADGE_TEXT.good,
    });
    const report = the(await serviceReportFor(current.service, url), 'The created report');

    await deleteBehindItsBack(current, report.id);
    current.service.resetRequests();
    await outcomeOf(popup).getByRole('button', { name: 'Re-analyze', exact: true }).click();

    await popup
      .getByText('The report for this page no longer exists on the service.', { exact: true })
      .waitFor();
    expect(await popup.getByRole('button', { name: 'Create report', exact: true }).count()).toBe(1);
    expect(answered(current, report.id)).toEqual([
      `PUT /api/v1/reports/${report.id} 403`,
      `GET /api/v1/reports/${report.id} 404`,
    ]);
    await poll(() => badgeOf(current.ext, url), 'badge once the report is gone').toMatchObject({
      text: '',
    });
    expect(await popup.getByText(/no API access/).count()).toBe(0);
  });

  it('popup: Re-analyze refused for another reason shows the service’s own message and keeps the report', async () => {
    const current = the(stack, 'The stack');
    const url = `${current.sample('bad')}?case=popup-refused`;
    const popup = await reportedInPopup(url, 'Bad');
    const report = the(await serviceReportFor(current.service, url), 'The created report');
    locked = { id: report.id, message: 'This report is locked by your team.' };
    try {
      current.service.resetRequests();
      await outcomeOf(popup).getByRole('button', { name: 'Re-analyze', exact: true }).click();
      const alert = popup.getByRole('alert');
      await alert.filter({ hasText: 'This report is locked by your team.' }).waitFor();
      expect(await alert.textContent()).toContain(
        'The service refused this for the report: This report is locked by your team.',
      );
      expect(await alert.textContent()).not.toMatch(/no API access/);
      expect(answered(current, report.id)).toEqual([
        `PUT /api/v1/reports/${report.id} 403`,
        `GET /api/v1/reports/${report.id} 200`,
      ]);
      // The report is still shown, with its badge.
      expect(await outcomeOf(popup).getByText('Bad', { exact: true }).count()).toBe(1);
      expect(await badgeOf(current.ext, url)).toMatchObject({ text: BADGE_TEXT.bad });
    } finally {
      locked = undefined;
    }
  });

  it('workspace: Re-analyze selected of a report deleted behind its back fails "no longer exists", the row leaves and the badge clears', async () => {
    const current = the(stack, 'The stack');
    const gone = `${current.sample('decent')}?case=workspace-gone`;
    const kept = `${current.sample('good')}?case=workspace-kept`;
    const [goneId, keptId] = await current.service.seed([
      { url: gone, result: 'decent' },
      { url: kept, result: 'good' },
    ]);
    opened.push(await openPageTab(current.ext, gone));
    const workspace = await current.ext.openTab('sidepanel.html#tab=reports');
    opened.push(workspace);
    const table = workspace.getByRole('table', { name: 'Reports', exact: true });
    const box = (url: string) =>
      table.getByRole('checkbox', { name: `Select ${url}`, exact: true });
    await box(gone).waitFor();
    // The list tells the rating cache, so the page's tab shows its rating.
    await poll(() => badgeOf(current.ext, gone), 'badge of the listed page').toMatchObject({
      text: BADGE_TEXT.decent,
    });

    await deleteBehindItsBack(current, goneId as number);
    current.service.resetRequests();
    await box(gone).check();
    await box(kept).check();
    await workspace.getByRole('button', { name: 'Re-analyze selected (2)', exact: true }).click();
    const dialog = workspace.getByRole('dialog', { name: 'Re-analyze 2 reports?', exact: true });
    await dialog.getByRole('button', { name: 'Re-analyze', exact: true }).click();

    const summary = workspace.getByRole('status').filter({ hasText: '1 re-analyzed' });
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.textContent()).toContain('1 failed');
    await workspace.getByText('That report no longer exists.', { exact: true }).waitFor();
    await poll(() => box(gone).count(), 'the gone report leaves the list').toBe(0);
    expect(await box(kept).count()).toBe(1);
    await poll(() => badgeOf(current.ext, gone), 'badge once the report is gone').toMatchObject({
      text: '',
    });
    expect(answered(current, goneId as number)).toEqual([
      `PUT /api/v1/reports/${goneId} 403`,
      `GET /api/v1/reports/${goneId} 404`,
    ]);
    expect(answered(current, keptId as number)).toEqual([`PUT /api/v1/reports/${keptId} 200`]);
    expect(await workspace.getByText(/no API access/).count()).toBe(0);
  });
});

describe('the monthly quota', () => {
  // The plan allows 7 reports a month (GET /account says so, and Open tabs lets 5 go), but 5 were
  // made this month already and deleted since: they still count, so only 2 creates are left.
  const USED = 5;
  const LEFT = 2;
  const PAGES = 5;
  let stack: Stack | undefined;

  beforeAll(async () => {
    stack = await startStack({
      service: { apiKeys: ['quota-e2e-key-0001'], monthlyQuota: USED + LEFT },
    });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('Open tabs: a job of more creates than the quota stops at the refusal; the rest are "not sent", with Retry failed', async () => {
    const current = the(stack, 'The stack');
    const used = await current.service.seed(
      Array.from({ length: USED }, (_, index) => ({ url: `https://used.example/${index}` })),
    );
    for (const id of used) await deleteBehindItsBack(current, id);
    const samples = ['good', 'decent', 'bad'] as const;
    const pages = Array.from(
      { length: PAGES },
      (_, index) => `${current.sample(samples[index % samples.length] ?? 'good')}?tab=${index + 1}`,
    );
    for (const url of pages) opened.push(await openPageTab(current.ext, url));
    const workspace = await current.ext.openTab('sidepanel.html');
    opened.push(workspace);

    await workspace.getByRole('tab', { name: 'Open tabs', exact: true }).click();
    const list = workspace.getByRole('list', { name: 'Web pages open in this window' });
    await poll(() => list.getByRole('checkbox').count(), 'a check box per page').toBe(PAGES);
    for (const box of await list.getByRole('checkbox').all()) {
      expect(await box.isChecked()).toBe(true);
    }

    await workspace.getByRole('button', { name: 'Report selected tabs', exact: true }).click();
    const summary = workspace
      .getByRole('status')
      .filter({ hasText: /Monthly report quota used up: \d+ not sent\./ });
    await summary.waitFor({ timeout: 60_000 });
    const text = (await summary.textContent()) ?? '';
    expect(text).toContain(`${LEFT} reported`);
    const notSent = Number(/quota used up: (\d+) not sent/.exec(text)?.[1]);
    const failed = Number(/(\d+) failed/.exec(text)?.[1] ?? 0);
    // The creates under way when the refusal came were refused; the rest were never sent.
    expect(notSent).toBeGreaterThanOrEqual(1);
    expect(LEFT + failed + notSent).toBe(PAGES);
    expect(await workspace.getByRole('progressbar').count(), 'the progress has ended').toBe(0);
    await workspace.getByRole('button', { name: 'Retry failed', exact: true }).waitFor();

    const { body } = await apiGet(current.service, '/reports?per_page=100');
    expect((body as { meta: { total: number } }).meta.total).toBe(LEFT);
    const creates = current.service
      .apiRequests()
      .filter((entry) => entry.method === 'POST' && entry.path.startsWith('/api/v1/reports'));
    expect(creates.filter((entry) => entry.status === 201)).toHaveLength(LEFT);
    expect(creates.length, 'no create was sent for the pages not sent').toBe(PAGES - notSent);
  });
});
