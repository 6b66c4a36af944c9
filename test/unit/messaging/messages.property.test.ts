// Any message sent to the background gets an answer, never a throw: handleMessage, driven with
// arbitrary messages (anything at all, and every request type with fields mutated, added,
// removed, of the wrong type, huge, negative, or named __proto__ / constructor) from arbitrary
// senders, with a client whose every call resolves or fails in any way. It always resolves to
// `{ ok: true, data }` or `{ ok: false, error }` with error data the pages can read; a foreign
// sender is always refused; a message that is not a request never reaches the client; and
// nothing ends up on Object.prototype.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as z from 'zod/mini';
import { AccountHoldings, KeyVerdict } from '../../../lib/account/key-check';
import { type SiteReportClient, SiteReportError } from '../../../lib/api';
import { apiError, invalidInput } from '../../../lib/api/errors';
import {
  API_ERROR_REASONS,
  ERROR_KINDS,
  ErrorData,
  Plan,
  Privacy,
  ProjectPage,
  RATINGS,
  type Report,
  ReportSummary,
  ReportSummaryPage,
  toSummary,
} from '../../../lib/api/model';
import { createHandlerDeps, type HandlerDeps } from '../../../lib/background/deps';
import type { MessageSender } from '../../../lib/background/handlers';
import { handleMessage } from '../../../lib/background/handlers';
import { setBackgroundQueue } from '../../../lib/background/queue';
import type { Queue } from '../../../lib/jobs/queue';
import { JOB_KINDS, JOB_STATES, Job, MAX_RETRY_AFTER_SECONDS } from '../../../lib/jobs/schema';
import { Request, type RequestType } from '../../../lib/messaging/protocol';
import { CachedRating } from '../../../lib/rating/cache';
import { CheckOutcome, RatingExplanation } from '../../../lib/rating/checks';
import { createRecentDetails } from '../../../lib/rating/recent-details';
import type { Settings } from '../../../lib/settings';
import { Change, Schedule } from '../../../lib/watch/model';
import { clientSource } from '../../support/client-source';
import { loadedSettings } from '../../support/loaded-settings';

// A fixed seed: every run checks the same cases, so a run never fails by luck; set FC_SEED
// to explore others (fast-check prints the seed and the counterexample of a failure).
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20_261_123) });

const RUNTIME_ID = fakeBrowser.runtime.id;
const ROOT = fakeBrowser.runtime.getURL('/');
const KEY = 'sr_live_Pr0pertyKey_0123456789';
/** Text of faults the pages must never see (only their kind is passed on). */
const SECRET = 'SECRET-7f3a';
const HANG_MS = 2_000;

// ---------------------------------------------------------------------------------------------
// Senders.

const ownSender: fc.Arbitrary<MessageSender> = fc.record(
  {
    id: fc.constant(RUNTIME_ID),
    url: fc
      .constantFrom('popup.html', 'options.html', 'popup.html?view=reports#top', '')
      .map((path) => `${ROOT}${path}`),
    // The popup opened as a tab is still the extension's own page.
    tab: fc.record({ id: fc.nat(), url: fc.constant(`${ROOT}popup.html`) }),
    frameId: fc.constant(0),
  },
  { requiredKeys: ['id', 'url'] },
);

const foreignSender: fc.Arbitrary<MessageSender | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null as unknown as undefined),
  // A content script: this extension's id, a web page's address.
  fc.record({
    id: fc.constant(RUNTIME_ID),
    url: fc.webUrl(),
    tab: fc.record({ id: fc.nat(), url: fc.webUrl() }),
    frameId: fc.nat(),
  }),
  // Another extension.
  fc
    .string({ minLength: 1 })
    .filter((id) => id !== RUNTIME_ID)
    .map((id) => ({ id, url: `chrome-extension://${id}/popup.html` })),
  fc.constant({ id: 'other-extension-id', url: `${ROOT}popup.html` }),
  // Missing or wrong parts.
  fc.constant({ url: `${ROOT}popup.html` }),
  fc.constant({ id: RUNTIME_ID }),
  fc
    .constantFrom<unknown>(42, null, ['x'], { href: ROOT })
    .map((url) => ({ id: RUNTIME_ID, url }) as MessageSender),
  fc.constant({ id: RUNTIME_ID.toUpperCase(), url: `${ROOT}popup.html` }),
  // Addresses that look like the extension's own.
  fc
    .constantFrom(
      `chrome-extension://${RUNTIME_ID}.evil.example/popup.html`,
      `chrome-extension://${RUNTIME_ID}`,
      `moz-extension://${RUNTIME_ID}/popup.html`,
      `https://evil.example/${ROOT}`,
      ` ${ROOT}popup.html`,
      `https://${RUNTIME_ID}/popup.html`,
    )
    .map((url) => ({ id: RUNTIME_ID, url })),
  fc
    .record(
      {
        id: fc.oneof(fc.string(), fc.constant(undefined)),
        url: fc.oneof(fc.webUrl(), fc.string()),
      },
      { requiredKeys: [] },
    )
    .filter((sender) => sender.id !== RUNTIME_ID),
);

