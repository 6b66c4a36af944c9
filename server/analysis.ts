// The analysis behind a report: fetch the page (http/https only, bounded in time, redirects and
// size), parse it with a real HTML parser, and score a dozen on-page checks. The score is the sum
// of the weights of the checks that pass (the weights add up to 100). A report's `results` is the
// contract's map of checks, keyed like real deployments' where a check matches one of theirs.
import { type DefaultTreeAdapterTypes, html as htmlSpec, parse } from 'parse5';
import type { Rating } from './db';

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

export interface FetchLimits {
  timeoutMs: number;
  maxRedirects: number;
  maxBytes: number;
}

export const DEFAULT_LIMITS: FetchLimits = {
  timeoutMs: 10_000,
  maxRedirects: 5,
  maxBytes: 5 * 1024 * 1024,
};

/** How the analysis' fetch introduces itself (sites may answer it otherwise than a browser). */
export const ANALYSIS_USER_AGENT = 'SiteReportService/1.0 (local development service)';

export interface FetchedPage {
  url: string;
  finalUrl: string;
  status: number;
  contentType: string;
  headers: Headers;
  html: string;
  bytes: number;
  timeMs: number;
  redirects: number;
}

/** A page that could not be fetched; `reason` completes "The url could not be fetched: …". */
export class FetchFailure extends Error {
  constructor(readonly reason: string) {
    super(`The url could not be fetched: ${reason}.`);
  }
}

export async function fetchPage(
  url: string,
  limits: FetchLimits = DEFAULT_LIMITS,
  signal?: AbortSignal,
): Promise<FetchedPage> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const started = performance.now();
  let current = new URL(url);
  let redirects = 0;
  try {
    for (;;) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') {
        throw new FetchFailure(
          `it leads to a ${current.protocol.slice(0, -1)} address, not a web page`,
        );
      }
      const response = await fetch(current, {
        redirect: 'manual',
        signal: combined,
        headers: {
          'User-Agent': ANALYSIS_USER_AGENT,
          Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        },
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        redirects += 1;
        const next = new URL(location, current);
        if (redirects > limits.maxRedirects) {
          // Named, as fetch errors of deployments name addresses: a page's own error may well
          // carry words such as "reports" or "limit" that no client should read anything into.
          throw new FetchFailure(
            `it redirects more than ${limits.maxRedirects} times, the last time to ${next.href}`,
          );
        }
        current = next;
        continue;
      }
      const contentType = response.headers.get('content-type') ?? '';
      if (contentType && !/^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) {
        await response.body?.cancel();
        throw new FetchFailure(`it is not an HTML page (${contentType.split(';')[0]?.trim()})`);
      }
      const body = await readLimited(response, limits.maxBytes);
      return {
        url,
        finalUrl: current.href,
        status: response.status,
        contentType,
        headers: response.headers,
        html: decode(body, contentType),
        bytes: body.length,
        timeMs: Math.round(performance.now() - started),
        redirects,
      };
    }
  } catch (error) {
    if (error instanceof FetchFailure) throw error;
    if (timeout.aborted) {
      throw new FetchFailure(`no complete answer within ${formatSeconds(limits.timeoutMs)}`);
    }
    if (signal?.aborted) throw new FetchFailure('the service is stopping');
    throw new FetchFailure(describeNetworkError(error));
  }
}

