import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  generatePassword,
  PASSWORD_ALPHABET,
  PASSWORD_LENGTH,
  sharedByJob,
  sharedReports,
  shareText,
} from '../../../lib/reports/share';
import { reportPageUrl } from '../../../lib/this-page/pages';

const linkOn = (site: string | null) => (id: number) => reportPageUrl(site, id);

/** A fill that hands out 0, 1, 2, … 255, 0, 1, … across calls. */
function counting() {
  let next = 0;
  return (bytes: Uint8Array) => {
    for (let i = 0; i < bytes.length; i += 1) {
      bytes[i] = next;
      next = (next + 1) % 256;
    }
    return bytes;
  };
}

describe('a generated password', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is at least 16 characters from the alphabet, drawn with crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    const password = generatePassword();
    expect(spy).toHaveBeenCalled();
    expect(PASSWORD_LENGTH).toBeGreaterThanOrEqual(16);
    expect(password).toHaveLength(PASSWORD_LENGTH);
    for (const char of password) expect(PASSWORD_ALPHABET).toContain(char);
  });

  it('has no look-alike characters in its alphabet, and no character twice', () => {
    for (const char of '0Oo1lIi') expect(PASSWORD_ALPHABET).not.toContain(char);
    expect(new Set(PASSWORD_ALPHABET).size).toBe(PASSWORD_ALPHABET.length);
  });

  it('takes the length asked for', () => {
    expect(generatePassword(32)).toHaveLength(32);
  });

  it('draws again for the bytes that would favour the first characters', () => {
    const size = PASSWORD_ALPHABET.length;
    const limit = 256 - (256 % size);
    // Only bytes at or above the limit first, then one byte that maps to the second character.
    const bytes = [...Array.from({ length: 256 - limit }, (_, i) => limit + i), size + 1];
    let at = 0;
    const fill = (buffer: Uint8Array) => {
      for (let i = 0; i < buffer.length; i += 1) {
        buffer[i] = bytes[at % bytes.length] ?? 0;
        at += 1;
      }
      return buffer;
    };
    expect(generatePassword(3, fill)).toBe(PASSWORD_ALPHABET[1]?.repeat(3));
  });

  it('uses every character equally often over every byte value (no modulo bias)', () => {
    const size = PASSWORD_ALPHABET.length;
    const limit = 256 - (256 % size);
    // Ten full cycles of the byte values: each character comes from limit/size values per cycle.
    const password = generatePassword(limit * 10, counting());
    const counts = new Map<string, number>();
    for (const char of password) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(size);
    for (const count of counts.values()) expect(count).toBe((limit / size) * 10);
  });

  it('is not the same twice', () => {
    expect(generatePassword()).not.toBe(generatePassword());
  });
});

describe('shared report links (the report page, as Open report builds it)', () => {
  it.each([
    ['https://reports.example', 'https://reports.example/reports/7'],
    ['https://reports.example/', 'https://reports.example/reports/7'],
    ['http://127.0.0.1:8080/site//', 'http://127.0.0.1:8080/site/reports/7'],
  ])('%s → %s', (site, link) => {
    expect(sharedReports(linkOn(site), [{ id: 7, url: 'https://a.example/' }])).toEqual([
      { url: 'https://a.example/', link },
    ]);
  });

  it.each([[null], [''], ['javascript:alert(1)'], ['not a site']])('none for %s', (site) => {
    expect(sharedReports(linkOn(site), [{ id: 7, url: 'https://a.example/' }])).toEqual([]);
  });
});

describe('what a finished Share selected job shared', () => {
  const update = (id: number) => ({ type: 'update', id });

  it('lists the done ones with their addresses, and counts the rest as failed', () => {
    const urls = new Map([
      [1, 'https://a.example/'],
      [2, 'https://b.example/'],
      [3, 'https://c.example/'],
      [4, 'https://d.example/'],
    ]);
    const items = [
      { state: 'done', op: update(1) },
      { state: 'failed', op: update(2) },
      { state: 'done', op: update(3) },
      { state: 'cancelled', op: update(4) },
    ];
    expect(sharedByJob(linkOn('https://s.example'), items, urls)).toEqual({
      shared: [
        { url: 'https://a.example/', link: 'https://s.example/reports/1' },
        { url: 'https://c.example/', link: 'https://s.example/reports/3' },
      ],
      failed: 2,
    });
  });

  it('shares nothing without a site to link to', () => {
    const items = [{ state: 'done', op: update(1) }];
    expect(sharedByJob(linkOn(null), items, new Map())).toEqual({ shared: [], failed: 1 });
  });
});

describe('the copied text', () => {
  const shared = [
    { url: 'https://a.example/', link: 'https://s.example/reports/1' },
    { url: 'https://b.example/x', link: 'https://s.example/reports/2' },
  ];

  it('is the link alone for one report', () => {
    expect(shareText('https://s.example/reports/1')).toBe('https://s.example/reports/1');
  });

  it('puts the password on its own line', () => {
    expect(
      shareText('https://s.example/reports/1', { label: 'Password:', value: 'abcDEF234' }),
    ).toBe('https://s.example/reports/1\nPassword: abcDEF234');
  });

  it('lists "address — link" per report and the password once at the end', () => {
    expect(shareText(shared, { label: 'Passwort:', value: 'pw' })).toBe(
      [
        'https://a.example/ — https://s.example/reports/1',
        'https://b.example/x — https://s.example/reports/2',
        'Passwort: pw',
      ].join('\n'),
    );
    expect(shareText(shared)).not.toContain('Passwort');
  });
});
