// A report that comes back under another address than the tab's, in real Chromium: the local
// service's /samples/moved shows a browser a page but redirects the analysis' fetch to
// /samples/good, where the report is stored (as deployments store the address they ended on).
// The tab stays on /samples/moved; its badge and its popup still find the rating, and the lists
// show the service's address. Made from the popup, deleted there, then made by an Open tabs job.
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
  RATING_WORD,
  type ServiceReport,
  type Stack,
  startStack,
  the,
} from './flows';
import { reportList, shownUrls } from './list-fixtures';

let stack: Stack | undefined;
const opened: Page[] = [];

beforeAll(async () => {
  stack = await startStack();
});

afterEach(async () => {
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
});

afterAll(async () => {
  await stack?.close();
});

/** The tab's address, and the one the service stores its report under. */
const moved = () => `${the(stack, 'The stack').service.url}/samples/moved`;
const good = () => the(stack, 'The stack').sample('good');

async function serviceReports(): Promise<ServiceReport[]> {
  const { status, body } = await apiGet(the(stack, 'The stack').service, '/reports?per_page=100');
  expect(status).toBe(200);
  return (body as { data: ServiceReport[] }).data;
}

async function popupOver(): Promise<Page> {
  const popup = await openPopup(the(stack, 'The stack').ext);
  opened.push(popup);
  await popup.getByText(moved(), { exact: true }).waitFor();
  return popup;
}

const createButton = (popup: Page) =>
  popup.getByRole('button', { name: 'Create report', exact: true });

describe('a report stored under another address than the tab’s', () => {
  it('made in the popup: the tab gets its badge, the reopened popup its rating, the list the service’s address; Delete forgets it', async () => {
    const { ext } = the(stack, 'The stack');
    const tab = await openPageTab(ext, moved());
    opened.push(tab);
    expect(tab.url(), 'a browser stays on the address').toBe(moved());

    let popup = await popupOver();
    await createButton(popup).click();
    await outcomeOf(popup).getByText(RATING_WORD.good, { exact: true }).waitFor();
    const reports = await serviceReports();
    expect(reports.map((report) => report.url)).toEqual([good()]);

    await poll(() => badgeOf(ext, moved()), 'badge of the tab that asked').toMatchObject({
      text: BADGE_TEXT.good,
    });

    // Opened again over the same tab: the rating, and no Create that would make a duplicate.
    await popup.close();
    popup = await popupOver();
    await outcomeOf(popup).getByText(RATING_WORD.good, { exact: true }).waitFor();
    expect(await createButton(popup).count(), 'no Create offered').toBe(0);

    // The Reports list shows the address the service gives.
    await popup.getByRole('tab', { name: 'Reports', exact: true }).click();
    await reportList(popup).waitFor();
    await poll(() => shownUrls(popup), 'the Reports list').toEqual([good()]);

    // Deleting it forgets it under both addresses: the badge goes, Create comes back.
    await popup.getByRole('tab', { name: 'This page', exact: true }).click();
    await outcomeOf(popup).getByRole('button', { name: 'Delete', exact: true }).click();
    await popup.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await createButton(popup).waitFor();
    await poll(() => badgeOf(ext, moved()), 'badge after the delete').toMatchObject({ text: '' });
    expect(await serviceReports()).toEqual([]);
    expect(
      await ext.worker.evaluate(async () => {
        const { ratingCache } = await chrome.storage.local.get('ratingCache');
        return JSON.stringify(ratingCache ?? {});
      }),
      'nothing left in the rating cache',
    ).not.toContain('/samples/');
  });

  it('made by an Open tabs job: the tab gets its badge and the popup its rating', async () => {
    const { ext } = the(stack, 'The stack');
    const tab = await openPageTab(ext, moved());
    opened.push(tab);
    const workspace = await ext.openTab('sidepanel.html#tab=open-tabs');
    opened.push(workspace);
    const list = workspace.getByRole('list', { name: 'Web pages open in this window' });
    // The check box's name starts with the tab's title; only this tab is a web page here.
    const boxes = list.getByRole('checkbox');
    await poll(() => boxes.count(), 'the web pages open').toBe(1);
    expect(await boxes.first().isChecked(), 'no known report: checked').toBe(true);
    await workspace.getByRole('button', { name: 'Report selected tabs', exact: true }).click();
    await workspace
      .getByRole('status')
      .filter({ hasText: '1 reported' })
      .waitFor({ timeout: 30_000 });

    expect((await serviceReports()).map((report) => report.url)).toEqual([good()]);
    await poll(() => badgeOf(ext, moved()), 'badge of the tab that asked').toMatchObject({
      text: BADGE_TEXT.good,
    });

    // The Open tabs view now knows the page (its row shows the rating, unchecked).
    await workspace.reload();
    await poll(() => boxes.first().isChecked(), 'the known page is unchecked').toBe(false);
    expect(await list.getByRole('listitem').first().textContent()).toContain('Good');

    await tab.bringToFront();
    const popup = await popupOver();
    await outcomeOf(popup).getByText(RATING_WORD.good, { exact: true }).waitFor();
    expect(await createButton(popup).count(), 'no Create offered').toBe(0);
  });
});
