// The parts of an address the extension shows or compares: its origin, its host, the page it is
// of, and the split of a compact row. A text that is no URL has no origin or host.

/** The origin of an http(s) address (spaces around it ignored); null for anything else. */
export function originOf(address: string): string | null {
  try {
    const url = new URL(address.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The page an address is of, as the extension keys pages (the rating cache, the queue's creates):
 * an http(s) URL without its fragment; null for anything else.
 */
export function pageOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    parsed.hash = '';
    return parsed.href;
  } catch {
    return null;
  }
}

/** The host of an address, with its port; null when it is no URL. */
export function hostOf(address: string): string | null {
  try {
    return new URL(address).host;
  } catch {
    return null;
  }
}

/** The host a page's reports are searched by: without `www.`, as the service may store either. */
export function searchHostOf(address: string): string | null {
  return hostOf(address)?.replace(/^www\./, '') ?? null;
}

/**
 * A report's address split for a compact row: the host to show in bold, then the rest (path,
 * query, fragment), which is cut with an ellipsis. The text is kept as the service gave it.
 */
export interface AddressParts {
  host: string;
  rest: string;
}

const WITH_HOST = /^[a-z][a-z\d+.-]*:\/\/([^/?#]*)(.*)$/is;

export function addressParts(url: string): AddressParts {
  const match = WITH_HOST.exec(url);
  if (!match) return { host: url, rest: '' };
  return { host: match[1] ?? '', rest: match[2] ?? '' };
}
