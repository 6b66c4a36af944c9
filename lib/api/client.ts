// The Site Report API client. One small core (`request`) does headers, timeouts, retries and
// de-duplication; the resource methods validate their input, call it, and decode the answer with
// the wire schemas. Pure TypeScript: runs in the extension's service worker and in Node.
import type * as z from 'zod/mini';
import { type BaseUrlProblem, checkBaseUrl } from './base-url';
import {
  abortedError,
  apiError,
  type ErrorReason,
  type FieldErrors,
  invalidInput,
  SiteReportError,
} from './errors';
import {
  CreateReportInput,
  ListProjectsParams,
  ListReportsParams,
  ProjectName,
  type ProjectPage,
  type Report,
  ReportId,
  type ReportPage,
  UpdateReportInput,
} from './model';
import {
  DeleteAnswer,
  ProjectList,
  ReportEnvelope,
  ReportList,
  toPage,
  ValidationBody,
} from './schemas';

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;
/** Waits `ms`; may end early (resolve or reject) when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

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
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface WaitOptions extends CallOptions {
  /** Total time allowed for the report to be rated (default 60 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_RETRY_DELAY_MS = 500;
const DEFAULT_POLL_DELAY_MS = 1_000;
const DEFAULT_WAIT_MS = 60_000;
const MAX_POLL_DELAY_MS = 5_000;
const MAX_RETRIES = 2;
/** A longer Retry-After is not worth waiting for silently: the UI says when instead. */
const MAX_RETRY_AFTER_SECONDS = 10;
const DEFAULT_PER_PAGE = 25;

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

/** Where the service's web pages live (`{site}/reports/{id}`): the base URL without `/api/v1`. */
export function siteUrlFromBaseUrl(baseUrl: string): string {
  return baseUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api\/v1$/i, '');
}

/** Seconds from a Retry-After header, given as seconds or as an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date always names its month; Date.parse would read "-5" as a year.
  const date = /[a-z]{3}/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function validate<S extends z.ZodMiniType>(schema: S, value: unknown, field?: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = field ?? (issue.path.map(String).join('.') || 'input');
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
  }
  throw invalidInput(fieldErrors);
}

function positiveOption(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (!(value > 0) || !Number.isFinite(value)) throw invalidInput({ [field]: ['Must be > 0.'] });
  return value;
}

/** An AbortController that follows `parent` and aborts by itself after `ms`. */
function withDeadline(parent: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let expired = false;
  const follow = () => controller.abort();
  // setTimeout treats anything above 2^31 - 1 ms as 1 ms.
  const timer = setTimeout(
    () => {
      expired = !controller.signal.aborted;
      controller.abort();
    },
    Math.min(ms, 2 ** 31 - 1),
  );
  if (parent?.aborted) controller.abort();
  else parent?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    expired: () => expired,
    dispose() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', follow);
    },
  };
}

/** `work`, or an 'aborted' rejection as soon as `signal` aborts (after calling `onAbort`). */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal, onAbort?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => {
      onAbort?.();
      reject(abortedError());
    };
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

const timerSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, signal?.aborted ? 0 : ms);
    signal?.addEventListener('abort', done, { once: true });
  });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Call {
  method: Method;
  path: string;
  query?: Record<string, string | number | undefined>;
  form?: Record<string, string | number | undefined>;
  /** What a 404 means for this call. */
  notFound: ErrorReason;
}

interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

