// A sitemap's addresses: an XML `urlset`, a `sitemapindex` followed up to 3 levels (loops are
// refused), gzip (by its magic bytes, whatever the name), and a site's home or robots.txt, whose
// `Sitemap:` lines are followed. XML is parsed with the DOMParser handed in (the page's; tests
// use happy-dom's) and never rendered. Failures are data with a reason, never thrown.
import { MAX_ADDRESSES, MAX_FILE_BYTES, MAX_FILE_URLS } from './limits';
import { addressOf } from './list';

/** An index's sitemaps are followed this many levels deep (the index itself is level 1). */
export const MAX_SITEMAP_LEVELS = 3;
/** The most sitemap files read for one address. */
export const MAX_SITEMAP_FILES = 1000;

export type SitemapFailureReason =
  | 'notSitemap'
  | 'htmlPage'
  | 'corruptGzip'
  | 'indexLoop'
  | 'tooDeep'
  | 'tooManyUrls'
  | 'tooManyAddresses'
  | 'tooManyFiles'
  | 'tooLarge'
  | 'httpStatus'
  | 'noAccess'
  | 'network'
  | 'notAnAddress';

export interface SitemapFailure {
  reason: SitemapFailureReason;
  /** The file it is about. */
  url: string;
  status?: number;
}

export type SitemapAnswer =
  | { ok: true; addresses: string[]; files: number }
  | { ok: false; failure: SitemapFailure };

export interface SitemapDeps {
  /** Fetches a file; a refusal (CORS, no access, offline) rejects with a TypeError. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** `new DOMParser()` of the page. */
  parser: Pick<DOMParser, 'parseFromString'>;
  signal?: AbortSignal;
}

class Failed extends Error {
  constructor(readonly failure: SitemapFailure) {
    super(failure.reason);
  }
}
const fail = (reason: SitemapFailureReason, url: string, status?: number): never => {
  throw new Failed(status === undefined ? { reason, url } : { reason, url, status });
};

/** Reads at most `limit` bytes of a stream; more is a 'tooLarge' failure. */
async function readBounded(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  url: string,
  onError: () => never,
): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      return onError();
    }
    if (step.done) break;
    size += step.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      fail('tooLarge', url);
    }
    chunks.push(step.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/** A gzip body's text, bounded like any file; damaged data is a 'corruptGzip' failure. */
export async function gunzip(bytes: Uint8Array, url: string, limit = MAX_FILE_BYTES) {
  const stream = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(new DecompressionStream('gzip') as ReadableWritablePair<Uint8Array, Uint8Array>);
  return readBounded(stream, limit, url, () => fail('corruptGzip', url));
}

interface Fetched {
  text: string;
  html: boolean;
}

async function fetchFile(url: string, deps: SitemapDeps): Promise<Fetched> {
  let response: Response;
  try {
    response = await deps.fetch(url, {
      credentials: 'omit',
      signal: deps.signal,
      headers: { Accept: 'application/xml, text/xml, text/plain, */*' },
    });
  } catch (error) {
    if (error instanceof TypeError) fail('network', url);
    throw error;
  }
  if (!response.ok) fail('httpStatus', url, response.status);
  const body = response.body ?? new Blob([]).stream();
  let bytes = await readBounded(body, MAX_FILE_BYTES, url, () => fail('network', url));
  if (isGzip(bytes)) bytes = await gunzip(bytes, url);
  const type = response.headers.get('content-type') ?? '';
  return { text: new TextDecoder().decode(bytes), html: /html/i.test(type) };
}

/** The `loc` texts of `root`'s `entry` children (namespace-agnostic, as sitemaps vary). */
function locs(root: Element, entry: string): string[] {
  const found: string[] = [];
  // Sibling steps, not child lists: a sitemap may have 50,000 entries.
  for (let child = root.firstElementChild; child; child = child.nextElementSibling) {
    if (child.localName !== entry) continue;
    for (let part = child.firstElementChild; part; part = part.nextElementSibling) {
      if (part.localName !== 'loc') continue;
      const text = part.textContent?.trim();
      if (text) found.push(text);
      break;
    }
  }
  return found;
}

/** The `Sitemap:` lines of a robots.txt. */
export function robotsSitemaps(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split(/\r\n|\n|\r/)) {
    const colon = line.indexOf(':');
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== 'sitemap') continue;
    const value = line.slice(colon + 1).trim();
    if (value) found.push(value);
  }
  return found;
}

