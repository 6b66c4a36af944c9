// Runs of re-analyses of the watched pages of the saved service: one queue job each (paced,
// resumable, cancellable), started by the `watch` alarm at the schedule's slots, at the browser's
// start when a slot was missed meanwhile, or by "Run now". A slot is recorded as run before its
// job is queued, under the watch's lock, so it never runs twice.
import { browser } from 'wxt/browser';
import type { SiteReportClient } from '../api';
import type { Report } from '../api/model';
import { errorWithText } from '../error-text';
import { ExplainedError, NotConnectedError } from '../errors';
import type { Queue } from '../jobs/queue';
import { isFinished, MAX_AUDIT_ITEMS } from '../jobs/schema';
import type { ClientSource } from '../service/client-source';
import { isConnected, type LoadedSettings } from '../settings';
import { warnWatch } from './history';
import { dueSlot } from './schedule';
import {
  changeWatchNow,
  isWatching,
  nextRunOf,
  readWatch,
  type ServiceWatch,
  type WatchedReport,
  watchedReports,
  watchLock,
} from './store';

export const WATCH_ALARM = 'watch';
/** A project's reports are listed this many pages of 100 at most (1000 reports). */
const MAX_PROJECT_PAGES = 10;

/** What the reports of an answer leave behind (the background's rememberAnswer). */
export type Remember = (reports: readonly Report[], serviceUrl: string) => Promise<void>;

/** What a run needs of the background: its client, settings, queue and how answers are kept. */
export interface RunDeps {
  clients: ClientSource;
  loadSettings: () => Promise<LoadedSettings>;
  queue: () => Queue;
  remember: Remember;
  now?: () => number;
  timeZone?: string;
  alarms?: Pick<typeof browser.alarms, 'create' | 'clear'>;
}

/** The saved service's base URL (the rating cache's key), or null when not connected. */
export async function savedService(deps: Pick<RunDeps, 'loadSettings'>) {
  const { settings } = await deps.loadSettings();
  return isConnected(settings) ? settings.serviceUrl : null;
}

const refused = (reason: 'nothingWatched' | 'runGoing') =>
  new ExplainedError(errorWithText({ kind: 'invalid_input', reason }));

/** A project's reports, as the service lists them now (their analyses are remembered too). */
export async function projectReports(
  client: SiteReportClient,
  name: string,
  remember: Remember,
): Promise<WatchedReport[]> {
  const reports: WatchedReport[] = [];
  for (let page = 1; page <= MAX_PROJECT_PAGES; page++) {
    const answer = await client.reports.list({ project: name, perPage: 100, page });
    await remember(answer.items, client.baseUrl);
    reports.push(...answer.items.map(({ id, url }) => ({ id, url })));
    if (!answer.hasNext || answer.items.length === 0) break;
  }
  return reports;
}

async function runGoing(queue: Queue, service: string): Promise<boolean> {
  const jobs = await queue.jobs();
  return jobs.some((job) => job.watchRun && !isFinished(job) && job.service?.url === service);
}

/**
 * Queues a run of `watch` (held under the lock): its projects' reports are listed again first
 * (the last list stands when that fails), then one re-analysis per page.
 */
async function queueRun(deps: RunDeps, service: string, watch: ServiceWatch, slot?: number) {
  const client = await deps.clients.get();
  // Settings saved since the run was chosen: it is not sent to another service.
  if (!client || client.baseUrl !== service) throw new NotConnectedError();
  const members: ServiceWatch['members'] = {};
  for (const project of watch.projects) {
    members[project] = await projectReports(client, project, deps.remember).catch(
      () => watch.members[project] ?? [],
    );
  }
  const now = (deps.now ?? Date.now)();
  const updated = await changeWatchNow(service, (stored) => {
    for (const project of stored.projects) stored.members[project] = members[project] ?? [];
    stored.lastRunAt = now;
    return stored;
  });
  const pages = [...watchedReports(updated).keys()].slice(0, MAX_AUDIT_ITEMS);
  if (pages.length === 0) throw refused('nothingWatched');
  const queue = deps.queue();
  return queue.enqueue({
    kind: 'reanalyze',
    items: pages.map((id) => ({ type: 'update', id, results: true })),
    watchRun: slot === undefined ? {} : { slot },
  });
}

/** "Run now": refused when nothing is watched or a run is going already. */
export function runNow(deps: RunDeps): Promise<{ id: string }> {
  return watchLock.runExclusive(async () => {
    const service = await savedService(deps);
    if (!service) throw new NotConnectedError();
    const watch = await readWatch(service);
    if (!isWatching(watch)) throw refused('nothingWatched');
    if (await runGoing(deps.queue(), service)) throw refused('runGoing');
    const { id } = await queueRun(deps, service, watch);
    return { id };
  });
}

/**
 * The alarm rang, or the browser started: the slot that has come since the last one runs, once.
 * The job id when one was queued. Then the alarm is set for the next slot. Never rejects.
 */
export async function runDueSlot(deps: RunDeps): Promise<string | undefined> {
  const now = (deps.now ?? Date.now)();
  const queued = await watchLock
    .runExclusive(async () => {
      const service = await savedService(deps);
      if (!service) return undefined;
      const watch = await readWatch(service);
      if (!isWatching(watch)) return undefined;
      const slot = dueSlot(watch.schedule, watch.lastSlot ?? now, now, deps.timeZone);
      if (slot === null) return undefined;
      await changeWatchNow(service, (stored) => {
        stored.lastSlot = slot;
      });
      // A run still going covers this slot too.
      if (await runGoing(deps.queue(), service)) return undefined;
      const { id } = await queueRun(deps, service, watch, slot);
      return id;
    })
    .catch((error) => {
      warnWatch('start a scheduled run', error);
      return undefined;
    });
  await syncWatchAlarm(deps);
  return queued;
}

/** Sets the `watch` alarm for the saved service's next slot, or clears it. Never rejects. */
export async function syncWatchAlarm(deps: RunDeps): Promise<void> {
  const alarms = deps.alarms ?? browser.alarms;
  try {
    const service = await savedService(deps);
    const watch = service ? await readWatch(service) : null;
    const when = watch ? nextRunOf(watch, (deps.now ?? Date.now)(), deps.timeZone) : null;
    if (when === null) await alarms.clear(WATCH_ALARM);
    else await alarms.create(WATCH_ALARM, { when });
  } catch (error) {
    warnWatch('set the watch alarm', error);
  }
}

/** The background's alarm listener's share: undefined for another alarm. */
export function handleWatchAlarm(alarm: { name: string }, deps: RunDeps) {
  return alarm.name === WATCH_ALARM ? runDueSlot(deps) : undefined;
}
