// Any JSON a service might send is decoded into a normalised value or a typed error: the real
// client, driven through an injected fetch with arbitrary answers (any status, any headers, any
// body, bodies that stall or break off), either resolves to a value the model's schemas accept or
// rejects with a SiteReportError of a known kind and reason. Never another throw, never a hang.
// A second property checks the other direction of the contract: every variant it says to
// tolerate is accepted, and normalised to the value it means.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSiteReportClient, type SiteReportClient, SiteReportError } from '../../../lib/api';
import { toErrorData } from '../../../lib/api/errors';
import {
  API_ERROR_REASONS,
  ERROR_KINDS,
  ErrorData,
  Project,
  ProjectPage,
  RATINGS,
  Report,
  ReportPage,
} from '../../../lib/api/model';
import type { Fetch } from '../../../lib/api/transport';

// A fixed seed: every run checks the same cases, so a run never fails by luck; set FC_SEED
// to explore others (fast-check prints the seed and the counterexample of a failure).
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20_261_123) });

const BASE_URL = 'https://reports.example.com/api/v1';
const KEY = 'sr_live_Pr0pertyKey_0123456789';
/** Limit of each attempt: what a body that stalls, or a fetch that never answers, costs. */
const ATTEMPT_MS = 10;
/** Limit of waitForResult in these tests. */
const WAIT_MS = 10;
/** A call still pending after this long is a hang. */
const HANG_MS = 2_000;

// ---------------------------------------------------------------------------------------------
// JSON text with raw number literals (1e999, twenty digits…), which JSON.stringify cannot write.

/** A number literal written into the JSON text as it is. */
class Raw {
  constructor(readonly text: string) {}
}
/** A key left out of the JSON text (JSON.stringify drops symbol values of object keys). */
const ABSENT = Symbol('absent');

function toJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof Raw ? `\u0000RAW${item.text}\u0000` : item,
  );
  return (text ?? '').replace(/"\\u0000RAW([^"\\]*)\\u0000"/g, '$1');
}

/** Sets `key` as an own property, `__proto__` included (as JSON.parse does). */
function put(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Anything, as a body: JSON when it can be, its text otherwise. */
function serialise(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    try {
      return String(value);
    } catch {
      return '';
    }
  }
}

const RAW_NUMBERS = [
  '1e999',
  '-1e999',
  '12345678901234567890',
  '9007199254740993',
  '1.0',
  '1e2',
  '-0',
  '0.5',
  '4.2e1',
  '100.0000000000000001',
  '80.0',
].map((text) => new Raw(text));

/** Values that are wrong for most fields, or right for one and wrong for the next. */
const weird: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(ABSENT),
  fc.constant(null),
  fc.constantFrom(...RAW_NUMBERS),
  fc.constantFrom(
    0,
    -1,
    -0.5,
    1.5,
    2 ** 53,
    2 ** 53 + 2,
    1e21,
    3,
    101,
    '',
    ' 1',
    '1 ',
    '1e3',
    '0x1F',
    '-3',
    '+3',
    '٣',
    '3',
    'GOOD',
    ' Decent ',
    'excellent',
    '2026-13-45',
    '0000-00-00 00:00:00',
    '2026-11-20T25:61:00Z',
    'yesterday',
    true,
    'true',
    [],
    {},
    { name: 5 },
    { name: 'x' },
    { project: 'y' },
  ),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
  fc.jsonValue({ maxDepth: 2 }),
);

// ---------------------------------------------------------------------------------------------
// Wire values the contract says to tolerate, each with the normalised value it means.

