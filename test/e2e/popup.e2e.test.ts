// The popup's This page view against the local service: creating a Public and a Password report
// for sample pages, the progress while it works, the rating word and the tab's badge, then
// changing the privacy, re-analysing and deleting — each checked on the service's side too.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BADGE_TEXT,
  badgeOf,
  openPageTab,
  openPopup,
  outcomeOf,
  poll,
  RATING_WORD,
  type Stack,
  serviceReport,
  serviceReportFor,
  startStack,
  the,
} from './flows';

const API_KEY = 'popup-e2e-key-0001';
const REPORT_PASSWORD = 'e2e-report-password';
/**
 * Every API answer waits this long, so the work in progress (disabled button, "Analyzing…")
 * stays on screen long enough to be seen.
 */
const LATENCY_MS = 700;

let stack: Stack | undefined;
const opened: Page[] = [];

beforeAll(async () => {
  stack = await startStack({ service: { apiKeys: [API_KEY], latencyMs: LATENCY_MS } });
});

afterEach(async () => {
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
});

afterAll(async () => {
  await stack?.close();
});

/** A sample page in the active tab and the popup opened over it. */
async function popupFor(url: string): Promise<Page> {
  const { ext } = the(stack, 'The stack');
  opened.push(await openPageTab(ext, url));
  const popup = await openPopup(ext);
  opened.push(popup);
  return popup;
}

const createButton = (popup: Page) =>
  popup.getByRole('button', { name: 'Create report', exact: true });
const privacyChoice = (scope: Page | ReturnType<typeof outcomeOf>, name: string) =>
  scope
    .getByRole('radiogroup', { name: 'Privacy', exact: true })
    .getByRole('radio', { name, exact: true });
const ratingWord = (popup: Page, word: string) => outcomeOf(popup).getByText(word, { exact: true });
/** The generation time the popup shows, as its machine-readable datetime. */
const shownGeneratedAt = (popup: Page) =>
  outcomeOf(popup).locator('time').first().getAttribute('datetime');

describe('This page', () => {
  it('creates a Public report: progress while it works, then the rating and the badge', async () => {
    const { service, ext, sample } = the(stack, 'The stack');
    const url = sample('good');
    const popup = await popupFor(url);

    await popup.getByText(url, { exact: true }).waitFor();
    expect(await privacyChoice(popup, 'Public').isChecked(), 'Public is the default').toBe(true);
    const create = createButton(popup);
    expect(await create.isEnabled()).toBe(true);

    await create.click();
    const progress = popup.getByRole('status').filter({ hasText: 'Analyzing…' });
    await progress.waitFor();
    expect(await create.isDisabled(), 'Create is disabled while it works').toBe(true);
    expect(await popup.locator('form[aria-busy="true"]').count(), 'the form is busy').toBe(1);

    await ratingWord(popup, RATING_WORD.good).waitFor();
    expect(await progress.count(), 'the progress is gone').toBe(0);
    expect(await shownGeneratedAt(popup)).toBeTruthy();

    const onService = await serviceReportFor(service, url);
    expect(onService).toMatchObject({ url, result: 'good', privacy: 0 });

    await poll(() => badgeOf(ext, url), 'badge of the rated tab').toMatchObject({
      text: BADGE_TEXT.good,
    });
    expect((await badgeOf(ext, url)).title, 'the tooltip names the rating and its time').toMatch(
      /\bGood\b.*generated/,
    );
  });

  it('creates a Password report, changes its privacy, re-analyzes and deletes it', async () => {
    const { service, ext, sample } = the(stack, 'The stack');
    const url = sample('decent');
    const popup = await popupFor(url);
    await popup.getByText(url, { exact: true }).waitFor();

    // Password needs a password before Create is possible.
    await privacyChoice(popup, 'Password').check();
    const password = popup.getByRole('textbox', { name: 'Report password', exact: true });
    await password.waitFor();
    const create = createButton(popup);
    expect(await create.isDisabled(), 'Create waits for a password').toBe(true);
    await password.fill(REPORT_PASSWORD);
    expect(await create.isEnabled(), 'Create is possible with a password').toBe(true);
    await password.fill('');
    expect(await create.isDisabled(), 'an emptied password disables Create again').toBe(true);
    await password.fill(REPORT_PASSWORD);
    await create.click();
    await ratingWord(popup, RATING_WORD.decent).waitFor();

    const created = the(await serviceReportFor(service, url), 'The created report');
    expect(created).toMatchObject({ url, result: 'decent', privacy: 2, password: true });
    await poll(() => badgeOf(ext, url), 'badge of the rated tab').toMatchObject({
      text: BADGE_TEXT.decent,
    });

    // Change privacy → Private.
    const outcome = outcomeOf(popup);
    await outcome.getByRole('button', { name: 'Change privacy', exact: true }).click();
    await privacyChoice(outcome, 'Private').check();
    await outcome.getByRole('button', { name: 'Save privacy', exact: true }).click();
    await popup.getByRole('status').filter({ hasText: 'Privacy changed.' }).waitFor();
    expect(await serviceReport(service, created.id)).toMatchObject({ privacy: 1 });

    // Re-analyze. The service keeps whole seconds: wait until the clock is past the first
    // generation's second, so a new analysis must show a later time.
    const before = the(await shownGeneratedAt(popup), 'The generation time') as string;
    expect(Date.parse(before)).toBe(Date.parse(created.generated_at ?? ''));
    await poll(() => Date.now() >= Date.parse(before) + 1000, 'clock past the first second').toBe(
      true,
    );
    service.resetRequests();
    await outcome.getByRole('button', { name: 'Re-analyze', exact: true }).click();
    await poll(() => shownGeneratedAt(popup), 'generation time after Re-analyze').not.toBe(before);
    const after = the(await shownGeneratedAt(popup), 'The new generation time') as string;
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
    const reanalysed = the(await serviceReport(service, created.id), 'The re-analysed report');
    expect(Date.parse(reanalysed.generated_at ?? '')).toBe(Date.parse(after));
    expect(reanalysed.privacy, 'Re-analyze keeps the privacy').toBe(1);
    expect(
      service.apiRequests().some((entry) => entry.method === 'PUT'),
      'Re-analyze updates the report',
    ).toBe(true);
    await ratingWord(popup, RATING_WORD.decent).waitFor();

    // Delete asks first: Cancel keeps the report.
    const dialog = popup.getByRole('dialog');
    await outcome.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(1);
    expect(await dialog.textContent(), 'the dialog says what will be lost').toContain(url);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await serviceReport(service, created.id), 'Cancel keeps the report').toBeDefined();
    expect(await ratingWord(popup, RATING_WORD.decent).count()).toBe(1);
    expect((await badgeOf(ext, url)).text).toBe(BADGE_TEXT.decent);

    // Delete confirmed: gone on the service, the form is back, the badge is cleared.
    await outcome.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await popup.getByRole('status').filter({ hasText: 'Report deleted.' }).waitFor();
    expect(await serviceReport(service, created.id), 'the service no longer has it').toBe(
      undefined,
    );
    await createButton(popup).waitFor();
    await poll(async () => (await badgeOf(ext, url)).text, 'badge after deleting').toBe('');
  });
});
