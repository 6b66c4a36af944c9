// What runs on This page (one action at a time), where a failure is said, and the page as an
// action gets it: shared by the page's state (usePageReport.ts) and its actions (page-actions.ts
// and queue-actions.ts, loaded later).

import type { Sender } from '../../lib/messaging/send';
import type { PageOutcome } from '../../lib/this-page/page-outcome';
import type { PrivacyChoice } from '../../lib/this-page/privacy-choice';
import type { ReportActions } from '../reports/useReportActions';

/** The key of the page's actions (useReportActions runs them per key). */
export const PAGE = 'page';
export type Work = 'create' | 'queue' | 'reanalyze' | 'privacy' | 'delete';
/** Which part of the view failed: the alert and field messages go there. */
export type Place = 'create' | 'outcome' | 'privacy';

/**
 * The page's actions: what the user asks for, and `findQueued`, which the page runs once when it
 * opens (a create queued earlier for this page shows as queued, not as a Create button).
 */
export type PageAction = 'create' | 'queue' | 'findQueued' | 'reanalyze' | 'savePrivacy' | 'remove';

type Ref<T> = { current: T | null };

/** The page's state and setters, as usePageReport has them when the user asks. */
export interface PageContext {
  send: Sender;
  url: string;
  /** The page's tab, whose badge follows a queued create. */
  tabId: number | undefined;
  choice: PrivacyChoice;
  canCreate: boolean;
  outcome: PageOutcome | null;
  editing: PrivacyChoice | null;
  work: Work | null;
  actions: ReportActions<typeof PAGE, Work, Place>;
  setOutcome: (outcome: PageOutcome | null) => void;
  /** Empties the create form's password (after a create). */
  clearPassword: () => void;
  setEditing: (editing: PrivacyChoice | null) => void;
  setNotice: (notice: string) => void;
  /** A create for the page waits in the background's queue: the create form gives way. */
  setQueued: (queued: boolean) => void;
  /** Stops following the queued create (set while one is followed; called when the view goes). */
  unfollow: Ref<() => void>;
  /** Called after a report was created, changed or deleted (lists go stale). */
  onChanged: () => void;
  refs: {
    heading: Ref<HTMLElement>;
    create: Ref<HTMLElement>;
    outcome: Ref<HTMLElement>;
    changePrivacy: Ref<HTMLElement>;
  };
  /** Focuses the ref's element once the next render is on screen (useFocusAfterRender). */
  focusAfterRender: (target: Ref<HTMLElement>) => void;
}
