// A create the popup handed to the queue ("Create when possible"), as the stored jobs show it:
// which one waits for the page, where it stands, and when it will be sent. The popup loads this
// by import() only when a create for its page is queued.
import type { ErrorData, ReportSummary } from '../api/model';
import { errorText } from '../error-text';
import { followItem } from '../follow-item';
import { t } from '../i18n';
import {
  openCreatesItem,
  openCreateUrl,
  parseOpenCreates,
  parseStoredJobsWith,
} from '../jobs/open-creates';
import { isFinished, itemReport, type Job, jobsItem, parseStoredJobs } from '../jobs/schema';
import { duration } from '../time';
import { pageOf } from '../url-parts';

/** One create item of a queued job (the popup's, or an audit's). */
export interface QueuedRef {
  jobId: string;
  index: number;
  /** A page's own create (the popup's Create), not one queued to be sent later. */
  watched?: boolean;
}

/** Where a queued create stands. */
export type QueuedState =
  /** Waiting its turn; `resumeAt` when the queue means to go on, `pause` why it is held. */
  | { stage: 'waiting'; resumeAt?: number; pause?: ErrorData }
  /**
   * Sent (at `sentAt`, ms), the answer not in yet: the service is analysing the page, or its
   * answer was lost and the report it may have made is being looked for.
   */
  | { stage: 'sending'; sentAt?: number }
  | { stage: 'done'; report: ReportSummary }
  /** Refused, or sent without an answer that can be read (its fate unknown). */
  | { stage: 'failed'; error: ErrorData }
  | { stage: 'cancelled' }
  /** The job or its item is no longer stored (cleared), or not what it was. */
  | { stage: 'gone' };

type Item = Job['items'][number];

function createOf(item: Item | undefined): { url: string } | undefined {
  const op = item?.op as { type?: unknown; url?: unknown } | undefined;
  return op?.type === 'create' && typeof op.url === 'string' ? { url: op.url } : undefined;
}

/**
 * The create waiting (or being sent) for the page at `url`, in a job that has not finished: one
 * for the page's own tab first, else one for the same address from another tab (it would make
 * the same report). Addresses compare as the pages they are of (pageOf: without a fragment).
 */
export function findQueuedCreate(
  jobs: readonly Job[],
  url: string,
  tabId?: number,
): QueuedRef | undefined {
  const key = pageOf(url);
  if (!key) return undefined;
  let other: QueuedRef | undefined;
  for (const job of jobs) {
    // Creates are queued by the popup (kind 'create') and by Add pages (an audit's creates).
    if (job.kind !== 'create' && job.kind !== 'audit') continue;
    // A cancelled job's create that was under way may yet make its report, and is looked for.
    if (isFinished(job) && job.state !== 'cancelled') continue;
    for (const [index, item] of job.items.entries()) {
      const create = createOf(item);
      if (!create || !underWay(item)) continue;
      if (job.state === 'cancelled' && item.state === 'waiting') continue;
      if (pageOf(create.url) !== key) continue;
      const ref = job.watched ? { jobId: job.id, index, watched: true } : { jobId: job.id, index };
      if (tabId !== undefined && item.tabId === tabId) return ref;
      other ??= ref;
    }
  }
  return other;
}

/**
 * Whether a create for the page at `url` was sent and its outcome stays unknown (its answer was
 * lost and the report it may have made was not found): a new create could make a second report.
 */
export function hasUnknownCreate(jobs: readonly Job[], url: string): boolean {
  const key = pageOf(url);
  if (!key) return false;
  return jobs.some(
    (job) =>
      (job.kind === 'create' || job.kind === 'audit') &&
      job.items.some((item) => {
        const create = createOf(item);
        return (
          create !== undefined &&
          item.state === 'unknown' &&
          item.reconcileAt === undefined &&
          pageOf(create.url) === key
        );
      }),
  );
}

/**
 * Whether a stored item, as stored, may be a create for the page at `url` that findQueuedCreate
 * or hasUnknownCreate looks at (waiting, sent, or of unknown fate).
 */
export function mayBeOpenCreate(url: string): (item: unknown) => boolean {
  const key = pageOf(url);
  if (!key) return () => false;
  return (item) => {
    const create = openCreateUrl(item);
    return create !== undefined && pageOf(create) === key;
  };
}