// ---------------------------------------------------------------------------------------------
// Requests: valid ones, then the same broken in every way.

const reportId = fc.oneof(
  fc.integer({ min: 1, max: 1000 }),
  fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
);
const perPage = fc.constantFrom(10, 25, 50, 100);
const page = fc.oneof(
  fc.integer({ min: 1, max: 10 }),
  fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
);

const createInput = fc.oneof(
  fc.record({ url: fc.webUrl() }),
  fc.record(
    { url: fc.webUrl(), privacy: fc.constantFrom(0, 1), password: fc.string() },
    { requiredKeys: ['url'] },
  ),
  fc.record({ url: fc.webUrl(), privacy: fc.constant(2), password: fc.string({ minLength: 1 }) }),
);

const updateInput = fc.oneof(
  fc.record(
    { privacy: fc.constantFrom(0, 1), password: fc.string(), results: fc.boolean() },
    { requiredKeys: [] },
  ),
  fc.record(
    { privacy: fc.constant(2), password: fc.string({ minLength: 1 }), results: fc.boolean() },
    { requiredKeys: ['privacy', 'password'] },
  ),
);

const listReportsParams = fc.record(
  {
    search: fc.string(),
    project: fc.string(),
    result: fc.constantFrom(...RATINGS),
    sortBy: fc.constantFrom('id', 'generated_at', 'url', 'result'),
    sort: fc.constantFrom('asc', 'desc'),
    perPage,
    page,
  },
  { requiredKeys: [] },
);

/** Requests answered with the client's help. */
const clientRequest: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record(
    { type: fc.constant('getStatus'), url: fc.oneof(fc.webUrl(), fc.string()) },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('createReport'), input: createInput }),
  fc.record({ type: fc.constant('getReport'), id: reportId }),
  fc.record({ type: fc.constant('getReportDetails'), id: reportId }),
  fc.record({ type: fc.constant('updateReport'), id: reportId, input: updateInput }),
  fc.record({ type: fc.constant('deleteReport'), id: reportId }),
  fc.record({ type: fc.constant('waitForResult'), id: reportId }),
  fc.record({ type: fc.constant('listReports'), params: listReportsParams }),
  fc.record({
    type: fc.constant('listProjects'),
    params: fc.record(
      {
        search: fc.string(),
        sortBy: fc.constantFrom('created_at', 'project'),
        sort: fc.constantFrom('asc', 'desc'),
        perPage,
        page,
      },
      { requiredKeys: [] },
    ),
  }),
  fc.record({ type: fc.constant('deleteProject'), name: fc.string({ minLength: 1 }) }),
  fc.constant({ type: 'getPlan' }),
  fc.record(
    {
      type: fc.constant('testConnection'),
      serviceUrl: fc.oneof(
        { weight: 4, arbitrary: fc.constant('https://reports.example.com') },
        fc.constantFrom(
          'https://reports.example.com',
          'https://reports.example.com/api/v1',
          'https://reports.example.com/api',
          'http://localhost:8000',
          'http://reports.example.com',
          'reports.example.com',
          '',
        ),
        fc.webUrl(),
        fc.string(),
      ),
      apiKey: fc.oneof({ weight: 4, arbitrary: fc.constant(KEY) }, fc.constant(''), fc.string()),
    },
    { requiredKeys: ['type', 'serviceUrl'] },
  ),
);

/** An operation of a queued job, as a page asks for it. */
const requestedOp = fc.oneof(
  fc.record(
    {
      type: fc.constant('create'),
      url: fc.webUrl(),
      privacy: fc.constantFrom(0, 1, 2),
      tabId: fc.nat(),
    },
    { requiredKeys: ['type', 'url', 'privacy'] },
  ),
  fc.record(
    {
      type: fc.constant('update'),
      id: reportId,
      privacy: fc.constantFrom(0, 1, 2),
      results: fc.boolean(),
    },
    { requiredKeys: ['type', 'id'] },
  ),
  fc.record({ type: fc.constant('deleteReport'), id: reportId }),
  fc.record({ type: fc.constant('deleteProject'), name: fc.string({ minLength: 1 }) }),
  fc.record({ type: fc.constant('listPage'), params: listReportsParams }),
);
const jobId = fc.oneof(fc.uuid(), fc.string({ minLength: 1 }));

