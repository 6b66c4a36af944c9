// Runs of re-analyses of the watched pages of each account: one queue job each (paced,
// resumable, cancellable), started by the `watch` alarm at the schedule's slots, at the browser's
// start when a slot was missed meanwhile, or by "Run now". The watched projects are listed first,
// outside the watch's lock; then, under it, what decided the run is checked again, and the slot
// is recorded as run and its job queued in one step, so it never runs twice.
import { browser } from 'wxt/browser';
import type { Report } from '../api/model';
import { errorWithText } from '../error-text';
import { ExplainedError, NotConnectedError } from '../errors';
import type { Queue } from '../jobs/queue';
import { isFinished, MAX_AUDIT_ITEMS } from '../jobs/schema';
import type { AccountClient, ClientSource } from '../service/client-source';
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
export type Remember = (reports: readonly Report[], account: string) => Promise<void>;

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

/** The account in use (what the watch list is kept under), or null when not connected. */
export async function savedService(deps: Pick<RunDeps, 'loadSettings'>) {
  const { settings, account } = await deps.loadSettings();
  return account && isConnected(settings) ? account.id : null;
}

/** Every account with a service and a key: each one's schedule runs, whichever is in use. */
async function connectedAccounts(deps: Pick<RunDeps, 'loadSettings'>): Promise<string[]> {
  const { accounts } = await deps.loadSettings();
  return accounts.filter((account) => account.serviceUrl && account.apiKey).map(({ id }) => id);
}

const refused = (reason: 'nothingWatched' | 'runGoing') =>
  new ExplainedError(errorWithText({ kind: 'invalid_input', reason }));

/** A project's reports, as the service lists them now (their analyses are remembered too). */
export async function projectReports(
  client: AccountClient,
  name: string,
  remember: Remember,
): Promise<WatchedReport[]> {
  const reports: WatchedReport[] = [];
  for (let page = 1; page <= MAX_PROJECT_PAGES; page++) {
    const answer = await client.reports.list({ project: name, perPage: 100, page });
    await remember(answer.items, client.accountId);
    reports.push(...answer.items.map(({ id, url }) => ({ id, url })));
    if (!answer.hasNext || answer.items.length === 0) break;
  }
  return reports;
}

async function runGoing(queue: Queue, service: string): Promise<boolean> {
  const jobs = await queue.jobs();
  return jobs.some((job) => job.watchRun && !isFinished(job) && job.service?.account === service);
}

/**
 * The watched projects' reports as the service lists them now, by project; a project whose list
 * fails is left out (its last list stands). Outside the lock: this waits on the network.
 */
async function listProjects(
  deps: RunDeps,
  service: string,
  projects: readonly string[],
): Promise<Map<string, WatchedReport[]>> {
  const client = (await deps.clients.forAccount(service))?.client;
  if (!client) throw new NotConnectedError();
  const listed = new Map<string, WatchedReport[]>();
  for (const project of projects) {
    const reports = await projectReports(client, project, deps.remember).catch(() => undefined);
    if (reports) listed.set(project, reports);
  }
  return listed;
}

/**
 * Queues a run of the watch as stored now (held under the lock): the projects still watched take
 * their new lists, then one re-analysis per page. `slot`: the scheduled slot it runs, recorded
 * in the same write.
 */
async function queueRun(
  deps: RunDeps,
  service: string,
  listed: Map<string, WatchedReport[]>,
  slot?: number,
) {
  const now = (deps.now ?? Date.now)();
  const updated = await changeWatchNow(service, (stored) => {
    for (const project of stored.projects) {
      stored.members[project] = listed.get(project) ?? stored.members[project] ?? [];
    }
    stored.lastRunAt = now;
    if (slot !== undefined) stored.lastSlot = slot;
    return stored;
  });
  const pages = [...watchedReports(updated).keys()].slice(0, MAX_AUDIT_ITEMS);
  if (pages.length === 0) throw refused('nothingWatched');
  const queue = deps.queue();
  return queue.enqueue({
    account: service,
    kind: 'reanalyze',
    items: pages.map((id) => ({ type: 'update', id, results: true })),
    watchRun: slot === undefined ? {} : { slot },
  });
}

