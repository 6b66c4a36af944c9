// This page's report and what the user does with it: create, re-analyze, change privacy, delete,
// or hand a create that the rate limit or the network stopped to the background's queue.
import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { PRIVACY } from '../../lib/api/constants';
import type { ErrorData, ReportSummary } from '../../lib/api/model';
import { type MessageKey, t } from '../../lib/i18n';
import { awaitRating } from '../../lib/messaging/await-rating';
import type { StatusAnswer } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';
import type { ActiveTab } from '../../lib/this-page/active-tab';
import {
  canQueueCreate,
  outcomeFromCache,
  type PageOutcome,
  queuedCreateRequest,
} from '../../lib/this-page/page-report';
import { reportability } from '../../lib/this-page/pages';
import {
  type PrivacyChoice,
  passwordMissing,
  privacyInput,
} from '../../lib/this-page/privacy-choice';
import { useReportActions } from '../reports/useReportActions';
import { useQueuedCreate } from './useQueuedCreate';

const PAGE = 'page';
type Work = 'create' | 'queue' | 'reanalyze' | 'privacy' | 'delete';
/** Which part of the view failed: the alert and field messages go there. */
type Place = 'create' | 'outcome' | 'privacy';
type Target = RefObject<HTMLElement | null>;

export interface PageReportDeps {
  send: Sender;
  tab: ActiveTab | undefined;
  status: StatusAnswer;
  /** Called after a report was created, changed or deleted (lists go stale). */
  onChanged: () => void;
}

export type PageReport = ReturnType<typeof usePageReport>;

