// Copy link, Share… and Share selected in real Chromium against the local service: what lands on
// the clipboard (read back in the extension's page, with clipboard-read granted), the privacy the
// service then holds (the copied password opens the report's page), that the generated password is
// never in the extension's storage, and axe on the Share dialog in light and dark.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import {
  openPageTab,
  openPopup,
  outcomeOf,
  poll,
  type Stack,
  serviceReport,
  serviceReportFor,
  startStack,
  the,
} from './flows';

let stack: Stack | undefined;
const opened: Page[] = [];

beforeAll(async () => {
  stack = await startStack();
  // Chromium takes no origin for an extension's pages here ("opaque origin"): granted for all.
  await stack.ext.context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

afterEach(async () => {
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
});

afterAll(async () => {
  await stack?.close();
});

/** The report page address the extension builds: the service's site, without `/api/v1`. */
function linkOf(id: number): string {
  const { service } = the(stack, 'The stack');
  return `${new URL(service.baseUrl).origin}/reports/${id}`;
}

function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** storage.local and storage.session as one text, read in the service worker. */
async function storedText(): Promise<string> {
  const { ext } = the(stack, 'The stack');
  return ext.worker.evaluate(async () =>
    JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.session.get(null)]),
  );
}

/** A report made on the service's side, as another client would, with `privacy`. */
async function makeReport(url: string, privacy: number): Promise<number> {
  const { service } = the(stack, 'The stack');
  const made = await fetch(`${service.baseUrl}/reports`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${service.apiKey}`, Accept: 'application/json' },
    body: new URLSearchParams({ url, privacy: String(privacy) }),
  });
  expect(made.status).toBe(201);
  return ((await made.json()) as { data: { id: number } }).data.id;
}

/** The report page's answer to its password form. */
async function tryPassword(link: string, password: string): Promise<number> {
  const answer = await fetch(link, {
    method: 'POST',
    body: new URLSearchParams({ password }),
  });
  await answer.text();
  return answer.status;
}

async function popupWithReport(sample: 'good' | 'decent', privacy: 'Public' | 'Private') {
  const { ext } = the(stack, 'The stack');
  const url = the(stack, 'The stack').sample(sample);
  opened.push(await openPageTab(ext, url));
  const popup = await openPopup(ext);
  opened.push(popup);
  await popup.getByRole('radio', { name: privacy, exact: true }).check();
  await popup.getByRole('button', { name: 'Create report', exact: true }).click();
  await outcomeOf(popup)
    .getByText(sample === 'good' ? 'Good' : 'Decent', { exact: true })
    .waitFor({ timeout: 30_000 });
  const report = await serviceReportFor(the(stack, 'The stack').service, url);
  return { popup, id: the(report, 'The report').id };
}

describe('This page', () => {
  it('Copy link copies the report page address', async () => {
    const { popup, id } = await popupWithReport('good', 'Public');
    const outcome = outcomeOf(popup);
    expect(await outcome.getByRole('button', { name: 'Share…' }).count()).toBe(0);
    await outcome.getByRole('button', { name: 'Copy link', exact: true }).click();
    await outcome.getByRole('status').getByText('Link copied', { exact: true }).waitFor();
    expect(await readClipboard(popup)).toBe(linkOf(id));
  });

  it('Share… sends the privacy update and copies the link and the password, which is kept nowhere', async () => {
    const { service } = the(stack, 'The stack');
    const { popup, id } = await popupWithReport('decent', 'Private');
    expect((await serviceReport(service, id))?.privacy).toBe(1);
    await outcomeOf(popup).getByRole('button', { name: 'Share…', exact: true }).click();
    const dialog = popup.getByRole('dialog', { name: 'Share this report' });
    await dialog.waitFor();
    expect(await axeViolations(popup)).toEqual({ light: [], dark: [] });
    await dialog.getByText('Anyone with the link and the password can see this report.').waitFor();
    const password = await dialog.getByRole('textbox', { name: 'Generated password' }).inputValue();
    expect(password).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{16,}$/);

    await dialog.getByRole('button', { name: 'Share and copy link', exact: true }).click();
    await outcomeOf(popup).getByRole('status').getByText('Link copied', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await readClipboard(popup)).toBe(`${linkOf(id)}\nPassword: ${password}`);
    const shared = await serviceReport(service, id);
    expect(shared).toMatchObject({ privacy: 2, password: true });
    expect(await tryPassword(linkOf(id), password)).toBe(200);
    expect(await tryPassword(linkOf(id), `${password}x`)).toBe(403);
    expect(await storedText()).not.toContain(password);
  });
});

describe('the workspace', () => {
  it('Share selected shares 2 reports with one password and copies their links', async () => {
    const { ext, sample, service } = the(stack, 'The stack');
    const urls = [`${sample('bad')}?share=1`, `${sample('bad')}?share=2`];
    const ids = [await makeReport(urls[0] ?? '', 1), await makeReport(urls[1] ?? '', 1)];
    const workspace = await ext.openTab('sidepanel.html#tab=reports');
    opened.push(workspace);
    for (const url of urls) {
      await workspace.getByRole('checkbox', { name: `Select ${url}`, exact: true }).check();
    }
    await workspace.getByRole('button', { name: 'Share selected (2)', exact: true }).click();
    const dialog = workspace.getByRole('dialog', { name: 'Share 2 reports' });
    await dialog.waitFor();
    expect(await axeViolations(workspace)).toEqual({ light: [], dark: [] });
    const password = await dialog.getByRole('textbox', { name: 'Generated password' }).inputValue();
    await dialog.getByRole('button', { name: 'Share and copy links', exact: true }).click();

    await workspace.getByText('2 shared, 0 failed. Links copied.', { exact: true }).waitFor({
      timeout: 30_000,
    });
    // One line per report in the table's order, the password once at the end.
    const lines = (await readClipboard(workspace)).split('\n');
    expect(lines.pop()).toBe(`Password: ${password}`);
    expect(lines.sort()).toEqual(
      [`${urls[0]} — ${linkOf(ids[0] ?? 0)}`, `${urls[1]} — ${linkOf(ids[1] ?? 0)}`].sort(),
    );
    for (const id of ids) {
      expect(await serviceReport(service, id)).toMatchObject({ privacy: 2, password: true });
      expect(await tryPassword(linkOf(id), password)).toBe(200);
    }
    // The queue keeps a job's password in session storage while it runs, and forgets it at the end.
    await poll(storedText, 'the password forgotten').not.toContain(password);
  });
});
