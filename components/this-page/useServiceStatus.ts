// What the popup and the workspace need before they show anything: the active tab, then the
// background's status for its page (the workspace shows the settings summary the background
// stored until the background answers), read again when the settings change while they are open.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { AccountChoice } from '../../lib/account/accounts';
import type { ErrorData } from '../../lib/api/model';
import type { Answer, StatusAnswer } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';
import type { SettingsSummary } from '../../lib/settings/summary';
import type { ActiveTab } from '../../lib/this-page/active-tab';
import { statusChanged, statusRequest, statusWithoutPage } from '../../lib/this-page/status-source';

export interface ServiceStatusDeps {
  send: Sender;
  /** Calls its listener when the stored settings summary changes; answers the unsubscribe. */
  watchStatus?: (listener: () => void) => () => void;
  getActiveTab: () => Promise<ActiveTab | undefined>;
  /**
   * The settings summary as stored (readSettingsSummary), null when none is: the status without a
   * page, shown before a stopped background has woken to answer. Without it, only the answer.
   */
  readSummary?: () => Promise<SettingsSummary | null>;
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
 * `forPage: false`: the status without the page's cached rating and queued create, read while
 * the tab is looked for (the workspace). `send` is `deps.send` watching for not_connected;
 * `slow`: loading takes long enough to say so.
 */
export function useServiceStatus(
  { send: rawSend, watchStatus, getActiveTab, readSummary }: ServiceStatusDeps,
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

  /** The stored summary as the status without a page (the workspace's); null when none is. */
  const storedStatus = useCallback(async (): Promise<StatusAnswer | null> => {
    const summary = forPage ? null : await readSummary?.().catch(() => null);
    return summary ? statusWithoutPage(summary) : null;
  }, [readSummary, forPage]);

  /** The latest start: an earlier one's late answer is not shown. */
  const starts = useRef(0);

  const start = useCallback(async () => {
    const run = ++starts.current;
    setLoad({ phase: 'loading' });
    const found = getActiveTab().catch(() => undefined);
    const asked = forPage
      ? found.then((tab) => rawSend(statusRequest(tab)))
      : rawSend(statusRequest(undefined));
    const stored = await storedStatus();
    if (!stored) {
      const [tab, answer] = await Promise.all([found, asked]);
      if (run === starts.current) setLoad(loadOf(tab, answer));
      return;
    }
    // Shown without waiting for a stopped background to wake; its own answer replaces it when
    // they differ (a summary it could not write, settings it has not seen change) or it failed.
    const tab = await found;
    if (run !== starts.current) return;
    setLoad(loadOf(tab, { ok: true, data: stored }));
    const answer = await asked;
    if (run === starts.current && (!answer.ok || statusChanged(stored, answer.data))) {
      setLoad(loadOf(tab, answer));
    }
  }, [getActiveTab, rawSend, storedStatus, forPage]);

  // Layout effects, in this order: the summary is watched before it is first read, and read
  // without waiting for the next frame.
  useLayoutEffect(
    () => watchStatus?.(() => setSettingsChanges((count) => count + 1)),
    [watchStatus],
  );
  useLayoutEffect(() => {
    void start();
  }, [start]);

  // The settings changed while open: read the status again once nothing is loading, and start
  // over only if what is shown changed.
  useEffect(() => {
    if (load.phase === 'loading' || settingsChanges === settingsChangesSeen.current) return;
    settingsChangesSeen.current = settingsChanges;
    const shown = load.phase === 'ready' ? load.status : null;
    const tab = forPage && load.phase === 'ready' ? load.tab : undefined;
    const read = storedStatus().then(
      (stored): Answer<'getStatus'> | Promise<Answer<'getStatus'>> =>
        stored ? { ok: true, data: stored } : rawSend(statusRequest(tab)),
    );
    void read.then((answer) => {
      if (!answer.ok) return;
      if (!shown ? answer.data.connected : statusChanged(shown, answer.data)) void start();
    });
  }, [load, settingsChanges, rawSend, storedStatus, start, forPage]);

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

/** What a status answer for the page in `tab` shows. */
function loadOf(tab: ActiveTab | undefined, answer: Answer<'getStatus'>): Load {
  if (!answer.ok) {
    return answer.error.kind === 'not_connected'
      ? { phase: 'notConnected' }
      : { phase: 'failed', error: answer.error };
  }
  if (!answer.data.connected) {
    const { accounts, account } = answer.data;
    return { phase: 'notConnected', accounts, account };
  }
  return { phase: 'ready', tab, status: answer.data };
}
