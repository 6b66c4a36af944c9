import { describe, expect, it } from 'vitest';
import { createLock } from '../../lib/lock';
import { sleep } from '../support/time';

describe('createLock', () => {
  it('runs one at a time, in the order asked', async () => {
    const lock = createLock();
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`${name} start`);
      await sleep(1);
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([lock.runExclusive(step('a')), lock.runExclusive(step('b'))]);
    expect(results).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });

  it('passes a failure to its caller only, and goes on', async () => {
    const lock = createLock();
    const failed = lock.runExclusive(() => {
      throw new Error('no');
    });
    const next = lock.runExclusive(() => 'next');
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('next');
  });

  it('keeps separate locks apart', async () => {
    const first = createLock();
    const second = createLock();
    let release: () => void = () => {};
    const held = first.runExclusive(() => new Promise<void>((resolve) => (release = resolve)));
    await expect(second.runExclusive(() => 'free')).resolves.toBe('free');
    release();
    await held;
  });
});
