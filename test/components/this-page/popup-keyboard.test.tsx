// @vitest-environment happy-dom
// Keyboard only: focus moves with Tab (as a browser moves it), Enter activates, Escape cancels.
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { listPage, report } from '../../support/fixtures';
import {
  fail,
  ok,
  PAGE_TAB,
  pressArrow,
  pressEnter,
  pressEscape,
  pressTab,
  renderPopup,
  requestsOf,
  typeText,
} from '../popup-helpers';

function focused() {
  return document.activeElement as HTMLElement;
}

function focusedName() {
  const element = focused();
  if (element instanceof HTMLInputElement && element.labels?.[0]) {
    return element.labels[0].textContent?.trim();
  }
  return element.textContent?.trim();
}

async function tabTo(name: string, limit = 20) {
  for (let i = 0; i < limit && focusedName() !== name; i++) pressTab();
  expect(focusedName()).toBe(name);
}

describe('keyboard: the Create flow', () => {
  it('chooses Password, types it and creates, with Tab, arrows and Enter only', async () => {
    const { send } = renderPopup({ handlers: { createReport: () => ok(report({ privacy: 2 })) } });
    await screen.findByRole('button', { name: 'Create report' });

    pressTab();
    expect(focusedName()).toBe('This page');
    pressTab();
    expect(focusedName()).toBe('Public');
    pressArrow('ArrowRight');
    pressArrow('ArrowRight');
    expect(focusedName()).toBe('Password');
    expect(screen.getByRole('radio', { name: 'Password' })).toHaveProperty('checked', true);

    pressTab();
    expect(focused()).toBe(screen.getByLabelText('Report password'));
    // Enter with an empty password does nothing: Create is disabled.
    pressEnter();
    expect(requestsOf(send, 'createReport')).toEqual([]);

    typeText('hunter2');
    pressTab();
    expect(focusedName()).toBe('Create report');
    pressEnter();
    expect(await screen.findByText('Good')).toBeTruthy();
    expect(requestsOf(send, 'createReport')).toEqual([
      { type: 'createReport', input: { url: PAGE_TAB.url, privacy: 2, password: 'hunter2' } },
    ]);
  });

  it('submits from the password box with Enter', async () => {
    const { send } = renderPopup({ handlers: { createReport: () => ok(report()) } });
    await screen.findByRole('button', { name: 'Create report' });
    await tabTo('Public');
    pressArrow('ArrowLeft');
    expect(focusedName()).toBe('Password');
    pressTab();
    typeText('pw');
    pressEnter();
    await waitFor(() => expect(requestsOf(send, 'createReport')).toHaveLength(1));
  });

  it('moves the focus to the outcome when Create finishes, and back to Create when it fails', async () => {
    let succeed = false;
    renderPopup({
      handlers: {
        createReport: () =>
          succeed ? ok(report()) : fail('server', 'The service failed.', { status: 500 }),
      },
    });
    await screen.findByRole('button', { name: 'Create report' });
    await tabTo('Create report');
    pressEnter();
    await screen.findByRole('alert');
    expect(focused()).toBe(screen.getByRole('button', { name: 'Create report' }));

    succeed = true;
    pressEnter();
    await screen.findByText('Good');
    expect(focused()).toBe(screen.getByRole('region', { name: 'Report for this page' }));
  });
});

describe('keyboard: the delete confirmation', () => {
  async function outcomeOnScreen() {
    const rendered = renderPopup({
      handlers: { createReport: () => ok(report()), deleteReport: () => ok({ id: 42 }) },
    });
    await screen.findByRole('button', { name: 'Create report' });
    await tabTo('Create report');
    pressEnter();
    await screen.findByText('Good');
    return rendered;
  }

  it('opens on Enter with focus on Cancel, keeps Tab inside, and Escape cancels', async () => {
    const { send } = await outcomeOnScreen();
    await tabTo('Delete');
    const deleteButton = focused();
    pressEnter();

    // The dialog's code may still be loading (it is split off): wait for it to open.
    const dialog = await screen.findByRole('dialog', { name: 'Delete this report?' });
    expect(dialog.contains(focused())).toBe(true);
    expect(focusedName()).toBe('Cancel');
    pressTab();
    expect(focusedName()).toBe('Delete');
    expect(dialog.contains(focused())).toBe(true);
    pressTab();
    expect(focusedName()).toBe('Cancel');

    pressEscape();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(deleteButton);
    expect(requestsOf(send, 'deleteReport')).toEqual([]);
  });

  it('Cancel with Enter keeps the report', async () => {
    const { send } = await outcomeOnScreen();
    await tabTo('Delete');
    pressEnter();
    expect(focusedName()).toBe('Cancel');
    pressEnter();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsOf(send, 'deleteReport')).toEqual([]);
    screen.getByText('Good');
  });

  it('Tab to Delete and Enter deletes', async () => {
    const { send } = await outcomeOnScreen();
    await tabTo('Delete');
    pressEnter();
    pressTab();
    expect(focusedName()).toBe('Delete');
    pressEnter();
    expect(await screen.findByText('Report deleted.')).toBeTruthy();
    expect(requestsOf(send, 'deleteReport')).toEqual([{ type: 'deleteReport', id: 42 }]);
    // Focus is not lost on the page after the outcome went away.
    expect(focused()).toBe(screen.getByRole('heading', { name: PAGE_TAB.title }));
  });

  it('works the same in the Reports list', async () => {
    const { send } = renderPopup({
      handlers: {
        listReports: () => ok(listPage([report({ id: 5, url: 'https://example.com/a' })])),
        listProjects: () => ok(listPage([])),
        deleteReport: () => ok({ id: 5 }),
      },
    });
    await screen.findByRole('button', { name: 'Create report' });
    pressTab();
    expect(focusedName()).toBe('This page');
    // Arrow keys move between the tabs.
    pressArrow('ArrowRight');
    expect(focusedName()).toBe('Reports');
    expect(focused().getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('listitem', { name: 'https://example.com/a' });
    await tabTo('Delete', 40);
    pressEnter();
    screen.getByRole('dialog');
    pressEscape();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focusedName()).toBe('Delete');
    pressEnter();
    pressTab();
    pressEnter();
    await waitFor(() =>
      expect(requestsOf(send, 'deleteReport')).toEqual([{ type: 'deleteReport', id: 5 }]),
    );
  });
});

describe('keyboard: tabs', () => {
  it('moves between views with arrow keys, Home and End', async () => {
    renderPopup({
      handlers: {
        listReports: () => ok(listPage([])),
        listProjects: () => ok(listPage([])),
      },
    });
    await screen.findByRole('button', { name: 'Create report' });
    pressTab();
    const keys: [string, string][] = [
      ['ArrowRight', 'Reports'],
      ['ArrowRight', 'Projects'],
      ['ArrowRight', 'This page'],
      ['ArrowLeft', 'Projects'],
      ['Home', 'This page'],
      ['End', 'Projects'],
    ];
    for (const [key, name] of keys) {
      fireEvent.keyDown(focused(), { key });
      expect(focusedName()).toBe(name);
      expect(screen.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
    }
    // Only the selected tab is a Tab stop.
    expect(screen.getByRole('tab', { name: 'This page' }).tabIndex).toBe(-1);
  });
});
