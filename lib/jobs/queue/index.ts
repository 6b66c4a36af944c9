// The background's one queue (bulk actions, exports, queued creates). Everything that matters is
// stored, so any worker goes on; making it reads nothing, so a woken worker answers at once.
import { browser } from 'wxt/browser';
import { createSiteReportClient } from '../../api';
import type { RateInfo } from '../../api/rate-info';
import { createClientSource } from '../../background/client-source';
import { keepWorkerAlive } from '../../background/keep-alive';
import type { JobService } from '../jobs';
import { serviceOf } from '../service';
import { createWakeups, QUEUE_ALARM } from './alarms';
import { createContext, type QueueEnvironment } from './context';
import { createDispatcher } from './dispatch';
import { queueEffects } from './effects';
import { createJobCommands } from './lifecycle';
import { createSender } from './outcomes';
import { createRecovery } from './recovery';
import { createWatchedCreates } from './watched-create';

export { QUEUE_ALARM };

export function createQueue(env: QueueEnvironment) {
  const ctx = createContext(env);
  const recovery = createRecovery(ctx);
  const wakeups = createWakeups(env, () => void dispatcher.pump());
  const dispatcher = createDispatcher(ctx, { recovery, wakeups, send: (d) => send(d) });
  const send = createSender(ctx, dispatcher.pump);
  const { pump, idle } = dispatcher;

  return {
    ...createJobCommands(ctx, { recovery, pump }),

    /** A page's own create, stored as a job while it is out (watched-create.ts). */
    watchedCreate: createWatchedCreates(ctx, { recovery, pump }),

    /**
     * What the service at `serviceUrl` said of its rate limit to a page's own request, so a job
     * does not spend a request it knows will be refused. Kept in memory; the next step stores it.
     */
    noteRateInfo(info: RateInfo, serviceUrl: string): void {
      recovery.note(info, serviceUrl);
    },

    /** The worker started, the alarm rang or a page asked something: go on with the work. */
    wake(): Promise<void> {
      return pump();
    },

    handleAlarm(alarm: { name: string }): Promise<void> | undefined {
      if (alarm.name !== QUEUE_ALARM) return undefined;
      wakeups.alarmRang();
      return pump();
    },

    /** Resolves when no step runs and no request is under way (for tests). */
    idle,
  };
}

export type Queue = ReturnType<typeof createQueue>;

let instance: Queue | undefined;

export function backgroundQueue(): Queue {
  instance ??= createQueue(browserEnvironment());
  return instance;
}

/** Replaces the queue the background uses (tests); undefined: a new one on next use. */
export function setBackgroundQueue(queue: Queue | undefined): void {
  instance = queue;
}

export function browserEnvironment(): QueueEnvironment {
  let tell: (info: RateInfo, serviceUrl: string) => void = () => {};
  // The service of each client, worked out from the very values it was built with.
  const services = new WeakMap<object, Promise<JobService>>();
  // Its own client, built like the handlers' one, whose answers tell the pacer.
  const clients = createClientSource({
    create: (options) => {
      const client = createSiteReportClient({
        ...options,
        onRateInfo: (info) => tell(info, options.baseUrl),
        keepAlive: keepWorkerAlive,
      });
      services.set(client, serviceOf(options.baseUrl, options.apiKey));
      return client;
    },
  });
  return {
    async getClient(onRateInfo) {
      tell = onRateInfo;
      const client = await clients.get();
      const service = client && services.get(client);
      return client && service ? { client, service: await service } : null;
    },
    now: () => Date.now(),
    setTimer(run, ms) {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
    alarms: browser.alarms,
    isOnline: () => globalThis.navigator?.onLine !== false,
    effects: queueEffects,
  };
}
