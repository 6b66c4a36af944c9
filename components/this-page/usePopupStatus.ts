// What the popup needs before it can show anything: the active tab and the status (settings
// summary and cached rating, from storage — see lib/this-page/status-source.ts), and nothing else
// (the popup reads its remembered filters once its content is shown); read again when the
// settings change while the popup is open. Any request may learn that the extension is no
// longer connected. The workspace uses it too.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';
import type { StatusAnswer } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';
import type { PopupState, PopupStateStore } from '../../lib/reports/view-state';
import type { ActiveTab } from '../../lib/this-page/active-tab';
import { type StatusSource, statusChanged } from '../../lib/this-page/status-source';

export interface PopupStatusDeps {
  send: Sender;
  /** The settings summary and the cached rating of an address (lib/this-page/status-source.ts). */
  getStatus: StatusSource;
  /** Calls its listener when the stored settings summary changes; answers the unsubscribe. */
  watchStatus?: (listener: () => void) => () => void;
  getActiveTab: () => Promise<ActiveTab | undefined>;
}

export type Load =
  | { phase: 'loading' }
  | { phase: 'ready'; tab: ActiveTab | undefined; status: StatusAnswer }
  | { phase: 'notConnected' }
  | { phase: 'failed'; error: ErrorData };

/** How long loading may take before the popup says it is loading. */
const LOADING_DELAY_MS = 150;

/**
 * With a `store`, `restoreFilters` gets the remembered filters each time the status is read
 * (start, Try again), read together with it; the popup reads them later itself (App.tsx). `send`
 * is `deps.send` watching for not_connected; `slow` says loading takes long enough to say so.
 */
export function usePopupStatus(
  { send: rawSend, getStatus, watchStatus, getActiveTab }: PopupStatusDeps,
  store?: Pick<PopupStateStore, 'load'>,
  restoreFilters?: (stored: PopupState) => void,
) {
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [settingsChanges, setSettingsChanges] = useState(0);
  const [slow, setSlow] = useState(false);
  const settingsChangesSeen = useRef(0);

  const send = useMemo<Sender>(
    () => async (request) => {
      const answer = await rawSend(request);
      if (!answer.ok && answer.error.kind === 'not_connected') setLoad({ phase: 'notConnected' });
      return answer;
    },
    [rawSend],
  );

  const start = useCallback(async () => {
    setLoad({ phase: 'loading' });
    const status = getActiveTab()
      .catch(() => undefined)
      .then(async (tab) => ({ tab, answer: await getStatus(tab?.url) }));
    const [{ tab, answer }, stored] = await Promise.all([status, store?.load()]);
    if (stored) restoreFilters?.(stored);
    if (!answer.ok) {
      setLoad(
        answer.error.kind === 'not_connected'
          ? { phase: 'notConnected' }
          : { phase: 'failed', error: answer.error },
      );
    } else if (!answer.data.connected) {
      setLoad({ phase: 'notConnected' });
    } else {
      setLoad({ phase: 'ready', tab, status: answer.data });
    }
  }, [getActiveTab, getStatus, store, restoreFilters]);

  // A layout effect, not an effect: Preact runs effects only after the next frame is painted,
  // and this would wait for that frame before it even asks for the tab and the status.
  useLayoutEffect(() => {
    void start();
  }, [start]);

  // The settings changed while the popup is open (the options page, an administrator, or the
  // background catching up after the settings were written some other way): read the status
  // again once nothing is loading, and start over only if what the popup shows changed.
  useEffect(() => watchStatus?.(() => setSettingsChanges((count) => count + 1)), [watchStatus]);
  useEffect(() => {
    if (load.phase === 'loading' || settingsChanges === settingsChangesSeen.current) return;
    settingsChangesSeen.current = settingsChanges;
    const shown = load.phase === 'ready' ? load.status : null;
    void getStatus(load.phase === 'ready' ? load.tab?.url : undefined).then((answer) => {
      if (!answer.ok) return;
      if (!shown ? answer.data.connected : statusChanged(shown, answer.data)) void start();
    });
  }, [load, settingsChanges, getStatus, start]);

  // "Loading…" only when loading takes long enough to notice: usually the content comes first,
  // and a spinner flashing for a few milliseconds (and the work of drawing it) helps no one.
  const loading = load.phase === 'loading';
  useEffect(() => {
    setSlow(false);
    if (!loading) return;
    const timer = setTimeout(() => setSlow(true), LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  return { load, slow, start, send };
}
