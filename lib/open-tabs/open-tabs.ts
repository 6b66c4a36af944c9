// Open tabs: the window's web pages, what the rating cache knows of each, and the one queue job
// that reports the checked ones.
import { type CachedRating, cachedRatingFor } from '../rating/cache';
import { isWebUrl } from '../this-page/pages';
import { type PrivacyChoice, privacyInput } from '../this-page/privacy-choice';

export interface OpenTab {
  id: number;
  url: string;
  title: string;
  known: CachedRating | null;
}

export interface TabLike {
  id?: number;
  url?: string;
  title?: string;
}

/** The web pages among `tabs`, in their order, each with what the cache knows of it. */
export function webTabs(
  tabs: readonly TabLike[],
  cache: unknown,
  account: string | null | undefined,
): OpenTab[] {
  return tabs.flatMap((tab) =>
    tab.id !== undefined && isWebUrl(tab.url)
      ? [
          {
            id: tab.id,
            url: tab.url,
            title: tab.title ?? '',
            known: cachedRatingFor(cache, tab.url, account),
          },
        ]
      : [],
  );
}

/** The user's choice, or else checked unless its address has a known report. */
export function isChecked(tab: OpenTab, choices: ReadonlyMap<number, boolean>): boolean {
  return choices.get(tab.id) ?? tab.known === null;
}

/** The background queue's job for the checked tabs (enqueueJob): a create each, the password once. */
export function reportTabsJob(tabs: readonly OpenTab[], choice: PrivacyChoice) {
  const { privacy, password } = privacyInput(choice);
  return {
    kind: 'create' as const,
    items: tabs.map((tab) => ({ type: 'create' as const, url: tab.url, privacy, tabId: tab.id })),
    ...(password !== undefined ? { password } : {}),
  };
}

interface Event<L> {
  addListener(listener: L): void;
  removeListener(listener: L): void;
}

/** The part of `browser.tabs` it uses. */
export interface WindowTabEvents {
  query(query: { currentWindow: true }): Promise<TabLike[]>;
  onCreated: Event<(tab: TabLike) => void>;
  onRemoved: Event<(tabId: number) => void>;
  onUpdated: Event<(tabId: number, change: { url?: string; title?: string }) => void>;
}

/** Calls `listener` with the tabs of the workspace's window now and after each change; answers
 * the unsubscribe. */
export function followWindowTabs(
  tabs: WindowTabEvents,
  listener: (tabs: TabLike[]) => void,
): () => void {
  let live = true;
  let reads = 0;
  const read = () => {
    const mine = ++reads;
    tabs.query({ currentWindow: true }).then(
      (found) => live && mine === reads && listener(found),
      () => undefined,
    );
  };
  const onUpdated = (_id: number, change: { url?: string; title?: string }) => {
    if ('url' in change || 'title' in change) read();
  };
  tabs.onCreated.addListener(read);
  tabs.onRemoved.addListener(read);
  tabs.onUpdated.addListener(onUpdated);
  read();
  return () => {
    live = false;
    tabs.onCreated.removeListener(read);
    tabs.onRemoved.removeListener(read);
    tabs.onUpdated.removeListener(onUpdated);
  };
}
