import { describe, expect, it } from 'vitest';
import { shortcutRows, shortcutsPlace } from '../../../lib/reach/shortcuts';

describe('shortcutRows', () => {
  it.each([
    [
      { name: 'create-report', description: 'Create a report', shortcut: 'Alt+Shift+R' },
      { name: 'create-report', description: 'Create a report', shortcut: 'Alt+Shift+R' },
    ],
    [
      { name: 'create-report', description: 'Create a report', shortcut: '' },
      { name: 'create-report', description: 'Create a report', shortcut: null },
    ],
    [
      { name: '_execute_action', description: '', shortcut: 'Alt+Shift+S' },
      { name: '_execute_action', description: 'Open the popup', shortcut: 'Alt+Shift+S' },
    ],
    [
      { name: '_execute_browser_action' },
      { name: '_execute_browser_action', description: 'Open the popup', shortcut: null },
    ],
  ])('%j reads as %j', (command, row) => {
    expect(shortcutRows([command], { openPopup: 'Open the popup' })).toEqual([row]);
  });
});

describe('shortcutsPlace', () => {
  it.each([
    ['chrome-extension://abc/', 'chromium'],
    ['moz-extension://abc/', 'firefox'],
  ])('%s: %s', (url, place) => {
    expect(shortcutsPlace(url)).toBe(place);
  });
});