const looksLikeMarkup = (text: string) => text.trimStart().startsWith('<');
const isHomePage = (url: URL) => url.pathname === '/' && url.search === '';

/** Reads the sitemap (or robots.txt, or home page) at `address` and what it leads to. */
export async function readSitemap(address: string, deps: SitemapDeps): Promise<SitemapAnswer> {
  const addresses: string[] = [];
  const seen = new Set<string>();
  const visited = new Set<string>();
  let files = 0;

  function add(loc: string) {
    const found = addressOf(loc);
    if ('reason' in found || seen.has(found.url)) return;
    if (seen.size >= MAX_ADDRESSES) fail('tooManyAddresses', address);
    seen.add(found.url);
    addresses.push(found.url);
  }

  /** One sitemap file, at `level` (1 for the first), with the chain of indexes leading to it. */
  async function sitemap(url: string, level: number, chain: readonly string[]): Promise<void> {
    if (chain.includes(url)) fail('indexLoop', url);
    if (level > MAX_SITEMAP_LEVELS) fail('tooDeep', url);
    if (visited.has(url)) return;
    visited.add(url);
    if (++files > MAX_SITEMAP_FILES) fail('tooManyFiles', url);
    const { text, html } = await fetchFile(url, deps);
    if (!looksLikeMarkup(text)) {
      // A robots.txt (its Sitemap: lines), or a sitemap.txt: one address a line.
      const named = robotsSitemaps(text);
      if (named.length > 0) {
        for (const next of named) await sitemap(absolute(next, url), level, [...chain, url]);
        return;
      }
      const lines = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
      if (lines.length > MAX_FILE_URLS) fail('tooManyUrls', url);
      if (lines.length === 0 || lines.some((line) => 'reason' in addressOf(line.trim()))) {
        fail('notSitemap', url);
      }
      for (const line of lines) add(line.trim());
      return;
    }
    const doc = deps.parser.parseFromString(text, 'application/xml');
    const root = doc.documentElement;
    const broken =
      !root ||
      root.localName === 'parsererror' ||
      doc.getElementsByTagName('parsererror').length > 0;
    if (broken || root.localName === 'html') {
      fail(
        html || root?.localName === 'html' || /^\s*<!doctype html/i.test(text)
          ? 'htmlPage'
          : 'notSitemap',
        url,
      );
    }
    if (root.localName === 'urlset') {
      const urls = locs(root, 'url');
      if (urls.length > MAX_FILE_URLS) fail('tooManyUrls', url);
      for (const loc of urls) add(loc);
      return;
    }
    if (root.localName === 'sitemapindex') {
      const children = locs(root, 'sitemap');
      if (children.length > MAX_FILE_URLS) fail('tooManyUrls', url);
      for (const child of children) await sitemap(absolute(child, url), level + 1, [...chain, url]);
      return;
    }
    fail('notSitemap', url);
  }

  try {
    let start: URL;
    try {
      start = new URL(address);
      if (start.protocol !== 'http:' && start.protocol !== 'https:') throw new Error('not http(s)');
    } catch {
      return { ok: false, failure: { reason: 'notAnAddress', url: address } };
    }
    // A site's home: its robots.txt names the sitemaps; else the usual /sitemap.xml.
    if (isHomePage(start)) {
      const robots = new URL('/robots.txt', start).href;
      const named = await robotsOf(robots, deps);
      const first = named.length > 0 ? named : [new URL('/sitemap.xml', start).href];
      visited.add(robots);
      for (const next of first) await sitemap(next, 1, [robots]);
    } else {
      await sitemap(start.href, 1, []);
    }
    return { ok: true, addresses, files };
  } catch (error) {
    if (error instanceof Failed) return { ok: false, failure: error.failure };
    throw error;
  }
}

/** The sitemaps a site's robots.txt names; none when it has none (or cannot be read). */
async function robotsOf(url: string, deps: SitemapDeps): Promise<string[]> {
  try {
    const { text } = await fetchFile(url, deps);
    return looksLikeMarkup(text) ? [] : robotsSitemaps(text).map((next) => absolute(next, url));
  } catch (error) {
    // Without access to the site at all, say so; a missing robots.txt just means none.
    if (error instanceof Failed && error.failure.reason === 'network') throw error;
    if (error instanceof Failed) return [];
    throw error;
  }
}

function absolute(loc: string, base: string): string {
  try {
    return new URL(loc, base).href;
  } catch {
    return loc;
  }
}