export function usePageReport({ send, tab, status, onChanged }: PageReportDeps) {
  const url = tab?.url ?? '';
  const tabId = tab?.id;
  const reach = reportability(url);
  const [choice, setChoice] = useState<PrivacyChoice>({
    privacy: status.defaultPrivacy,
    password: '',
  });
  const [outcome, setOutcome] = useState<PageOutcome | null>(() =>
    status.cached ? outcomeFromCache(status.cached, url) : null,
  );
  const [notice, setNotice] = useState('');
  const [editing, setEditing] = useState<PrivacyChoice | null>(null);
  /** A create for the page was sent earlier and its outcome is unknown: a report may exist. */
  const [mayExist, setMayExist] = useState(status.mayExist === true);
  /** When the work shown in progress began (ms), for the time it has taken. */
  const [since, setSince] = useState<number | null>(null);
  const actions = useReportActions<typeof PAGE, Work, Place>(send);
  const { refresh } = actions;
  const work = actions.workOn(PAGE);
  const refs = {
    heading: useRef<HTMLHeadingElement>(null),
    create: useRef<HTMLButtonElement>(null),
    outcome: useRef<HTMLElement>(null),
    changePrivacy: useRef<HTMLButtonElement>(null),
  };

  // The control that had the focus may be gone or disabled after the next render: the focus goes
  // where the action says, with that render, before any key.
  const focusNext = useRef<Target | null>(null);
  useLayoutEffect(() => {
    const element = focusNext.current?.current;
    if (!element) return;
    focusNext.current = null;
    element.focus();
  });
  const focusAfterRender = (target: Target) => {
    focusNext.current = target;
  };

  // The cached rating is on screen already; read the report once to bring it up to date.
  useEffect(() => {
    const cached = status.cached;
    if (!cached) return;
    refresh(cached.reportId, (answer) => {
      if (answer.ok) {
        setOutcome(answer.data);
      } else if (answer.error.kind === 'not_found') {
        setOutcome(null);
        setNotice(t('popup_reportGone'));
      }
      // Other failures stay quiet: the cached rating is still the best we know.
    });
  }, [refresh, status.cached]);

  const { queued, analyzing, follow, followStored } = useQueuedCreate({
    send,
    tab,
    status,
    heading: refs.heading,
    onSince: setSince,
    onNotice: setNotice,
    onReport: (report) => void showQueuedReport(report),
    onFailed: (context, error) => failAt('create', context, error),
  });

  // A create whose fate could not be found out is not offered again: it may have made a report.
  const fateUnknown = actions.failureAt(PAGE, 'create')?.error.reason === 'fateUnknown';
  const mayExistNow = mayExist || fateUnknown;
  const canSend =
    reach.status !== 'unsupported' && !passwordMissing(choice) && work === null && !queued;
  const canCreate = canSend && !mayExistNow;
  const clearPassword = () => setChoice((current) => ({ ...current, password: '' }));

  function begin(next: Work) {
    actions.begin(PAGE, next);
    setSince(Date.now());
    setNotice('');
  }

  function failAt(where: Place, context: MessageKey, error: ErrorData) {
    actions.end(PAGE, { where, context: t(context), error });
  }

  /** The action ended; when waiting for the rating failed, that is said beside the outcome. */
  function endWithWait(waitError: ErrorData | undefined) {
    if (waitError) failAt('outcome', 'popup_waitFailed', waitError);
    else actions.end(PAGE);
  }

  function reportGone(text: MessageKey) {
    actions.end(PAGE);
    setOutcome(null);
    setEditing(null);
    setNotice(t(text));
    onChanged();
    refs.heading.current?.focus();
  }

  async function create() {
    if (!canCreate) return;
    await sendCreate();
  }

  /** "Create anyway", asked first: a create although a report for the page may exist. */
  async function createAnyway() {
    if (!canSend || !mayExistNow) return;
    setMayExist(false);
    await sendCreate();
  }

  async function sendCreate() {
    begin('create');
    const { answer, waitError } = await actions.create({ url, ...privacyInput(choice) });
    // The worker stopped while the create was out: the stored create says how it goes on.
    if (!answer.ok && answer.error.reason === 'noAnswer' && (await followStored())) {
      return actions.end(PAGE);
    }
    if (!answer.ok) {
      focusAfterRender(refs.create);
      return failAt('create', 'popup_createFailed', answer.error);
    }
    focusAfterRender(refs.outcome);
    setOutcome(answer.data);
    clearPassword();
    endWithWait(waitError);
    onChanged();
  }

  async function reanalyze() {
    if (!outcome || work) return;
    begin('reanalyze');
    const { answer, waitError } = await actions.reanalyze(outcome.id);
    if (answer.ok) {
      setOutcome(answer.data);
      endWithWait(waitError);
      onChanged();
    } else if (answer.error.kind === 'not_found') {
      reportGone('popup_reportGone');
    } else {
      failAt('outcome', 'popup_reanalyzeFailed', answer.error);
    }
  }

  async function savePrivacy() {
    if (!outcome || !editing || passwordMissing(editing)) return;
    begin('privacy');
    const input = privacyInput(editing);
    const answer = await send({ type: 'updateReport', id: outcome.id, input });
    if (answer.ok) {
      actions.end(PAGE);
      focusAfterRender(refs.changePrivacy);
      setOutcome(answer.data);
      setEditing(null);
      setNotice(t('popup_privacyChanged'));
      onChanged();
    } else if (answer.error.kind === 'not_found') {
      reportGone('popup_reportGone');
    } else {
      failAt('privacy', 'popup_privacyFailed', answer.error);
    }
  }

  async function remove() {
    if (!outcome || work) return;
    begin('delete');
    const answer = await send({ type: 'deleteReport', id: outcome.id });
    if (answer.ok) reportGone('popup_reportDeleted');
    else if (answer.error.kind === 'not_found') reportGone('popup_alreadyDeleted');
    else failAt('outcome', 'popup_deleteFailed', answer.error);
  }

  /** "Create when possible": the failed create goes to the queue, with the wait the service asked. */
  async function queue() {
    const error = actions.failureAt(PAGE, 'create')?.error;
    if (!error || work || !canQueueCreate(error) || passwordMissing(choice)) return;
    begin('queue');
    const answer = await send(queuedCreateRequest(url, tabId, privacyInput(choice), error));
    if (!answer.ok) {
      focusAfterRender(refs.create);
      return failAt('create', 'popup_queued_refused', answer.error);
    }
    actions.end(PAGE);
    // The create form, and the button that had the focus, give way to the queued state.
    focusAfterRender(refs.heading);
    follow({ jobId: answer.data.id, index: 0 });
  }

  async function showQueuedReport(report: ReportSummary) {
    const active = document.activeElement;
    if (!active || active === document.body || active === refs.heading.current) {
      focusAfterRender(refs.outcome);
    }
    setNotice('');
    setOutcome(report);
    clearPassword();
    onChanged();
    if (report.rating !== null) return;
    begin('create');
    const { answer, waitError } = await awaitRating(send, { ok: true, data: report });
    if (answer.ok) setOutcome(answer.data);
    endWithWait(waitError);
  }

  const handler = (action: () => Promise<void>) => (event?: Event) => {
    event?.preventDefault();
    void action();
  };

  return {
    url,
    reach,
    choice,
    changeChoice: (patch: Partial<PrivacyChoice>) =>
      setChoice((current) => ({ ...current, ...patch })),
    canCreate,
    /** A report for the page may exist: "Find it in Reports" and "Create anyway" are offered. */
    mayExist: mayExistNow && work === null && !queued && !outcome,
    createAnyway: handler(createAnyway),
    queued,
    analyzing,
    since,
    outcome,
    notice,
    editing,
    changeEditing: (patch: Partial<PrivacyChoice>) =>
      setEditing((current) => current && { ...current, ...patch }),
    /** Opens or closes the privacy editor, starting from the report's privacy. */
    toggleEditing() {
      if (work || !outcome) return;
      actions.end(PAGE);
      setEditing(editing ? null : { privacy: outcome.privacy ?? PRIVACY.public, password: '' });
    },
    work,
    busy: work !== null,
    failureAt: (where: Place) => actions.failureAt(PAGE, where),
    create: handler(create),
    queue: handler(queue),
    reanalyze: handler(reanalyze),
    savePrivacy: handler(savePrivacy),
    /** The report as Share… left it (its privacy changed). */
    shared(report: ReportSummary) {
      setOutcome(report);
      setEditing(null);
      onChanged();
    },
    remove: handler(remove),
    refs,
  };
}
