// The pacing of each account at its service's address (the limit is per key), by paceKey: what
// one account's answers said never holds back (or lets through) another's requests.
import * as z from 'zod/mini';
import { createPacer, type Pacer, Pacing } from './pacer';

/**
 * Pacings kept, most recently used first: at least one per account there may be (MAX_ACCOUNTS;
 * a test holds them equal), so no account's limit is forgotten while its jobs run.
 */
export const MAX_PACED_SERVICES = 20;

export const StoredPacing = z.object({
  /** The most recently used first. */
  services: z.array(z.object({ service: z.string(), pacing: Pacing })),
  /** Stored by an older version, for no service in particular: the first service used takes it. */
  unclaimed: z.optional(Pacing),
});
export type StoredPacing = z.infer<typeof StoredPacing>;

/** The stored value in either layout; anything else reads as nothing learned yet. */
export function parseStoredPacing(raw: unknown): StoredPacing {
  const current = StoredPacing.safeParse(raw);
  if (current.success) return current.data;
  const older = Pacing.safeParse(raw);
  return older.success && Object.keys(older.data).length > 0
    ? { services: [], unclaimed: older.data }
    : { services: [] };
}

export function createServicePacers(now: () => number) {
  let pacers: { service: string; pacer: Pacer }[] = [];
  let unclaimed: Pacing | undefined;

  return {
    /** The pacer of `account`; an account not known yet starts afresh. */
    for(account: string): Pacer {
      const at = pacers.findIndex((entry) => entry.service === account);
      const entry = at >= 0 ? pacers.splice(at, 1)[0] : undefined;
      const pacer = entry?.pacer ?? createPacer(now);
      if (!entry) {
        pacer.restore(unclaimed);
        unclaimed = undefined;
      }
      pacers = [{ service: account, pacer }, ...pacers].slice(0, MAX_PACED_SERVICES);
      return pacer;
    },

    /** What was learned under `from` (an earlier version's base URL) is `to`'s now. */
    rename(from: string, to: string) {
      const entry = pacers.find(({ service }) => service === from);
      if (entry && !pacers.some(({ service }) => service === to)) entry.service = to;
    },

    /** Forgets an account's pacing at every address (it was removed). */
    forgetAccount(account: string) {
      pacers = pacers.filter(({ service }) => !service.startsWith(`${account} `));
    },

    restore(stored: StoredPacing) {
      pacers = stored.services.slice(0, MAX_PACED_SERVICES).map(({ service, pacing }) => {
        const pacer = createPacer(now);
        pacer.restore(pacing);
        return { service, pacer };
      });
      unclaimed = stored.unclaimed;
    },

    snapshot(): StoredPacing {
      const services = pacers.map(({ service, pacer }) => ({ service, pacing: pacer.snapshot() }));
      return unclaimed ? { services, unclaimed: { ...unclaimed } } : { services };
    },
  };
}

export type ServicePacers = ReturnType<typeof createServicePacers>;