/**
 * The stored jobs a page's status looks at: those with a create for the page at `url` waiting,
 * sent, or of unknown fate. The jobs are read only when the pages stored with them include this
 * one, or are not listed (openCreatesItem).
 */
export async function jobsForPage(url: string): Promise<Job[]> {
  const key = pageOf(url);
  if (!key) return [];
  const open = parseOpenCreates(await openCreatesItem.getValue());
  if (Array.isArray(open) && !open.includes(key)) return [];
  return parseStoredJobsWith(await jobsItem.getValue(), mayBeOpenCreate(url));
}

/** Waiting, sent, or sent and to be looked for (its answer was lost): not over yet. */
function underWay(item: Item): boolean {
  return (
    item.state === 'waiting' ||
    item.state === 'running' ||
    (item.state === 'unknown' && item.reconcileAt !== undefined)
  );
}

const UNKNOWN: ErrorData = { kind: 'bad_message', reason: 'unknown', message: '' };

/** Where the create `ref` stands in `jobs`. */
export function queuedState(jobs: readonly Job[], ref: QueuedRef): QueuedState {
  const job = jobs.find((candidate) => candidate.id === ref.jobId);
  const item = job?.items[ref.index];
  if (!job || !item || !createOf(item)) return { stage: 'gone' };
  switch (item.state) {
    case 'waiting': {
      if (job.state === 'cancelled') return { stage: 'cancelled' };
      const state: QueuedState = { stage: 'waiting' };
      if (job.resumeAt !== undefined) state.resumeAt = job.resumeAt;
      if (job.state === 'paused' && job.pause) state.pause = job.pause;
      return state;
    }
    case 'running':
      return item.sentAt === undefined
        ? { stage: 'sending' }
        : { stage: 'sending', sentAt: item.sentAt };
    case 'done': {
      const report = itemReport(item);
      return report ? { stage: 'done', report } : { stage: 'gone' };
    }
    case 'cancelled':
      return { stage: 'cancelled' };
    case 'unknown':
      // Looked for before anything is said.
      if (item.reconcileAt !== undefined) return { stage: 'sending', sentAt: item.sentAt };
      return { stage: 'failed', error: item.error ?? UNKNOWN };
    default:
      return { stage: 'failed', error: item.error ?? UNKNOWN };
  }
}

/** Calls `listener` with where `ref` stands now and after each change of the stored jobs. */
export function followQueuedCreate(
  ref: QueuedRef,
  listener: (state: QueuedState) => void,
): () => void {
  return followItem(jobsItem, (stored) => listener(queuedState(parseStoredJobs(stored), ref)));
}

/**
 * When a queued create will be sent, said to the user: when the browser is back online (while it
 * is offline), in how long (the queue's `resumeAt`, ms), or shortly (no wait known).
 */
export function whenSent(resumeAt: number | undefined, online: boolean, now: number): string {
  if (!online) return t('popup_queued_offline');
  if (resumeAt !== undefined && resumeAt > now) {
    return t('popup_queued_in', duration((resumeAt - now) / 1000));
  }
  return t('popup_queued_shortly');
}

/** What the page says of a waiting create, as a key: it is said again only when this changes. */
function queuedSaid(state: QueuedState): string {
  if (state.stage !== 'waiting') return state.stage;
  return `waiting ${state.resumeAt} ${state.pause?.reason ?? state.pause?.kind ?? ''}`;
}

/** What This page shows of a queued create in `state`: still queued with its notice, or over. */
export function queuedUpdate(state: QueuedState, online: boolean, now: number) {
  if (state.stage === 'sending') {
    // The service analyses the page before it answers: This page says so, and for how long.
    return {
      queued: true,
      said: 'sending',
      notice: '',
      analyzingSince: state.sentAt ?? now,
    } as const;
  }
  if (state.stage === 'waiting') {
    const notice = state.pause
      ? t('popup_queued_paused', errorText(state.pause))
      : whenSent(state.resumeAt, online, now);
    return { queued: true, said: queuedSaid(state), notice, analyzingSince: undefined } as const;
  }
  return {
    queued: false,
    notice: state.stage === 'cancelled' ? t('popup_queued_cancelled') : '',
    report: state.stage === 'done' ? state.report : undefined,
    error: state.stage === 'failed' ? state.error : undefined,
  } as const;
}