/** Why "Run now" is refused now, if it is. */
async function runNowRefusal(deps: RunDeps, service: string, watch: ServiceWatch) {
  if (!isWatching(watch)) return refused('nothingWatched');
  if (await runGoing(deps.queue(), service)) return refused('runGoing');
  return null;
}

/**
 * "Run now": refused when nothing is watched or a run is going already. The projects are listed
 * first; then, under the lock, what refuses a run is looked at again and the job is queued.
 */
export async function runNow(deps: RunDeps): Promise<{ id: string }> {
  const service = await savedService(deps);
  if (!service) throw new NotConnectedError();
  const watch = await readWatch(service);
  const refusal = await runNowRefusal(deps, service, watch);
  if (refusal) throw refusal;
  const listed = await listProjects(deps, service, watch.projects);
  return watchLock.runExclusive(async () => {
    if ((await savedService(deps)) !== service) throw new NotConnectedError();
    const again = await runNowRefusal(deps, service, await readWatch(service));
    if (again) throw again;
    const { id } = await queueRun(deps, service, listed);
    return { id };
  });
}

/**
 * The scheduled slot to run now (under the lock, the clock read under it too), or null. A
 * recorded slot later than now was recorded by a clock that was ahead: it is taken back to now,
 * or no slot would run until that date. A run still going covers the slot due: it is recorded
 * as run, and null answered.
 */
async function slotToRun(deps: RunDeps, service: string) {
  const now = (deps.now ?? Date.now)();
  const watch = await readWatch(service);
  if (!isWatching(watch)) return null;
  const recorded = Math.min(watch.lastSlot ?? now, now);
  if (recorded !== watch.lastSlot) {
    await changeWatchNow(service, (stored) => {
      stored.lastSlot = recorded;
    });
  }
  const slot = dueSlot(watch.schedule, recorded, now, deps.timeZone);
  if (slot === null) return null;
  if (await runGoing(deps.queue(), service)) {
    await changeWatchNow(service, (stored) => {
      stored.lastSlot = slot;
    });
    return null;
  }
  return { slot, projects: watch.projects };
}

/** Starts the run of account `service`'s slot due, if any: its job id. */
async function startDueRun(deps: RunDeps, service: string): Promise<string | undefined> {
  const due = await watchLock.runExclusive(() => slotToRun(deps, service));
  if (!due) return undefined;
  const listed = await listProjects(deps, service, due.projects);
  return watchLock.runExclusive(async () => {
    // Meanwhile another wake may have run the slot, the schedule changed or the account gone.
    if (!(await connectedAccounts(deps)).includes(service)) return undefined;
    const still = await slotToRun(deps, service);
    if (!still) return undefined;
    const { id } = await queueRun(deps, service, listed, still.slot);
    return id;
  });
}

/**
 * The alarm rang, or the browser started: for each account, the slot that has come since its
 * last one runs, once. The job ids queued. Then the alarm is set for the next slot of any
 * account. Never rejects.
 */
export async function runDueSlot(deps: RunDeps): Promise<string[]> {
  const queued: string[] = [];
  const accounts = await connectedAccounts(deps).catch(() => []);
  for (const account of accounts) {
    const id = await startDueRun(deps, account).catch((error) => {
      warnWatch('start a scheduled run', error);
      return undefined;
    });
    if (id) queued.push(id);
  }
  await syncWatchAlarm(deps);
  return queued;
}

/** Sets the `watch` alarm for the next slot of any account, or clears it. Never rejects. */
export async function syncWatchAlarm(deps: RunDeps): Promise<void> {
  const alarms = deps.alarms ?? browser.alarms;
  try {
    const now = (deps.now ?? Date.now)();
    let when: number | null = null;
    for (const account of await connectedAccounts(deps)) {
      const next = nextRunOf(await readWatch(account), now, deps.timeZone);
      if (next !== null && (when === null || next < when)) when = next;
    }
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
