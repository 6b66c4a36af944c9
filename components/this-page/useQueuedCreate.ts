// A create for this page that the background's queue holds, followed in the stored jobs until it
// is over: its wait and sending are told as notices, its report or failure handed to the page.
import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ErrorData, ReportSummary } from '../../lib/api/model';
import { type MessageKey, t } from '../../lib/i18n';
import type { StatusAnswer } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';
import { browserOnline } from '../../lib/service/online';
import type { ActiveTab } from '../../lib/this-page/active-tab';
import type { QueuedRef } from '../../lib/this-page/queued-create';
import { statusRequest } from '../../lib/this-page/status-source';

export interface QueuedCreateDeps {
  send: Sender;
  tab: ActiveTab | undefined;
  status: StatusAnswer;
  /** Rendered while the view is there: a create is not followed once it went. */
  heading: RefObject<HTMLElement | null>;
  /** The followed create is being analysed since then (ms). */
  onSince: (since: number) => void;
  onNotice: (text: string) => void;
  /** The followed create made this report. */
  onReport: (report: ReportSummary) => void;
  /** The followed create failed; `context` says what failed. */
  onFailed: (context: MessageKey, error: ErrorData) => void;
}

export function useQueuedCreate({
  send,
  tab,
  status,
  heading,
  onSince,
  onNotice,
  onReport,
  onFailed,
}: QueuedCreateDeps) {
  const [queued, setQueued] = useState(status.queued !== null);
  /** A create followed in the stored jobs is sent: the service is analysing the page. */
  const [analyzing, setAnalyzing] = useState(false);
  const unfollow = useRef<(() => void) | null>(null);

  /** Follows the queued create `ref` in the stored jobs until it is over; its code loads then. */
  function follow(ref: QueuedRef, context: MessageKey = 'popup_queued_failed') {
    setQueued(true);
    unfollow.current?.();
    // The view went while the request was out.
    if (!heading.current) return;
    let said = '';
    let live = true;
    let unwatch = () => {};

    const stop = () => {
      live = false;
      unwatch();
      if (unfollow.current === stop) unfollow.current = null;
    };
    unfollow.current = stop;

    void import('../../lib/this-page/queued-create').then(
      ({ followQueuedCreate, queuedUpdate }) => {
        if (!live) return;
        unwatch = followQueuedCreate(ref, (state) => {
          if (!live) return;
          const update = queuedUpdate(state, browserOnline(), Date.now());
          setAnalyzing(update.queued && update.analyzingSince !== undefined);
          if (update.queued) {
            if (update.analyzingSince !== undefined) onSince(update.analyzingSince);
            setQueued(true);
            if (update.said !== said) onNotice(update.notice);
            said = update.said;
            return;
          }
          stop();
          setQueued(false);
          if (update.report) return onReport(update.report);
          onNotice(update.notice);
          if (update.error) onFailed(context, update.error);
        });
      },
      () => live && onNotice(t('error_no_answer')),
    );
  }

  /** Follows the page's create as stored, if there is one under way; whether there was. */
  async function followStored(): Promise<boolean> {
    const answer = await send(statusRequest(tab));
    if (!answer.ok || !answer.data.queued) return false;
    follow(answer.data.queued, 'popup_createFailed');
    return true;
  }

  // A create queued for this page earlier (getStatus says which) shows as queued, not as a Create
  // button that would make a second; it is followed until the view goes.
  useEffect(() => {
    const { queued } = status;
    if (queued) follow(queued, queued.watched ? 'popup_createFailed' : 'popup_queued_failed');
    return () => unfollow.current?.();
  }, []);

  return { queued, analyzing, follow, followStored };
}
