// The workspace's place in its address: `sidepanel.html#tab=reports&project=example.com&…`, so a
// reload, a bookmark or a copied link comes back to the same view. Plain URLSearchParams in the
// fragment. The shell owns `tab`; the Reports view owns its filter keys (`search`, `result`,
// `project`, `sortBy`, `sort`, `perPage`, `page`) — the Projects view writes only `project` (and
// clears `search`, `result` and `page`) when it shows a project's reports. Each writer changes
// only its own keys and leaves the others alone.
//
// Writes replace the history entry (no Back step per filter) and tell every watcher at once;
// an address typed or changed by Back/Forward reaches the watchers through `hashchange`.

/** The hash's keys and values; keys without a value are absent. */
export type HashState = Record<string, string>;

/** A change to the hash: a value sets its key; '', null or undefined removes it. */
export type HashPatch = Record<string, string | number | null | undefined>;

export const WORKSPACE_TABS = ['reports', 'projects', 'open-tabs', 'activity'] as const;
export type WorkspaceTab = (typeof WORKSPACE_TABS)[number];

/** The key of the shown tab. */
export const TAB_KEY = 'tab';

/** Fired on the window after writeHash changed the address (hashchange is not, for replaceState). */
const WRITTEN = 'workspace-hash';

type HashWindow = Pick<
  Window,
  'location' | 'history' | 'addEventListener' | 'removeEventListener'
> &
  Pick<EventTarget, 'dispatchEvent'>;

const here = () => globalThis.window as HashWindow;

export function parseHash(hash: string): HashState {
  const state: HashState = {};
  for (const [key, value] of new URLSearchParams(hash.replace(/^#/, ''))) {
    if (value !== '') state[key] = value;
  }
  return state;
}

export function readHash(win: HashWindow = here()): HashState {
  return parseHash(win.location.hash);
}

/** Applies `patch` to the hash, keeping every key it does not name. */
export function writeHash(patch: HashPatch, win: HashWindow = here()): void {
  const params = new URLSearchParams(win.location.hash.replace(/^#/, ''));
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === null || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  const { pathname, search, hash } = win.location;
  const next = query ? `#${query}` : '';
  if (next === hash || (next === '' && hash === '#')) return;
  win.history.replaceState(win.history.state, '', `${pathname}${search}${next}`);
  win.dispatchEvent(new Event(WRITTEN));
}

/** Calls `listener` with the new hash after every change; answers the unsubscribe. */
export function watchHash(listener: (hash: HashState) => void, win: HashWindow = here()) {
  const onChange = () => listener(readHash(win));
  win.addEventListener('hashchange', onChange);
  win.addEventListener(WRITTEN, onChange);
  return () => {
    win.removeEventListener('hashchange', onChange);
    win.removeEventListener(WRITTEN, onChange);
  };
}

/** The tab the hash names; Reports when it names none (or one that does not exist). */
export function tabFromHash(hash: HashState): WorkspaceTab {
  const tab = hash[TAB_KEY];
  return (WORKSPACE_TABS as readonly string[]).includes(tab ?? '')
    ? (tab as WorkspaceTab)
    : 'reports';
}
