// The local Site Report Service: an HTTP server that speaks the Site Report Service v1 API (as
// server/README.md describes it) like a Laravel deployment, stores its data in SQLite and rates
// pages with a real analysis. Start it from the command line (server/cli.ts) or in-process with
// `startService()` (tests, demo, benchmark).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ANALYSIS_USER_AGENT,
  analyseUrl,
  DEFAULT_LIMITS,
  FetchFailure,
  type FetchLimits,
  ratingFromScore,
  unfetchedResults,
} from './analysis';
import { type ApiContext, analysed, isWebUrl, matchRoute } from './api';
import { type Analysed, dbTime, type Privacy, type Rating, Store } from './db';
import {
  BodyTooLargeError,
  type HeaderMap,
  loggablePath,
  readFields,
  redirect,
  sendEmpty,
  sendHtml,
  sendJson,
  wantsJson,
} from './http';
import {
  gatewayTimeoutPage,
  landingPage,
  loginPage,
  notFoundPage,
  passwordPage,
  reportPage,
  serverErrorPage,
  tooManyTriesPage,
} from './pages';
import { hashPassword, verifyPassword } from './passwords';
import { createRateLimiter, type RateLimitDecision } from './rate-limit';
import { sampleSiteAnswer } from './sample-site';
import {
  SAMPLE_ASSETS,
  SAMPLE_NAMES,
  type SampleName,
  samplePage,
  sampleRedirect,
  sampleShown,
} from './samples';

export interface ApiKeyOption {
  key: string;
  /** false: the key is known but its plan has no API access (every API request answers 403). */
  apiAccess?: boolean;
  /** Another key of the same account (an account may have several keys); its own otherwise. */
  sameAccountAs?: string;
}

