// The background queue's jobs, followed in storage (no request while they run), and what the
// pages ask of the queue about a job, with the refusal of the last request.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ErrorData } from '../../lib/api/model';
import { followItem } from '../../lib/follow-item';
import { t } from '../../lib/i18n';
import { isListed, type Job, jobsItem, parseStoredJobs } from '../../lib/jobs/schema';
import type { RequestOf } from '../../lib/messaging/protocol';
import type { Sender } from '../../lib/messaging/send';
import { useStoredValue } from '../ui/useStoredValue';

/** Every job (Activity), as read from storage; `loaded` once it has been read. */
export function useJobs(): { loaded: boolean; jobs: Job[] } {
  const stored = useStoredValue(jobsItem);
  return { loaded: stored.loaded, jobs: parseStoredJobs(stored.value).filter(isListed) };
}

/**
 * The job `id` (null while it is not known, and for no id). Renders again only when that job
 * changed, not whenever another one did: the Reports tab that follows it holds 100 rows.
 */
export function useJob(id: string | null): Job | null {
  const [seen, setSeen] = useState<{ id: string; job: Job; text: string } | null>(null);

  useEffect(() => {
    if (id === null) return;
    return followItem(jobsItem, (value) => {
      const job = parseStoredJobs(value).find((candidate) => candidate.id === id);
      if (!job) return;
      const text = JSON.stringify(job);
      setSeen((current) =>
        current?.id === id && current.text === text ? current : { id, job, text },
      );
    });
  }, [id]);

  return seen && seen.id === id ? seen.job : null;
}

/** The requests about a job, by their message type. */
export type JobRequestType =
  | 'enqueueJob'
  | 'cancelJob'
  | 'resumeJob'
  | 'retryFailed'
  | 'clearJob'
  | 'discardJob';

/** A refused request about a job: which job (null for a job that did not start), and which. */
export interface JobFailure {
  id: string | null;
  request: JobRequestType;
  error: ErrorData;
}

/** "Couldn't cancel the job." and the like; `start` is said by each place that starts jobs. */
export function failureContext(request: JobRequestType, start = ''): string {
  if (request === 'cancelJob') return t('workspace_cancelFailed');
  if (request === 'retryFailed') return t('workspace_retryFailed');
  if (request === 'resumeJob') return t('workspace_resumeFailed');
  if (request === 'clearJob') return t('workspace_clearFailed');
  if (request === 'discardJob') return t('workspace_discardFailed');
  return start;
}

/** Cancel, Resume, Retry failed, Clear and Discard for any job, keeping the last refusal. */
export function useJobActions(send: Sender) {
  const [failure, setFailure] = useState<JobFailure | null>(null);
  const ask = useCallback(
    async (id: string, request: RequestOf<Exclude<JobRequestType, 'enqueueJob'>>) => {
      setFailure(null);
      const answer = await send(request);
      if (!answer.ok) setFailure({ id, request: request.type, error: answer.error });
      return answer.ok;
    },
    [send],
  );
  return {
    failure,
    setFailure,
    cancel: (id: string) => ask(id, { type: 'cancelJob', id }),
    resume: (id: string) => ask(id, { type: 'resumeJob', id }),
    /** `password`: the one given for the job's reports, which the queue forgets when it ends. */
    retryFailed: (id: string, password?: string, unknown?: boolean) =>
      ask(id, {
        type: 'retryFailed',
        id,
        ...(password ? { password } : {}),
        ...(unknown ? { unknown } : {}),
      }),
    clear: (id: string) => ask(id, { type: 'clearJob', id }),
    discard: (id: string) => ask(id, { type: 'discardJob', id }),
  };
}

export type JobActions = ReturnType<typeof useJobActions>;

export type JobRequest = Omit<RequestOf<'enqueueJob'>, 'type'>;
export type JobRun = ReturnType<typeof useJobRun>;

/**
 * A job this tab hands to the queue, followed, with Cancel, Retry failed and Resume. A password
 * given for it stays in this page's memory for Retry failed: the queue forgets its copy at the end.
 */
export function useJobRun(send: Sender) {
  const [id, setId] = useState<string | null>(null);
  const password = useRef<string | undefined>(undefined);
  const job = useJob(id);
  const actions = useJobActions(send);
  const { setFailure } = actions;

  /** Hands the job to the queue; its id, or null when the background refused it. */
  const start = useCallback(
    async (request: JobRequest): Promise<string | null> => {
      setFailure(null);
      const answer = await send({ type: 'enqueueJob', ...request });
      if (!answer.ok) {
        setFailure({ id: null, request: 'enqueueJob', error: answer.error });
        return null;
      }
      password.current = request.password;
      setId(answer.data.id);
      return answer.data.id;
    },
    [send, setFailure],
  );

  /** Stops showing the job (it goes on in the background, and shows in Activity). */
  const dismiss = useCallback(() => {
    setId(null);
    setFailure(null);
    password.current = undefined;
  }, [setFailure]);

  return {
    id,
    job,
    failure: actions.failure,
    start,
    cancel: () => id && actions.cancel(id),
    retry: () => id && actions.retryFailed(id, password.current),
    /** Sends again the creates of unknown outcome too (the user confirmed it). */
    createUnknown: () => id && actions.retryFailed(id, password.current, true),
    resume: () => id && actions.resume(id),
    /** Discards the job (made for another service), and stops showing it. */
    async discard() {
      if (id && (await actions.discard(id))) dismiss();
    },
    dismiss,
  };
}
