// The background's one queue, on the browser: a client per account (whose answers tell the
// pacer), its alarms and timers, and the effects its work has outside it.
import { browser } from 'wxt/browser';
import type { RateInfo } from '../api/rate-info';
import { createQueue, type Queue } from '../jobs/queue';
import type { QueueEnvironment } from '../jobs/queue/context';
import { createClientSource } from '../service/client-source';
import { browserOnline } from '../service/online';
import { loadSettings } from '../settings';
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
  let tell: (info: RateInfo, account: string) => void = () => {};
  // Its own clients, built like the handlers' ones, whose answers tell the pacer.
  const clients = createClientSource({ onRateInfo: (info, account) => tell(info, account) });
  const accounts = async () =>
    (await loadSettings()).accounts.map(({ id, serviceUrl }) => ({ id, serviceUrl }));
  return {
    async getClient(account, onRateInfo) {
      tell = onRateInfo;
      if (account === undefined) return clients.saved();
      // A job of an account that is gone is compared with the account in use, and held.
      const known = (await accounts()).some(({ id }) => id === account);
      return known ? clients.forAccount(account) : clients.saved();
    },
    accounts,
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
