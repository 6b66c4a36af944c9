// Shared fakes for the popup's component tests: the message layer faked at its typed boundary
// (a fake `Sender`), sample data, and keyboard helpers that act the way a browser does where
// happy-dom does not (Tab moving focus, Enter activating buttons and submitting forms).
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { afterEach, type Mock, vi } from 'vitest';
import { App, type PopupDeps } from '../../entrypoints/popup/App';
import type { ErrorData } from '../../lib/api/model';
import type {
  Answer,
  Request,
  RequestOf,
  RequestType,
  StatusAnswer,
} from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';
import {
  DEFAULT_POPUP_STATE,
  type PopupState,
  type PopupStateStore,
  parsePopupState,
} from '../../lib/reports/view-state';
import { watchSettingsSummary } from '../../lib/settings/summary';
import type { ActiveTab } from '../../lib/this-page/active-tab';
import { summary } from '../support/fixtures';

// Without vitest globals, Testing Library cannot unmount after each test by itself.
afterEach(cleanup);

export type Handlers = {
  [K in RequestType]?: (request: RequestOf<K>) => Answer<K> | Promise<Answer<K>>;
};

export type FakeSender = Sender & Mock<(request: Request) => Promise<Answer<RequestType>>>;

/** A Sender answering from `handlers`; a request without a handler fails the test loudly. */
export function fakeSend(handlers: Handlers): FakeSender {
  return vi.fn(async (request: Request) => {
    const handler = handlers[request.type] as
      | ((request: Request) => Answer<RequestType> | Promise<Answer<RequestType>>)
      | undefined;
    if (!handler) throw new Error(`unexpected request ${request.type}`);
    return handler(request);
  }) as unknown as FakeSender;
}

/** The requests of one type the fake received, in order. */
export function requestsOf<K extends RequestType>(send: FakeSender, type: K): RequestOf<K>[] {
  return send.mock.calls
    .map(([request]) => request)
    .filter((request): request is RequestOf<K> => request.type === type);
}

/**
 * Waits until a request of `type` was sent and the fake's answer to the last one has been handed
 * back, then lets the page render what it did with it: a check that something is not shown
 * comes after.
 */
export async function answeredTo(send: FakeSender, type: RequestType): Promise<void> {
  const index = await waitFor(() => {
    const found = send.mock.calls.findLastIndex(([request]) => request.type === type);
    if (found < 0) throw new Error(`no ${type} request yet`);
    return found;
  });
  await act(async () => {
    await send.mock.results[index]?.value;
  });
}

export function ok<T>(data: T): { ok: true; data: T } {
  return { ok: true, data };
}