export interface ServiceOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Each key is its own account. None given: one key is generated (see `apiKey`). */
  apiKeys?: (string | ApiKeyOption)[];
  /** SQLite file, or ':memory:' (the default). */
  db?: string;
  /** Requests per window (a minute by default) per key; 0 turns the limit off. Default 60. */
  rateLimit?: number;
  /**
   * The length of that window, in ms: a fixed window from the first request, as Laravel's
   * `throttle` has. Default 60 000; tests of pacing use a few seconds.
   */
  rateWindowMs?: number;
  /**
   * Send `X-RateLimit-Reset` with every API answer, not only with a 429. Laravel does not (off by
   * default); a client that is not told assumes a minute, so tests of pacing under a window of a
   * few seconds turn it on.
   */
  rateResetOnSuccess?: boolean;
  /**
   * Password tries a client may make per password-protected report web page in a window of
   * `passwordWindowMs` that starts with its first try; then that page answers 429 until the
   * window ends. A right password clears the count. 0 turns the limit off. Default 5.
   */
  passwordAttempts?: number;
  /** The window of `passwordAttempts`, in ms. Default 60 000 (Laravel's login throttle). */
  passwordWindowMs?: number;
  /**
   * Who sent a request, for the limits: its remote address by default. Tests (all on loopback)
   * inject their own; behind a proxy this would read the forwarded address.
   */
  clientAddress?: (req: IncomingMessage) => string;
  /** The clock of the rate limits, in ms since the epoch. Default `Date.now`; tests inject one. */
  now?: () => number;
  /** Delay before every API answer, in ms. */
  latencyMs?: number;
  /**
   * Awaited before every API answer, after `latencyMs`: tests hold answers back while they look
   * at what a client shows in the meantime, then let them go. It is told which request it holds.
   */
  gate?: (request: { method: string; path: string }) => Promise<void> | undefined;
  /**
   * Awaited before the analysis of a page (a create's or a re-analysis'), told its address: tests
   * hold some pages' analyses back while another create's answer comes first.
   */
  analysisGate?: (url: string) => Promise<void> | undefined;
  /**
   * A policy of its own, asked for every authenticated API request: a message refuses it with
   * `403 { "message": … }`, as a deployment's policy refuses a change (tests of refusals other
   * than "no API access" and "not yours"); undefined lets it through.
   */
  refuse?: (request: { method: string; path: string }) => string | undefined;
  /**
   * How much longer the analysis of a create or a re-analysis (`PUT results=1`) takes, in ms, as
   * on a slow site (real deployments take 5–60 s inside the request). The report is saved only
   * once the analysis is done, and a client that hangs up meanwhile does not stop it.
   */
  createDelayMs?: number;
  /**
   * Creates whose answer is lost after the report was made: the connection breaks as the answer
   * starts ('drop'), or a gateway answers 504 in its place ('gateway').
   */
  loseCreateAnswers?: 'drop' | 'gateway';
  /** Create answers at once with `result: null`; the analysis fills the report in later. */
  async?: boolean;
  /** How long after creation the analysis starts in async mode. Default 1500 ms. */
  asyncDelayMs?: number;
  /**
   * Every Nth API request answers 500 with an HTML page. Counted: requests that reach the API's
   * routes and pass the rate limit (not preflights, unknown routes or 429s).
   */
  failEvery?: number;
  /** Answers every API request with a 307 to the same path at this origin (a moved deployment). */
  redirectTo?: string;
  /**
   * Serve /samples/good, /samples/decent and /samples/bad, and /samples/old and /samples/moved,
   * which redirect to /samples/good (moved: only the analysis' fetch; samples.ts); and a sample
   * site to audit: /site/page-1…30, its sitemaps and /robots.txt (sample-site.ts).
   */
  serveSamples?: boolean;
  /** `per_page` used when a request gives none or an unknown one. Default 25. */
  perPage?: number;
  /** Limits of the analysis' fetch. Defaults: 10 s, 5 MB. */
  fetchTimeoutMs?: number;
  maxPageBytes?: number;
  /**
   * Reports each account may create per calendar month (UTC); absent: unlimited. Deleted reports
   * still count, re-analysis does not. Past it every create answers 422 on `url`: "You created
   * too many reports." `GET /account` tells it as the plan's `features.reports` (-1: unlimited).
   */
  monthlyQuota?: number;
  /** The plan's name in `GET /account`. Default 'Local'. */
  planName?: string;
  /** false: `GET /account` is an unknown route (404), as on older deployments. Default true. */
  account?: boolean;
  /**
   * What a PUT or DELETE of a report that does not exist or is another account's answers: 403
   * "This action is unauthorized." (the default, as Laravel deployments authorise before they
   * look), or 404 as a GET of it does.
   */
  missingReport?: 403 | 404;
  /**
   * false: list items come without `results`, as some deployments' list resource leaves them
   * out (only a read has them). Default true.
   */
  listResults?: boolean;
  /** Receives one line per request (never a key or a body). Default: no logging. */
  log?: (line: string) => void;
}

export interface RequestLogEntry {
  /** When the request arrived (ISO 8601). */
  time: string;
  method: string;
  /** Path and query string, as requested. */
  path: string;
  status: number;
  durationMs: number;
  /** The request was to the API (under /api/). */
  api: boolean;
  /** The service's id of the account whose key it carried (never the key), when it had one. */
  account?: number;
}

export interface SeedReport {
  url: string;
  /** A rating, or null for a report whose analysis has not finished. Default: from `score`. */
  result?: Rating | null;
  score?: number | null;
  results?: unknown;
  privacy?: Privacy;
  /** For privacy 2 (default 'password'); stored hashed like any other. */
  password?: string;
  generatedAt?: string | Date | null;
  createdAt?: string | Date;
  updatedAt?: string | Date;
}

