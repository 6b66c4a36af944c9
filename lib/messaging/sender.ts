// Who may talk to the background: only the extension's own pages (popup, options — also when
// the popup is opened as a tab or window). Content scripts, web pages and other extensions may not.
import { browser } from 'wxt/browser';

export interface MessageSender {
  id?: string;
  url?: string;
}

export function isOwnPage(
  sender: MessageSender | undefined,
  runtime: { id: string; getURL(path: '/'): string } = browser.runtime,
): boolean {
  if (!sender || sender.id !== runtime.id || typeof sender.url !== 'string') return false;
  return sender.url.startsWith(runtime.getURL('/'));
}