/** Requests for the background's queue of jobs. */
const jobRequest: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record(
    {
      type: fc.constant('enqueueJob'),
      kind: fc.constantFrom(...JOB_KINDS),
      items: fc.array(requestedOp, { maxLength: 4 }),
      tabId: fc.nat(),
      password: fc.string(),
      retryAfterSeconds: fc.oneof(
        fc.nat({ max: MAX_RETRY_AFTER_SECONDS }),
        fc.double({ min: 0, max: MAX_RETRY_AFTER_SECONDS, noNaN: true }),
      ),
    },
    { requiredKeys: ['type', 'kind', 'items'] },
  ),
  fc.record({
    type: fc.constantFrom('cancelJob', 'resumeJob', 'clearJob', 'discardJob', 'takeExport'),
    id: jobId,
  }),
  fc.record(
    { type: fc.constant('retryFailed'), id: jobId, password: fc.string() },
    { requiredKeys: ['type', 'id'] },
  ),
  fc.constant({ type: 'getJobs' }),
);

/** Requests about watched pages that make no request to the service. */
const watchRequest: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({
    type: fc.constant('watchReports'),
    reports: fc.array(fc.record({ id: reportId, url: fc.webUrl() }), { maxLength: 3 }),
  }),
  fc.record({ type: fc.constant('unwatchReports'), ids: fc.array(reportId, { maxLength: 3 }) }),
  fc.record({ type: fc.constant('unwatchProject'), name: fc.string({ minLength: 1 }) }),
  fc.record({
    type: fc.constant('setSchedule'),
    schedule: fc.record({
      every: fc.constantFrom('daily', 'weekly'),
      day: fc.integer({ min: 1, max: 7 }),
      hour: fc.integer({ min: 0, max: 23 }),
    }),
  }),
);

const validRequest: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 3, arbitrary: clientRequest },
  { weight: 1, arbitrary: jobRequest },
  { weight: 1, arbitrary: watchRequest },
);

const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
] as const;

/** Values that pollute whatever merges them carelessly. */
const polluting = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { prototype: { polluted: true } },
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
  { polluted: true },
);

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    -1,
    0,
    -0,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    2 ** 53,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
    '7',
    '',
    ' ',
    null,
    undefined,
    [],
    {},
    true,
    'getReport',
    'javascript:alert(1)',
    'x'.repeat(10_000),
  ),
  polluting,
  fc.anything({ maxDepth: 2 }),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.bigInt(),
);

const anyKey = fc.oneof(
  fc.constantFrom(
    'type',
    'id',
    'input',
    'params',
    'url',
    'name',
    'privacy',
    'password',
    'results',
    'search',
    'project',
    'result',
    'sortBy',
    'sort',
    'perPage',
    'page',
    'serviceUrl',
    'apiKey',
    'kind',
    'items',
    'tabId',
    'retryAfterSeconds',
  ),
  fc.constantFrom(...PROTOTYPE_KEYS),
  fc.string(),
);

const typeTypo = fc.oneof(
  fc.constantFrom(
    'GetReport',
    'getreport',
    ' getReport',
    'getReport ',
    'getReport\u0000',
    'getStatus\n',
    '',
    ...PROTOTYPE_KEYS,
  ),
  fc.string(),
  fc.anything({ maxDepth: 1 }),
);

type Mutation =
  | { kind: 'set'; nested: boolean; key: string; value: unknown }
  | { kind: 'delete'; nested: boolean; index: number }
  | { kind: 'type'; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      nested: fc.boolean(),
      key: anyKey,
      value: wrongValue,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      nested: fc.boolean(),
      index: fc.nat(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('type' as const), value: typeTypo }) },
);