export interface RunningService {
  /** The origin, e.g. http://127.0.0.1:54321 (web pages and samples live here). */
  url: string;
  /** The API base URL: `${url}/api/v1`. */
  baseUrl: string;
  /** The first API key (generated when none was configured). */
  apiKey: string;
  apiKeys: string[];
  /** Sample page addresses when `serveSamples` is on. */
  sampleUrls: Record<SampleName, string> | null;
  /** Every request answered since start (or the last reset), oldest first. */
  readonly requests: readonly RequestLogEntry[];
  /** The API requests among them, preflights left out: what a client's request count is. */
  apiRequests(): RequestLogEntry[];
  resetRequests(): void;
  /** Forgets the API requests and the password tries counted so far. */
  resetRateLimits(): void;
  /** Inserts reports directly (no fetch) for `apiKey` (default: the first key); their ids. */
  seed(reports: SeedReport[], apiKey?: string): Promise<number[]>;
  /**
   * What the watched page at `path` (`/samples/watch/<name>`, or its full address) serves from
   * now on: one of the samples. Such pages serve `good` until told otherwise, so the next
   * analysis of a page set to `bad` rates it lower with high-importance checks failing.
   */
  setPageOutcome(path: string, outcome: SampleName): void;
  /** Resolves when no async-mode analysis is pending. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_RATE_LIMIT = 60;
export const DEFAULT_RATE_WINDOW_MS = 60_000;
export const DEFAULT_PASSWORD_ATTEMPTS = 5;
export const DEFAULT_PASSWORD_WINDOW_MS = 60_000;
const DEFAULT_PER_PAGE = 25;
const DEFAULT_ASYNC_DELAY_MS = 1500;
export const DEFAULT_PLAN_NAME = 'Local';
const SEED_SCORES: Record<Rating, number> = { good: 90, decent: 65, bad: 25 };

/** Pages whose sample can be changed between analyses (setPageOutcome). */
const WATCHED_PAGE = /^\/samples\/watch\/[a-z0-9-]+\/?$/;
const watchedKey = (path: string) => path.replace(/\/$/, '');

const CORS_HEADERS: HeaderMap = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
};
const ACCOUNT_PATH = /^\/api\/v1\/account\/?$/;
const PREFLIGHT_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Accept', 'X-Requested-With'];

