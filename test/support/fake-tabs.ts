// A fake of the part of `browser.tabs` the workspace uses: tabs in windows, and the events it
// follows, fired by the helpers the way the browser fires them (wxt's fakeBrowser has no
// windows for a side panel and answers tabs.getCurrent with the active tab).
import { vi } from 'vitest';

export interface FakeTab {
  id: number;
  windowId: number;
  url?: string;
  title?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: listeners of any shape
export function fakeEvent<L extends (...args: any[]) => unknown>() {
  const listeners = new Set<L>();
  return {
    addListener: (listener: L) => void listeners.add(listener),
    removeListener: (listener: L) => void listeners.delete(listener),
    count: () => listeners.size,
    trigger: (...args: Parameters<L>) => {
      for (const listener of [...listeners]) listener(...args);
    },
  };
}

/** The window the workspace is in (`currentWindow`). */
export const WINDOW = 1;
export const OTHER_WINDOW = 2;

export function fakeTabs(initial: FakeTab[]) {
  const list = initial.map((tab) => ({ ...tab }));
  const onActivated = fakeEvent<(info: { tabId: number; windowId: number }) => void>();
  const onUpdated =
    fakeEvent<(tabId: number, change: { url?: string; title?: string }, tab: FakeTab) => void>();
  const onCreated = fakeEvent<(tab: FakeTab) => void>();
  const onRemoved = fakeEvent<(tabId: number) => void>();
  const find = (id: number) => {
    const tab = list.find((candidate) => candidate.id === id);
    if (!tab) throw new Error(`No tab with id: ${id}.`);
    return tab;
  };
  return {
    list,
    get: vi.fn(async (id: number) => ({ ...find(id) })),
    query: vi.fn(async (query: { currentWindow?: boolean }) =>
      list
        .filter((tab) => !query.currentWindow || tab.windowId === WINDOW)
        .map((tab) => ({ ...tab })),
    ),
    onActivated,
    onUpdated,
    onCreated,
    onRemoved,
    /** Brings a tab to the front of its window. */
    activate(id: number) {
      onActivated.trigger({ tabId: id, windowId: find(id).windowId });
    },
    /** The tab goes to `url` (and gets `title`). */
    navigate(id: number, url: string, title?: string) {
      const tab = find(id);
      tab.url = url;
      if (title !== undefined) tab.title = title;
      onUpdated.trigger(id, title === undefined ? { url } : { url, title }, { ...tab });
    },
    open(tab: FakeTab) {
      list.push({ ...tab });
      onCreated.trigger({ ...tab });
    },
    close(id: number) {
      list.splice(list.indexOf(find(id)), 1);
      onRemoved.trigger(id);
    },
  };
}

export type FakeTabs = ReturnType<typeof fakeTabs>;
