// Fakes for watch runs without a service: the saved settings, a client whose project lists the
// test answers when it likes, a queue that only keeps what was queued, alarms and a clock.
import { vi } from 'vitest';
import type { SiteReportClient } from '../../../lib/api';
import type { Report } from '../../../lib/api/model';
import type { Queue } from '../../../lib/jobs/queue';
import { saveSettings } from '../../../lib/settings';
import { loadSettings } from '../../../lib/settings/read';
import type { RunDeps } from '../../../lib/watch/runs';
import { changeWatch, type ServiceWatch } from '../../../lib/watch/store';
import { clientSource } from '../../support/client-source';
import { report } from '../../support/fixtures';

export const SERVICE = 'https://reports.example.com/api/v1';
/** The account SERVICE's settings are saved as: what its watch is kept under. */
export const ACCOUNT = 'a1';

export const page = (id: number) => ({ id, url: `https://example.com/page-${id}` });

/** A report of project `shop`, analysed. */
export const shopReport = (id: number): Report => report({ ...page(id), project: 'shop' });

export interface Queued {
  id: string;
  ids: number[];
  slot?: number;
}

/** A project list the test answers: `release` gives its reports. */
export interface HeldList {
  project: string;
  release(ids: number[]): void;
}

export interface RunFakes {
  deps: RunDeps & { now: () => number };
  queued: Queued[];
  /** Lists asked for and not answered yet, in order. */
  held: HeldList[];
  list: ReturnType<typeof vi.fn>;
  /** Queued runs count as going until they are finished (otherwise they end at once). */
  keepGoing(going: boolean): void;
  /** The `watch` alarm's time, undefined when cleared. */
  alarm(): number | undefined;
  setClock(ms: number): void;
  clock(): number;
}

/**
 * Saves settings for SERVICE and answers each project list at once with `listed(project)`, or,
 * when that is undefined, holds it until the test releases it.
 */
export async function runFakes(
  listed: (project: string) => number[] | undefined = () => undefined,
): Promise<RunFakes> {
  await saveSettings({ serviceUrl: SERVICE, apiKey: 'test-key' });
  const queued: Queued[] = [];
  const held: HeldList[] = [];
  let going = false;
  let clock = Date.parse('2026-11-20T09:00:00Z');
  let alarmAt: number | undefined;
  const answer = (ids: number[]) => ({ items: ids.map(shopReport), hasNext: false });
  const list = vi.fn(({ project }: { project: string }) => {
    const ids = listed(project);
    if (ids) return Promise.resolve(answer(ids));
    return new Promise((resolve) => {
      const entry: HeldList = {
        project,
        release: (ids) => {
          held.splice(held.indexOf(entry), 1);
          resolve(answer(ids));
        },
      };
      held.push(entry);
    });
  });
  const client = { baseUrl: SERVICE, reports: { list } } as unknown as SiteReportClient;
  const queue = {
    jobs: async () =>
      queued.map(({ id }) => ({
        id,
        watchRun: {},
        state: going ? 'running' : 'done',
        service: { account: 'a1', url: SERVICE },
      })),
    enqueue: async (input: { items: { id: number }[]; watchRun: { slot?: number } }) => {
      const id = `run-${queued.length + 1}`;
      queued.push({
        id,
        ids: input.items.map((item) => item.id),
        ...(input.watchRun.slot !== undefined && { slot: input.watchRun.slot }),
      });
      return { id };
    },
  } as unknown as Queue;
  return {
    deps: {
      clients: clientSource(async () => client),
      loadSettings,
      queue: () => queue,
      remember: async () => undefined,
      now: () => clock,
      timeZone: 'UTC',
      alarms: {
        create: async (_name: string, { when }: { when?: number }) => {
          alarmAt = when;
        },
        clear: async () => {
          alarmAt = undefined;
          return true;
        },
      } as RunDeps['alarms'],
    },
    queued,
    held,
    list,
    keepGoing: (value) => {
      going = value;
    },
    alarm: () => alarmAt,
    setClock: (ms) => {
      clock = ms;
    },
    clock: () => clock,
  };
}

/** Stores ACCOUNT's watch as `change` makes it (the schedule begun at `lastSlot`). */
export const setWatch = (change: (watch: ServiceWatch) => void) => changeWatch(ACCOUNT, change);
