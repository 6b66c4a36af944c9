// The popup's parts that its first content does not need, split off (see lazy-component.tsx)
// into one chunk (parts.ts): the error alert with the words of every error (only when something
// failed), the delete confirmation (after a click on Delete), the privacy editor (after Change
// privacy), why the popup cannot show the page (not connected, status failed), This page's
// actions (after a click) and the message layer (the first request goes out after the content
// is shown). App preloads them once the content is on screen, so they show, and run, at once
// when needed.

import type { PageAction, PageContext } from '../../components/this-page/page-actions';
import type { Sender } from '../../lib/messaging/send';
import { lazyComponent, loader } from './lazy-component';

const parts = loader(() => import('./parts'));

export const ErrorAlert = lazyComponent(
  () => parts.preload().then((module) => module.ErrorAlert),
  // Without an error it renders nothing: no need for its code.
  { needed: (props) => Boolean(props.error) },
);

export const ConfirmDialog = lazyComponent(() =>
  parts.preload().then((module) => module.ConfirmDialog),
);

export const PrivacyEditor = lazyComponent(() =>
  parts.preload().then((module) => module.PrivacyEditor),
);

export const NotReady = lazyComponent(() => parts.preload().then((module) => module.NotReady));

/**
 * lib/send's `send`, its code loaded with the first request (or the preload). Like it, never
 * throws: code that is gone (an extension updated while the popup is open) is a message without
 * an answer.
 */
export const send: Sender = (request) =>
  parts.preload().then(
    (module) => module.send(request),
    () => ({ ok: false, error: { kind: 'bad_message', reason: 'noAnswer', message: '' } }),
  );

/** Loads what This page may need next; nothing is shown or sent. */
export function preloadParts(): Promise<unknown> {
  return parts.preload();
}

/**
 * Runs one of This page's actions (this-page/page-actions.ts): at once when its code is in, as
 * it usually is (preloaded), else as soon as it is.
 */
export function runPageAction(action: PageAction, page: PageContext): void {
  const loaded = parts.loaded();
  if (loaded) void loaded.pageActions[action](page);
  else
    parts.preload().then(
      (module) => module.pageActions[action](page),
      () => undefined,
    );
}
