// The options page's list of keyboard shortcuts, from commands.getAll(): what each does and its
// keys, and where the browser lets the user change them (no extension page may open that place).

export interface Command {
  name?: string;
  description?: string;
  shortcut?: string;
}

export interface ShortcutRow {
  name: string;
  description: string;
  /** The keys, or null when none is set. */
  shortcut: string | null;
}

/** The commands that open the toolbar popup have no description of their own in the manifest. */
const OPEN_POPUP = new Set(['_execute_action', '_execute_browser_action']);

export function shortcutRows(
  commands: readonly Command[],
  words: { openPopup: string },
): ShortcutRow[] {
  return commands.map(({ name = '', description, shortcut }) => ({
    name,
    description: description || (OPEN_POPUP.has(name) ? words.openPopup : name),
    shortcut: shortcut?.trim() ? shortcut : null,
  }));
}

export type ShortcutsPlace = 'chromium' | 'firefox';

/** Which browser's place to name, from the extension's own address. */
export function shortcutsPlace(extensionUrl: string): ShortcutsPlace {
  return extensionUrl.startsWith('moz-extension:') ? 'firefox' : 'chromium';
}