interface Stamp {
  wire: unknown;
  expected: string | null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** ISO 8601 with or without fractional seconds and zone, a space for the T, or null. */
const stamp: fc.Arbitrary<Stamp> = fc.oneof(
  { arbitrary: fc.constant<Stamp>({ wire: null, expected: null }), weight: 1 },
  {
    weight: 5,
    arbitrary: fc
      .record({
        seconds: fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) / 1000 }),
        withSeconds: fc.boolean(),
        fraction: fc.option(fc.stringMatching(/^\d{1,9}$/), { nil: undefined }),
        decimalMark: fc.constantFrom('.', '.', ','),
        separator: fc.constantFrom('T', 'T', ' '),
        zoneIndex: fc.nat(),
        dateOnly: fc.boolean(),
      })
      .map(({ seconds, withSeconds, fraction, decimalMark, separator, zoneIndex, dateOnly }) => {
        const zones: [string, number][] = [
          ['', 0],
          ['Z', 0],
          ['z', 0],
          ['+00:00', 0],
          ['+01:00', 60],
          ['+0100', 60],
          ['+01', 60],
          ['-05:30', -330],
          ['-0530', -330],
          ['+14:00', 840],
          ['-12:00', -720],
        ];
        const [zone, offset] = zones[zoneIndex % zones.length] as [string, number];
        // The wall-clock time at that offset.
        const wall = new Date((seconds + offset * 60) * 1000);
        const date = `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
        if (dateOnly) {
          const expected = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
          return { wire: date, expected: new Date(expected).toISOString() };
        }
        const secs = withSeconds ? wall.getUTCSeconds() : 0;
        const frac = withSeconds && fraction !== undefined ? fraction : undefined;
        const wire = `${date}${separator}${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}${
          withSeconds ? `:${pad(secs)}` : ''
        }${frac === undefined ? '' : `${decimalMark}${frac}`}${zone}`;
        const millis = frac === undefined ? 0 : Number(frac.padEnd(3, '0').slice(0, 3));
        const expected =
          Date.UTC(
            wall.getUTCFullYear(),
            wall.getUTCMonth(),
            wall.getUTCDate(),
            wall.getUTCHours(),
            wall.getUTCMinutes(),
            secs,
            millis,
          ) -
          offset * 60_000;
        return { wire, expected: new Date(expected).toISOString() };
      }),
  },
);

const REPORT_KEYS = [
  'id',
  'url',
  'project',
  'result',
  'score',
  'results',
  'privacy',
  'password',
  'generated_at',
  'created_at',
  'updated_at',
] as const;

/** Keys no schema knows, and some that mean something elsewhere (model keys, prototypes). */
const extraKey = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'rating',
    'hasPassword',
    'generatedAt',
    'createdAt',
    'updatedAt',
    'status',
    'meta',
    'links',
    'data',
    'object',
  ),
);

/** Unknown extra fields: `keys` that are not in `known`, set as own properties. */
function withExtras<T extends Record<string, unknown>>(
  base: T,
  known: readonly string[],
): fc.Arbitrary<T> {
  return fc
    .array(fc.tuple(extraKey, fc.jsonValue({ maxDepth: 2 })), { maxLength: 3 })
    .map((extras) => {
      const copy = { ...base };
      for (const [key, value] of extras) {
        if (!known.includes(key) && !Object.hasOwn(copy, key)) put(copy, key, value);
      }
      return copy;
    });
}

/** `value` as it comes back out of its JSON text. */
const viaJson = <T>(value: T): T =>
  value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);

interface Tolerated<T> {
  wire: Record<string, unknown>;
  expected: T;
}

const ratingOf = (score: number) => (score >= 80 ? 'good' : score >= 50 ? 'decent' : 'bad');

const idVariant = fc
  .oneof(
    fc.integer({ min: 1, max: 1000 }),
    fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    fc.constant(Number.MAX_SAFE_INTEGER),
  )
  .chain((id) => fc.constantFrom<[unknown, number]>([id, id], [String(id), id], [`00${id}`, id]));

const resultVariant: fc.Arbitrary<[unknown, Report['rating'], number | undefined]> = fc.oneof(
  fc
    .mixedCase(fc.constantFrom(...RATINGS))
    .map((text): [unknown, Report['rating'], undefined] => [
      text,
      text.toLowerCase() as Report['rating'],
      undefined,
    ]),
  fc.constant<[unknown, null, undefined]>([null, null, undefined]),
  fc.constant<[unknown, null, undefined]>([ABSENT, null, undefined]),
  fc
    .oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 100, noNaN: true }))
    .map((score): [unknown, Report['rating'], number] => [score, ratingOf(score), score]),
);

/** A report in any shape the contract tolerates, and the Report it means. */
const toleratedReport: fc.Arbitrary<Tolerated<Report>> = fc
  .record({
    id: idVariant,
    url: fc.oneof(fc.webUrl(), fc.constant('https://example.com/pricing')),
    project: fc.oneof(
      fc.constant<[unknown, string | undefined]>([ABSENT, undefined]),
      fc.string().map((name): [unknown, string] => [name, name]),
      fc.string().map((name): [unknown, string] => [{ name, reports: 3 }, name]),
    ),
    result: resultVariant,
    score: fc.oneof(
      fc.constant<unknown>(ABSENT),
      fc.constant(null),
      fc.integer({ min: 0, max: 100 }),
    ),
    results: fc.oneof(fc.constant<unknown>(ABSENT), fc.jsonValue({ maxDepth: 3 })),
    privacy: fc
      .constantFrom(0, 1, 2)
      .chain((p) =>
        fc.constantFrom<[unknown, 0 | 1 | 2]>([p, p as 0 | 1 | 2], [String(p), p as 0 | 1 | 2]),
      ),
    password: fc.constantFrom<unknown>(true, false, ABSENT),
    generated: stamp,
    created: stamp,
    updated: stamp,
  })
  .chain((parts) => {
    const wire: Record<string, unknown> = {
      id: parts.id[0],
      url: parts.url,
      project: parts.project[0],
      result: parts.result[0],
      score: parts.score,
      results: parts.results,
      privacy: parts.privacy[0],
      password: parts.password,
      generated_at: parts.generated.wire,
      created_at: parts.created.wire,
      updated_at: parts.updated.wire,
    };
    const wireScore = typeof parts.score === 'number' ? parts.score : undefined;
    // As the JSON text carries it (-0 becomes 0).
    const score = viaJson(wireScore ?? parts.result[2]);
    const expected: Report = {
      id: parts.id[1],
      url: parts.url,
      project: parts.project[1],
      rating: parts.result[1],
      ...(score === undefined ? {} : { score }),
      privacy: parts.privacy[1],
      hasPassword: parts.password === true,
      generatedAt: parts.generated.expected,
      createdAt: parts.created.expected,
      updatedAt: parts.updated.expected,
      results: parts.results === ABSENT ? undefined : viaJson(parts.results),
    };
    return withExtras(wire, REPORT_KEYS).map((withExtra) => ({ wire: withExtra, expected }));
  });

/** A project in any shape the contract tolerates, and the Project it means. */
const toleratedProject: fc.Arbitrary<Tolerated<Project>> = fc
  .record({
    name: fc.string({ minLength: 1 }),
    under: fc.constantFrom('project', 'name'),
    created: stamp,
    count: fc.oneof(
      fc.constant<[unknown, number | undefined]>([ABSENT, undefined]),
      fc.nat().map((n): [unknown, number] => [n, n]),
      fc.nat().map((n): [unknown, number] => [String(n), n]),
    ),
  })
  .chain(({ name, under, created, count }) => {
    const wire: Record<string, unknown> = { [under]: name, created_at: created.wire };
    if (count[0] !== ABSENT) wire.reports_count = count[0];
    const expected: Project = {
      ...(count[0] === ABSENT ? {} : { reports_count: count[0] }),
      name,
      createdAt: created.expected,
      ...(count[1] === undefined ? {} : { reportCount: count[1] }),
    };
    const known = ['project', 'name', 'created_at', 'createdAt', 'reportCount', 'reports_count'];
    return withExtras(wire, [...known, 'report_count', 'count']).map((withExtra) => {
      // Extra fields are kept in a project (a loose object).
      // Except an own `__proto__` (JSON.parse makes one): zod leaves it out, which is the safe
      // way (copying it by assignment would set the project's prototype instead).
      const extras = Object.fromEntries(
        Object.entries(withExtra).filter(([key]) => !known.includes(key) && key !== '__proto__'),
      );
      const full: Project = { ...expected };
      // As JSON gives them back: -0 comes out as 0.
      for (const [key, value] of Object.entries(extras)) put(full, key, viaJson(value));
      return { wire: withExtra, expected: full };
    });
  });

/** Paging beside a list, as Laravel sends it, or none. */
const toleratedPaging = fc.record({
  links: fc.oneof(
    fc.constant<unknown>(ABSENT),
    fc.record({
      first: fc.constant('https://reports.example.com/api/v1/reports?page=1'),
      last: fc.constant('https://reports.example.com/api/v1/reports?page=3'),
      prev: fc.option(fc.constant('https://reports.example.com/api/v1/reports?page=1')),
      next: fc.option(fc.constant('https://reports.example.com/api/v1/reports?page=2')),
    }),
  ),
  meta: fc.oneof(
    fc.constant<unknown>(ABSENT),
    fc
      .record({
        current_page: fc.integer({ min: 1, max: 5 }),
        last_page: fc.integer({ min: 1, max: 5 }),
        total: fc.nat({ max: 500 }),
        from: fc.nat(),
        to: fc.nat(),
        path: fc.constant('https://reports.example.com/api/v1/reports'),
        links: fc.oneof(
          fc.constant<unknown>(ABSENT),
          fc.constant([{ url: null, label: '&laquo; Previous', active: false }]),
        ),
      })
      .map((meta) => ({ ...meta, per_page: ABSENT as unknown })),
  ),
  status: fc.constantFrom<unknown>(200, ABSENT),
});

function listOf<T>(item: fc.Arbitrary<Tolerated<T>>, perPage: number) {
  return fc
    .tuple(fc.array(item, { maxLength: Math.min(perPage, 12) }), toleratedPaging)
    .map(([items, { links, meta, status }]) => ({
      wire: {
        data: items.map((entry) => entry.wire),
        links,
        meta: meta === ABSENT ? ABSENT : { ...(meta as object), per_page: perPage },
        status,
      },
      expected: items.map((entry) => entry.expected),
    }));
}

// ---------------------------------------------------------------------------------------------
// Bodies near the contract: the tolerated shapes, broken in one to three places.

function mutate(wire: Record<string, unknown>, keys: readonly string[]) {
  return fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...keys), extraKey), weird), {
      minLength: 1,
      maxLength: 3,
    })
    .map((changes) => {
      const copy = { ...wire };
      for (const [key, value] of changes) put(copy, key, value);
      return copy;
    });
}

const cleanReport = toleratedReport.map(({ wire }) => wire);
const nearReport = toleratedReport.chain(({ wire }) =>
  fc.oneof({ arbitrary: fc.constant(wire), weight: 3 }, mutate(wire, REPORT_KEYS)),
);
const cleanProject = toleratedProject.map(({ wire }) => wire);
const nearProject = toleratedProject.chain(({ wire }) =>
  fc.oneof(
    { arbitrary: fc.constant(wire), weight: 3 },
    mutate(wire, ['project', 'name', 'created_at', 'reports_count', 'reportCount', 'count']),
  ),
);

/** Paging figures that make no sense: negative, zero, huge, text, Infinity. */
const absurdMeta = fc.record(
  {
    current_page: weird,
    last_page: weird,
    per_page: weird,
    total: weird,
    from: weird,
    to: weird,
    links: weird,
  },
  { requiredKeys: [] },
);

/** A list whose items are mostly as tolerated (one broken item breaks the whole list). */
const nearList = (clean: fc.Arbitrary<unknown>, near: fc.Arbitrary<unknown>) =>
  fc.record({
    data: fc.oneof(
      {
        arbitrary: fc.array(fc.oneof({ arbitrary: clean, weight: 20 }, near), { maxLength: 30 }),
        weight: 6,
      },
      { arbitrary: weird, weight: 1 },
    ),
    links: fc.oneof(
      fc.constant<unknown>(ABSENT),
      weird,
      fc.record({ next: weird, prev: weird }, { requiredKeys: [] }),
    ),
    meta: fc.oneof(fc.constant<unknown>(ABSENT), weird, absurdMeta),
    status: weird,
  });

const nearEnvelope = fc.oneof(
  { arbitrary: nearReport.map((data) => ({ data, status: 200 })), weight: 4 },
  { arbitrary: nearReport.map((data) => ({ data })), weight: 2 },
  // The report bare, or wrapped twice.
  nearReport,
  nearReport.map((data) => ({ data: { data } })),
  fc.record({ data: weird, status: weird }),
);

/** 422 bodies in both forms, some quoting the key (which must not come back in an error). */
const validationBody = fc
  .record({
    field: fc.oneof(fc.constantFrom('url', 'privacy', 'password', KEY), fc.string()),
    messages: fc.array(
      fc.oneof(fc.string(), fc.constant(`The key ${KEY} is not valid.`), fc.constant(KEY)),
      { maxLength: 3 },
    ),
    form: fc.constantFrom('contract', 'laravel', 'string', 'broken'),
  })
  .map(({ field, messages, form }) => {
    const fields = {};
    put(fields, field, messages);
    if (form === 'contract') return { message: fields, status: 422 };
    if (form === 'laravel') return { message: 'The given data was invalid.', errors: fields };
    if (form === 'string') return { message: `Invalid: ${KEY}` };
    return { errors: messages };
  });

const deleteBody = fc.record(
  {
    id: weird,
    object: fc.constantFrom('report', 'project', ''),
    deleted: fc.oneof(fc.constant(true), weird),
    status: weird,
  },
  { requiredKeys: [] },
);

const html = fc.oneof(
  fc.constantFrom(
    '<!DOCTYPE html><html><head><title>Login</title></head><body><form action="/login"></form></body></html>',
    '<html><body><h1>502 Bad Gateway</h1><hr><center>nginx</center></body></html>',
    '<?xml version="1.0"?><error>nope</error>',
  ),
  fc.string().map((text) => `<!doctype html><html><body>${text}</body></html>`),
);

/** A body the contract's shapes would make, as text. */
const contractBody = fc.oneof(
  toleratedReport.map(({ wire }) => toJson({ data: wire, status: 200 })),
  listOf(toleratedReport, 25).map(({ wire }) => toJson(wire)),
  listOf(toleratedProject, 25).map(({ wire }) => toJson(wire)),
  fc.constant('{"id":7,"object":"report","deleted":true,"status":200}'),
);

const body: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  { weight: 2, arbitrary: fc.json() },
  {
    weight: 2,
    arbitrary: fc
      .anything({
        withBigInt: true,
        withDate: true,
        withMap: true,
        withSet: true,
        withNullPrototype: true,
        withTypedArray: true,
        withSparseArray: true,
        withBoxedValues: true,
      })
      .map(serialise),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
  { weight: 1, arbitrary: html },
  {
    weight: 2,
    // Truncated JSON: an answer cut off anywhere.
    arbitrary: fc
      .tuple(contractBody, fc.nat())
      .map(([text, at]) => text.slice(0, at % Math.max(1, text.length))),
  },
  { weight: 2, arbitrary: contractBody },
  { weight: 6, arbitrary: nearEnvelope.map(toJson) },
  { weight: 4, arbitrary: nearList(cleanReport, nearReport).map(toJson) },
  { weight: 3, arbitrary: nearList(cleanProject, nearProject).map(toJson) },
  { weight: 2, arbitrary: validationBody.map(toJson) },
  { weight: 1, arbitrary: deleteBody.map(toJson) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'null',
      'true',
      '[]',
      '{}',
      '""',
      '{"data":null}',
      '{"data":[]}',
      '{"data":{}}',
      '\uFEFF{"data":[]}',
      '{"data":[]} trailing',
    ),
  },
);

// ---------------------------------------------------------------------------------------------
// Answers: status, headers and body, or a fetch that fails, hangs or breaks off.

const status = fc.oneof(
  { weight: 8, arbitrary: fc.constant(200) },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      201,
      202,
      204,
      205,
      206,
      301,
      302,
      304,
      400,
      401,
      403,
      404,
      405,
      409,
      410,
      422,
      429,
      500,
      502,
      503,
      504,
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 599 }) },
);

/** Whether `value` can be sent as a header value at all (a fetch could not return it else). */
function isHeaderValue(value: string): boolean {
  try {
    new Headers([['X-Probe', value]]);
    return true;
  } catch {
    return false;
  }
}

const headerValue = fc
  .oneof(
    fc.nat({ max: 120 }).map(String),
    fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String),
    fc.integer({ min: -100, max: 100 }).map(String),
    fc.date({ noInvalidDate: true }).map((date) => date.toUTCString()),
    fc.constantFrom('', ' 5 ', '1e3', 'Infinity', 'NaN', '5.5', '0', 'soon', 'Wed, 99 Foo 2026'),
    fc.string(),
  )
  .filter(isHeaderValue);

const headers = fc.array(
  fc.tuple(
    fc.constantFrom(
      'Retry-After',
      'Retry-After',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Content-Length',
      'Content-Type',
    ),
    headerValue,
  ),
  { maxLength: 4 },
);

type Spec =
  | { kind: 'answer'; status: number; headers: [string, string][]; body: string | Uint8Array }
  | { kind: 'breaks'; status: number; prefix: string }
  | { kind: 'stalls'; status: number; prefix: string }
  | { kind: 'refused' }
  | { kind: 'hangs' };

/**
 * An answer, or a failure of the exchange. Half the bodies are any body at all; the other half
 * have the shape `expected` (what the operation reads), mostly intact, so that the values a
 * call resolves to are checked about as often as its errors.
 */
const specFor = (expected: fc.Arbitrary<string>): fc.Arbitrary<Spec> =>
  fc.oneof(
    {
      weight: 30,
      arbitrary: fc.record({
        kind: fc.constant('answer' as const),
        status,
        headers,
        body: fc.oneof(body, expected),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('breaks' as const), status, prefix: fc.string() }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('stalls' as const), status, prefix: fc.string() }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'refused' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'hangs' as const }) },
  );

/** 204, 205 and 304 answers have no body (a Response cannot be made with one). */
const NULL_BODY = new Set([204, 205, 304]);
const encoder = new TextEncoder();

function responseFor(spec: Spec): Promise<Response> {
  switch (spec.kind) {
    case 'refused':
      return Promise.reject(new TypeError(`fetch failed: ${KEY}`));
    case 'hangs':
      // Ignores its signal too: the client must stop waiting by itself.
      return new Promise<Response>(() => undefined);
    case 'breaks':
    case 'stalls': {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(spec.prefix));
          if (spec.kind === 'breaks') controller.error(new Error('connection reset'));
        },
      });
      return Promise.resolve(
        new Response(NULL_BODY.has(spec.status) ? null : stream, { status: spec.status }),
      );
    }
    case 'answer': {
      const content = NULL_BODY.has(spec.status) ? null : spec.body;
      return Promise.resolve(
        new Response(content as BodyInit | null, { status: spec.status, headers: spec.headers }),
      );
    }
  }
}

/** A fetch that answers with `specs` in turn (the last one again for further attempts). */
function scriptedFetch(specs: readonly Spec[]) {
  const calls: string[] = [];
  const fetch: Fetch = (input, init) => {
    calls.push(`${init.method} ${input}`);
    return responseFor(specs[Math.min(calls.length - 1, specs.length - 1)] as Spec);
  };
  return { fetch, calls };
}

function clientFor(fetch: Fetch): SiteReportClient {
  return createSiteReportClient({
    baseUrl: BASE_URL,
    apiKey: KEY,
    fetch,
    timeoutMs: ATTEMPT_MS,
    analysisTimeoutMs: ATTEMPT_MS,
    retryDelayMs: 1,
    pollDelayMs: 1,
    // Resolves at once, but in a later turn, so the timers of deadlines still get to run.
    sleep: () => new Promise((resolve) => setImmediate(resolve)),
  });
}

// ---------------------------------------------------------------------------------------------
// The operations, and what a value each resolves to must be.

type Check = (value: unknown) => void;

/** A normalised timestamp: null or the ISO form of the instant it names. */
function checkTimestamp(value: string | null) {
  if (value !== null) expect(new Date(value).toISOString()).toBe(value);
}

function checkReport(value: unknown): asserts value is Report {
  expect(Report.safeParse(value).success).toBe(true);
  const report = value as Report;
  expect(Number.isSafeInteger(report.id) && report.id > 0).toBe(true);
  expect([...RATINGS, null]).toContain(report.rating);
  expect([0, 1, 2]).toContain(report.privacy);
  if (report.score !== undefined) expect(Number.isFinite(report.score)).toBe(true);
  checkTimestamp(report.generatedAt);
  checkTimestamp(report.createdAt);
  checkTimestamp(report.updatedAt);
}

function checkProject(value: unknown) {
  expect(Project.safeParse(value).success).toBe(true);
  const project = value as Project;
  checkTimestamp(project.createdAt);
  if (project.reportCount !== undefined) {
    expect(Number.isSafeInteger(project.reportCount) && project.reportCount >= 0).toBe(true);
  }
}

function checkPage(
  schema: typeof ReportPage | typeof ProjectPage,
  checkItem: Check,
  requestedPerPage: number,
): Check {
  return (value) => {
    const parsed = schema.safeParse(value);
    expect(parsed.success).toBe(true);
    const page = value as ReportPage | ProjectPage;
    expect(page.items.length).toBeLessThanOrEqual(page.perPage);
    expect(page.items.length).toBeLessThanOrEqual(requestedPerPage);
    expect(Number.isSafeInteger(page.page) && page.page >= 1).toBe(true);
    expect(Number.isSafeInteger(page.perPage) && page.perPage >= 1).toBe(true);
    if (page.total !== undefined) {
      expect(Number.isSafeInteger(page.total) && page.total >= 0).toBe(true);
    }
    if (page.lastPage !== undefined) {
      expect(Number.isSafeInteger(page.lastPage) && page.lastPage >= 1).toBe(true);
    }
    for (const item of page.items) checkItem(item);
  };
}

const reportBody = nearEnvelope.map(toJson);
const reportListBody = nearList(cleanReport, nearReport).map(toJson);
const projectListBody = nearList(cleanProject, nearProject).map(toJson);
const deleteAnswer = fc.oneof(
  fc.constantFrom('', '{"id":7,"object":"report","deleted":true,"status":200}'),
  deleteBody.map(toJson),
);

interface Op {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Bodies of the shape the operation reads. */
  bodies: fc.Arbitrary<string>;
  /** 200 bodies always tried: counterexamples found before. */
  examples?: string[];
  run(client: SiteReportClient, perPage: 10 | 25 | 50 | 100, page: number): Promise<unknown>;
  check(perPage: number): Check;
}

const OPS: Op[] = [
  {
    name: 'reports.get',
    bodies: reportBody,
    method: 'GET',
    run: (client) => client.reports.get(7),
    check: () => checkReport,
  },
  {
    name: 'reports.create',
    bodies: reportBody,
    method: 'POST',
    run: (client) =>
      client.reports.create({ url: 'https://example.com/pricing', privacy: 2, password: 'pw' }),
    check: () => checkReport,
  },
  {
    name: 'reports.update',
    bodies: reportBody,
    method: 'PUT',
    run: (client) => client.reports.update(7, { privacy: 1, results: true }),
    check: () => checkReport,
  },
  {
    name: 'reports.delete',
    bodies: deleteAnswer,
    method: 'DELETE',
    run: (client) => client.reports.delete(7),
    check: () => (value) => expect(value).toStrictEqual({ id: 7 }),
  },
  {
    name: 'reports.list',
    bodies: reportListBody,
    method: 'GET',
    run: (client, perPage, page) => client.reports.list({ perPage, page }),
    check: (perPage) => checkPage(ReportPage, checkReport, perPage),
  },
  {
    name: 'projects.list',
    bodies: projectListBody,
    // A wire `reportCount` that is no count was passed on as the normalised reportCount.
    examples: [
      '{"data":[{"project":"x","reportCount":"abc"}]}',
      '{"data":[{"project":"x","reportCount":-5e-324,"reports_count":"9007199254740992"}]}',
    ],
    method: 'GET',
    run: (client, perPage, page) => client.projects.list({ perPage, page }),
    check: (perPage) => checkPage(ProjectPage, checkProject, perPage),
  },
  {
    name: 'projects.delete',
    bodies: deleteAnswer,
    method: 'DELETE',
    run: (client) => client.projects.delete('example.com'),
    check: () => (value) => expect(value).toStrictEqual({ name: 'example.com' }),
  },
  {
    name: 'reports.waitForResult',
    bodies: reportBody,
    method: 'GET',
    run: (client) => client.reports.waitForResult(7, { timeoutMs: WAIT_MS }),
    check: () => (value) => {
      checkReport(value);
      expect(value.rating).not.toBeNull();
    },
  },
];

const HANG = Symbol('hang');

/** The call's outcome, or HANG when it is still pending after HANG_MS. */
async function settle(
  call: Promise<unknown>,
): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown } | typeof HANG> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<typeof HANG>((resolve) => {
    timer = setTimeout(() => resolve(HANG), HANG_MS);
  });
  try {
    return await Promise.race([
      call.then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
      hang,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function checkError(error: unknown, specs: readonly Spec[]) {
  expect(error).toBeInstanceOf(SiteReportError);
  const failure = error as SiteReportError;
  expect(ERROR_KINDS).toContain(failure.kind);
  expect(API_ERROR_REASONS).toContain(failure.reason);
  expect(failure.message.length).toBeGreaterThan(0);
  const data = toErrorData(failure);
  expect(ErrorData.safeParse(data).success).toBe(true);
  // A key echoed back by the service (in 422 messages, an error's text) never comes back out.
  expect(JSON.stringify(data)).not.toContain(KEY);
  expect(failure.message).not.toContain(KEY);
  if (failure.status !== undefined) {
    const served = specs.flatMap((s) => ('status' in s ? [s.status] : []));
    expect(served).toContain(failure.status);
  }
  if (failure.retryAfterSeconds !== undefined) {
    expect(failure.retryAfterSeconds).toBeGreaterThanOrEqual(0);
    expect(failure.retryAfterSeconds).toBeLessThanOrEqual(86_400);
  }
}

describe('any answer a service might give is a normalised value or a typed error', () => {
  it.each(OPS)('$name', async (op) => {
    const outcomes = { resolved: 0, rejected: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(specFor(op.bodies), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(10 as const, 25 as const, 50 as const, 100 as const),
        fc.integer({ min: 1, max: 4 }),
        async (specs, perPage, page) => {
          const { fetch, calls } = scriptedFetch(specs);
          const outcome = await settle(op.run(clientFor(fetch), perPage, page));
          if (outcome === HANG) throw new Error(`${op.name} still pending after ${HANG_MS} ms`);
          outcomes[outcome.ok ? 'resolved' : 'rejected']++;
          if (outcome.ok) op.check(perPage)(outcome.value);
          else checkError(outcome.error, specs);
          // Creates and updates are never repeated; reads and deletes at most twice. A 403 on
          // one report's change or delete is followed by reads of that report.
          const sent = calls.filter((call) => call.startsWith(`${op.method} `));
          if (op.method === 'POST' || op.method === 'PUT') expect(sent).toHaveLength(1);
          else if (op.name !== 'reports.waitForResult') {
            expect(sent.length).toBeLessThanOrEqual(3);
            expect(calls.length).toBeLessThanOrEqual(6);
          }
        },
      ),
      {
        numRuns: 200,
        examples: (op.examples ?? []).map((text): [Spec[], 25, number] => [
          [{ kind: 'answer', status: 200, headers: [], body: text }],
          25,
          1,
        ]),
      },
    );
    // Both halves of the property were exercised (about a quarter of the calls resolve).
    expect(outcomes.resolved).toBeGreaterThanOrEqual(10);
    expect(outcomes.rejected).toBeGreaterThanOrEqual(10);
  });
});

// ---------------------------------------------------------------------------------------------
// Every variant the contract says to tolerate is accepted, and means what it says.

const rateHeaders = fc.constantFrom<[string, string][]>(
  [],
  [
    ['X-RateLimit-Limit', '60'],
    ['X-RateLimit-Remaining', '59'],
  ],
  [['Content-Type', 'application/json']],
);

const answer = (statusCode: number, text: string, extra: [string, string][]): Spec => ({
  kind: 'answer',
  status: statusCode,
  headers: extra,
  body: text,
});

/** Resolves, or fails the property with the error's facts. */
async function resolved(call: Promise<unknown>): Promise<unknown> {
  const outcome = await settle(call);
  if (outcome === HANG) throw new Error('still pending');
  if (!outcome.ok) {
    const { error } = outcome;
    throw new Error(
      `rejected: ${error instanceof SiteReportError ? JSON.stringify(toErrorData(error)) : String(error)}`,
    );
  }
  return outcome.value;
}

const envelope = (wire: Record<string, unknown>) =>
  fc
    .record({ status: fc.constantFrom<unknown>(200, 201, ABSENT), extra: fc.jsonValue() })
    .chain(({ status: code, extra }) =>
      fc.constantFrom(
        toJson({ data: wire, status: code }),
        toJson({ data: wire, status: code, meta: extra }),
      ),
    );

describe('every variant the contract tolerates is accepted and normalised', () => {
  it('a report, read, created or updated', async () => {
    await fc.assert(
      fc.asyncProperty(
        toleratedReport.chain((report) =>
          fc.record({
            report: fc.constant(report),
            text: envelope(report.wire),
            op: fc.constantFrom('get', 'create', 'update'),
            headers: rateHeaders,
          }),
        ),
        fc.constantFrom(200, 201),
        async ({ report, text, op, headers: extra }, createStatus) => {
          const code = op === 'create' ? createStatus : 200;
          const client = clientFor(scriptedFetch([answer(code, text, extra)]).fetch);
          const value = await resolved(
            op === 'get'
              ? client.reports.get(7)
              : op === 'create'
                ? client.reports.create({ url: 'https://example.com/' })
                : client.reports.update(7, { results: true }),
          );
          checkReport(value);
          expect(value).toEqual(report.expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it.each([10, 25, 50, 100] as const)('a list of reports (per page %i)', async (perPage) => {
    await fc.assert(
      fc.asyncProperty(listOf(toleratedReport, perPage), rateHeaders, async (list, extra) => {
        const client = clientFor(scriptedFetch([answer(200, toJson(list.wire), extra)]).fetch);
        const value = await resolved(client.reports.list({ perPage }));
        checkPage(ReportPage, checkReport, perPage)(value);
        expect((value as ReportPage).items).toEqual(list.expected);
      }),
      { numRuns: 50 },
    );
  });

  it('a list of projects', async () => {
    await fc.assert(
      fc.asyncProperty(listOf(toleratedProject, 25), async (list) => {
        const client = clientFor(scriptedFetch([answer(200, toJson(list.wire), [])]).fetch);
        const value = await resolved(client.projects.list());
        checkPage(ProjectPage, checkProject, 25)(value);
        expect((value as ProjectPage).items).toEqual(list.expected);
      }),
      { numRuns: 200 },
    );
  });

  it('a delete, answered 200 with its body or 204 without', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('report', 'project'),
        fc.oneof(
          fc.constant<[number, string]>([204, '']),
          fc.constant<[number, string]>([200, '']),
          fc
            .record({ status: fc.constantFrom<unknown>(200, ABSENT), id: fc.constantFrom(7, '7') })
            .map(({ status: code, id }): [number, string] => [
              200,
              toJson({ id, object: 'report', deleted: true, status: code }),
            ]),
        ),
        async (what, [code, text]) => {
          const client = clientFor(scriptedFetch([answer(code, text, [])]).fetch);
          if (what === 'report') {
            expect(await resolved(client.reports.delete(7))).toStrictEqual({ id: 7 });
          } else {
            expect(await resolved(client.projects.delete('example.com'))).toStrictEqual({
              name: 'example.com',
            });
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