/** Sets `key` as an own property, `__proto__` included (as JSON.parse and structured clone do). */
function put(target: object, key: string, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function applyMutations(request: Record<string, unknown>, mutations: Mutation[]) {
  const message: Record<string, unknown> = { ...request };
  for (const key of ['input', 'params']) {
    if (message[key] && typeof message[key] === 'object') message[key] = { ...message[key] };
  }
  for (const change of mutations) {
    if (change.kind === 'type') {
      message.type = change.value;
      continue;
    }
    const nestedKey = ['input', 'params'].find(
      (key) => message[key] && typeof message[key] === 'object',
    );
    const target =
      change.nested && nestedKey ? (message[nestedKey] as Record<string, unknown>) : message;
    if (change.kind === 'set') put(target, change.key, change.value);
    else {
      const keys = Object.keys(target);
      if (keys.length > 0) delete target[keys[change.index % keys.length] as string];
    }
  }
  return message;
}

const nearRequest = fc
  .tuple(validRequest, fc.array(mutation, { minLength: 1, maxLength: 3 }))
  .map(([request, mutations]) => applyMutations(request, mutations));

/** Messages crafted to pollute a prototype if anything merged them naively. */
const pollutingMessage = fc.constantFrom<unknown>(
  JSON.parse('{"type":"getReport","id":1,"__proto__":{"polluted":true}}'),
  JSON.parse('{"type":"listReports","params":{"__proto__":{"polluted":true}}}'),
  JSON.parse(
    '{"type":"listReports","params":{"perPage":10,"constructor":{"prototype":{"polluted":true}}}}',
  ),
  JSON.parse(
    '{"type":"createReport","input":{"url":"https://a.example/","__proto__":{"privacy":2}}}',
  ),
  JSON.parse(
    '{"type":"updateReport","id":1,"input":{"constructor":{"prototype":{"polluted":true}}}}',
  ),
  JSON.parse('{"__proto__":{"type":"getReport","id":1}}'),
  JSON.parse('{"type":"__proto__","polluted":true}'),
  JSON.parse('{"type":"constructor","id":1}'),
  JSON.parse('{"type":"toString"}'),
  JSON.parse('{"type":"hasOwnProperty","name":"x"}'),
  Object.assign(Object.create(null), { type: 'getReport', id: 1 }),
);

const anything = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSet: true,
  withSparseArray: true,
  withTypedArray: true,
});

const message: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: anything },
  { weight: 3, arbitrary: validRequest },
  { weight: 4, arbitrary: nearRequest },
  { weight: 1, arbitrary: pollutingMessage },
);

// ---------------------------------------------------------------------------------------------
// What the client does: resolves with a value of its type, or with anything, or fails any way.

const iso = fc
  .integer({ min: 0, max: Date.UTC(2100, 0, 1) })
  .map((time) => new Date(time).toISOString());

const report: fc.Arbitrary<Report> = fc.record(
  {
    id: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    url: fc.webUrl({ withFragments: true, withQueryParameters: true }),
    project: fc.string(),
    rating: fc.constantFrom(...RATINGS, null),
    score: fc.integer({ min: 0, max: 100 }),
    privacy: fc.constantFrom(0, 1, 2),
    hasPassword: fc.boolean(),
    generatedAt: fc.option(iso),
    createdAt: fc.option(iso),
    updatedAt: fc.option(iso),
    results: fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      // The contract's map of checks, with values of any kind in its fields.
      fc.dictionary(
        fc.string(),
        fc.record(
          {
            passed: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 0 })),
            importance: fc.oneof(fc.constantFrom('high', 'MEDIUM', 'low'), fc.jsonValue()),
            value: fc.jsonValue({ maxDepth: 1 }),
            errors: fc.dictionary(
              fc.string(),
              fc.oneof(
                fc.record({ min: fc.jsonValue({ maxDepth: 0 }), max: fc.double() }),
                fc.jsonValue({ maxDepth: 1 }),
              ),
            ),
          },
          { requiredKeys: [] },
        ),
      ),
    ),
  },
  {
    requiredKeys: [
      'id',
      'url',
      'rating',
      'privacy',
      'hasPassword',
      'generatedAt',
      'createdAt',
      'updatedAt',
    ],
  },
);

const pageOf = <T>(item: fc.Arbitrary<T>) =>
  fc.record(
    {
      items: fc.array(item, { maxLength: 5 }),
      page: fc.integer({ min: 1, max: 100 }),
      perPage: fc.constantFrom(10, 25, 50, 100),
      total: fc.nat(),
      lastPage: fc.integer({ min: 1, max: 100 }),
      hasNext: fc.boolean(),
    },
    { requiredKeys: ['items', 'page', 'perPage', 'hasNext'] },
  );

const project = fc.record(
  {
    name: fc.string({ minLength: 1 }),
    createdAt: fc.option(iso),
    reportCount: fc.nat(),
  },
  { requiredKeys: ['name', 'createdAt'] },
);

const fieldMessage = fc.string({ minLength: 1 }).filter((text) => text.trim() !== '');

/** A failure the client can report: its own, with a reason, or made by hand without one. */
const siteReportError = fc.oneof(
  fc
    .record(
      {
        reason: fc.constantFrom(...API_ERROR_REASONS),
        status: fc.integer({ min: 100, max: 599 }),
        // Field messages are never blank: the client's come from its schemas (every one words
        // its issue), the service's 422 ones are said through 'validation'. A blank first message
        // of an invalid_input error would leave the page a blank sentence (see the report).
        fieldErrors: fc.dictionary(fc.string(), fc.array(fieldMessage, { maxLength: 2 }), {
          maxKeys: 2,
        }),
        retryAfterSeconds: fc.integer({ min: 0, max: 86_400 }),
        waitedMs: fc.nat({ max: 600_000 }),
      },
      { requiredKeys: ['reason'] },
    )
    .map(({ reason, ...details }) => apiError(reason, details)),
  fc
    .record({
      kind: fc.constantFrom(...ERROR_KINDS),
      message: fc.string(),
      status: fc.option(fc.integer({ min: 100, max: 599 }), { nil: undefined }),
    })
    .map(({ kind, message, status }) => new SiteReportError(kind, message, { status })),
);

