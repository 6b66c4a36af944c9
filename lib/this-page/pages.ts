// Which addresses a report can be made for: the service fetches the page itself, so only public
// http(s) pages; those a remote service may not reach are allowed with a warning.

export type UnsupportedReason =
  /** No address at all (no tab, or the tab's address is hidden from the extension). */
  | 'missing'
  /** Not a parseable absolute URL. */
  | 'invalid'
  /** The extension's own pages (chrome-extension:, moz-extension: …). */
  | 'extension'
  /** Browser-internal pages (chrome:, about:, edge: …). */
  | 'browser'
  /** The extension stores, which browsers keep away from extensions. */
  | 'store'
  /** Any other scheme: file:, data:, ftp: … */
  | 'scheme';

export type Reportability =
  | { status: 'ok'; url: string }
  | { status: 'local'; url: string; host: string }
  | { status: 'unsupported'; reason: UnsupportedReason };

const EXTENSION_SCHEME = /^(chrome-|moz-|safari-web-)?extension:$/;
const BROWSER_SCHEME =
  /^(about|chrome|chrome-search|chrome-untrusted|devtools|edge|brave|opera|vivaldi|view-source|resource):$/;

/** The extension stores, matched against host + path. */
const STORE =
  /^(chromewebstore\.google\.com|addons\.mozilla\.org|chrome\.google\.com\/webstore|microsoftedge\.microsoft\.com\/addons)(\/|$)/;

const LOCAL_SUFFIXES = ['.local', '.internal', '.localhost', '.home.arpa'];

export function reportability(url: string | undefined | null): Reportability {
  if (!url) return { status: 'unsupported', reason: 'missing' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { status: 'unsupported', reason: 'invalid' };
  }
  const { protocol } = parsed;
  if (EXTENSION_SCHEME.test(protocol)) return { status: 'unsupported', reason: 'extension' };
  if (BROWSER_SCHEME.test(protocol)) return { status: 'unsupported', reason: 'browser' };
  if (protocol !== 'http:' && protocol !== 'https:') {
    return { status: 'unsupported', reason: 'scheme' };
  }
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (STORE.test(host + parsed.pathname)) return { status: 'unsupported', reason: 'store' };
  if (isLocalHost(host)) return { status: 'local', url, host };
  return { status: 'ok', url };
}

/** Loopback, private-network, link-local and local-only names (a `URL`'s hostname). */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost') return true;
  if (LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
  const ipv4 = parseIpv4(host);
  if (ipv4) return isLocalIpv4(ipv4);
  if (host.startsWith('[') && host.endsWith(']')) return isLocalIpv6(host.slice(1, -1));
  return false;
}

function parseIpv4(host: string): number[] | null {
  // URL has already normalised hex/octal/short forms to a dotted quad.
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return null;
  const parts = match.slice(1).map(Number);
  return parts.every((part) => part <= 255) ? parts : null;
}

function isLocalIpv4([a = 0, b = 0]: number[]): boolean {
  return (
    a === 127 || // loopback
    a === 10 ||
    a === 0 || // "this network", 0.0.0.0 reaches the local machine
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) // link-local
  );
}

function isLocalIpv6(address: string): boolean {
  if (address === '::1' || address === '::') return true;
  // IPv4-mapped (::ffff:7f00:1, which URL prints for ::ffff:127.0.0.1).
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (mapped) {
    const high = Number.parseInt(mapped[1] ?? '0', 16);
    const low = Number.parseInt(mapped[2] ?? '0', 16);
    return isLocalIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  const first = address.startsWith('::') ? 0 : Number.parseInt(address.split(':')[0] ?? '', 16);
  if (Number.isNaN(first)) return false;
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 // link-local fe80::/10
  );
}

/** Whether an address from the service may be shown as a link (http and https only). */
export function isWebUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The service's own page for a report, `${siteUrl}/reports/${id}`, when the site is http(s). */
export function reportPageUrl(siteUrl: string | null | undefined, id: number): string | undefined {
  if (!isWebUrl(siteUrl)) return undefined;
  return `${siteUrl.replace(/\/+$/, '')}/reports/${id}`;
}
