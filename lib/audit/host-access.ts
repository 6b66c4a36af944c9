// Reading a sitemap from the workspace page, with host access asked for as browsers allow it:
// from the click, before anything is awaited (Firefox honours a request only there), without
// waiting on the answer (a headless prompt never settles). The fetch is tried at once, as a site
// that answers CORS needs no grant; only when it is refused is the answer awaited, and the fetch
// tried once more.
import { readSitemap, type SitemapAnswer, type SitemapDeps } from './sitemap';

/** The part of `browser.permissions` it uses. */
export interface HostPermissions {
  request(permissions: { origins: string[] }): Promise<boolean>;
  contains(permissions: { origins: string[] }): Promise<boolean>;
}

export const originPattern = (origin: string) => `${origin}/*`;

/**
 * Call in the click, synchronously: asks for the origin's access unless `granted` already knows
 * it is there, and answers what `readSitemap` should be retried with once refused.
 */
export function askForAccess(
  permissions: HostPermissions,
  origin: string | null,
  granted: ReadonlySet<string>,
): Promise<boolean> | null {
  if (!origin || granted.has(origin)) return null;
  try {
    return permissions.request({ origins: [originPattern(origin)] }).catch(() => false);
  } catch {
    return Promise.resolve(false);
  }
}

/**
 * Reads the sitemap; if it is refused as a network failure and access was asked for, waits for
 * the answer: granted, it reads once more; else it says access to the origin is missing.
 */
export async function readWithAccess(
  address: string,
  deps: SitemapDeps,
  access: Promise<boolean> | null,
  onWaiting?: () => void,
): Promise<SitemapAnswer> {
  const first = await readSitemap(address, deps);
  if (first.ok || first.failure.reason !== 'network') return first;
  if (!access) return first;
  onWaiting?.();
  if (!(await access)) return noAccess(first);
  const second = await readSitemap(address, deps);
  return second.ok || second.failure.reason !== 'network' ? second : noAccess(second);
}

function noAccess(answer: SitemapAnswer & { ok: false }): SitemapAnswer {
  return { ok: false, failure: { ...answer.failure, reason: 'noAccess' } };
}