/** Anything else a call may throw: faults of the extension, platform errors, non-errors. */
const otherThrow = fc.oneof(
  fc.string().map((text) => new Error(`${SECRET} ${text}`)),
  fc.string().map((text) => new TypeError(`${SECRET}: cannot read ${text}`)),
  fc.constant(new DOMException(`${SECRET} aborted`, 'AbortError')),
  fc.constant(Object.assign(new Error(SECRET), { name: 'AbortError' })),
  fc.constantFrom<unknown>(
    SECRET,
    undefined,
    null,
    0,
    42,
    { kind: 'server', reason: 'server', message: SECRET },
    [SECRET],
    Symbol(SECRET),
  ),
);

type Outcome =
  | { resolves: true; value: unknown; wellTyped: boolean }
  | { resolves: false; error: unknown };

function outcome<T>(value: fc.Arbitrary<T>): fc.Arbitrary<Outcome> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: value.map((v) => ({ resolves: true as const, value: v, wellTyped: true })),
    },
    {
      weight: 1,
      // A client breaking its own promise: the background must still answer.
      arbitrary: anything.map((v) => ({ resolves: true as const, value: v, wellTyped: false })),
    },
    { weight: 3, arbitrary: siteReportError.map((error) => ({ resolves: false as const, error })) },
    { weight: 2, arbitrary: otherThrow.map((error) => ({ resolves: false as const, error })) },
  );
}

const METHODS = {
  'reports.create': report,
  'reports.get': report,
  'reports.update': report,
  'reports.delete': reportId.map((id) => ({ id })),
  'reports.waitForResult': report.map((r) => ({ ...r, rating: r.rating ?? 'good' })),
  'reports.list': pageOf(report),
  'projects.list': pageOf(project),
  'projects.delete': fc.string({ minLength: 1 }).map((name) => ({ name })),
  'client.account': fc.option(
    fc.record(
      {
        name: fc.string({ minLength: 1, maxLength: 60 }),
        reportsPerMonth: fc.oneof(fc.nat({ max: 5 }), fc.constant('unlimited')),
      },
      { requiredKeys: ['name'] },
    ),
    { nil: null },
  ),
  'queue.enqueue': fc.record({ id: fc.uuid(), resumeAt: fc.nat() }, { requiredKeys: ['id'] }),
  'queue.cancel': fc.uuid().map((id) => ({ id })),
  'queue.retryFailed': fc.uuid().map((id) => ({ id })),
  'queue.resume': fc.uuid().map((id) => ({ id })),
  'queue.clear': fc.uuid().map((id) => ({ id })),
  'queue.discard': fc.uuid().map((id) => ({ id })),
  'queue.jobs': fc.array(
    fc.record({
      id: fc.uuid(),
      kind: fc.constantFrom(...JOB_KINDS),
      state: fc.constantFrom(...JOB_STATES),
      createdAt: fc.nat(),
      items: fc.constant([]),
    }),
    { maxLength: 3 },
  ),
  'queue.takeExport': fc.array(
    report.map(({ results: _results, ...summary }) => summary),
    { maxLength: 3 },
  ),
} as const;
type MethodName = keyof typeof METHODS;

/** The client method each request type calls (testConnection's is on a client of its own). */
const METHOD_OF: Partial<Record<RequestType, MethodName>> = {
  createReport: 'reports.create',
  getReport: 'reports.get',
  getReportDetails: 'reports.get',
  updateReport: 'reports.update',
  deleteReport: 'reports.delete',
  waitForResult: 'reports.waitForResult',
  listReports: 'reports.list',
  listProjects: 'projects.list',
  deleteProject: 'projects.delete',
  enqueueJob: 'queue.enqueue',
  cancelJob: 'queue.cancel',
  retryFailed: 'queue.retryFailed',
  resumeJob: 'queue.resume',
  clearJob: 'queue.clear',
  discardJob: 'queue.discard',
  getJobs: 'queue.jobs',
  takeExport: 'queue.takeExport',
};

