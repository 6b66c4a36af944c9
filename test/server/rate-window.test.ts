// The API limit's window can be shortened (`--rate-window`, `rateWindowMs`), so that a client's
// pacing is tested in seconds instead of minutes; the default stays a minute.
import { describe, expect, it } from 'vitest';
import { parseCliArgs, USAGE } from '../../server/cli-args';
import { api, start } from './helpers';

describe('--rate-window', () => {
  it.each([
    [['--rate-window', '3'], 3000],
    [['--rate-window=120'], 120_000],
  ])('%j sets the window in seconds', (argv, windowMs) => {
    const command = parseCliArgs(argv, {});
    expect(command).toMatchObject({ help: false, options: { rateWindowMs: windowMs } });
  });

  it('leaves the service its default (a minute) when not given', () => {
    const command = parseCliArgs([], {});
    if (command.help) throw new Error('unexpected help');
    expect(command.options.rateWindowMs).toBeUndefined();
  });

  it.each([[['--rate-window', '0']], [['--rate-window', '1.5']], [['--rate-window', 'x']]])(
    'refuses %j',
    (argv) => {
      expect(() => parseCliArgs(argv, {})).toThrow(/--rate-window/);
    },
  );

  it('is in the help', () => {
    expect(USAGE).toMatch(/--rate-window SECONDS/);
  });
});

describe('the API limit with a short window', () => {
  it('refuses the request over the limit until the window ends, and says when', async () => {
    let time = 1_800_000_000_000;
    const service = await start({ rateLimit: 2, rateWindowMs: 3000, now: () => time });
    const first = await api(service, 'GET', '/reports');
    expect(first.status).toBe(200);
    expect(first.headers.get('X-RateLimit-Limit')).toBe('2');
    expect(first.headers.get('X-RateLimit-Remaining')).toBe('1');
    time += 1000;
    expect((await api(service, 'GET', '/reports')).headers.get('X-RateLimit-Remaining')).toBe('0');
    const refused = await api(service, 'GET', '/reports');
    expect(refused.status).toBe(429);
    // The window started at the first request: 2 of its 3 seconds are left.
    expect(refused.headers.get('Retry-After')).toBe('2');
    expect(refused.headers.get('X-RateLimit-Reset')).toBe(
      String((1_800_000_000_000 + 3000) / 1000),
    );
    time += 1999;
    expect((await api(service, 'GET', '/reports')).status).toBe(429);
    time += 1;
    const again = await api(service, 'GET', '/reports');
    expect(again.status).toBe(200);
    expect(again.headers.get('X-RateLimit-Remaining')).toBe('1');
  });

  it('keeps a minute by default', async () => {
    let time = 1_800_000_000_000;
    const service = await start({ rateLimit: 1, now: () => time });
    expect((await api(service, 'GET', '/reports')).status).toBe(200);
    const refused = await api(service, 'GET', '/reports');
    expect(refused.headers.get('Retry-After')).toBe('60');
    time += 59_999;
    expect((await api(service, 'GET', '/reports')).status).toBe(429);
    time += 1;
    expect((await api(service, 'GET', '/reports')).status).toBe(200);
  });
});