async function readLimited(response: Response, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new FetchFailure(`the page is larger than ${formatBytes(maxBytes)}`);
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function decode(body: Buffer, contentType: string): string {
  const charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

const NETWORK_REASONS: Record<string, string> = {
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection was closed unexpectedly',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate is not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate does not match the host name',
};

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const nested = (cause as { errors?: unknown[] })?.errors?.[0];
  const code =
    (cause as { code?: string })?.code ?? (nested as { code?: string } | undefined)?.code;
  if (code && NETWORK_REASONS[code]) return NETWORK_REASONS[code];
  if (code) return `the connection failed (${code})`;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.replace(/\.$/, '') || 'the request failed';
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number(mb.toFixed(1))} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

// ---------------------------------------------------------------------------------------------

/** One of the service's own checks, with its weight in the score. */
export interface CheckOutcome {
  id: CheckId;
  label: string;
  passed: boolean;
  value: string | number | boolean | null;
  weight: number;
  detail: string;
  /** Why it failed, as the contract's error kinds (`{}` when it passed). */
  errors: CheckErrors;
}

export type Importance = 'high' | 'medium' | 'low';
export type CheckErrors = Record<string, unknown>;

/** A check as reports carry it (the contract's shape of `results` entries). */
export interface ReportedCheck {
  passed: boolean;
  importance: Importance;
  value: unknown;
  errors: CheckErrors;
}

/** A report's `results`: the contract's map of checks, by key. */
export type AnalysisResults = Record<string, ReportedCheck>;

export interface Analysis {
  score: number;
  result: Rating;
  results: AnalysisResults;
  /** The service's own checks behind `results` and the score. */
  checks: CheckOutcome[];
  fetched: {
    status: number;
    finalUrl: string;
    contentType: string;
    bytes: number;
    timeMs: number;
    redirects: number;
  };
}

/**
 * The service's own rating thresholds (the v1 API's: a score ≥ 80 is good, ≥ 50 decent,
 * otherwise bad). Deliberately not the extension's copy (lib/api/constants.ts), so that a mistake
 * in the client's thresholds shows up against this service instead of being shared by both sides.
 */
export const RATING_THRESHOLDS = { good: 80, decent: 50 } as const;

export function ratingFromScore(score: number): Rating {
  if (score >= RATING_THRESHOLDS.good) return 'good';
  if (score >= RATING_THRESHOLDS.decent) return 'decent';
  return 'bad';
}

export const TITLE_LENGTH = { min: 10, max: 60 } as const;
export const DESCRIPTION_LENGTH = { min: 50, max: 160 } as const;
export const MAX_PAGE_BYTES = 500 * 1024;
export const MAX_RESPONSE_MS = 1000;

/** Each check's weight; they sum to 100. HTTPS is kept small so local http pages can rate good. */
export const CHECK_WEIGHTS = {
  status: 15,
  https: 10,
  title: 10,
  title_length: 5,
  meta_description: 10,
  meta_description_length: 5,
  h1: 10,
  lang: 5,
  viewport: 5,
  canonical: 5,
  image_alt: 5,
  indexable: 5,
  page_weight: 5,
  response_time: 5,
} as const;

export type CheckId = keyof typeof CHECK_WEIGHTS;

/**
 * The key each check reports under in `results`: the contract's key where one matches (a check
 * and its length check share one), otherwise its own. Order is the order of `results`.
 */
export const REPORTED_KEYS = {
  status: 'status',
  https: 'https_encryption',
  title: 'title',
  title_length: 'title',
  meta_description: 'meta_description',
  meta_description_length: 'meta_description',
  h1: 'headings',
  lang: 'language',
  viewport: 'meta_viewport',
  canonical: 'canonical',
  image_alt: 'image_keywords',
  indexable: 'noindex',
  page_weight: 'page_size',
  response_time: 'load_time',
} as const satisfies Record<CheckId, string>;

type ReportedKey = (typeof REPORTED_KEYS)[CheckId];

/** How much each reported check matters (the heavier checks are high). */
export const IMPORTANCE: Record<ReportedKey, Importance> = {
  status: 'high',
  https_encryption: 'high',
  title: 'high',
  meta_description: 'high',
  headings: 'high',
  language: 'medium',
  meta_viewport: 'medium',
  noindex: 'medium',
  page_size: 'medium',
  load_time: 'medium',
  canonical: 'low',
  image_keywords: 'low',
};

/** The checks as `results` carries them: one entry per key, failed when any of its checks is. */
export function reportedResults(checks: CheckOutcome[]): AnalysisResults {
  const results: AnalysisResults = {};
  for (const check of checks) {
    const key = REPORTED_KEYS[check.id];
    const entry = results[key];
    if (!entry) {
      results[key] = {
        passed: check.passed,
        importance: IMPORTANCE[key],
        value: check.value,
        errors: { ...check.errors },
      };
    } else {
      entry.passed &&= check.passed;
      Object.assign(entry.errors, check.errors);
    }
  }
  return results;
}

export function analysePage(page: FetchedPage): Analysis {
  const document = parse(page.html);
  const elements = collectElements(document);
  const byTag = (tag: string) => elements.filter((element) => element.tagName === tag);
  const metaContent = (...names: string[]) =>
    byTag('meta')
      .filter((meta) => names.includes((attribute(meta, 'name') ?? '').trim().toLowerCase()))
      .map((meta) => attribute(meta, 'content') ?? '');

  const checks: CheckOutcome[] = [];
  const add = (
    id: CheckId,
    label: string,
    passed: boolean,
    value: CheckOutcome['value'],
    detail: string,
    failure: CheckErrors = { failed: null },
  ) =>
    checks.push({
      id,
      label,
      passed,
      value,
      weight: CHECK_WEIGHTS[id],
      detail,
      errors: passed ? {} : failure,
    });
  const missing = { missing: null };

  const ok = page.status >= 200 && page.status < 300;
  add(
    'status',
    'HTTP status',
    ok,
    page.status,
    ok
      ? `The page answered ${page.status}.`
      : `The page answered ${page.status}; a page should answer 2xx.`,
  );

  const secure = new URL(page.finalUrl).protocol === 'https:';
  add(
    'https',
    'HTTPS',
    secure,
    secure,
    secure ? 'The page is served over HTTPS.' : 'The page is not served over HTTPS.',
  );

  const titleElement = byTag('title')[0];
  const title = titleElement ? collapse(textContent(titleElement)) : null;
  add(
    'title',
    'Title',
    !!title,
    title,
    title ? 'The page has a title.' : 'The page has no title.',
    missing,
  );
  const titleFits = !!title && title.length >= TITLE_LENGTH.min && title.length <= TITLE_LENGTH.max;
  add(
    'title_length',
    'Title length',
    titleFits,
    title?.length ?? 0,
    `${title?.length ?? 0} characters; ${TITLE_LENGTH.min}–${TITLE_LENGTH.max} is recommended.`,
    // Without a title, its length says nothing more.
    title ? { length: { ...TITLE_LENGTH } } : {},
  );

  const description = collapse(metaContent('description')[0] ?? '') || null;
  add(
    'meta_description',
    'Meta description',
    !!description,
    description,
    description ? 'The page has a meta description.' : 'The page has no meta description.',
    missing,
  );
  const descriptionFits =
    !!description &&
    description.length >= DESCRIPTION_LENGTH.min &&
    description.length <= DESCRIPTION_LENGTH.max;
  add(
    'meta_description_length',
    'Meta description length',
    descriptionFits,
    description?.length ?? 0,
    `${description?.length ?? 0} characters; ${DESCRIPTION_LENGTH.min}–${DESCRIPTION_LENGTH.max} is recommended.`,
    description ? { length: { ...DESCRIPTION_LENGTH } } : {},
  );

  const headings = byTag('h1').length;
  add(
    'h1',
    'One h1 heading',
    headings === 1,
    headings,
    `The page has ${headings} h1 heading${headings === 1 ? '' : 's'}; it should have exactly one.`,
    headings === 0 ? missing : { too_many: { max: 1 } },
  );

  const htmlElement = byTag('html')[0];
  const lang = (htmlElement && attribute(htmlElement, 'lang')?.trim()) || null;
  add(
    'lang',
    'Language',
    !!lang,
    lang,
    lang ? `The page declares its language (${lang}).` : 'The html element has no lang attribute.',
    missing,
  );

  const viewport = metaContent('viewport').find((content) => /width\s*=/.test(content)) ?? null;
  add(
    'viewport',
    'Mobile viewport',
    !!viewport,
    viewport,
    viewport
      ? 'The page sets a viewport for mobile devices.'
      : 'The page has no viewport meta tag.',
    missing,
  );

  const canonicalLink = byTag('link').find(
    (link) => relTokens(link).includes('canonical') && !!attribute(link, 'href')?.trim(),
  );
  const canonical = canonicalLink
    ? resolveUrl(attribute(canonicalLink, 'href') as string, page.finalUrl)
    : null;
  add(
    'canonical',
    'Canonical link',
    !!canonical,
    canonical,
    canonical ? 'The page names its canonical address.' : 'The page has no canonical link.',
    missing,
  );

  const images = byTag('img');
  const withoutAlt = images.filter((image) => attribute(image, 'alt') === undefined).length;
  add(
    'image_alt',
    'Image alt text',
    withoutAlt === 0,
    `${images.length - withoutAlt}/${images.length}`,
    images.length === 0
      ? 'The page has no images.'
      : `${withoutAlt} of ${images.length} image${images.length === 1 ? '' : 's'} without alt text.`,
    { missing: withoutAlt },
  );

  const robots = [...metaContent('robots', 'googlebot'), page.headers.get('x-robots-tag') ?? ''];
  const noindex = robots.some((content) => /(^|[\s,])(noindex|none)($|[\s,])/i.test(content));
  add(
    'indexable',
    'Indexable',
    !noindex,
    !noindex,
    noindex
      ? 'The page asks search engines not to index it (noindex).'
      : 'Search engines may index the page.',
  );

  const light = page.bytes <= MAX_PAGE_BYTES;
  add(
    'page_weight',
    'Page weight',
    light,
    page.bytes,
    `${formatBytes(page.bytes)} of HTML; at most ${formatBytes(MAX_PAGE_BYTES)} is recommended.`,
    { too_large: { max: MAX_PAGE_BYTES } },
  );

  const fast = page.timeMs <= MAX_RESPONSE_MS;
  // In seconds, as deployments give a load time.
  add(
    'response_time',
    'Response time',
    fast,
    page.timeMs / 1000,
    `${page.timeMs} ms; at most ${MAX_RESPONSE_MS} ms is recommended.`,
    { too_slow: { max: MAX_RESPONSE_MS / 1000 } },
  );

  const score = checks.reduce((sum, check) => sum + (check.passed ? check.weight : 0), 0);
  return {
    score,
    result: ratingFromScore(score),
    results: reportedResults(checks),
    checks,
    fetched: {
      status: page.status,
      finalUrl: page.finalUrl,
      contentType: page.contentType,
      bytes: page.bytes,
      timeMs: page.timeMs,
      redirects: page.redirects,
    },
  };
}

/** The results of a page that could not be fetched: its status check failed, saying why. */
export function unfetchedResults(reason: string): AnalysisResults {
  return {
    status: {
      passed: false,
      importance: IMPORTANCE.status,
      value: null,
      errors: { failed: reason },
    },
  };
}

export async function analyseUrl(
  url: string,
  limits: FetchLimits = DEFAULT_LIMITS,
  signal?: AbortSignal,
): Promise<Analysis> {
  return analysePage(await fetchPage(url, limits, signal));
}

/** Every HTML element of the document in tree order (a template's content is not the page's). */
function collectElements(root: Node): Element[] {
  const found: Element[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if ('tagName' in node && node.namespaceURI === htmlSpec.NS.HTML) found.push(node);
    if ('childNodes' in node) {
      for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i] as Node);
    }
  }
  return found;
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

function relTokens(element: Element): string[] {
  return (attribute(element, 'rel') ?? '').toLowerCase().split(/\s+/);
}

function textContent(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value;
  if (!('childNodes' in node)) return '';
  return node.childNodes.map(textContent).join('');
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function resolveUrl(href: string, base: string): string {
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return href.trim();
  }
}
