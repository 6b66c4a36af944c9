// The background's answers about watching (handlers.ts spreads them into its map):
// the saved service's watch list, its schedule and runs. The Watched tab reads the list and the
// history itself (lib/watch/overview.ts).

import { NotConnectedError } from '../errors';
import type { AnswerMap, RequestOf } from '../messaging/protocol';
import { clientOf } from '../service/client-source';
import { historyWritten } from '../watch/history';
import { projectReports, runNow, savedService, syncWatchAlarm } from '../watch/runs';
import { changeWatch, isWatching, nextRunOf, type ServiceWatch } from '../watch/store';
import type { HandlerDeps } from './deps';

async function connectedService(deps: HandlerDeps): Promise<string> {
  const service = await savedService(deps);
  if (!service) throw new NotConnectedError();
  return service;
}

/**
 * Starting to watch, with nothing watched before, begins the schedule now: no slot before it is
 * due (also none from an earlier time of watching). Call before the watch gains its pages.
 */
function begin(watch: ServiceWatch, now: number) {
  if (!isWatching(watch) || watch.lastSlot === undefined) watch.lastSlot = now;
}

type WatchHandlers = {
  [T in
    | 'watchReports'
    | 'unwatchReports'
    | 'watchProject'
    | 'unwatchProject'
    | 'setSchedule'
    | 'runWatchNow']: (request: RequestOf<T>, deps: HandlerDeps) => Promise<AnswerMap[T]>;
};

export const watchHandlers = {
  async watchReports({ reports }, deps) {
    const service = await connectedService(deps);
    const answer = await changeWatch(service, (watch) => {
      begin(watch, Date.now());
      const byId = new Map(watch.reports.map((report) => [report.id, report]));
      for (const { id, url } of reports) byId.set(id, { id, url });
      watch.reports = [...byId.values()];
      watch.stopped = watch.stopped?.filter((id) => !byId.has(id));
      return { watched: watch.reports.length };
    });
    await syncWatchAlarm(deps);
    return answer;
  },

  async unwatchReports({ ids }, deps) {
    const service = await connectedService(deps);
    const gone = new Set(ids);
    const answer = await changeWatch(service, (watch) => {
      watch.reports = watch.reports.filter((report) => !gone.has(report.id));
      // A project's report stays out of the watch until it is watched again on its own.
      const members = new Set(
        Object.values(watch.members).flatMap((reports) => reports.map(({ id }) => id)),
      );
      const stopped = new Set([...(watch.stopped ?? []), ...ids.filter((id) => members.has(id))]);
      watch.stopped = [...stopped];
      return { watched: watch.reports.length };
    });
    await syncWatchAlarm(deps);
    return answer;
  },

  /**
   * Its reports are listed at once, and again at each run; the answer waits for their analyses
   * to be in the history, which the Watched tab reads next.
   */
  async watchProject({ name }, deps) {
    const client = await clientOf(deps);
    const members = await projectReports(client, name, deps.remember).catch(() => undefined);
    await changeWatch(client.accountId, (watch) => {
      begin(watch, Date.now());
      if (!watch.projects.includes(name)) watch.projects.push(name);
      if (members) watch.members[name] = members;
      else watch.members[name] ??= [];
    });
    await Promise.all([syncWatchAlarm(deps), historyWritten()]);
    return { name };
  },

  async unwatchProject({ name }, deps) {
    const service = await connectedService(deps);
    await changeWatch(service, (watch) => {
      watch.projects = watch.projects.filter((project) => project !== name);
      delete watch.members[name];
    });
    await syncWatchAlarm(deps);
    return { name };
  },

  /** A new schedule starts now: a slot already past today does not run at once. */
  async setSchedule({ schedule }, deps) {
    const service = await connectedService(deps);
    const now = Date.now();
    const watch = await changeWatch(service, (stored) => {
      stored.schedule = { ...schedule };
      stored.lastSlot = Math.max(stored.lastSlot ?? now, now);
      return stored;
    });
    await syncWatchAlarm(deps);
    return { schedule: watch.schedule, nextRunAt: nextRunOf(watch, now) };
  },

  runWatchNow: (_request, deps) => runNow(deps),
} satisfies WatchHandlers;
