// Test environment shared by every suite: the fake browser and IndexedDB start empty for each test, and
// browser.i18n answers from the real English catalogue, so tests see the strings users see.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { closeHistory } from '../lib/watch/history';
import english from '../public/_locales/en/messages.json';

type Catalogue = Record<
  string,
  { message: string; placeholders?: Record<string, { content: string }> }
>;

export function englishMessage(key: string, substitutions: string | string[] = []): string {
  const entry = (english as Catalogue)[key];
  if (!entry) return '';
  const subs = Array.isArray(substitutions) ? substitutions : [substitutions];
  let text = entry.message;
  for (const [name, { content }] of Object.entries(entry.placeholders ?? {})) {
    text = text.replaceAll(`$${name.toUpperCase()}$`, content).replaceAll(`$${name}$`, content);
  }
  return text.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
}

if (typeof document !== 'undefined') {
  const { configure, cleanup } = await import('@testing-library/preact');
  // Component tests wait for what appears (findBy…) up to 5 s, not the library's 1 s: a lazy
  // view's chunk may take longer to load when the browsers' tests share the machine.
  configure({ asyncUtilTimeout: 5_000 });
  // The component files share their worker's document (vitest.config.ts): each test starts on a
  // blank page at an address without a hash, nothing focused, and what it rendered is unmounted
  // after it.
  beforeEach(() => {
    window.history.replaceState(null, '', window.location.pathname);
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    document.body.replaceChildren();
  });
  afterEach(cleanup);
}

beforeEach(() => {
  fakeBrowser.reset();
  // A new, empty IndexedDB (the watched pages' history) for each test.
  closeHistory();
  globalThis.indexedDB = new IDBFactory();
  vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation(
    englishMessage as typeof fakeBrowser.i18n.getMessage,
  );
});
