// The Site Report API client: a factory wiring one transport (headers, timeouts, retries) to the
// resources. Every dependency (fetch, timers) is replaceable: it runs in the worker, Node and tests.

import { AccountEnvelope, AccountIdEnvelope } from './account-schemas';
import { type BaseUrlProblem, checkBaseUrl } from './base-url';
import { type Sleep, timerSleep } from './cancellation';
import { invalidInput, positiveOption, SiteReportError } from './errors';
import { decode } from './http-answer';
import type { AccountInfo } from './model';
import { createProjectsApi } from './projects';
import type { RateInfo } from './rate-info';
import { createReportsApi } from './reports';
import type { CallOptions, Transport } from './transport';
import { createTransport, type Fetch } from './transport';

export interface SiteReportClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: Fetch;
  /** Limit for each attempt of each request (default 15 s), except those below. */
  timeoutMs?: number;
  /**
   * Limit for a create and a re-analysis, which the service answers only after analysing the
   * page (default 120 s).
   */
  analysisTimeoutMs?: number;
  /**
   * Called with each create or re-analysis while it is out, and waited on instead: the background
   * keeps its worker awake with it (a browser may stop a worker waiting over 30 s for a fetch).
   */
  keepAlive?: <T>(work: Promise<T>) => Promise<T>;
  /** Wait before the first retry; doubled for the next (default 500 ms). */
  retryDelayMs?: number;
  /** First wait between polls of waitForResult; ×1.5 each time, at most 5 s (default 1 s). */
  pollDelayMs?: number;
  sleep?: Sleep;
  /** Told the rate-limit facts of every answer, so a caller can pace its requests. */
  onRateInfo?: (info: RateInfo) => void;
  now?: () => number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** How long a create or a re-analysis may take: the service analyses the page before it answers. */
export const DEFAULT_ANALYSIS_TIMEOUT_MS = 120_000;
const DEFAULT_RETRY_DELAY_MS = 500;
const DEFAULT_POLL_DELAY_MS = 1_000;

const BASE_URL_PROBLEMS: Record<BaseUrlProblem, string> = {
  malformed:
    'Enter the service address as a full URL, for example https://reports.example.com/api/v1.',
  scheme: 'The service address must start with https://.',
  http_not_loopback: 'Use https:// for this address; plain http:// is only allowed for localhost.',
  extra_parts: 'The service address cannot contain a user name, password, ? or #.',
};

/** A service base URL, trimmed and without trailing slashes; throws invalid_input if unusable. */
export function normaliseBaseUrl(input: string): string {
  const check = checkBaseUrl(input);
  if (!check.ok) throw invalidInput({ baseUrl: [BASE_URL_PROBLEMS[check.problem]] });
  return check.url;
}

export function createSiteReportClient(options: SiteReportClientOptions) {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const apiKey = String(options.apiKey ?? '').trim();
  if (!apiKey) throw invalidInput({ apiKey: ['Enter the API key from your account page.'] });
  // Anything else would make fetch throw a header error that quotes the key.
  if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    throw invalidInput({
      apiKey: ['The API key has characters a key cannot have. Copy it again.'],
    });
  }
  const sleep = options.sleep ?? timerSleep;
  const transport = createTransport({
    baseUrl,
    apiKey,
    // Late-bound: a detached `fetch` throws "Illegal invocation" in browsers.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    sleep,
    timeoutMs: positiveOption(options.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs'),
    analysisTimeoutMs: positiveOption(
      options.analysisTimeoutMs,
      DEFAULT_ANALYSIS_TIMEOUT_MS,
      'analysisTimeoutMs',
    ),
    keepAlive: options.keepAlive,
    retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
    onRateInfo: options.onRateInfo,
    now: options.now,
  });
  const accountInfo = createAccountApi({ transport });
  return {
    baseUrl,
    reports: createReportsApi({
      transport,
      sleep,
      pollDelayMs: options.pollDelayMs ?? DEFAULT_POLL_DELAY_MS,
    }),
    projects: createProjectsApi({ transport }),
    accountInfo,
    /** The plan's name and monthly allowance, or null when the service does not tell them. */
    account: async (options?: CallOptions) => (await accountInfo(options))?.plan ?? null,
  };
}

// The account resource, read for its plan and its id (the contract marks it optional: older
// deployments answer 404, which is "not told", like an answer of another shape).
export function createAccountApi({ transport }: { transport: Transport }) {
  /**
   * The plan's name and monthly allowance (null when the service does not tell them) and the
   * account's id (undefined when not told); null when the service has no `/account`.
   */
  return async function accountInfo({ signal }: CallOptions = {}): Promise<AccountInfo | null> {
    try {
      const answer = await transport.request(
        { method: 'GET', path: '/account', notFound: 'notFoundOnList' },
        signal,
      );
      const id = decode(AccountIdEnvelope, answer);
      return { plan: decode(AccountEnvelope, answer), ...(id !== undefined && { id }) };
    } catch (error) {
      if (!(error instanceof SiteReportError)) throw error;
      if (error.status === 404 || error.reason === 'badShape') return null;
      throw error;
    }
  };
}
