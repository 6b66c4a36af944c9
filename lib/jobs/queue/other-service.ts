// Jobs and the accounts: a job of an account that is gone (or of an older version, which did not
// say its account) is held, and only Discard is left for it. Nothing of it is ever sent with
// another account's key.
import type { ErrorData } from '../../api/model';
import { errorWithText } from '../../error-text';
import { isFinished, type Job } from '../schema';

/** An account as the queue knows it: its id and its service's address now. */
export interface JobAccount {
  id: string;
  serviceUrl: string;
}

/** The job's account is gone: nothing was sent. */
export class OtherServiceError extends Error {
  override readonly name = 'OtherServiceError';
  constructor() {
    super('The job was made for an account that is gone.');
  }
}

export function otherServicePause(): ErrorData {
  return errorWithText({ kind: 'not_connected', reason: 'otherService' });
}

export const isHeldForOtherService = (job: Job) =>
  job.state === 'paused' && job.pause?.reason === 'otherService';

/** Holds an unfinished job: its requests would go to a service it was not made for. */
export function holdForOtherService(job: Job): void {
  if (isFinished(job) || isHeldForOtherService(job)) return;
  job.state = 'paused';
  job.pause = otherServicePause();
  delete job.resumeAt;
}

/**
 * Holds the unfinished jobs of no account in `accounts`, or of one whose service address is
 * another now; those of one as it was, if held, go on.
 */
export function followAccounts(jobs: Job[], accounts: readonly JobAccount[]): void {
  for (const job of jobs) {
    const { account, url } = job.service ?? {};
    const current = accounts.find(({ id }) => id === account);
    if (!current || current.serviceUrl !== url) holdForOtherService(job);
    else if (isHeldForOtherService(job)) {
      job.state = job.startedAt === undefined ? 'waiting' : 'running';
      delete job.pause;
    }
  }
}