function encodePairs(pairs: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(pairs)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return params.toString();
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
  const timeoutMs = positiveOption(options.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs');
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const pollDelayMs = options.pollDelayMs ?? DEFAULT_POLL_DELAY_MS;
  const sleep = options.sleep ?? timerSleep;
  // Late-bound: a detached `fetch` throws "Illegal invocation" in browsers.
  const fetchImpl: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const scrub = (text: string) => text.split(apiKey).join('[key removed]');

  async function pause(ms: number, signal: AbortSignal | undefined) {
    await sleep(ms, signal).catch(() => undefined);
    if (signal?.aborted) throw abortedError();
  }

  async function attempt(call: Call, url: string, signal?: AbortSignal): Promise<Answer> {
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
    const deadline = withDeadline(signal, timeoutMs);
    try {
      // Raced as well as signalled, so a fetch that ignores its signal still cannot hang us.
      const response = await unlessAborted(
        fetchImpl(url, { method: call.method, headers, body, signal: deadline.signal }),
        deadline.signal,
      );
      // Read the body under the same deadline: a stalled body is as bad as no answer.
      const text = await unlessAborted(response.text(), deadline.signal);
      return { status: response.status, text, headers: response.headers };
    } catch {
      // The thrown error is dropped on purpose: its text may quote the request, key included.
      if (signal?.aborted) throw abortedError();
      if (deadline.expired()) throw apiError('timeout', { waitedMs: timeoutMs });
      throw apiError('network');
    } finally {
      deadline.dispose();
    }
  }

  function httpError({ status, text, headers }: Answer, call: Call): SiteReportError {
    switch (status) {
      case 401:
        return apiError('unauthorized', { status });
      case 403:
        return apiError('forbidden', { status });
      case 404:
        return apiError(call.notFound, { status });
      case 422:
        return apiError('validation', { status, fieldErrors: validationErrors(text) });
      case 429: {
        const retryAfterSeconds = parseRetryAfter(headers.get('Retry-After'));
        return apiError('rateLimited', { status, retryAfterSeconds });
      }
    }
    return apiError(status >= 500 ? 'server' : 'otherStatus', { status });
  }

  function validationErrors(text: string): FieldErrors {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return {};
    }
    const parsed = ValidationBody.safeParse(body);
    if (!parsed.success) return {};
    const fields = 'errors' in parsed.data ? parsed.data.errors : parsed.data.message;
    return Object.fromEntries(
      Object.entries(fields).map(([field, messages]) => [scrub(field), messages.map(scrub)]),
    );
  }

  /** Wait before retry number `retry + 1`, or undefined when the error is final. */
  function retryWait(method: Method, error: unknown, retry: number): number | undefined {
    if (retry >= MAX_RETRIES || !(error instanceof SiteReportError)) return undefined;
    const backoff = retryDelayMs * 2 ** retry;
    // Creates and updates are never repeated: the first may have worked before its answer was lost.
    if (method !== 'GET' && method !== 'DELETE') return undefined;
    if (error.kind === 'network' || error.kind === 'server') return backoff;
    if (method === 'GET' && error.kind === 'rate_limited') {
      const after = error.retryAfterSeconds;
      if (after === undefined) return backoff;
      return after <= MAX_RETRY_AFTER_SECONDS ? after * 1000 : undefined;
    }
    return undefined;
  }

  async function withRetries(call: Call, url: string, signal?: AbortSignal): Promise<Answer> {
    for (let retry = 0; ; retry++) {
      try {
        const answer = await attempt(call, url, signal);
        if (answer.status >= 200 && answer.status < 300) return answer;
        // An earlier try may have deleted it before its answer was lost.
        if (call.method === 'DELETE' && answer.status === 404 && retry > 0) {
          return { status: 204, text: '', headers: answer.headers };
        }
        throw httpError(answer, call);
      } catch (error) {
        const wait = retryWait(call.method, error, retry);
        if (wait === undefined) throw error;
        await pause(wait, signal);
      }
    }
  }

  interface SharedRead {
    answer: Promise<Answer>;
    controller: AbortController;
    callers: number;
  }
  const readsInFlight = new Map<string, SharedRead>();

  /**
   * Identical GETs in flight share one request. It runs on its own signal, so one caller giving
   * up does not cancel it for the others; it is cancelled only when every caller has given up.
   */
  function sharedRead(call: Call, url: string, signal?: AbortSignal): Promise<Answer> {
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

  function request(call: Call, signal?: AbortSignal): Promise<Answer> {
    const query = call.query ? encodePairs(call.query) : '';
    const url = `${baseUrl}${call.path}${query ? `?${query}` : ''}`;
    return call.method === 'GET' ? sharedRead(call, url, signal) : withRetries(call, url, signal);
  }

  function decode<S extends z.ZodMiniType>(schema: S, answer: Answer): z.output<S> {
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      throw apiError('notAnApi', { status: answer.status });
    }
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw apiError('badShape', { status: answer.status });
  }

  async function remove(path: string, notFound: ErrorReason, signal?: AbortSignal): Promise<void> {
    const answer = await request({ method: 'DELETE', path, notFound }, signal);
    if (answer.status !== 204 && answer.text.trim() !== '') decode(DeleteAnswer, answer);
  }

  const reports = {
    async list(params: ListReportsParams = {}, { signal }: CallOptions = {}): Promise<ReportPage> {
      const input = validate(ListReportsParams, params);
      const requested = { page: input.page ?? 1, perPage: input.perPage ?? DEFAULT_PER_PAGE };
      const search = input.search?.trim() ? input.search : undefined;
      const answer = await request(
        {
          method: 'GET',
          path: '/reports',
          notFound: 'notFoundOnList',
          query: {
            search,
            search_by: search === undefined ? undefined : 'url',
            project: input.project,
            result: input.result,
            sort_by: input.sortBy,
            sort: input.sort,
            per_page: requested.perPage,
            page: requested.page,
          },
        },
        signal,
      );
      return toPage(decode(ReportList, answer), requested);
    },

    async get(id: number, { signal }: CallOptions = {}): Promise<Report> {
      const reportId = validate(ReportId, id, 'id');
      const path = `/reports/${reportId}`;
      const answer = await request({ method: 'GET', path, notFound: 'reportGone' }, signal);
      return decode(ReportEnvelope, answer).data;
    },

    async create(input: CreateReportInput, { signal }: CallOptions = {}): Promise<Report> {
      const { url, privacy, password } = validate(CreateReportInput, input);
      const answer = await request(
        {
          method: 'POST',
          path: '/reports',
          notFound: 'notFoundOnList',
          form: { url, privacy, password: password || undefined },
        },
        signal,
      );
      return decode(ReportEnvelope, answer).data;
    },

    async update(
      id: number,
      input: UpdateReportInput,
      { signal }: CallOptions = {},
    ): Promise<Report> {
      const reportId = validate(ReportId, id, 'id');
      const { privacy, password, results } = validate(UpdateReportInput, input);
      const answer = await request(
        {
          method: 'PUT',
          path: `/reports/${reportId}`,
          notFound: 'reportGone',
          form: {
            privacy,
            password: password || undefined,
            results: results === undefined ? undefined : results ? 1 : 0,
          },
        },
        signal,
      );
      return decode(ReportEnvelope, answer).data;
    },

    async delete(id: number, { signal }: CallOptions = {}): Promise<{ id: number }> {
      const reportId = validate(ReportId, id, 'id');
      await remove(`/reports/${reportId}`, 'reportGone', signal);
      return { id: reportId };
    },

    /** Reads the report until it has a rating, waiting longer between reads each time. */
    async waitForResult(id: number, { signal, timeoutMs }: WaitOptions = {}): Promise<Report> {
      const reportId = validate(ReportId, id, 'id');
      const limit = positiveOption(timeoutMs, DEFAULT_WAIT_MS, 'timeoutMs');
      const deadline = withDeadline(signal, limit);
      try {
        for (let delay = pollDelayMs; ; delay = Math.min(delay * 1.5, MAX_POLL_DELAY_MS)) {
          const report = await reports.get(reportId, { signal: deadline.signal });
          if (report.rating !== null) return report;
          await pause(delay, deadline.signal);
        }
      } catch (error) {
        if (deadline.expired() && !signal?.aborted) {
          throw apiError('notReady', { waitedMs: limit });
        }
        throw error;
      } finally {
        deadline.dispose();
      }
    },
  };

  const projects = {
    async list(
      params: ListProjectsParams = {},
      { signal }: CallOptions = {},
    ): Promise<ProjectPage> {
      const input = validate(ListProjectsParams, params);
      const requested = { page: input.page ?? 1, perPage: input.perPage ?? DEFAULT_PER_PAGE };
      const search = input.search?.trim() ? input.search : undefined;
      const answer = await request(
        {
          method: 'GET',
          path: '/projects',
          notFound: 'notFoundOnList',
          query: {
            search,
            search_by: search === undefined ? undefined : 'project',
            sort_by: input.sortBy,
            sort: input.sort,
            per_page: requested.perPage,
            page: requested.page,
          },
        },
        signal,
      );
      return toPage(decode(ProjectList, answer), requested);
    },

    async delete(name: string, { signal }: CallOptions = {}): Promise<{ name: string }> {
      const projectName = validate(ProjectName, name, 'name');
      // URL parsers resolve "." and ".." (even percent-encoded) as path steps, not names.
      if (/^(\.|%2e){1,2}$/i.test(projectName)) {
        throw invalidInput({ name: ['This project name cannot be used in an address.'] });
      }
      await remove(`/projects/${encodeURIComponent(projectName)}`, 'projectGone', signal);
      return { name: projectName };
    },
  };

  return { baseUrl, reports, projects };
}
