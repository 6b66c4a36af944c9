// What is watched, per account (its local id, as the rating cache keys it): the reports on their
// own, the projects (with the reports last found in them), the schedule and what ran. One stored
// item; every change is one read-modify-write under one lock.
import * as z from 'zod/mini';
import { ProjectName, ReportId } from '../api/model';
import { createLock } from '../lock';
import { defineStorageItem } from '../storage-item';
import type { IsWatched } from './history';
import { DEFAULT_SCHEDULE, Schedule } from './model';
import { localTimeZone, nextSlot } from './schedule';

export const WatchedReport = z.object({ id: ReportId, url: z.string() });
export type WatchedReport = z.infer<typeof WatchedReport>;

export const ServiceWatch = z.object({
  reports: z.array(WatchedReport),
  projects: z.array(ProjectName),
  /** Each watched project's reports, as last listed (at a run, or when it was watched). */
  members: z.record(z.string(), z.array(WatchedReport)),
  /** Reports of watched projects that the user stopped watching on their own. */
  stopped: z.optional(z.array(ReportId)),
  schedule: Schedule,
  /** The last slot that ran, or when watching began or the schedule changed (ms). */
  lastSlot: z.optional(z.number()),
  /** When the last run started (ms). */
  lastRunAt: z.optional(z.number()),
});
export type ServiceWatch = z.infer<typeof ServiceWatch>;

export interface StoredWatch {
  services: Record<string, unknown>;
}

export const watchItem = defineStorageItem<StoredWatch | null>('local:watch', null);

export const emptyWatch = (): ServiceWatch => ({
  reports: [],
  projects: [],
  members: {},
  schedule: { ...DEFAULT_SCHEDULE },
});

/** One service's watch as stored; an empty one for none or damage. */
export function serviceWatchOf(raw: unknown, service: string): ServiceWatch {
  const services = z.object({ services: z.looseObject({}) }).safeParse(raw);
  if (!services.success || !Object.hasOwn(services.data.services, service)) return emptyWatch();
  const parsed = ServiceWatch.safeParse(services.data.services[service]);
  return parsed.success ? parsed.data : emptyWatch();
}

export async function readWatch(service: string): Promise<ServiceWatch> {
  return serviceWatchOf(await watchItem.getValue(), service);
}

/** The reports a watch covers, each once: its own and its projects' (id → address). */
export function watchedReports(
  watch: ServiceWatch,
): Map<number, WatchedReport & { project?: string }> {
  const all = new Map<number, WatchedReport & { project?: string }>();
  const stopped = new Set(watch.stopped);
  for (const project of watch.projects) {
    for (const report of watch.members[project] ?? []) {
      if (!stopped.has(report.id)) all.set(report.id, { ...report, project });
    }
  }
  for (const report of watch.reports) all.set(report.id, report);
  return all;
}

/** Whether a report is watched, by every service's watch as stored now (one read). */
export async function readIsWatched(): Promise<IsWatched> {
  const stored = await watchItem.getValue();
  const watched = new Map<string, Set<number>>();
  for (const service of Object.keys(stored?.services ?? {})) {
    watched.set(service, new Set(watchedReports(serviceWatchOf(stored, service)).keys()));
  }
  return (service, reportId) => watched.get(service)?.has(reportId) ?? false;
}

export const isWatching = (watch: ServiceWatch) =>
  watch.reports.length > 0 || watch.projects.length > 0;

/**
 * When the next scheduled run starts; null when nothing is watched. The next slot after now, also
 * when the last one recorded is later (a clock that was ahead: runs take it back to now).
 */
export function nextRunOf(watch: ServiceWatch, now: number, timeZone = localTimeZone()) {
  if (!isWatching(watch)) return null;
  return nextSlot(watch.schedule, now, timeZone);
}

/** Run exclusively with every other change of the watch (also a scheduled run's check). */
export const watchLock = createLock();

/** Changes one service's watch in one write, under the lock; `change` returns what to answer. */
export function changeWatch<T>(service: string, change: (watch: ServiceWatch) => T): Promise<T> {
  return watchLock.runExclusive(() => changeWatchNow(service, change));
}

/** As changeWatch, for a caller that holds the lock already. */
export async function changeWatchNow<T>(
  service: string,
  change: (watch: ServiceWatch) => T,
): Promise<T> {
  const stored = await watchItem.getValue();
  const services: Record<string, unknown> = { ...(stored?.services ?? {}) };
  const watch = serviceWatchOf(stored, service);
  const answer = change(watch);
  services[service] = watch;
  await watchItem.setValue({ services });
  return answer;
}

/** The watch kept under `from` (an earlier version's base URL) becomes `to`'s, unless it has one. */
export function moveWatch(from: string, to: string): Promise<void> {
  return watchLock.runExclusive(async () => {
    const stored = await watchItem.getValue();
    const services: Record<string, unknown> = { ...(stored?.services ?? {}) };
    if (!Object.hasOwn(services, from)) return;
    if (!Object.hasOwn(services, to)) services[to] = services[from];
    delete services[from];
    await watchItem.setValue({ services });
  });
}

/** Forgets an account's watch list and schedule (it was removed). */
export function forgetWatch(service: string): Promise<void> {
  return watchLock.runExclusive(async () => {
    const stored = await watchItem.getValue();
    if (!stored || !Object.hasOwn(stored.services, service)) return;
    const { [service]: _, ...services } = stored.services;
    await watchItem.setValue({ services });
  });
}
