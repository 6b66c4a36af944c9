// The client source's read ahead (lib/background/client-source.ts, `prime`): when a request is
// about to come, the settings are read at once, and that request's client is built from the read
// instead of reading again; a change of the settings (`reset`) drops it, and a read that failed or
// is no longer fresh is read again.
import { describe, expect, it, vi } from 'vitest';
import type { SiteReportClient } from '../../../lib/api';
import { createClientSource, READ_AHEAD_MS } from '../../../lib/background/client-source';
import { DEFAULT_SETTINGS, type LoadedSettings } from '../../../lib/settings';
import { sleep } from '../../support/time';

function loaded(apiKey: string): LoadedSettings {
  return {
    settings: { ...DEFAULT_SETTINGS, serviceUrl: 'https://service.example', apiKey },
    locked: [],
  };
}

function source(load: () => Promise<LoadedSettings>, now = () => 0) {
  const create = vi.fn(
    ({ apiKey }: { apiKey: string }) => ({ apiKey }) as unknown as SiteReportClient,
  );
  return createClientSource({ load, create, now });
}

describe('prime', () => {
  it('reads the settings at once, and the next get uses that read', async () => {
    const load = vi.fn(async () => loaded('key-1'));
    const clients = source(load);
    clients.prime?.();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await clients.get()).toMatchObject({ apiKey: 'key-1' });
    expect(load).toHaveBeenCalledTimes(1);
    // Once: later requests read the settings as before.
    await clients.get();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('starts one read however often it is called', () => {
    const load = vi.fn(async () => loaded('key-1'));
    const clients = source(load);
    clients.prime?.();
    clients.prime?.();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is dropped when the settings change (reset): the next get reads them again', async () => {
    let key = 'old-key';
    const load = vi.fn(async () => loaded(key));
    const clients = source(load);
    clients.prime?.();
    key = 'new-key';
    clients.reset();
    expect(await clients.get()).toMatchObject({ apiKey: 'new-key' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is good for a moment only: a get long after reads again', async () => {
    let time = 0;
    const load = vi.fn(async () => loaded('key-1'));
    const clients = source(load, () => time);
    clients.prime?.();
    time = READ_AHEAD_MS;
    await clients.get();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a read ahead that failed is read again by get, and is no unhandled rejection', async () => {
    const load = vi
      .fn<() => Promise<LoadedSettings>>()
      .mockRejectedValueOnce(new Error('storage unavailable'))
      .mockResolvedValue(loaded('key-1'));
    const clients = source(load);
    clients.prime?.();
    await sleep(0);
    expect(await clients.get()).toMatchObject({ apiKey: 'key-1' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
