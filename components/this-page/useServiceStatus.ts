// What the popup and the workspace need before they show anything: the active tab, then the
// background's status for its page, asked again when the settings change while they are open.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { AccountChoice } from '../../lib/account/accounts';
import type { ErrorData } from '../../lib/api/model';
import type { StatusAnswer } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';
import type { ActiveTab } from '../../lib/this-page/active-tab';
import { statusChanged, statusRequest } from '../../lib/this-page/status-source';

export interface ServiceStatusDeps {
  send: Sender;
  /** Calls its listener when the stored settings summary changes; answers the unsubscribe. */
  watchStatus?: (listener: () => void) => () => void;
  getActiveTab: () => Promise<ActiveTab | undefined>;
}

export type Load =
  | { phase: 'loading' }
  | { phase: 'ready'; tab: ActiveTab | undefined; status: StatusAnswer }
  /** `accounts`: when another account may be chosen (an account without a key is in use). */
  | { phase: 'notConnected'; accounts?: AccountChoice[]; account?: string | null }
  | { phase: 'failed'; error: ErrorData };

/** How long loading may take before the popup says it is loading. */
const LOADING_DELAY_MS = 150;

/**
 * `forPage: false`: the status without the page's cached rating and queued create, asked while
 * the tab is looked for (the workspace). `send` is `deps.send` watching for not_connected;
 * `slow`: loading takes long enough to say so.
 */
export function useServiceStatus(
  { send: rawSend, watchStatus, getActiveTab }: ServiceStatusDeps,
  { forPage = true } = {},
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
    const found = getActiveTab().catch(() => undefined);
    const asked = forPage
      ? found.then((tab) => rawSend(statusRequest(tab)))
      : rawSend(statusRequest(undefined));
    const [tab, answer] = await Promise.all([found, asked]);
    if (!answer.ok) {
      setLoad(
        answer.error.kind === 'not_connected'
          ? { phase: 'notConnected' }
          : { phase: 'failed', error: answer.error },
      );
    } else if (!answer.data.connected) {
      const { accounts, account } = answer.data;
      setLoad({ phase: 'notConnected', accounts, account });
    } else {
      setLoad({ phase: 'ready', tab, status: answer.data });
    }
  }, [getActiveTab, rawSend, forPage]);

  // A layout effect: a plain one would wait for the next frame before asking anything.
  useLayoutEffect(() => {
    void start();
  }, [start]);

  // The settings changed while open: read the status again once nothing is loading, and start
  // over only if what is shown changed.
  useEffect(() => watchStatus?.(() => setSettingsChanges((count) => count + 1)), [watchStatus]);
  useEffect(() => {
    if (load.phase === 'loading' || settingsChanges === settingsChangesSeen.current) return;
    settingsChangesSeen.current = settingsChanges;
    const shown = load.phase === 'ready' ? load.status : null;
    const tab = forPage && load.phase === 'ready' ? load.tab : undefined;
    void rawSend(statusRequest(tab)).then((answer) => {
      if (!answer.ok) return;
      if (!shown ? answer.data.connected : statusChanged(shown, answer.data)) void start();
    });
  }, [load, settingsChanges, rawSend, start, forPage]);

  // "Loading…" only when loading takes long enough to notice: a flashing spinner helps no one.
  const loading = load.phase === 'loading';
  useEffect(() => {
    setSlow(false);
    if (!loading) return;
    const timer = setTimeout(() => setSlow(true), LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  return { load, slow, start, send };
}
