// The pacing of each service, by its base URL: what one service's answers said never holds back
// (or lets through) requests to another. A few services are kept, the most recently used.
import * as z from 'zod/mini';
import { createPacer, type Pacer, Pacing } from './pacer';

/** Services whose pacing is kept; switching back to one of them goes on from what it learned. */
export const MAX_PACED_SERVICES = 4;

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
    /** The pacer of the service at `serviceUrl`; a service not known yet starts afresh. */
    for(serviceUrl: string): Pacer {
      const at = pacers.findIndex((entry) => entry.service === serviceUrl);
      const entry = at >= 0 ? pacers.splice(at, 1)[0] : undefined;
      const pacer = entry?.pacer ?? createPacer(now);
      if (!entry) {
        pacer.restore(unclaimed);
        unclaimed = undefined;
      }
      pacers = [{ service: serviceUrl, pacer }, ...pacers].slice(0, MAX_PACED_SERVICES);
      return pacer;
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
