// What the background's handlers need from their environment; tests replace parts of it. The
// features below get their share of it as parameters (lib/watch/runs.ts: RunDeps).
import { browser } from 'wxt/browser';
import type { Report } from '../api/model';
import type { RateInfo } from '../api/rate-info';
import type { Queue } from '../jobs/queue';
import { backgroundRecentDetails, type RecentDetails } from '../rating/recent-details';
import {
  backgroundClient,
  type ClientFactory,
  type ClientSource,
  createClientSource,
} from '../service/client-source';
import { browserOnline } from '../service/online';
import { type LoadedSettings, loadSettings } from '../settings';
import { backgroundQueue } from './queue';
import { rememberAnswer } from './service-answers';

export interface HandlerDeps {
  /** The client for the saved settings. */
  clients: ClientSource;
  /** A client for given values (Test connection with unsaved values). */
  createClient: ClientFactory;
  loadSettings: () => Promise<LoadedSettings>;
  /** Whether the browser has granted access to a host pattern. */
  hasHostAccess: (pattern: string) => Promise<boolean>;
  /** Whether the browser is online (navigator.onLine): offline, a create is not sent. */
  isOnline: () => boolean;
  /** Why the reports just answered got their ratings, for the pages that show them next. */
  recentDetails: RecentDetails;
  /** The background's queue. */
  queue: () => Queue;
  /** What the reports of an answer leave behind: the rating cache, badges and the history. */
  remember: (reports: readonly Report[], account: string) => Promise<void>;
}

export function createHandlerDeps(overrides: Partial<HandlerDeps> = {}): HandlerDeps {
  const createClient = overrides.createClient ?? backgroundClient;
  const load = overrides.loadSettings ?? loadSettings;
  const queue = overrides.queue ?? backgroundQueue;
  /**
   * The rate-limit facts of the pages' own requests go to the queue's pacer, so a job that starts
   * right after a single action hit the limit waits instead of spending a refused request. Only
   * the saved settings' client: Test connection may be talking to another service.
   */
  const tellQueue = (info: RateInfo, key: string) => queue().noteRateInfo(info, key);
  return {
    clients:
      overrides.clients ??
      createClientSource({ load, create: createClient, onRateInfo: tellQueue }),
    createClient,
    loadSettings: load,
    hasHostAccess:
      overrides.hasHostAccess ??
      // Unknown (no permissions API) counts as granted, so no access hint is given wrongly.
      ((pattern) =>
        Promise.resolve(browser.permissions?.contains({ origins: [pattern] }) ?? true).catch(
          () => true,
        )),
    isOnline: overrides.isOnline ?? browserOnline,
    recentDetails: overrides.recentDetails ?? backgroundRecentDetails,
    queue,
    remember: overrides.remember ?? ((reports, account) => rememberAnswer(reports, account)),
  };
}
