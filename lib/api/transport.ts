// How a call reaches the service: headers, a deadline per attempt, retries of what is safe to
// repeat, one shared request for identical reads in flight, and failures as SiteReportErrors.
import { pause, type Sleep, unlessAborted, withDeadline } from './cancellation';
import { abortedError, apiError, SiteReportError } from './errors';
import { type HttpAnswer, httpError, type StatusMeanings } from './http-answer';
import { type RateInfo, rateInfoOf } from './rate-info';

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface CallOptions {
  signal?: AbortSignal;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Query or form values; undefined ones are left out. */
export type WireParams = Record<string, string | number | undefined>;

export interface Call extends StatusMeanings {
  method: Method;
  path: string;
  query?: WireParams;
  form?: WireParams;
  /** The service analyses a page before it answers (a create, a re-analysis): a long deadline. */
  analyses?: boolean;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  fetch: Fetch;
  sleep: Sleep;
  timeoutMs: number;
  /** The deadline of a call that `analyses`. */
  analysisTimeoutMs: number;
  /** Holds what runs while such a call is out (the background keeps its worker awake). */
  keepAlive?: <T>(work: Promise<T>) => Promise<T>;
  retryDelayMs: number;
  onRateInfo?: (info: RateInfo) => void;
  now?: () => number;
}

export type Transport = ReturnType<typeof createTransport>;

const MAX_RETRIES = 2;
/** A longer Retry-After is not worth waiting for silently: the UI says when instead. */
const MAX_RETRY_AFTER_SECONDS = 10;
/** The one retry of a read answered 429 without a wait: long enough not to add to the throttling. */
const RATE_LIMIT_PAUSE_MS = 5_000;

export function createTransport(options: TransportOptions) {
  const { baseUrl, apiKey, fetch, sleep, retryDelayMs, onRateInfo } = options;
  const now = options.now ?? Date.now;
  const scrub = (text: string) => text.split(apiKey).join('[key removed]');

  function tellRateInfo(response: Response, sentAt: number) {
    if (!onRateInfo) return;
    try {
      onRateInfo(rateInfoOf(response.headers, response.status, sentAt, now()));
    } catch {
      // A listener's fault must not turn the answer into a failure (nor its text into a log).
      console.warn('Site Report: a rate-limit listener failed.');
    }
  }

  async function attempt(call: Call, url: string, signal?: AbortSignal): Promise<HttpAnswer> {
    if (signal?.aborted) throw abortedError();
    const headers: Record<string, string> = {
      Authorization: `Bearer ${apiKey}`,
      Accept: 'application/json',
    };
    let body: string | undefined;
    if (call.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = encodePairs(call.form);
    }
    const timeoutMs = call.analyses ? options.analysisTimeoutMs : options.timeoutMs;
    const deadline = withDeadline(signal, timeoutMs);
    const sentAt = now();
    let redirected = false;
    try {
      // Raced as well as signalled, so a fetch that ignores its signal still cannot hang us.
      const response = await unlessAborted(
        // Never followed: a redirect would re-send the key, a password or a form to another address.
        fetch(url, {
          method: call.method,
          headers,
          body,
          signal: deadline.signal,
          redirect: 'manual',
        }),
        deadline.signal,
      );
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        redirected = true;
        throw apiError('redirected');
      }
      tellRateInfo(response, sentAt);
      // Read the body under the same deadline: a stalled body is as bad as no answer.
      const text = await unlessAborted(readBody(response, deadline.signal), deadline.signal);
      const answer = { status: response.status, text: text ?? '', headers: response.headers };
      return text === undefined ? { ...answer, tooLarge: true } : answer;
    } catch {
      if (redirected) throw apiError('redirected');
      // The thrown error is dropped on purpose: its text may quote the request, key included.
      if (signal?.aborted) throw abortedError();
      if (deadline.expired()) throw apiError('timeout', { waitedMs: timeoutMs });
      throw apiError('network');
    } finally {
      deadline.dispose();
    }
  }

  /** Wait before retry `retry + 1`, or undefined when the error is final. */
  function retryWait(
    method: Method,
    error: unknown,
    retry: number,
    paused: boolean,
  ): number | undefined {
    if (retry >= MAX_RETRIES || !(error instanceof SiteReportError)) return undefined;
    const backoff = retryDelayMs * 2 ** retry;
    // Creates and updates are never repeated: the first may have worked before its answer was lost.
    if (method !== 'GET' && method !== 'DELETE') return undefined;
    if (error.kind === 'network' || error.kind === 'server') return backoff;
    if (method === 'GET' && error.kind === 'rate_limited') {
      const after = error.retryAfterSeconds;
      // A throttling service that says nothing is not asked again soon, and only once.
      if (after === undefined) return paused ? undefined : RATE_LIMIT_PAUSE_MS;
      return after <= MAX_RETRY_AFTER_SECONDS ? after * 1000 : undefined;
    }
    return undefined;
  }

  async function withRetries(call: Call, url: string, signal?: AbortSignal): Promise<HttpAnswer> {
    let paused = false;
    for (let retry = 0; ; retry++) {
      try {
        const sent = attempt(call, url, signal);
        const answer = await (call.analyses && options.keepAlive ? options.keepAlive(sent) : sent);
        if (answer.status >= 200 && answer.status < 300) {
          if (answer.tooLarge) throw apiError('badShape', { status: answer.status });
          return answer;
        }
        // An earlier try may have deleted it before its answer was lost.
        if (call.method === 'DELETE' && answer.status === 404 && retry > 0) {
          return { status: 204, text: '', headers: answer.headers };
        }
        throw httpError(answer, call, scrub);
      } catch (error) {
        const wait = retryWait(call.method, error, retry, paused);
        if (wait === undefined) throw error;
        if (isUnhinted429(error)) paused = true;
        await pause(sleep, wait, signal);
      }
    }
  }

  interface SharedRead {
    answer: Promise<HttpAnswer>;
    controller: AbortController;
    callers: number;
  }
  const readsInFlight = new Map<string, SharedRead>();

  /** Identical GETs in flight share one request, cancelled only when every caller gave up. */
  function sharedRead(call: Call, url: string, signal?: AbortSignal): Promise<HttpAnswer> {
    if (signal?.aborted) return Promise.reject(abortedError());
    let read = readsInFlight.get(url);
    if (!read) {
      const controller = new AbortController();
      const started: SharedRead = {
        controller,
        callers: 0,
        answer: withRetries(call, url, controller.signal),
      };
      const forget = () => {
        if (readsInFlight.get(url) === started) readsInFlight.delete(url);
      };
      started.answer.then(forget, forget);
      readsInFlight.set(url, started);
      read = started;
    }
    const shared = read;
    shared.callers++;
    if (!signal) return shared.answer;
    return unlessAborted(shared.answer, signal, () => {
      shared.callers--;
      if (shared.callers > 0) return;
      if (readsInFlight.get(url) === shared) readsInFlight.delete(url);
      shared.controller.abort();
    });
  }

  function request(call: Call, signal?: AbortSignal): Promise<HttpAnswer> {
    const query = call.query ? encodePairs(call.query) : '';
    const url = `${baseUrl}${call.path}${query ? `?${query}` : ''}`;
    return call.method === 'GET' ? sharedRead(call, url, signal) : withRetries(call, url, signal);
  }

  return { request };
}

/** A 429 whose headers gave no wait. */
function isUnhinted429(error: unknown): boolean {
  return (
    error instanceof SiteReportError &&
    error.kind === 'rate_limited' &&
    error.retryAfterSeconds === undefined
  );
}

function encodePairs(pairs: WireParams): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(pairs)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return params.toString();
}

// Reading an answer's body without trusting its size: refused by its Content-Length, or cut off.
/** The largest body read, in bytes: 30 times the largest real answer (100 reports with results,
 * about 270 kB), while a dump or a runaway server is refused before it costs tens of MB. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The body as text, or undefined when it is over MAX_BODY_BYTES. */
export async function readBody(
  response: Response,
  signal: AbortSignal,
): Promise<string | undefined> {
  const declared = response.headers.get('Content-Length')?.trim();
  if (declared && /^\d+$/.test(declared) && Number(declared) > MAX_BODY_BYTES) {
    response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  // Also on a timeout or a cancel, so that a fetch that ignores its signal lets go of the body.
  signal.addEventListener('abort', cancel, { once: true });
  try {
    const decoder = new TextDecoder();
    let text = '';
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        cancel();
        return undefined;
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}