/** Settings as loadSettings hands them out: already checked. */
const settings: fc.Arbitrary<Settings> = fc.record({
  serviceUrl: fc.constantFrom(
    '',
    'https://reports.example.com/api/v1',
    'http://localhost:8000/api/v1',
  ),
  apiKey: fc.constantFrom('', KEY),
  siteUrl: fc.constantFrom('', 'https://reports.example.com'),
  defaultPrivacy: fc.constantFrom(0, 1, 2),
  showBadge: fc.boolean(),
  contextMenu: fc.boolean(),
  notify: fc.boolean(),
  notifyWorse: fc.boolean(),
});

const world = fc.record({
  methods: fc.record(
    Object.fromEntries(
      Object.entries(METHODS).map(([name, value]) => [
        name,
        outcome(value as fc.Arbitrary<unknown>),
      ]),
    ) as Record<MethodName, fc.Arbitrary<Outcome>>,
  ),
  /** What clients.get does: the client, none (not connected), or a failure to load. */
  source: fc.constantFrom('client', 'client', 'client', 'client', 'none', 'fails'),
  settings: fc.oneof(
    { weight: 6, arbitrary: settings.map((s) => ({ resolves: true as const, value: s })) },
    { weight: 1, arbitrary: otherThrow.map((error) => ({ resolves: false as const, error })) },
  ),
  createClient: fc.constantFrom('client', 'client', 'client', 'throws-input', 'throws'),
  hostAccess: fc.constantFrom('yes', 'no', 'fails'),
});
type World = typeof world extends fc.Arbitrary<infer W> ? W : never;

/** Deps over a fake client acting as `w` says, counting every use. */
function depsFor(w: World) {
  const used: string[] = [];
  const method = (name: MethodName) => () => {
    used.push(name);
    const result = w.methods[name];
    return result.resolves ? Promise.resolve(result.value) : Promise.reject(result.error);
  };
  const client = {
    baseUrl: 'https://reports.example.com/api/v1',
    reports: {
      create: method('reports.create'),
      get: method('reports.get'),
      update: method('reports.update'),
      delete: method('reports.delete'),
      waitForResult: method('reports.waitForResult'),
      list: method('reports.list'),
    },
    projects: { list: method('projects.list'), delete: method('projects.delete') },
    account: method('client.account'),
  } as unknown as SiteReportClient;
  // The background's queue is a module singleton, not a dep: replaced for the run.
  setBackgroundQueue({
    enqueue: method('queue.enqueue'),
    cancel: method('queue.cancel'),
    retryFailed: method('queue.retryFailed'),
    resume: method('queue.resume'),
    clear: method('queue.clear'),
    discard: method('queue.discard'),
    jobs: method('queue.jobs'),
    takeExport: method('queue.takeExport'),
    // A page's own create is sent as it is; what the queue adds is tested in watched-create.
    watchedCreate: async (_input: unknown, _service: unknown, create: () => Promise<Report>) =>
      toSummary(await create()),
    wake: async () => {
      used.push('queue.wake');
    },
  } as unknown as Queue);
  const deps: HandlerDeps = createHandlerDeps({
    // Each run's own memory of report details: none from an earlier run answers for the client.
    recentDetails: createRecentDetails(),
    clients: clientSource(async () => {
      used.push('clients.get');
      if (w.source === 'fails') throw new Error(`${SECRET} storage`);
      return w.source === 'client' ? client : null;
    }),
    createClient: () => {
      used.push('createClient');
      if (w.createClient === 'throws-input') throw invalidInput({ apiKey: ['Bad key.'] });
      if (w.createClient === 'throws') throw new Error(`${SECRET} factory`);
      return client;
    },
    loadSettings: async () => {
      used.push('loadSettings');
      if (!w.settings.resolves) throw w.settings.error;
      return { ...loadedSettings(w.settings.value), settings: w.settings.value };
    },
    hasHostAccess: async () => {
      used.push('hasHostAccess');
      if (w.hostAccess === 'fails') throw new Error(`${SECRET} permissions`);
      return w.hostAccess === 'yes';
    },
  });
  return { deps, used };
}

// ---------------------------------------------------------------------------------------------
// The answer.

