// What one answer does to other jobs than its own: a rejected key or no connection pauses every
// job; a used-up quota stops the waiting creates of every job of that service.
import type { ErrorData } from '../../api/model';
import { errorWithText } from '../../error-text';
import type { JobService } from '../schema';
import { isFinished } from '../schema';
import { sameService } from '../service';
import { finishIfDone, type QueueEvent } from './context';
import { isHeldForOtherService } from './other-service';
import type { QueueState } from './store';

/** Key rejected, no API access, not connected: every job waits for the user. */
export function pauseAll(state: QueueState, error: ErrorData) {
  for (const other of state.jobs) {
    if (isFinished(other) || isHeldForOtherService(other)) continue;
    other.state = 'paused';
    other.pause = error;
    delete other.resumeAt;
  }
}

/**
 * The monthly quota is used up: every create still waiting in a job of the same service fails as
 * "not sent" (so "Retry failed" sends it later), and those jobs finish once nothing is under way.
 */
export function stopCreates(
  state: QueueState,
  service: JobService | undefined,
  events: QueueEvent[],
  now: number,
) {
  for (const job of state.jobs) {
    if (isFinished(job) || !sameService(job.service, service)) continue;
    for (const item of job.items) {
      if (item.op.type !== 'create' || item.state !== 'waiting') continue;
      item.state = 'failed';
      item.error = errorWithText({ kind: 'validation', reason: 'quotaNotSent' });
      events.push({ job, item, stage: 'finished' });
    }
    finishIfDone(job, events, now);
  }
}
