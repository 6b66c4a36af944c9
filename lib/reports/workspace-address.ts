// The workspace's place in its address (`sidepanel.html#tab=reports&project=example.com&…`): the
// shell owns `tab`, the Reports tab its filters; each writer changes only its own keys.

/** The hash's keys and values; keys without a value are absent. */
export type HashState = Record<string, string>;

/** A change to the hash: a value sets its key; '', null or undefined removes it. */
export type HashPatch = Record<string, string | number | null | undefined>;

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

/** Applies `patch` to the hash, keeping every key it does not name; no Back step per change. */
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
