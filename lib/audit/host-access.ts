// Reading a sitemap from the workspace page, with host access asked for as browsers allow it:
// from the click, before anything is awaited (Firefox honours a request only there), without
// waiting on the answer (a headless prompt never settles). Each fetch is tried at once, as a site
// that answers CORS needs no grant; only when one is refused is the answer awaited, and that
// fetch tried once more. One request covers every origin asked for: the sitemap's own, and those
// of child sitemaps an earlier read found refused (a `www.` twin, a CDN), which can only be known
// once read.
import { originOf } from '../url-parts';
import { readSitemap, type SitemapAnswer, type SitemapDeps } from './sitemap';

/** The part of `browser.permissions` it uses. */
export interface HostPermissions {
  request(permissions: { origins: string[] }): Promise<boolean>;
  contains(permissions: { origins: string[] }): Promise<boolean>;
}

export const originPattern = (origin: string) => `${origin}/*`;

/** Access asked for in one click: to which origins, and the browser's answer on its way. */
export interface AccessRequest {
  origins: readonly string[];
  answer: Promise<boolean>;
}

/**
 * Call in the click, synchronously: asks in one request for the origins that `granted` does not
 * know to be there already (none: null).
 */
export function askForAccess(
  permissions: HostPermissions,
  origins: readonly (string | null)[],
  granted: ReadonlySet<string>,
): AccessRequest | null {
  const asked = [
    ...new Set(origins.filter((origin): origin is string => !!origin && !granted.has(origin))),
  ];
  if (asked.length === 0) return null;
  let answer: Promise<boolean>;
  try {
    answer = permissions.request({ origins: asked.map(originPattern) }).catch(() => false);
  } catch {
    answer = Promise.resolve(false);
  }
  return { origins: asked, answer };
}

/**
 * Reads the sitemap; a fetch refused as a network failure on an origin asked for waits for the
 * answer (`onWaiting` says for which): granted, it is tried once more; else access is missing.
 * On an origin neither asked for nor `granted`, it is said to need access (the next click asks).
 */
export function readWithAccess(
  address: string,
  deps: SitemapDeps,
  access: AccessRequest | null,
  granted: ReadonlySet<string> = new Set(),
  onWaiting?: (origin: string) => void,
): Promise<SitemapAnswer> {
  const waited = new Set<string>();
  return readSitemap(address, {
    ...deps,
    onRefused(url) {
      const origin = originOf(url);
      if (!origin) return null;
      if (access?.origins.includes(origin)) {
        if (!waited.has(origin)) onWaiting?.(origin);
        waited.add(origin);
        return access.answer;
      }
      return granted.has(origin) || origin === originOf(address) ? null : 'notAsked';
    },
  });
}
