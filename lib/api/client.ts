// The Site Report API client: a factory that checks its options and wires one transport (headers,
// timeouts, retries, shared reads) to the resources. Pure TypeScript, with every dependency
// (fetch, timers) replaceable: runs in the extension's service worker, in Node and in tests.
import { type BaseUrlProblem, checkBaseUrl } from './base-url';
import { type Sleep, timerSleep } from './cancellation';
import { invalidInput } from './errors';
import { positiveOption } from './input';
import { createProjectsApi } from './projects';
import type { RateInfo } from './rate-info';
import { createReportsApi } from './reports';
import { createTransport, type Fetch } from './transport';

export interface SiteReportClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: Fetch;
  /** Limit for each attempt of each request (default 15 s). */
  timeoutMs?: number;
  /** Wait before the first retry; doubled for the next (default 500 ms). */
  retryDelayMs?: number;
  /** First wait between polls of waitForResult; ×1.5 each time, at most 5 s (default 1 s). */
  pollDelayMs?: number;
  /** Replaces the timer behind every wait, so tests need no real delays. */
  sleep?: Sleep;
  /**
   * Told the rate-limit facts of every answer (success or error): X-RateLimit-Limit/Remaining,
   * Retry-After and X-RateLimit-Reset when present, so a caller can pace its requests.
   */
  onRateInfo?: (info: RateInfo) => void;
  /** The clock of RateInfo's times (default Date.now). */
  now?: () => number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_RETRY_DELAY_MS = 500;
const DEFAULT_POLL_DELAY_MS = 1_000;

const BASE_URL_PROBLEMS: Record<BaseUrlProblem, string> = {
  malformed:
    'Enter the service address as a full URL, for example https://reports.example.com/api/v1.',
  scheme: 'The service address must start with https://.',
  http_not_loopback: 'Use https:// for this address; plain http:// is only allowed for localhost.',
  extra_parts: 'The service address cannot contain a user name, password, ? or #.',
};

// Here, not in base-url.ts: the options page imports that file, which so stays free of errors.ts.
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
    retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
    onRateInfo: options.onRateInfo,
    now: options.now,
  });
  return {
    baseUrl,
    reports: createReportsApi({
      transport,
      sleep,
      pollDelayMs: options.pollDelayMs ?? DEFAULT_POLL_DELAY_MS,
    }),
    projects: createProjectsApi({ transport }),
  };
}
