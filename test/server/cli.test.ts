import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DB, DEFAULT_PORT, parseCliArgs } from '../../server/cli-args';
import { waitFor } from './helpers';

describe('command-line options', () => {
  it('has defaults for a newcomer: port 8787, a generated key, the default database', () => {
    const command = parseCliArgs([], {});
    if (command.help) throw new Error('unexpected help');
    expect(command.generatedKey).toBe(true);
    expect(command.options).toMatchObject({
      port: DEFAULT_PORT,
      host: '127.0.0.1',
      db: DEFAULT_DB,
      rateLimit: 60,
      passwordAttempts: 5,
      passwordWindowMs: 60_000,
      createDelayMs: 0,
      async: false,
      serveSamples: false,
    });
    expect(command.options.loseCreateAnswers).toBeUndefined();
    expect(DEFAULT_DB).toMatch(/\.data[/\\]site-report\.db$/);
    expect(command.options.apiKeys).toEqual([expect.stringMatching(/^sr_/)]);
  });

  it('reads every option', () => {
    const command = parseCliArgs(
      [
        '--port=9000',
        '--api-key',
        'key-one-12345',
        '--api-key',
        'key-two-12345',
        '--no-api-access-key',
        'key-three-123',
        '--db',
        ':memory:',
        '--rate-limit',
        '5',
        '--password-attempts',
        '3',
        '--password-window',
        '120000',
        '--latency',
        '200',
        '--create-delay',
        '20000',
        '--lose-create-answers',
        'gateway',
        '--async',
        '--async-delay',
        '300',
        '--fail-every',
        '4',
        '--per-page',
        '10',
        '--fetch-timeout',
        '2000',
        '--serve-samples',
        '--redirect-to',
        'http://127.0.0.1:8790/somewhere',
        '--monthly-quota',
        '3',
        '--missing-report-404',
      ],
      {},
    );
    expect(command).toEqual({
      help: false,
      generatedKey: false,
      options: {
        port: 9000,
        host: '127.0.0.1',
        apiKeys: ['key-one-12345', 'key-two-12345', { key: 'key-three-123', apiAccess: false }],
        db: ':memory:',
        rateLimit: 5,
        passwordAttempts: 3,
        passwordWindowMs: 120_000,
        latencyMs: 200,
        createDelayMs: 20_000,
        loseCreateAnswers: 'gateway',
        async: true,
        asyncDelayMs: 300,
        failEvery: 4,
        perPage: 10,
        fetchTimeoutMs: 2000,
        serveSamples: true,
        redirectTo: 'http://127.0.0.1:8790',
        monthlyQuota: 3,
        missingReport: 404,
      },
    });
  });

  it('takes the key and port from the environment', () => {
    const command = parseCliArgs([], {
      SITE_REPORT_API_KEY: 'env-key-12345, env-key-67890',
      SITE_REPORT_PORT: '8123',
    });
    expect(command).toMatchObject({
      generatedKey: false,
      options: { port: 8123, apiKeys: ['env-key-12345', 'env-key-67890'] },
    });
    // A flag wins over the environment.
    expect(parseCliArgs(['--port', '9999'], { SITE_REPORT_PORT: '8123' })).toMatchObject({
      options: { port: 9999 },
    });
  });

  it.each([
    [['--port', 'abc']],
    [['--port', '70000']],
    [['--rate-limit', '-1']],
    [['--password-attempts', '-1']],
    [['--password-window', '0']],
    [['--create-delay', '-5']],
    [['--lose-create-answers', 'sometimes']],
    [['--unknown']],
  ])('refuses %j', (argv) => {
    expect(() => parseCliArgs(argv, {})).toThrow();
  });

  it('shows help', () => {
    expect(parseCliArgs(['--help'], {})).toEqual({ help: true });
  });
});

describe('npm run service', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'starts, prints its address and generated key, serves, and stops cleanly on %s',
    async (signal) => {
      const cli = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', cli, '--port', '0', '--db', ':memory:'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      try {
        // The address and the key are printed on lines of their own, which may arrive apart.
        const { baseUrl, key } = await waitFor(async () => {
          const address = /listening on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(output)?.[1];
          const printed = /API key: (\S+)/.exec(output)?.[1];
          return address && printed ? { baseUrl: address, key: printed } : undefined;
        }, 15_000);
        expect(key).toMatch(/^sr_/);
        const response = await fetch(`${baseUrl}/reports`, {
          headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
        });
        expect(response.status).toBe(200);
        await waitFor(async () => output.includes('GET /api/v1/reports 200'));
        // The key appears once, at startup, and never in a request line.
        expect(output.split(key)).toHaveLength(2);
      } finally {
        child.kill(signal);
      }
      expect(await exited).toBe(0);
      expect(output).toContain('Stopped.');
    },
    20_000,
  );
});
