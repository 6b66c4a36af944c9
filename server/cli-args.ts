// Command-line options of `npm run service`, with the environment variables that stand in for
// some of them. Kept apart from cli.ts so it can be tested without starting anything.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type ApiKeyOption,
  DEFAULT_PASSWORD_ATTEMPTS,
  DEFAULT_PASSWORD_WINDOW_MS,
  DEFAULT_PLAN_NAME,
  generateApiKey,
  type ServiceOptions,
} from './service';

export const DEFAULT_PORT = 8787;
export const DEFAULT_DB = fileURLToPath(new URL('../.data/site-report.db', import.meta.url));

export const USAGE = `Usage: npm run service -- [options]

  --port N                 port to listen on (default ${DEFAULT_PORT}; env SITE_REPORT_PORT)
  --host ADDRESS           address to listen on (default 127.0.0.1)
  --api-key KEY            an API key, each its own account; repeatable
                           (env SITE_REPORT_API_KEY, comma-separated; none: one is generated)
  --no-api-access-key KEY  a key whose plan has no API access (answers 403); repeatable
  --db FILE                SQLite database (default .data/site-report.db; ':memory:' for none)
  --rate-limit N           requests per window per key (default 60; 0 = unlimited)
  --rate-window SECONDS    the length of that window, from its first request (default 60)
  --password-attempts N    password tries per report web page and client before it answers
                           429 (default ${DEFAULT_PASSWORD_ATTEMPTS}; 0 = unlimited)
  --password-window MS     how long those tries count, from the first (default ${DEFAULT_PASSWORD_WINDOW_MS})
  --latency MS             delay every API answer
  --create-delay MS        the analysis of a create or re-analysis takes this much longer,
                           inside the request (a slow site)
  --lose-create-answers HOW make each report, then lose the create's answer: drop (close the
                           connection) or gateway (a 504)
  --async                  create answers before the analysis has run; clients poll
  --async-delay MS         how long the analysis waits in --async mode (default 1500)
  --fail-every N           every Nth API request answers 500
  --redirect-to ORIGIN     every API request answers 307 to the same path at ORIGIN
  --per-page N             default per_page (default 25)
  --missing-report-404     a PUT or DELETE of a report that is missing or another key's
                           answers 404 (default: 403 "This action is unauthorized.")
  --list-without-results   list items come without results (only a read has them)
  --fetch-timeout MS       time limit of the analysis' fetch (default 10000)
  --monthly-quota N        reports each key may create per calendar month (deleted ones
                           count); then creates answer 422 "You created too many reports."
                           GET /account tells it as the plan's allowance (default: unlimited)
  --plan-name NAME         the plan's name in GET /account (default ${DEFAULT_PLAN_NAME})
  --no-account             GET /account answers 404, as on older deployments
  --serve-samples          serve sample pages at /samples/good, /samples/decent, /samples/bad,
                           and /samples/old, /samples/moved that redirect to /samples/good
  -h, --help               show this help
`;

export type CliCommand =
  | { help: true }
  | { help: false; options: ServiceOptions; generatedKey: boolean };

export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = {}): CliCommand {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'api-key': { type: 'string', multiple: true },
      'no-api-access-key': { type: 'string', multiple: true },
      db: { type: 'string' },
      'rate-limit': { type: 'string' },
      'rate-window': { type: 'string' },
      'password-attempts': { type: 'string' },
      'password-window': { type: 'string' },
      latency: { type: 'string' },
      'create-delay': { type: 'string' },
      'lose-create-answers': { type: 'string' },
      async: { type: 'boolean' },
      'async-delay': { type: 'string' },
      'fail-every': { type: 'string' },
      'per-page': { type: 'string' },
      'fetch-timeout': { type: 'string' },
      'serve-samples': { type: 'boolean' },
      'redirect-to': { type: 'string' },
      'monthly-quota': { type: 'string' },
      'plan-name': { type: 'string' },
      'no-account': { type: 'boolean' },
      'missing-report-404': { type: 'boolean' },
      'list-without-results': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true };

  const fromEnv = (env.SITE_REPORT_API_KEY ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  const given = values['api-key']?.length ? values['api-key'] : fromEnv;
  const generatedKey = given.length === 0;
  const keys: (string | ApiKeyOption)[] = generatedKey ? [generateApiKey()] : given;
  for (const key of values['no-api-access-key'] ?? []) keys.push({ key, apiAccess: false });

  const options: ServiceOptions = {
    port: integer('--port', values.port ?? env.SITE_REPORT_PORT, DEFAULT_PORT, 0, 65535),
    host: values.host ?? '127.0.0.1',
    apiKeys: keys,
    db: values.db ?? DEFAULT_DB,
    rateLimit: integer('--rate-limit', values['rate-limit'], 60, 0),
    // Only when given: the service's default is a minute.
    ...(values['rate-window'] !== undefined && {
      rateWindowMs: integer('--rate-window', values['rate-window'], 60, 1, 86_400) * 1000,
    }),
    passwordAttempts: integer(
      '--password-attempts',
      values['password-attempts'],
      DEFAULT_PASSWORD_ATTEMPTS,
      0,
    ),
    passwordWindowMs: integer(
      '--password-window',
      values['password-window'],
      DEFAULT_PASSWORD_WINDOW_MS,
      1,
    ),
    latencyMs: integer('--latency', values.latency, 0, 0),
    createDelayMs: integer('--create-delay', values['create-delay'], 0, 0),
    ...(values['lose-create-answers'] !== undefined && {
      loseCreateAnswers: lostAnswers(values['lose-create-answers']),
    }),
    async: values.async ?? false,
    asyncDelayMs: integer('--async-delay', values['async-delay'], 1500, 0),
    failEvery: integer('--fail-every', values['fail-every'], 0, 0),
    perPage: integer('--per-page', values['per-page'], 25, 1, 100),
    fetchTimeoutMs: integer('--fetch-timeout', values['fetch-timeout'], 10_000, 1),
    serveSamples: values['serve-samples'] ?? false,
    ...(values['redirect-to'] !== undefined && { redirectTo: origin(values['redirect-to']) }),
    ...(values['monthly-quota'] !== undefined && {
      monthlyQuota: integer('--monthly-quota', values['monthly-quota'], 0, 0),
    }),
    ...(values['plan-name'] !== undefined && { planName: planName(values['plan-name']) }),
    ...(values['no-account'] && { account: false }),
    ...(values['missing-report-404'] && { missingReport: 404 as const }),
    ...(values['list-without-results'] && { listResults: false }),
  };
  return { help: false, options, generatedKey };
}

function planName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new Error('--plan-name must not be empty.');
  return name;
}

function lostAnswers(raw: string): 'drop' | 'gateway' {
  if (raw === 'drop' || raw === 'gateway') return raw;
  throw new Error(`--lose-create-answers must be drop or gateway, not "${raw}".`);
}

function origin(raw: string): string {
  try {
    return new URL(raw).origin;
  } catch {
    throw new Error(
      `--redirect-to must be an address such as http://127.0.0.1:8790, not "${raw}".`,
    );
  }
}

function integer(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
  }
  return value;
}
