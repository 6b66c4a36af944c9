// The service worker's one queue, made on first use from the browser's APIs: making it reads
// nothing, so a woken worker answers at once; the work is looked at when an event asks.
import { browser } from 'wxt/browser';
import { createSiteReportClient } from '../../api';
import type { RateInfo } from '../../api/rate-info';
import { createClientSource } from '../../background/client-source';
import { queueEffects } from './effects';
import type { QueueEnvironment } from './environment';
import { createQueue, type Queue } from './runner';

export { QUEUE_ALARM } from './alarms';
export type { Queue } from './runner';

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
  let tell: (info: RateInfo) => void = () => {};
  // Its own client, built like the handlers' one, whose answers tell the pacer.
  const clients = createClientSource({
    create: (options) => createSiteReportClient({ ...options, onRateInfo: (info) => tell(info) }),
  });
  return {
    local: browser.storage.local,
    session: browser.storage.session,
    async getClient(onRateInfo) {
      tell = onRateInfo;
      return clients.get();
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
