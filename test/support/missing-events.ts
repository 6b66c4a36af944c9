// The background's listeners on events WXT's fake browser does not have (it throws "not
// implemented" on addListener), for tests that start the whole background (`main()`) but do not
// fire these events. The menu's removeAll and create, and the keyword's default line, are
// stubbed likewise.
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

export function stubMissingEvents(): void {
  const omnibox = fakeBrowser.omnibox;
  for (const event of [
    fakeBrowser.runtime.onConnect,
    fakeBrowser.commands.onCommand,
    fakeBrowser.contextMenus.onClicked,
    omnibox.onInputChanged,
    omnibox.onInputEntered,
    omnibox.onInputCancelled,
  ]) {
    vi.spyOn(event as { addListener(listener: unknown): void }, 'addListener').mockImplementation(
      () => undefined,
    );
  }
  vi.spyOn(omnibox, 'setDefaultSuggestion').mockImplementation(() => undefined);
  vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
  vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(() => 1);
}
