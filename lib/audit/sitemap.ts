// A sitemap's addresses: an XML `urlset`, a `sitemapindex` followed up to 3 levels (loops are
// refused), gzip (by its magic bytes, whatever the name), and a site's home or robots.txt, whose
// `Sitemap:` lines are followed (one level deeper, like an index's). XML is read for its `<loc>`s
// as it streams in (sitemap-xml.ts), never built into a document nor rendered. Failures are data
// with a reason, never thrown. A child sitemap that fails is skipped and named; only the first
// file, the read's bounds, a loop or nesting too deep, and cancelling end the whole read. Each
// file is fetched by sitemap-fetch.ts; here the files are parsed and walked.
import { MAX_ADDRESSES, MAX_FILE_BYTES, MAX_FILE_URLS } from './limits';
import { addressOf, shown } from './list';
import { Failed, fail, type SitemapFailure, type SitemapFailureReason } from './sitemap-failure';
import { fetchFile, type SitemapFetchDeps } from './sitemap-fetch';
import { LocReader, type LocsFound } from './sitemap-xml';

/** An index's sitemaps are followed this many levels deep (the index itself is level 1). */
export const MAX_SITEMAP_LEVELS = 3;
/** The most files (sitemaps, robots.txt) read for one address… */
export const MAX_SITEMAP_FILES = 200;
/** …and the most bytes they may have in all (after gzip). */
export const MAX_SITEMAP_TOTAL_BYTES = 200 * 1024 * 1024;

/** What a read that went on left out: a child sitemap that failed, or an address too long. */
export type SitemapLeftOut =
  | { kind: 'sitemap'; failure: SitemapFailure }
  | { kind: 'address'; text: string; reason: 'tooLong' };

export type SitemapAnswer =
  | { ok: true; addresses: string[]; files: number; leftOut: SitemapLeftOut[] }
  | { ok: false; failure: SitemapFailure };

export interface SitemapDeps extends SitemapFetchDeps {
  /** The read's bounds in files and bytes (default MAX_SITEMAP_FILES, MAX_SITEMAP_TOTAL_BYTES). */
  budget?: { files: number; bytes: number };
}

/** Failures of one child that end the whole read: its bounds, its structure, or Cancel. */
const ENDS_THE_READ: ReadonlySet<SitemapFailureReason> = new Set([
  'indexLoop',
  'tooDeep',
  'tooManyAddresses',
  'tooManyFiles',
  'tooMuchData',
  'cancelled',
]);

/** A file as its text came: XML read for its `loc`s, or plain text (robots.txt, sitemap.txt). */
type FileContent =
  | { kind: 'text'; text: string }
  | { kind: 'xml'; found: LocsFound; htmlDoctype: boolean };

const HTML_DOCTYPE = '<!doctype html';

