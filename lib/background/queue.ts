// The background's one queue, on the browser: its client from the saved settings (whose answers
// tell the pacer), its alarms and timers, and the effects its work has outside it.
import { browser } from 'wxt/browser';
import type { RateInfo } from '../api/rate-info';
import { createQueue, type Queue } from '../jobs/queue';
import type { QueueEnvironment } from '../jobs/queue/context';
import type { JobService } from '../jobs/schema';
import { serviceOf } from '../jobs/service';
import { backgroundClient, createClientSource } from '../service/client-source';
import { browserOnline } from '../service/online';
import { queueEffects } from './queue-effects';

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
    onRateInfo: (info, baseUrl) => tell(info, baseUrl),
    create: (options) => {
      const client = backgroundClient(options);
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
    isOnline: browserOnline,
    effects: queueEffects,
  };
}
