import type { ReportSummary } from '../../lib/api/model';
import { errorText } from '../../lib/error-text';
import { t } from '../../lib/i18n';
import { type Job, jobsItem, parseStoredJobs } from '../../lib/jobs/jobs';
import { awaitRating } from '../../lib/rating/await-rating';
import { passwordMissing, privacyInput } from '../../lib/this-page/privacy-choice';
import { canQueueCreate } from '../../lib/this-page/queueable';
import {
  findQueuedCreate,
  type QueuedRef,
  type QueuedState,
  queuedState,
  whenSent,
} from '../../lib/this-page/queued-create';
import { followItem } from '../ui/useStoredValue';
import { begin, endWithWait, failAt } from './page-steps';
import { PAGE, type PageContext } from './page-work';

const isOnline = () => navigator.onLine !== false;

/** What the page says of a waiting create, as a key: it is said again only when this changes. */
function saidOf(state: QueuedState): string {
  if (state.stage !== 'waiting') return state.stage;
  return `waiting ${state.resumeAt} ${state.pause?.reason ?? state.pause?.kind ?? ''}`;
}

/** Hands the failed create to the queue, with what the form holds and the wait the service asked. */
export async function queueCreate(page: PageContext): Promise<void> {
  const error = page.actions.failureAt(PAGE, 'create')?.error;
  // Offered for a network failure while offline: the browser may be back online since.
  if (!error || page.work || !canQueueCreate(error, false) || passwordMissing(page.choice)) return;
  begin(page, 'queue');
  const { privacy, password } = privacyInput(page.choice);
  const { tabId, url } = page;
  const answer = await page.send({
    type: 'enqueueJob',
    kind: 'create',
    items: [{ type: 'create', url, privacy, ...(tabId !== undefined && { tabId }) }],
    ...(password !== undefined && { password }),
    ...(error.retryAfterSeconds !== undefined && { retryAfterSeconds: error.retryAfterSeconds }),
  });
  if (!answer.ok) {
    page.focusAfterRender(page.refs.create);
    return failAt(page, 'create', 'popup_queued_refused', answer.error);
  }
  const { id, resumeAt } = answer.data;
  page.actions.end(PAGE);
  page.setQueued(true);
  page.setNotice(whenSent(resumeAt, isOnline(), Date.now()));
  // The create form (and the button that had the focus) gives way to the queued state.
  page.focusAfterRender(page.refs.heading);
  const ref: QueuedRef = { jobId: id, index: 0 };
  follow(page, () => ref, saidOf({ stage: 'waiting', resumeAt }));
}

/** When the page opens: a create waiting in the queue for it shows as queued, and is followed. */
export async function findQueued(page: PageContext): Promise<void> {
  follow(page, (jobs) => findQueuedCreate(jobs, page.url, page.tabId));
}

/** Whether the focus is nowhere in particular (on the page, or on its heading). */
function focusIsIdle(page: PageContext): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === page.refs.heading.current;
}

/** The queued create made its report: shown as a create's, with its rating once there is one. */
async function showReport(page: PageContext, report: ReportSummary) {
  if (focusIsIdle(page)) page.focusAfterRender(page.refs.outcome);
  page.setNotice('');
  page.setOutcome(report);
  page.clearPassword();
  page.onChanged();
  if (report.rating !== null) return;
  begin(page, 'create');
  const { answer, waitError } = await awaitRating(page.send, { ok: true, data: report });
  if (answer.ok) page.setOutcome(answer.data);
  endWithWait(page, waitError);
}

/**
 * Follows the create that `find` picks in the stored jobs: read now, then at each change, until it
 * is done, failed, cancelled or gone; the page says where it stands (`said`: what it said already).
 */
function follow(page: PageContext, find: (jobs: Job[]) => QueuedRef | undefined, said = '') {
  page.unfollow.current?.();
  // The view is gone (the popup closed this page's view before its parts loaded).
  if (!page.refs.heading.current) return;
  let ref: QueuedRef | undefined;
  let live = true;
  let unwatch = () => {};

  const stop = () => {
    live = false;
    unwatch();
    if (page.unfollow.current === stop) page.unfollow.current = null;
  };

  const show = (stored: unknown) => {
    if (!live) return;
    const jobs = parseStoredJobs(stored);
    ref ??= find(jobs);
    if (!ref) return stop();
    const state = queuedState(jobs, ref);
    if (state.stage === 'waiting' || state.stage === 'sending') {
      page.setQueued(true);
      const now = saidOf(state);
      if (now === said) return;
      said = now;
      if (state.stage === 'sending') page.setNotice(t('popup_queued_sending'));
      else if (state.pause) page.setNotice(t('popup_queued_paused', errorText(state.pause)));
      else page.setNotice(whenSent(state.resumeAt, isOnline(), Date.now()));
      return;
    }
    stop();
    page.setQueued(false);
    if (state.stage === 'done') return void showReport(page, state.report);
    page.setNotice(state.stage === 'cancelled' ? t('popup_queued_cancelled') : '');
    if (state.stage === 'failed') failAt(page, 'create', 'popup_queued_failed', state.error);
  };

  page.unfollow.current = stop;
  unwatch = followItem(jobsItem, show);
}