export function fail(kind: ErrorData['kind'], message = '', extra: Partial<ErrorData> = {}) {
  return { ok: false as const, error: { kind, message, ...extra } };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export function status(overrides: Partial<StatusAnswer> = {}): StatusAnswer {
  return {
    connected: true,
    // The first account, what everything kept is under.
    account: 'a1',
    accounts: [{ id: 'a1', name: 'reports.example.com' }],
    serviceUrl: 'https://reports.example.com/api/v1',
    siteUrl: 'https://reports.example.com',
    defaultPrivacy: 0,
    showBadge: true,
    contextMenu: true,
    notify: false,
    cached: null,
    queued: null,
    ...overrides,
  };
}

/** A PopupStateStore kept in memory (the real one is tested over fakeBrowser storage). */
export function memoryStore(initial: unknown = undefined) {
  let saved: unknown = initial;
  const store: PopupStateStore & { saved: () => PopupState | undefined } = {
    load: vi.fn(async () => (saved === undefined ? DEFAULT_POPUP_STATE : parsePopupState(saved))),
    save: vi.fn(async (state: PopupState) => {
      saved = JSON.parse(JSON.stringify(state));
    }),
    saved: () => saved as PopupState | undefined,
  };
  return store;
}

export const PAGE_TAB: ActiveTab = {
  id: 7,
  url: 'https://example.com/pricing',
  title: 'Pricing — Example',
};

export interface RenderOptions {
  handlers?: Handlers;
  tab?: ActiveTab | undefined;
  store?: PopupStateStore;
  searchDelay?: number;
}

/**
 * Renders the popup with fakes; getStatus answers "connected" and getReportDetails "nothing to
 * explain" unless a handler says else. The
 * settings summary is watched in the fake browser's storage.
 */
export function renderPopup(options: RenderOptions = {}) {
  const { handlers = {}, store = memoryStore(), searchDelay = 0 } = options;
  const tab = 'tab' in options ? options.tab : PAGE_TAB;
  const send = fakeSend({
    getStatus: () => ok(status()),
    // This page reads why its report got its rating; these tests have nothing to explain.
    getReportDetails: ({ id }) => ok({ report: summary({ id }), explanation: null }),
    ...handlers,
  });
  const deps = {
    send,
    watchStatus: (listener: () => void) => watchSettingsSummary(listener),
    getActiveTab: vi.fn(async () => tab),
    openTab: vi.fn(),
    openOptions: vi.fn(),
    store,
    searchDelay,
  } satisfies PopupDeps;
  const view = render(<App {...deps} />);
  return { ...view, ...deps };
}

// --- Keyboard, the way a browser handles it ---------------------------------------------------

function isTabbable(element: HTMLElement): boolean {
  if (element.tabIndex < 0) return false;
  if ((element as HTMLButtonElement).disabled) return false;
  if (element.closest('[hidden], fieldset:disabled')) return false;
  if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
    // A radio group is one stop: its checked radio, or the first when none is.
    const group = [
      ...document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${element.name}"]`),
    ];
    const stop = group.find((radio) => radio.checked) ?? group[0];
    return stop === element;
  }
  return true;
}

function tabbables(): HTMLElement[] {
  // A modal dialog makes the rest of the page inert.
  const modal = [...document.querySelectorAll('dialog[open]')].pop();
  const root = modal ?? document.body;
  return [
    ...root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'),
  ].filter(isTabbable);
}

/** Tab (or Shift+Tab): lets handlers see the key, then moves focus like a browser. */
export function pressTab(shift = false) {
  const active = (document.activeElement as HTMLElement | null) ?? document.body;
  if (!fireEvent.keyDown(active, { key: 'Tab', shiftKey: shift })) return;
  const order = tabbables();
  const index = order.indexOf(active);
  const next =
    index === -1
      ? shift
        ? order[order.length - 1]
        : order[0]
      : order[(index + (shift ? order.length - 1 : 1)) % order.length];
  next?.focus();
}

/** Enter: activates a focused button or link; in a text box, submits its form. */
export function pressEnter() {
  const active = document.activeElement as HTMLElement | null;
  if (!active || !fireEvent.keyDown(active, { key: 'Enter' })) return;
  if (active instanceof HTMLButtonElement || active instanceof HTMLAnchorElement) {
    // fireEvent (not .click()) so Preact's re-render is flushed, as after a real key press.
    if (!(active as HTMLButtonElement).disabled) fireEvent.click(active);
    return;
  }
  if (active instanceof HTMLInputElement && active.form) {
    // Implicit submission goes through the form's default button, and not when it is disabled.
    const submit = active.form.querySelector<HTMLButtonElement>('button[type=submit]');
    if (submit?.disabled) return;
    fireEvent.submit(active.form);
  }
}

/** Escape on whatever has focus. */
export function pressEscape() {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
}

/** Arrow keys in a radio group: check and focus the next/previous radio. */
export function pressArrow(key: 'ArrowDown' | 'ArrowUp' | 'ArrowLeft' | 'ArrowRight') {
  const active = document.activeElement as HTMLElement | null;
  if (!active || !fireEvent.keyDown(active, { key })) return;
  if (!(active instanceof HTMLInputElement && active.type === 'radio')) return;
  const group = [
    ...document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${active.name}"]`),
  ];
  const step = key === 'ArrowDown' || key === 'ArrowRight' ? 1 : group.length - 1;
  const next = group[(group.indexOf(active) + step) % group.length];
  if (next) {
    next.focus();
    fireEvent.click(next);
  }
}

/** Typing into the focused box. */
export function typeText(text: string) {
  const active = document.activeElement as HTMLInputElement;
  fireEvent.input(active, { target: { value: active.value + text } });
}