const StatusAnswer = z.object({
  connected: z.boolean(),
  serviceUrl: z.nullable(z.string()),
  siteUrl: z.nullable(z.string()),
  defaultPrivacy: Privacy,
  showBadge: z.boolean(),
  contextMenu: z.boolean(),
  notify: z.boolean(),
  cached: z.nullable(CachedRating),
  watch: z.nullable(z.strictObject({ watching: z.boolean(), change: z.nullable(Change) })),
});
const Watched = z.strictObject({ watched: z.number() });
const Named = z.strictObject({ name: z.string() });
const TestConnectionAnswer = z.strictObject({
  baseUrl: z.string(),
  adjusted: z.boolean(),
  total: z.optional(z.number()),
  plan: z.optional(Plan),
});
const ANSWER_DATA: Record<RequestType, z.ZodMiniType> = {
  getStatus: StatusAnswer,
  createReport: ReportSummary,
  getReport: ReportSummary,
  getReportDetails: z.strictObject({
    report: ReportSummary,
    explanation: z.nullable(RatingExplanation),
    checks: z.optional(z.nullable(z.array(CheckOutcome))),
  }),
  updateReport: ReportSummary,
  waitForResult: ReportSummary,
  deleteReport: z.strictObject({ id: z.number() }),
  listReports: ReportSummaryPage,
  listProjects: ProjectPage,
  deleteProject: z.strictObject({ name: z.string() }),
  testConnection: TestConnectionAnswer,
  getPlan: z.nullable(Plan),
  findKnownPages: z.strictObject({
    known: z.array(
      z.strictObject({
        url: z.string(),
        reportId: z.number(),
        rating: z.nullable(z.string()),
        score: z.optional(z.number()),
        reportUrl: z.string(),
      }),
    ),
    queued: z.array(z.string()),
    unknown: z.array(z.string()),
    unchecked: z.array(z.string()),
    complete: z.boolean(),
  }),
  enqueueJob: z.strictObject({ id: z.string(), resumeAt: z.optional(z.number()) }),
  cancelJob: z.strictObject({ id: z.string() }),
  retryFailed: z.strictObject({ id: z.string() }),
  resumeJob: z.strictObject({ id: z.string() }),
  clearJob: z.strictObject({ id: z.string() }),
  discardJob: z.strictObject({ id: z.string() }),
  getJobs: z.array(Job),
  takeExport: z.array(ReportSummary),
  watchReports: Watched,
  unwatchReports: Watched,
  watchProject: Named,
  unwatchProject: Named,
  setSchedule: z.strictObject({ schedule: Schedule, nextRunAt: z.nullable(z.number()) }),
  runWatchNow: z.strictObject({ id: z.string() }),
  useAccount: z.strictObject({ id: z.string() }),
  checkAccountKey: KeyVerdict,
  accountHoldings: AccountHoldings,
  removeAccount: z.strictObject({ id: z.string() }),
};

type AnyAnswer = { ok: true; data: unknown } | { ok: false; error: unknown };

/** Resolves to the answer; fails the property when it rejects or is still pending. */
async function answerTo(message: unknown, sender: MessageSender | undefined, deps: HandlerDeps) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_MS);
  });
  try {
    const answer = await Promise.race([
      handleMessage(message, sender, deps).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      hang,
    ]);
    if (answer === 'hang') throw new Error(`no answer after ${HANG_MS} ms`);
    if ('error' in answer) throw new Error(`handleMessage rejected: ${String(answer.error)}`);
    return answer.value as AnyAnswer;
  } finally {
    clearTimeout(timer);
  }
}

/** `{ ok: true, data }` or `{ ok: false, error }` with error data, both as a page receives them. */
function checkAnswerShape(answer: AnyAnswer) {
  expect(answer).toBeTypeOf('object');
  if (answer.ok === true) {
    expect(Object.keys(answer).sort()).toEqual(['data', 'ok']);
    return;
  }
  expect(answer.ok).toBe(false);
  expect(Object.keys(answer).sort()).toEqual(['error', 'ok']);
  const parsed = ErrorData.safeParse(answer.error);
  if (!parsed.success) {
    throw new Error(`not error data: ${JSON.stringify(answer.error)}: ${parsed.error.message}`);
  }
  const error = answer.error as ErrorData;
  expect(error.message.trim().length).toBeGreaterThan(0);
  // Plain data: crosses the message boundary unchanged.
  expect(JSON.parse(JSON.stringify(error))).toEqual(error);
}

