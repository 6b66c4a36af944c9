// What the queue is given to run on: storage, the API client, a clock and timers, the browser's
// alarms and online state, and what its work shows outside it. The worker's come from the browser
// (index.ts); tests hand in fakes.
import type { Report } from '../../api/model';
import type { RateInfo } from '../../api/rate-info';
import type { Job, JobItem } from '../schema';
import type { QueueClient } from './items';
import type { StorageArea } from './store';

export type TabStage = 'queued' | 'sending' | 'finished';

/** What the queue's work shows outside it: the rating cache, badges, notifications. */
export interface QueueEffects {
  /** Reports the service answered with. */
  remember(reports: readonly Report[]): Promise<void>;
  /** A report or project that is gone (deleted, or found missing). */
  forget(target: { id: number } | { name: string }): Promise<void>;
  /**
   * A create with a tab: queued, being sent, or finished (done, failed, unknown, cancelled).
   * `single`: it is its job's only item (then its outcome is notified on its own).
   */
  tabCreate(stage: TabStage, item: JobItem, single: boolean): Promise<void>;
  /** A job finished or was cancelled. */
  jobFinished(job: Job): Promise<void>;
}

export interface QueueEnvironment {
  local: StorageArea;
  /** For passwords (see passwords.ts). */
  session?: StorageArea;
  /** The client for the saved settings, telling `onRateInfo` of every answer; null: not connected. */
  getClient(onRateInfo: (info: RateInfo) => void): Promise<QueueClient | null>;
  now(): number;
  /** Runs `run` after `ms`; returns a function that cancels it. */
  setTimer(run: () => void, ms: number): () => void;
  alarms?: {
    create(name: string, info: { when: number }): unknown;
    clear(name: string): unknown;
  };
  isOnline(): boolean;
  effects: QueueEffects;
  newId?(): string;
}
