// The accounts an administrator presets: ids that stay with a preset whatever the list's order, what
// each locks, and a key the user typed kept unless the preset gives one.
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../lib/account/accounts';
import { presetAccounts, presetLocks, withPresets } from '../../../lib/settings/presets';

const CORP = { name: 'Corp', serviceUrl: 'https://corp.example/api/v1' };
const LAB = { serviceUrl: 'https://lab.example/api/v1/', siteUrl: 'https://www.lab.example' };

function own(patch: Partial<Account> = {}): Account {
  return {
    id: 'a1',
    name: 'mine.example',
    serviceUrl: 'https://mine.example/api/v1',
    siteUrl: '',
    apiKey: 'my-key',
    ...patch,
  };
}

describe('presetAccounts', () => {
  it('reads each preset, normalised, named after its host unless named', () => {
    const [corp, lab] = presetAccounts([CORP, LAB], {});
    expect(corp).toMatchObject({
      id: expect.stringMatching(/^m[0-9a-f]{8}$/),
      name: 'Corp',
      serviceUrl: 'https://corp.example/api/v1',
      siteUrl: '',
      apiKey: '',
    });
    expect(lab).toMatchObject({
      name: 'lab.example',
      serviceUrl: 'https://lab.example/api/v1',
      siteUrl: 'https://www.lab.example',
    });
  });

  it('gives a preset the same id whatever the order, and another service or name another id', () => {
    const first = presetAccounts([CORP, LAB], {}).map(({ id }) => id);
    const reordered = presetAccounts([LAB, CORP], {}).map(({ id }) => id);
    expect(reordered).toEqual([first[1], first[0]]);
    expect(new Set(first).size).toBe(2);
    const [renamed] = presetAccounts([{ ...CORP, name: 'Corp EU' }], {});
    expect(renamed?.id).not.toBe(first[0]);
    // A key added later does not change whose things are whose.
    const [keyed] = presetAccounts([{ ...CORP, apiKey: 'corp-key' }], {});
    expect(keyed?.id).toBe(first[0]);
    // Ids never look like the user's own (a1, a2, …).
    for (const id of first) expect(id).not.toMatch(/^a\d+$/);
  });

  it('leaves out invalid presets and the same preset twice', () => {
    const presets = presetAccounts(
      [
        CORP,
        'https://text.example/api/v1',
        null,
        { name: 'No service' },
        { serviceUrl: 'not a url' },
        { serviceUrl: 'http://plain.example/api/v1' },
        { serviceUrl: 42 },
        { ...CORP, serviceUrl: 'https://CORP.example/api/v1/' },
        LAB,
      ],
      {},
    );
    expect(presets.map(({ serviceUrl }) => serviceUrl)).toEqual([
      'https://corp.example/api/v1',
      'https://lab.example/api/v1',
    ]);
    expect(presetAccounts('not a list', {})).toEqual([]);
  });

  it('reads the service URL policy of earlier versions as one more preset', () => {
    const presets = presetAccounts([CORP], {
      serviceUrl: 'https://old.example/api/v1',
      siteUrl: 'https://www.old.example',
    });
    expect(presets.map(({ name, siteUrl }) => [name, siteUrl])).toEqual([
      ['Corp', ''],
      ['old.example', 'https://www.old.example'],
    ]);
    expect(presetAccounts(undefined, { serviceUrl: 'https://old.example/api/v1' })).toHaveLength(1);
  });
});

/** An account's own fields, as the list holds it. */
const fields = ({ id, name, serviceUrl, siteUrl, apiKey }: Account): Account => ({
  id,
  name,
  serviceUrl,
  siteUrl,
  apiKey,
});

describe('withPresets and presetLocks', () => {
  const [keyless, keyed] = presetAccounts(
    [CORP, { name: 'Lab', serviceUrl: LAB.serviceUrl, apiKey: 'lab-key' }],
    {},
  ) as [Account, Account];

  it('lists the user’s accounts first, then the presets not stored, without what marks a preset', () => {
    const merged = withPresets([own()], [keyless, keyed]);
    expect(merged.map(({ id }) => id)).toEqual(['a1', keyless.id, keyed.id]);
    for (const account of merged) {
      expect(Object.keys(account).sort()).toEqual([
        'apiKey',
        'id',
        'name',
        'serviceUrl',
        'siteUrl',
      ]);
    }
  });

  it('keeps the key the user gave a preset, unless the preset sets one', () => {
    const stored = [
      own({ id: keyless.id, serviceUrl: 'https://elsewhere.example', apiKey: 'user-key' }),
      own({ id: keyed.id, apiKey: 'user-key' }),
    ];
    const [corp, lab] = withPresets(stored, [keyless, keyed]);
    // The administrator's service and name win; the user's key stays where none is preset.
    expect(corp).toEqual({ ...fields(keyless), apiKey: 'user-key' });
    expect(lab).toEqual({ ...fields(keyed), apiKey: 'lab-key' });
  });

  it('locks a preset’s service and site, and its key only when it sets one', () => {
    const presets = [keyless, keyed];
    expect(presetLocks(keyless, presets)).toEqual(['serviceUrl', 'siteUrl']);
    expect(presetLocks(keyed, presets)).toEqual(['serviceUrl', 'siteUrl', 'apiKey']);
    expect(presetLocks(own(), presets)).toEqual([]);
  });
});