const snapshot = () =>
  [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((proto) =>
    Object.getOwnPropertyNames(proto).sort().join(','),
  );
const PRISTINE = snapshot();

function expectNoPollution() {
  expect(snapshot()).toEqual(PRISTINE);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}

afterEach(() => setBackgroundQueue(undefined));

beforeEach(() => {
  // The rating cache logs (kind only) when a client's broken answer cannot be remembered.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('any message sent to the background gets an answer, never a throw', () => {
  it('from its own pages: ok data, or error data; invalid requests never reach the client', async () => {
    const seen = { valid: 0, invalid: 0, ok: 0 };
    await fc.assert(
      fc.asyncProperty(message, ownSender, world, async (msg, sender, w) => {
        const valid = Request.safeParse(msg).success;
        seen[valid ? 'valid' : 'invalid']++;
        const { deps, used } = depsFor(w);
        const answer = await answerTo(msg, sender, deps);
        checkAnswerShape(answer);
        if (answer.ok) seen.ok++;
        if (!valid) {
          expect(answer).toMatchObject({
            ok: false,
            error: { kind: 'bad_message', reason: 'badMessage' },
          });
          expect(used).toEqual([]);
        }
        expectNoPollution();
      }),
      { numRuns: 300 },
    );
    // Neither half of the property is empty.
    expect(seen.valid).toBeGreaterThanOrEqual(30);
    expect(seen.invalid).toBeGreaterThanOrEqual(30);
    expect(seen.ok).toBeGreaterThanOrEqual(10);
  });

  it('from anywhere else: refused, without reading settings or touching the client', async () => {
    await fc.assert(
      fc.asyncProperty(message, foreignSender, world, async (msg, sender, w) => {
        const { deps, used } = depsFor(w);
        const answer = await answerTo(msg, sender, deps);
        checkAnswerShape(answer);
        expect(answer).toMatchObject({
          ok: false,
          error: { kind: 'bad_message', reason: 'badSender' },
        });
        expect(used).toEqual([]);
        expectNoPollution();
      }),
      { numRuns: 200 },
    );
  });

  it('a valid request: the data its type promises, or the failure as data', async () => {
    let valid = 0;
    await fc.assert(
      fc.asyncProperty(validRequest, ownSender, world, async (request, sender, w) => {
        const { deps, used } = depsFor(w);
        const answer = await answerTo(request, sender, deps);
        checkAnswerShape(answer);
        // The generators follow lib/messaging/protocol.ts; should they fall behind it, the first property
        // still covers the message, and the count below says so.
        if (!Request.safeParse(request).success) {
          expect(answer).toMatchObject({ ok: false, error: { reason: 'badMessage' } });
          return;
        }
        valid++;
        const type = request.type as RequestType;
        const method = METHOD_OF[type];
        // What the answer's data comes from: the client's answer (for Test connection, its list).
        const source = type === 'testConnection' ? 'reports.list' : method;
        const result = source ? w.methods[source] : undefined;
        const queued = method?.startsWith('queue.') ?? false;
        // The one client (or queue) call the request type makes, at most (Test connection: at
        // most two lists and the plan; getPlan: the plan, whose failure is "not told"). The
        // queue's wake after an answer is its own business.
        const calls = used.filter(
          (name) => name.includes('.') && name !== 'clients.get' && name !== 'queue.wake',
        );
        // A create answered without a rating waits for it: the create, then the wait.
        const expected =
          type === 'createReport' && calls.length === 2
            ? [method, 'reports.waitForResult']
            : [method];
        expect(calls.length).toBeLessThanOrEqual(
          type === 'testConnection' ? 3 : type === 'createReport' ? 2 : 1,
        );
        if (method && calls.length > 0) expect(calls).toEqual(expected);

        if (answer.ok) {
          // Only after the client resolved, in the shape the request type promises.
          expect(result?.resolves ?? true).toBe(true);
          // getPlan's data is the account's answer, read by planOf.
          const shaped = type === 'getPlan' ? w.methods['client.account'] : result;
          if (!shaped || (shaped.resolves && shaped.wellTyped)) {
            const parsed = ANSWER_DATA[type].safeParse(answer.data);
            if (!parsed.success) {
              throw new Error(`${type}: ${JSON.stringify(answer.data)}: ${parsed.error.message}`);
            }
            // Reports reach the pages without `results`.
            const data = answer.data as { items?: object[] } & object[];
            const reports =
              type === 'listReports'
                ? (data.items ?? [])
                : type === 'takeExport'
                  ? data
                  : [data].filter((item) => item !== null);
            for (const item of reports) {
              expect(item).not.toHaveProperty('results');
            }
            // The pages never get the key (getStatus reads the settings that hold it).
            expect(JSON.stringify(answer.data)).not.toContain(KEY);
          }
          expectNoPollution();
          return;
        }
        const error = answer.error as ErrorData;
        expect(JSON.stringify(error)).not.toContain(SECRET);
        // A job of more creates than a plan kept by an earlier request allows is refused first.
        const refused = error.reason === 'overAllowance';
        if (method && (queued || w.source === 'client') && result && !result.resolves && !refused) {
          const thrown = result.error;
          if (thrown instanceof SiteReportError) {
            expect(error.kind).toBe(thrown.kind);
            if (thrown.reason) expect(error.reason).toBe(thrown.reason);
          } else {
            expect(error.kind).toBe(
              thrown instanceof Error && thrown.name === 'AbortError'
                ? 'aborted'
                : 'unexpected_response',
            );
          }
        }
        if (method && !queued && w.source === 'none') {
          expect(error).toMatchObject({ kind: 'not_connected', reason: 'notConnected' });
        }
        expectNoPollution();
      }),
      { numRuns: 300 },
    );
    expect(valid).toBeGreaterThanOrEqual(270);
  });
});
