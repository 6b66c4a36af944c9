// Jobs and the saved service: a job whose service or key is not the saved one is held, and goes
// on by itself once they are saved again. Nothing of it is ever sent with other settings.
import type { ErrorData } from '../../api/model';
import { errorWithText } from '../../error-text';
import { isFinished, type Job, type JobService } from '../schema';
import { sameService } from '../service';

/** The saved settings are for another service or key than the job's: nothing was sent. */
export class OtherServiceError extends Error {
  override readonly name = 'OtherServiceError';
  constructor(readonly saved: JobService) {
    super('The job was made for another service.');
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

/** Holds the unfinished jobs not made for `saved`; those made for it and held go on. */
export function followSavedService(jobs: Job[], saved: JobService): void {
  for (const job of jobs) {
    if (!sameService(job.service, saved)) holdForOtherService(job);
    else if (isHeldForOtherService(job)) {
      job.state = job.startedAt === undefined ? 'waiting' : 'running';
      delete job.pause;
    }
  }
}
