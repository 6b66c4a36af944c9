// What the background's handlers need from their environment; tests replace parts of it.
import { browser } from 'wxt/browser';
import { createSiteReportClient, type SiteReportClient } from '../api';
import type { RateInfo } from '../api/rate-info';
import { backgroundQueue } from '../jobs/queue';
import { backgroundRecentDetails, type RecentDetails } from '../rating/recent-details';
import { type LoadedSettings, loadSettings } from '../settings';
import { type ClientSource, createClientSource } from './client-source';
import { keepWorkerAlive } from './keep-alive';

/** Makes a client for given values; `onRateInfo` hears what each answer says of the rate limit. */
export type HandlerClientFactory = (options: {
  baseUrl: string;
  apiKey: string;
  onRateInfo?: (info: RateInfo) => void;
}) => SiteReportClient;

export interface HandlerDeps {
  /** The client for the saved settings. */
  clients: ClientSource;
  /** A client for given values (Test connection with unsaved values). */
  createClient: HandlerClientFactory;
  loadSettings: () => Promise<LoadedSettings>;
  /** Whether the browser has granted access to a host pattern. */
  hasHostAccess: (pattern: string) => Promise<boolean>;
  /** Whether the browser is online (navigator.onLine): offline, a create is not sent. */
  isOnline: () => boolean;
  /** Why the reports just answered got their ratings, for the pages that show them next. */
  recentDetails: RecentDetails;
}

/**
 * The rate-limit facts of the pages' own requests go to the queue's pacer, so a job that starts
 * right after a single action hit the limit waits instead of spending a refused request. Only
 * the saved settings' client: Test connection may be talking to another service.
 */
const tellQueue = (info: RateInfo, serviceUrl: string) =>
  backgroundQueue().noteRateInfo(info, serviceUrl);

export function createHandlerDeps(overrides: Partial<HandlerDeps> = {}): HandlerDeps {
  const createClient = overrides.createClient ?? defaultFactory;
  const load = overrides.loadSettings ?? loadSettings;
  return {
    clients:
      overrides.clients ??
      createClientSource({
        load,
        create: (options) =>
          createClient({ ...options, onRateInfo: (info) => tellQueue(info, options.baseUrl) }),
      }),
    createClient,
    loadSettings: load,
    hasHostAccess:
      overrides.hasHostAccess ??
      // Unknown (no permissions API) counts as granted, so no access hint is given wrongly.
      ((pattern) =>
        Promise.resolve(browser.permissions?.contains({ origins: [pattern] }) ?? true).catch(
          () => true,
        )),
    // Node (the handlers' tests) has no navigator.
    isOnline: overrides.isOnline ?? (() => globalThis.navigator?.onLine !== false),
    recentDetails: overrides.recentDetails ?? backgroundRecentDetails,
  };
}

const defaultFactory: HandlerClientFactory = (options) =>
  createSiteReportClient({ ...options, keepAlive: keepWorkerAlive });
