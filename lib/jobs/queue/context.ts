// What the queue's parts share within one worker (runner.ts puts them together): its storage,
// pacer, passwords and effects, the requests under way, and the few rules every part applies to a
// job: when it is finished, and what a change leaves to show.

import type { Job, JobItem } from '../schema';
import { isFinished } from '../view';
import type { QueueEffects, QueueEnvironment, TabStage } from './environment';
import { createPacer, type Pacer } from './pacer';
import { createPasswordKeeper, type PasswordKeeper } from './passwords';
import { createJobStore, type JobStore } from './store';

/** A request under way: item `index` of job `jobId`, as it was when it was picked. */
export interface Dispatch {
  jobId: string;
  index: number;
  item: JobItem;
  /** It is its job's only item. */
  single: boolean;
  controller: AbortController;
}

/** What a change leaves to show: a job that finished, or a create's new stage. */
export type QueueEvent = { job: Job; item?: JobItem; stage?: TabStage };

export interface QueueContext {
  env: QueueEnvironment;
  store: JobStore;
  passwords: PasswordKeeper;
  pacer: Pacer;
  effects: QueueEffects;
  /** The requests under way, by keyOf(job, index). */
  inFlight: Map<string, Dispatch>;
  /** No request before this: the network failed, or the browser is offline. */
  backoffUntil: number;
}

export function createContext(env: QueueEnvironment): QueueContext {
  return {
    env,
    store: createJobStore(env.local),
    passwords: createPasswordKeeper(env.session),
    pacer: createPacer(env.now),
    effects: env.effects,
    inFlight: new Map(),
    backoffUntil: 0,
  };
}

export const keyOf = (jobId: string, index: number) => `${jobId}:${index}`;

export const isOpen = (item: JobItem) => item.state === 'waiting' || item.state === 'running';

/** The kind of failure only: a storage error's message may quote what was being written. */
export function warn(what: string, error: unknown) {
  const kind = error instanceof Error ? error.name : typeof error;
  console.warn(`Site Report: the queue could not ${what} (${kind}).`);
}

/** Ends a job none of whose items is open any more: 'failed' when any failed or is unknown. */
export function finishIfDone(job: Job, events: QueueEvent[], now: number) {
  if (isFinished(job) || job.items.some(isOpen)) return;
  job.state = job.items.some((item) => item.state === 'failed' || item.state === 'unknown')
    ? 'failed'
    : 'done';
  job.finishedAt = now;
  delete job.resumeAt;
  delete job.pause;
  events.push({ job });
}

/** Shows what changes left to show, once they are stored; a failure to show stops nothing. */
export async function announce({ effects, passwords }: QueueContext, events: QueueEvent[]) {
  for (const { job, item, stage } of events) {
    try {
      if (item && stage) {
        if (item.tabId !== undefined && item.op.type === 'create') {
          await effects.tabCreate(stage, item, job.items.length === 1);
        }
      } else {
        await passwords.forget(job.id);
        await effects.jobFinished(job);
      }
    } catch (error) {
      warn('show an outcome', error);
    }
  }
}
