// @vitest-environment happy-dom
// The options page's Keyboard shortcuts: each command with its keys or "Not set", and where the
// browser changes them.
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ShortcutsSection } from '../../../components/settings/ShortcutsSection';

afterEach(cleanup);

const COMMANDS = [
  { name: '_execute_action', description: '', shortcut: 'Alt+Shift+S' },
  { name: 'create-report', description: 'Create a site report for the current page', shortcut: '' },
];

async function rows() {
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('ShortcutsSection', () => {
  it('lists each command with its shortcut, or Not set', async () => {
    render(<ShortcutsSection getCommands={async () => COMMANDS} place="chromium" />);
    screen.getByRole('region', { name: 'Keyboard shortcuts' });
    expect(await rows()).toEqual([
      ['Open the Site Report popup', 'Alt+Shift+S'],
      ['Create a site report for the current page', 'Not set'],
    ]);
    expect(screen.getByRole('columnheader', { name: 'Shortcut' })).toBeTruthy();
    screen.getByText(/chrome:\/\/extensions\/shortcuts/);
  });

  it('says where Firefox changes them', async () => {
    render(<ShortcutsSection getCommands={async () => COMMANDS} place="firefox" />);
    await screen.findByRole('table');
    screen.getByText(/Manage Extension Shortcuts/);
    expect(screen.queryByText(/chrome:\/\//)).toBeNull();
  });

  it('says so when the browser does not tell', async () => {
    render(
      <ShortcutsSection getCommands={() => Promise.reject(new Error('no API'))} place="chromium" />,
    );
    await screen.findByText('This browser does not say which shortcuts are set.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