export function generateApiKey(): string {
  return `sr_${randomBytes(24).toString('base64url')}`;
}

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const keyOptions = (options.apiKeys?.length ? options.apiKeys : [generateApiKey()]).map(
    (entry): Required<Omit<ApiKeyOption, 'sameAccountAs'>> & Pick<ApiKeyOption, 'sameAccountAs'> =>
      typeof entry === 'string'
        ? { key: entry, apiAccess: true }
        : { ...entry, apiAccess: entry.apiAccess ?? true },
  );
  for (const { key } of keyOptions) {
    if (!/^[\x21-\x7e]{8,}$/.test(key)) {
      throw new Error('An API key must be at least 8 printable characters without spaces.');
    }
  }

  const monthlyQuota = options.monthlyQuota;
  if (monthlyQuota !== undefined && !(Number.isSafeInteger(monthlyQuota) && monthlyQuota >= 0)) {
    throw new Error('monthlyQuota must be a whole number of reports, 0 or more.');
  }

  const store = new Store(options.db ?? ':memory:');
  if (store.staleLockRemoved) {
    options.log?.(
      `Removed ${options.db}.lock, left by a process that stopped while using the database; a write it had not finished is undone.`,
    );
  }
  /** The sample each watched page serves, by path (setPageOutcome); `good` when not set. */
  const pageOutcomes = new Map<string, SampleName>();
  const accountOfKey = (key: string) =>
    store.accountId(keyOptions.find((option) => option.key === key)?.sameAccountAs ?? key);
  const accounts = new Map(
    keyOptions.map(({ key, apiAccess }) => [key, { id: accountOfKey(key), apiAccess }]),
  );
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  const now = options.now ?? Date.now;
  const clientAddress =
    options.clientAddress ?? ((req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown');
  const limiter =
    rateLimit > 0
      ? createRateLimiter(rateLimit, options.rateWindowMs ?? DEFAULT_RATE_WINDOW_MS, now)
      : null;
  const passwordAttempts = options.passwordAttempts ?? DEFAULT_PASSWORD_ATTEMPTS;
  const passwordLimiter =
    passwordAttempts > 0
      ? createRateLimiter(
          passwordAttempts,
          options.passwordWindowMs ?? DEFAULT_PASSWORD_WINDOW_MS,
          now,
        )
      : null;
  const limits: FetchLimits = {
    ...DEFAULT_LIMITS,
    timeoutMs: options.fetchTimeoutMs ?? DEFAULT_LIMITS.timeoutMs,
    maxBytes: options.maxPageBytes ?? DEFAULT_LIMITS.maxBytes,
  };
  /** Creates under way per account, which the quota counts before their reports are stored. */
  const creating = new Map<number, number>();

  /** Takes one of the account's creates this month; null when the quota is used up. */
  function reserveCreate(accountId: number): (() => void) | null {
    if (monthlyQuota === undefined) return () => {};
    const monthStart = `${dbTime().slice(0, 7)}-01 00:00:00`;
    const underWay = creating.get(accountId) ?? 0;
    if (store.reportsCreatedSince(accountId, monthStart) + underWay >= monthlyQuota) return null;
    creating.set(accountId, underWay + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      creating.set(accountId, (creating.get(accountId) ?? 1) - 1);
    };
  }

  const stopping = new AbortController();
  const pendingAnalyses = new Set<Promise<void>>();
  const requests: RequestLogEntry[] = [];
  let apiRequestCount = 0;
  let origin = '';

  async function analyse(url: string) {
    await options.analysisGate?.(url);
    const analysis = await analyseUrl(url, limits, stopping.signal);
    // Not tied to the request: like a deployment, the analysis goes on when the client hangs up.
    if (options.createDelayMs) {
      await sleep(options.createDelayMs, undefined, { signal: stopping.signal });
    }
    return analysis;
  }

  function scheduleAnalysis(reportId: number, url: string): void {
    const task = (async () => {
      await sleep(options.asyncDelayMs ?? DEFAULT_ASYNC_DELAY_MS, undefined, {
        signal: stopping.signal,
      });
      let analysis: Analysed;
      let finalUrl = url;
      try {
        const done = await analyse(url);
        analysis = analysed(done);
        finalUrl = done.fetched.finalUrl;
      } catch (error) {
        if (!(error instanceof FetchFailure) || stopping.signal.aborted) throw error;
        // Nobody is waiting for a 422 any more: the report says what went wrong instead.
        analysis = {
          result: 'bad',
          score: 0,
          results: unfetchedResults(error.message),
          generatedAt: dbTime(),
        };
      }
      if (!stopping.signal.aborted && store.findReport(reportId)) {
        store.updateReport(reportId, { analysis, url: finalUrl });
      }
    })()
      .catch((error: unknown) => {
        if (!stopping.signal.aborted)
          options.log?.(`async analysis of report ${reportId} failed: ${error}`);
      })
      .finally(() => pendingAnalyses.delete(task));
    pendingAnalyses.add(task);
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      // Preflight, answered as Laravel's HandleCors does for api/*: any origin, these headers.
      const requested = (req.headers['access-control-request-headers'] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const allowHeaders = [...PREFLIGHT_ALLOWED_HEADERS];
      for (const name of requested) {
        if (!allowHeaders.some((known) => known.toLowerCase() === name.toLowerCase())) {
          allowHeaders.push(name);
        }
      }
      sendEmpty(res, 204, {
        ...CORS_HEADERS,
        'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': allowHeaders.join(', '),
        'Access-Control-Max-Age': 600,
        Vary: 'Access-Control-Request-Method, Access-Control-Request-Headers',
      });
      return;
    }
    if (options.latencyMs) await sleep(options.latencyMs);
    await options.gate?.({ method, path: url.pathname });
    if (options.redirectTo) {
      redirect(res, `${options.redirectTo}${url.pathname}${url.search}`, CORS_HEADERS, 307);
      return;
    }

    const route =
      options.account === false && ACCOUNT_PATH.test(url.pathname)
        ? ({ kind: 'not_found' } as const)
        : matchRoute(method, url.pathname);
    const routePath = url.pathname.replace(/^\/+/, '');
    if (route.kind === 'not_found') {
      sendJson(res, 404, { message: `The route ${routePath} could not be found.` }, CORS_HEADERS);
      return;
    }
    if (route.kind === 'method_not_allowed') {
      sendJson(
        res,
        405,
        {
          message: `The ${method} method is not supported for route ${routePath}. Supported methods: ${route.allowed.join(', ')}.`,
        },
        { ...CORS_HEADERS, Allow: route.allowed.join(', ') },
      );
      return;
    }

    const key = bearerToken(req);
    const account = key === null ? undefined : accounts.get(key);
    const headers: HeaderMap = { ...CORS_HEADERS };
    if (limiter) {
      // Per key; requests without a known key share their address's allowance.
      const decision = limiter.hit(account ? `account:${account.id}` : `ip:${clientAddress(req)}`);
      headers['X-RateLimit-Limit'] = decision.limit;
      headers['X-RateLimit-Remaining'] = decision.remaining;
      if (options.rateResetOnSuccess) headers['X-RateLimit-Reset'] = decision.resetAt;
      if (!decision.allowed) {
        sendJson(
          res,
          429,
          { message: 'Too Many Attempts.' },
          {
            ...headers,
            'Retry-After': decision.retryAfterSeconds,
            'X-RateLimit-Reset': decision.resetAt,
          },
        );
        return;
      }
    }
    apiRequestCount += 1;
    if (options.failEvery && apiRequestCount % options.failEvery === 0) {
      sendHtml(res, 500, serverErrorPage(), headers);
      return;
    }
    if (!account) {
      // Laravel sends a browser that is not authenticated to its login page; API clients that
      // ask for JSON get the 401.
      if (wantsJson(req)) sendJson(res, 401, { message: 'Unauthenticated.' }, headers);
      else redirect(res, `${url.origin}/login`, headers);
      return;
    }
    if (!account.apiAccess) {
      sendJson(
        res,
        403,
        { message: "You don't have access to this feature.", status: 403 },
        headers,
      );
      return;
    }

    const refusal = options.refuse?.({ method, path: url.pathname });
    if (refusal !== undefined) {
      sendJson(res, 403, { message: refusal }, headers);
      return;
    }

    const context: ApiContext = {
      store,
      accountId: account.id,
      url,
      params: route.params,
      fields: () => readFields(req),
      analyse,
      scheduleAnalysis: options.async ? scheduleAnalysis : undefined,
      defaultPerPage: options.perPage ?? DEFAULT_PER_PAGE,
      plan: { name: options.planName ?? DEFAULT_PLAN_NAME, reports: monthlyQuota ?? -1 },
      reserveCreate: () => reserveCreate(account.id),
      missingReport: options.missingReport ?? 403,
      listResults: options.listResults ?? true,
    };
    try {
      const answer = await route.handler(context);
      if (options.loseCreateAnswers && method === 'POST' && answer.status === 201) {
        loseAnswer(res, options.loseCreateAnswers, headers);
        return;
      }
      sendJson(res, answer.status, answer.body, { ...headers, ...answer.headers });
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      sendJson(res, 413, { message: 'The request body is too large.', status: 413 }, headers);
    }
  }

  async function handleWeb(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const path = url.pathname;
    const reportMatch = /^\/reports\/(\d{1,15})\/?$/.exec(path);
    if (reportMatch && (method === 'GET' || method === 'POST')) {
      await handleReportPage(req, res, Number(reportMatch[1]), method === 'POST');
      return;
    }
    if (method !== 'GET') {
      sendHtml(res, 404, notFoundPage());
      return;
    }
    if (path === '/') {
      const sampleUrls = options.serveSamples
        ? SAMPLE_NAMES.map((name) => `${url.origin}/samples/${name}`)
        : [];
      sendHtml(res, 200, landingPage({ baseUrl: `${url.origin}/api/v1`, sampleUrls }));
      return;
    }
    if (path === '/login') {
      sendHtml(res, 200, loginPage());
      return;
    }
    if (options.serveSamples) {
      const name = /^\/samples\/([a-z]+)\/?$/.exec(path)?.[1];
      const fromAnalysis = req.headers['user-agent'] === ANALYSIS_USER_AGENT;
      const movedTo = name ? sampleRedirect(name, fromAnalysis) : null;
      if (movedTo) {
        redirect(res, `${url.origin}/samples/${movedTo}`, {}, 301);
        return;
      }
      const watched = WATCHED_PAGE.test(path)
        ? (pageOutcomes.get(watchedKey(path)) ?? 'good')
        : null;
      const shown = watched ?? (name ? sampleShown(name) : null);
      if (shown) {
        sendHtml(res, 200, samplePage(shown, url.origin));
        return;
      }
      const site = sampleSiteAnswer(path, url.origin);
      if (site && 'location' in site) {
        redirect(res, site.location, { 'Access-Control-Allow-Origin': '*' });
        return;
      }
      if (site?.stall) {
        // Headers and the first bytes, then nothing: closing the server ends it.
        res.writeHead(200, { 'Content-Type': site.type, 'Access-Control-Allow-Origin': '*' });
        res.write(site.body);
        return;
      }
      if (site) {
        // A page of the extension fetches the sitemaps: any origin may read them.
        res.writeHead(200, {
          'Content-Type': site.type,
          'Content-Length': Buffer.byteLength(site.body),
          'Access-Control-Allow-Origin': '*',
        });
        res.end(req.method === 'HEAD' ? undefined : site.body);
        return;
      }
      const asset = SAMPLE_ASSETS[path];
      if (asset) {
        res.writeHead(200, {
          'Content-Type': asset.type,
          'Content-Length': Buffer.byteLength(asset.body),
        });
        res.end(asset.body);
        return;
      }
    }
    // The sample site's missing files are readable by any origin too (a sitemap's 404).
    const site = options.serveSamples && path.startsWith('/site/');
    sendHtml(res, 404, notFoundPage(), site ? { 'Access-Control-Allow-Origin': '*' } : {});
  }

  async function handleReportPage(
    req: IncomingMessage,
    res: ServerResponse,
    id: number,
    submitted: boolean,
  ): Promise<void> {
    const report = store.findReport(id);
    if (!report || report.privacy === 1) {
      sendHtml(res, 404, notFoundPage());
      return;
    }
    let headers: HeaderMap = {};
    if (report.privacy === 2 && report.password_hash) {
      // Tries are limited per report and client, like Laravel's login throttle. A try is counted
      // before the (slow) password check, so tries sent at once cannot slip past the limit.
      const throttleKey = `report:${id}:${clientAddress(req)}`;
      if (!submitted) {
        const state = passwordLimiter?.peek(throttleKey);
        if (state && !state.allowed) sendTooManyTries(res, id, state);
        else sendHtml(res, 200, passwordPage(id));
        return;
      }
      const password = (await readFields(req, 16 * 1024)).password ?? '';
      const decision = passwordLimiter?.hit(throttleKey);
      if (decision) {
        if (!decision.allowed) {
          sendTooManyTries(res, id, decision);
          return;
        }
        headers = {
          'X-RateLimit-Limit': decision.limit,
          'X-RateLimit-Remaining': decision.remaining,
        };
      }
      if (!(await verifyPassword(password, report.password_hash))) {
        sendHtml(
          res,
          403,
          passwordPage(id, { wrongPassword: true, triesLeft: decision?.remaining }),
          headers,
        );
        return;
      }
      passwordLimiter?.clear(throttleKey);
    }
    sendHtml(res, 200, reportPage(report), headers);
  }

  function sendTooManyTries(res: ServerResponse, id: number, decision: RateLimitDecision): void {
    sendHtml(
      res,
      429,
      tooManyTriesPage(id, decision.retryAfterSeconds, new Date(decision.resetAt * 1000)),
      {
        'Retry-After': decision.retryAfterSeconds,
        'X-RateLimit-Limit': decision.limit,
        'X-RateLimit-Remaining': 0,
        'X-RateLimit-Reset': decision.resetAt,
      },
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrived = new Date();
    const started = performance.now();
    const rawPath = req.url ?? '/';
    let url: URL;
    try {
      url = new URL(rawPath, `http://${req.headers.host ?? new URL(origin).host}`);
    } catch {
      url = new URL(rawPath.startsWith('/') ? rawPath : '/', origin);
    }
    const api = url.pathname === '/api' || url.pathname.startsWith('/api/');
    try {
      await (api ? handleApi(req, res, url) : handleWeb(req, res, url));
    } catch (error) {
      options.log?.(`error answering ${req.method} ${url.pathname}: ${error}`);
      if (!res.headersSent) {
        sendHtml(
          res,
          error instanceof BodyTooLargeError ? 413 : 500,
          serverErrorPage(),
          api ? CORS_HEADERS : {},
        );
      } else {
        res.destroy();
      }
    } finally {
      const entry: RequestLogEntry = {
        time: arrived.toISOString(),
        method: req.method ?? 'GET',
        path: loggablePath(rawPath),
        status: res.statusCode,
        durationMs: Math.round(performance.now() - started),
        api,
      };
      const key = api ? bearerToken(req) : null;
      const account = key === null ? undefined : accounts.get(key)?.id;
      if (account !== undefined) entry.account = account;
      requests.push(entry);
      options.log?.(
        `${entry.time} ${entry.method} ${entry.path} ${entry.status} ${entry.durationMs}ms`,
      );
    }
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    store.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  origin = `http://${displayHost(host)}:${port}`;

  let closing: Promise<void> | undefined;
  async function close(): Promise<void> {
    stopping.abort();
    await Promise.allSettled([...pendingAnalyses]);
    await new Promise<void>((resolve) => {
      // Idle keep-alive connections would hold close() open; busy ones get a moment to finish.
      const force = setTimeout(() => server.closeAllConnections(), 1000);
      server.close(() => {
        clearTimeout(force);
        resolve();
      });
      server.closeIdleConnections();
    });
    store.close();
  }

  return {
    url: origin,
    baseUrl: `${origin}/api/v1`,
    apiKey: (keyOptions[0] as ApiKeyOption).key,
    apiKeys: keyOptions.map(({ key }) => key),
    sampleUrls: options.serveSamples
      ? (Object.fromEntries(
          SAMPLE_NAMES.map((name) => [name, `${origin}/samples/${name}`]),
        ) as Record<SampleName, string>)
      : null,
    get requests() {
      return requests;
    },
    apiRequests: () => requests.filter((entry) => entry.api && entry.method !== 'OPTIONS'),
    resetRequests: () => {
      requests.length = 0;
    },
    resetRateLimits: () => {
      apiRequestCount = 0;
      limiter?.reset();
      passwordLimiter?.reset();
    },
    setPageOutcome(path, outcome) {
      const pathname = new URL(path, origin).pathname;
      if (!WATCHED_PAGE.test(pathname)) throw new Error(`Not a watched sample page: ${path}`);
      pageOutcomes.set(watchedKey(pathname), outcome);
    },
    async seed(reports, apiKey = (keyOptions[0] as ApiKeyOption).key) {
      const accountId = accountOfKey(apiKey);
      const ids: number[] = [];
      for (const report of reports) {
        if (!isWebUrl(report.url)) throw new Error(`Cannot seed a report for ${report.url}.`);
        const createdAt = dbTime(report.createdAt ? new Date(report.createdAt) : new Date());
        const score = report.score ?? (report.result ? SEED_SCORES[report.result] : null);
        const result =
          report.result === undefined && score !== null
            ? ratingFromScore(score)
            : (report.result ?? null);
        const generatedAt =
          report.generatedAt === undefined
            ? createdAt
            : report.generatedAt === null
              ? null
              : dbTime(new Date(report.generatedAt));
        const privacy = report.privacy ?? 0;
        const row = store.createReport(accountId, {
          url: report.url,
          project: new URL(report.url).host,
          privacy,
          passwordHash: privacy === 2 ? await hashPassword(report.password ?? 'password') : null,
          analysis:
            result && generatedAt
              ? {
                  result,
                  score: score ?? SEED_SCORES[result],
                  results: report.results ?? {},
                  generatedAt,
                }
              : null,
          createdAt,
          updatedAt: report.updatedAt ? dbTime(new Date(report.updatedAt)) : undefined,
        });
        ids.push(row.id);
      }
      return ids;
    },
    async idle() {
      while (pendingAnalyses.size > 0) await Promise.allSettled([...pendingAnalyses]);
    },
    close() {
      closing ??= close();
      return closing;
    },
  };
}

/** The report is made, but its answer never reaches the client. */
function loseAnswer(res: ServerResponse, how: 'drop' | 'gateway', headers: HeaderMap): void {
  if (how === 'gateway') {
    sendHtml(res, 504, gatewayTimeoutPage(), headers);
    return;
  }
  // The connection breaks as the answer starts. (Closed before any byte, a browser may send the
  // POST again on a fresh connection by itself: a second report no client could prevent.)
  res.socket?.end('HTTP/1.1 201 Created\r\n');
  res.socket?.destroy();
}

function bearerToken(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1] ?? null;
}

function displayHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
