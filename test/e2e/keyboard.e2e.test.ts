// The popup by keyboard alone (Tab, Shift+Tab, Enter, Space, Escape — never a click): creating
// a report, opening the delete confirmation, leaving it with Escape, and deleting from it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeFocus,
  isFocused,
  openPageTab,
  openPopup,
  outcomeOf,
  poll,
  RATING_WORD,
  type Stack,
  serviceReportFor,
  startStack,
  tabTo,
  the,
} from './flows';

const API_KEY = 'keyboard-e2e-key-0001';

let stack: Stack | undefined;
const opened: Page[] = [];

beforeAll(async () => {
  stack = await startStack({ service: { apiKeys: [API_KEY] } });
});

afterAll(async () => {
  for (const page of opened.splice(0)) await page.close().catch(() => undefined);
  await stack?.close();
});

/** Whether the focus is on an element inside the open dialog. */
const focusInDialog = (popup: Page) =>
  popup.evaluate(() => document.activeElement?.closest('dialog[open]') != null);

describe('keyboard only', () => {
  it('creates a report, cancels a delete with Escape, and deletes from the dialog', async () => {
    const { ext, service, sample } = the(stack, 'The stack');
    const url = sample('good');
    opened.push(await openPageTab(ext, url));
    const popup = await openPopup(ext);
    opened.push(popup);
    await popup.getByText(url, { exact: true }).waitFor();

    // From the popup's first focus to Create report, with Tab only.
    const create = popup.getByRole('button', { name: 'Create report', exact: true });
    await tabTo(popup, create);
    await popup.keyboard.press('Enter');
    const outcome = outcomeOf(popup);
    await outcome.getByText(RATING_WORD.good, { exact: true }).waitFor();
    const report = the(await serviceReportFor(service, url), 'The created report');

    // Tab on to Delete: Enter opens the confirmation with the focus inside it.
    const deleteButton = outcome.getByRole('button', { name: 'Delete', exact: true });
    await tabTo(popup, deleteButton);
    await popup.keyboard.press('Enter');
    const dialog = popup.getByRole('dialog');
    await dialog.waitFor();
    expect(
      await focusInDialog(popup),
      `focus in the dialog, not ${await describeFocus(popup)}`,
    ).toBe(true);

    // Escape: closed, nothing deleted, the focus back on Delete.
    await popup.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await serviceReportFor(service, url), 'Escape keeps the report').toMatchObject({
      id: report.id,
    });
    expect(await outcome.getByText(RATING_WORD.good, { exact: true }).count()).toBe(1);
    expect(await isFocused(deleteButton), `focus after Escape: ${await describeFocus(popup)}`).toBe(
      true,
    );

    // Space opens it again; Tab (and Shift+Tab) stay in the dialog; Enter on its Delete deletes.
    await popup.keyboard.press(' ');
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
    await tabTo(popup, confirm, 4);
    await popup.keyboard.press('Shift+Tab');
    expect(await focusInDialog(popup), 'Shift+Tab stays in the dialog').toBe(true);
    await tabTo(popup, confirm, 4);
    await popup.keyboard.press('Enter');
    await popup.getByRole('status').filter({ hasText: 'Report deleted.' }).waitFor();
    await poll(() => serviceReportFor(service, url), 'the report on the service').toBeUndefined();
    expect(await popup.getByRole('dialog').count()).toBe(0);
    expect(await describeFocus(popup), 'the focus is not dropped on the page body').not.toBe(
      '<body>',
    );
  });

  it('keeps the focus in the popup when Create and Save privacy finish', async () => {
    const { ext, service, sample } = the(stack, 'The stack');
    const url = sample('decent');
    opened.push(await openPageTab(ext, url));
    const popup = await openPopup(ext);
    opened.push(popup);
    await popup.getByText(url, { exact: true }).waitFor();

    // Create: the button and its form give way to the outcome; the focus must go somewhere
    // in the popup, not to the document body (where a screen reader user loses their place).
    await tabTo(popup, popup.getByRole('button', { name: 'Create report', exact: true }));
    await popup.keyboard.press('Enter');
    const outcome = outcomeOf(popup);
    await outcome.getByText(RATING_WORD.decent, { exact: true }).waitFor();
    expect.soft(await describeFocus(popup), 'focus after Create finished').not.toBe('<body>');

    // Change privacy by keyboard: Enter opens the form, arrows choose, Enter on Save privacy.
    const change = outcome.getByRole('button', { name: 'Change privacy', exact: true });
    await tabTo(popup, change);
    await popup.keyboard.press('Enter');
    const publicChoice = outcome.getByRole('radio', { name: 'Public', exact: true });
    await tabTo(popup, publicChoice);
    await popup.keyboard.press('ArrowRight');
    expect(
      await outcome.getByRole('radio', { name: 'Private', exact: true }).isChecked(),
      'ArrowRight chooses Private',
    ).toBe(true);
    await tabTo(popup, outcome.getByRole('button', { name: 'Save privacy', exact: true }));
    await popup.keyboard.press('Enter');
    await popup.getByRole('status').filter({ hasText: 'Privacy changed.' }).waitFor();
    expect(await serviceReportFor(service, url)).toMatchObject({ privacy: 1 });
    expect.soft(await describeFocus(popup), 'focus after Save privacy finished').not.toBe('<body>');
  });
});