/** Tells a file's kind by its first character that is not white space, and reads it so. */
function fileReader() {
  let head = '';
  let xml: LocReader | null = null;
  let plain: string[] | null = null;
  /** The XML's first characters: is it an HTML page's doctype? */
  let opening = '';
  return {
    write(text: string) {
      if (xml) {
        if (opening.length < HTML_DOCTYPE.length)
          opening += text.slice(0, HTML_DOCTYPE.length - opening.length);
        xml.write(text);
      } else if (plain) plain.push(text);
      else {
        const first = text.search(/\S/);
        if (first < 0) {
          head += text;
          return;
        }
        if (text[first] === '<') {
          xml = new LocReader(MAX_FILE_URLS);
          opening = text.slice(first, first + HTML_DOCTYPE.length);
          xml.write(head + text);
        } else plain = [head, text];
        head = '';
      }
    },
    end(): FileContent {
      if (!xml) return { kind: 'text', text: plain ? plain.join('') : head };
      return { kind: 'xml', found: xml.end(), htmlDoctype: opening.toLowerCase() === HTML_DOCTYPE };
    },
  };
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

const isHomePage = (url: URL) => url.pathname === '/' && url.search === '';

/** Reads the sitemap (or robots.txt, or home page) at `address` and what it leads to. */
export async function readSitemap(address: string, deps: SitemapDeps): Promise<SitemapAnswer> {
  const addresses: string[] = [];
  const leftOut: SitemapLeftOut[] = [];
  const seen = new Set<string>();
  const visited = new Set<string>();
  let files = 0;
  let bytes = 0;
  const budget = deps.budget ?? { files: MAX_SITEMAP_FILES, bytes: MAX_SITEMAP_TOTAL_BYTES };

  function add(loc: string) {
    const found = addressOf(loc);
    if ('reason' in found) {
      if (found.reason === 'tooLong' && leftOut.length < MAX_ADDRESSES) {
        leftOut.push({ kind: 'address', text: shown(loc.trim()), reason: 'tooLong' });
      }
      return;
    }
    if (seen.has(found.url)) return;
    if (seen.size >= MAX_ADDRESSES) fail('tooManyAddresses', address);
    seen.add(found.url);
    addresses.push(found.url);
  }

  /** A file of the read, within the read's bounds in files and in bytes. */
  async function read(url: string): Promise<{ html: boolean; content: FileContent }> {
    if (++files > budget.files) fail('tooManyFiles', url);
    const left = budget.bytes - bytes;
    try {
      const reader = fileReader();
      const fetched = await fetchFile(url, deps, Math.min(MAX_FILE_BYTES, left), reader.write);
      bytes += fetched.size;
      return { html: fetched.html, content: reader.end() };
    } catch (error) {
      // Over what the read has left, not over a file's own bound.
      if (error instanceof Failed && error.failure.reason === 'tooLarge' && left < MAX_FILE_BYTES) {
        fail('tooMuchData', url);
      }
      throw error;
    }
  }

  /** The sitemaps a file names, each one level deeper; one that fails is named and skipped. */
  async function children(
    named: readonly string[],
    parent: string,
    level: number,
    chain: string[],
  ) {
    for (const loc of named) {
      const url = absolute(loc, parent);
      if (!isHttp(url)) {
        leftOut.push({ kind: 'sitemap', failure: { reason: 'notHttp', url: loc } });
        continue;
      }
      try {
        await sitemap(url, level + 1, chain);
      } catch (error) {
        if (!(error instanceof Failed) || ENDS_THE_READ.has(error.failure.reason)) throw error;
        leftOut.push({ kind: 'sitemap', failure: error.failure });
      }
    }
  }

  /** One sitemap file, at `level` (1 for the first), with the chain of files leading to it. */
  async function sitemap(url: string, level: number, chain: readonly string[]): Promise<void> {
    if (chain.includes(url)) fail('indexLoop', url);
    if (level > MAX_SITEMAP_LEVELS) fail('tooDeep', url);
    if (visited.has(url)) return;
    visited.add(url);
    const { content, html } = await read(url);
    if (content.kind === 'text') {
      const { text } = content;
      // A robots.txt (its Sitemap: lines), or a sitemap.txt: one address a line.
      const named = robotsSitemaps(text);
      if (named.length > 0) {
        await children(named, url, level, [...chain, url]);
        return;
      }
      const lines = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
      if (lines.length > MAX_FILE_URLS) fail('tooManyUrls', url);
      const notAddress = (line: string) => {
        const found = addressOf(line.trim());
        return 'reason' in found && found.reason !== 'tooLong';
      };
      if (lines.length === 0 || lines.some(notAddress)) fail('notSitemap', url);
      for (const line of lines) add(line.trim());
      return;
    }
    const { found, htmlDoctype } = content;
    if (!found.wellFormed || found.root === 'html') {
      fail(html || found.root === 'html' || htmlDoctype ? 'htmlPage' : 'notSitemap', url);
    }
    if (found.root === 'urlset') {
      if (found.count > MAX_FILE_URLS) fail('tooManyUrls', url);
      for (const loc of found.locs) add(loc);
      return;
    }
    if (found.root === 'sitemapindex') {
      if (found.count > MAX_FILE_URLS) fail('tooManyUrls', url);
      await children(found.locs, url, level, [...chain, url]);
      return;
    }
    fail('notSitemap', url);
  }

  /** A site's home: its robots.txt's sitemaps (level 2, as the robots.txt is 1), or /sitemap.xml. */
  async function home(start: URL) {
    const robots = new URL('/robots.txt', start).href;
    visited.add(robots);
    let content: FileContent = { kind: 'text', text: '' };
    try {
      content = (await read(robots)).content;
    } catch (error) {
      // A missing robots.txt just means none; no access to the site at all ends the read.
      const reason = error instanceof Failed ? error.failure.reason : null;
      if (reason === null || !ROBOTS_MISSING.has(reason)) throw error;
    }
    const named = content.kind === 'text' ? robotsSitemaps(content.text) : [];
    if (named.length > 0) await children(named, robots, 1, [robots]);
    else await sitemap(new URL('/sitemap.xml', start).href, 1, [robots]);
  }

  try {
    if (!isHttp(address)) return { ok: false, failure: { reason: 'notAnAddress', url: address } };
    const start = new URL(address);
    if (isHomePage(start)) await home(start);
    else await sitemap(start.href, 1, []);
    return { ok: true, addresses, files, leftOut };
  } catch (error) {
    if (error instanceof Failed) return { ok: false, failure: error.failure };
    throw error;
  }
}

/** What a home's robots.txt may answer that means only "no robots.txt". */
const ROBOTS_MISSING: ReadonlySet<SitemapFailureReason> = new Set([
  'httpStatus',
  'htmlPage',
  'notSitemap',
  'corruptGzip',
  'tooLarge',
]);

function isHttp(address: string): boolean {
  try {
    const { protocol } = new URL(address);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function absolute(loc: string, base: string): string {
  try {
    return new URL(loc, base).href;
  } catch {
    return loc;
  }
}
