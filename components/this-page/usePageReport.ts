// This page's report and what the user does with it: create it, re-analyze it, change its
// privacy, delete it — and a quiet read that brings the cached rating up to date. The action
// state (what runs, what failed where, waiting for a rating) is useReportActions'; this adds the
// page's own: the create form's privacy, the outcome, the notice, the privacy editor, a create
// waiting in the background's queue, and where the focus goes when the control that had it goes
// away. The actions themselves are page-actions.ts and queue-actions.ts, loaded once the page is
// on screen (the first content needs none of them).
import { useEffect, useRef, useState } from 'preact/hooks';
import { PRIVACY } from '../../lib/api/constants';
import { t } from '../../lib/i18n';
import type { StatusAnswer } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';
import type { ActiveTab } from '../../lib/this-page/active-tab';
import { outcomeFromCache, type PageOutcome } from '../../lib/this-page/page-outcome';
import { reportability } from '../../lib/this-page/pages';
import { type PrivacyChoice, passwordMissing } from '../../lib/this-page/privacy-choice';
import { useReportActions } from '../reports/useReportActions';
import { PAGE, type PageAction, type PageContext, type Place, type Work } from './page-work';
import { useFocusAfterRender } from './useFocusAfterRender';

export interface PageReportDeps {
  send: Sender;
  tab: ActiveTab | undefined;
  status: StatusAnswer;
  /** Called after a report was created, changed or deleted (lists go stale). */
  onChanged: () => void;
  /** Runs an action of page-actions.ts (lazy-parts.ts' runPageAction: its code is split off). */
  runAction: (action: PageAction, page: PageContext) => void;
}

/** What This page's pieces show and do (see ThisPageView). */
export type PageReport = ReturnType<typeof usePageReport>;

export function usePageReport({ send, tab, status, onChanged, runAction }: PageReportDeps) {
  const url = tab?.url ?? '';
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
  const [queued, setQueued] = useState(false);
  const unfollow = useRef<() => void>(null);
  const actions = useReportActions<typeof PAGE, Work, Place>(send);
  const { refresh } = actions;
  const work = actions.workOn(PAGE);
  const focusAfterRender = useFocusAfterRender();
  const refs = {
    heading: useRef<HTMLHeadingElement>(null),
    create: useRef<HTMLButtonElement>(null),
    outcome: useRef<HTMLElement>(null),
    changePrivacy: useRef<HTMLButtonElement>(null),
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

  const canCreate =
    reach.status !== 'unsupported' && !passwordMissing(choice) && work === null && !queued;

  // The page as it is now, for an action the user asks for.
  const page: PageContext = {
    send,
    url,
    tabId: tab?.id,
    choice,
    canCreate,
    outcome,
    editing,
    work,
    actions,
    setOutcome,
    clearPassword: () => setChoice((current) => ({ ...current, password: '' })),
    setEditing,
    setNotice,
    setQueued,
    unfollow,
    onChanged,
    refs,
    focusAfterRender,
  };
  /** An action's handler (a form's submit, a button's click, a confirmation). */
  const run = (action: PageAction) => (event?: Event) => {
    event?.preventDefault();
    runAction(action, page);
  };

  // A create queued for this page earlier shows as queued (queue-actions.ts), and is followed
  // until this view goes. Once, with the page as it opened.
  useEffect(() => {
    runAction('findQueued', page);
    return () => unfollow.current?.();
  }, []);

  /** Opens or closes the privacy editor, starting from the report's privacy. */
  function toggleEditing() {
    if (work || !outcome) return;
    actions.end(PAGE);
    setEditing(editing ? null : { privacy: outcome.privacy ?? PRIVACY.public, password: '' });
  }

  return {
    url,
    reach,
    choice,
    changeChoice: (patch: Partial<PrivacyChoice>) =>
      setChoice((current) => ({ ...current, ...patch })),
    canCreate,
    /** A create for the page waits in the background's queue. */
    queued,
    outcome,
    notice,
    editing,
    changeEditing: (patch: Partial<PrivacyChoice>) =>
      setEditing((current) => current && { ...current, ...patch }),
    toggleEditing,
    work,
    /** Some action runs: the controls wait. */
    busy: work !== null,
    failureAt: (where: Place) => actions.failureAt(PAGE, where),
    create: run('create'),
    queue: run('queue'),
    reanalyze: run('reanalyze'),
    savePrivacy: run('savePrivacy'),
    remove: run('remove'),
    refs,
  };
}
