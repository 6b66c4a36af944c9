// A pasted list or file: one address a line, or CSV with a url column; deduplicated by the page
// each address is of; each left-out line with its reason; bounded; never throws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressOf,
  asParsed,
  csvCells,
  MAX_ADDRESS_LENGTH,
  MAX_ADDRESSES,
  parseAddressList,
} from '../../../lib/audit/list';
import { pageOf } from '../../../lib/url-parts';

describe('parseAddressList', () => {
  it('takes one address a line, normalised, and lists the rest with reasons', () => {
    const answer = parseAddressList(
      [
        'https://example.com/a',
        '  https://example.com/b#top  ',
        '',
        'ftp://example.com/file',
        'not a url',
        'https://example.com/a',
        'https://EXAMPLE.com/b',
        'mailto:someone@example.com',
      ].join('\r\n'),
    );
    expect(answer).toEqual({
      ok: true,
      addresses: ['https://example.com/a', 'https://example.com/b'],
      leftOut: [
        { line: 4, text: 'ftp://example.com/file', reason: 'notHttp' },
        { line: 5, text: 'not a url', reason: 'notAddress' },
        { line: 6, text: 'https://example.com/a', reason: 'duplicate' },
        { line: 7, text: 'https://EXAMPLE.com/b', reason: 'duplicate' },
        { line: 8, text: 'mailto:someone@example.com', reason: 'notHttp' },
      ],
    });
  });

  it.each([
    [
      'a comma CSV',
      'title,URL,score\n"Home, sweet",https://example.com/,3\nPricing,https://example.com/pricing,4',
    ],
    [
      'a semicolon CSV',
      'name;url\nHome;https://example.com/\nPricing;"https://example.com/pricing"',
    ],
    ['a tab CSV', 'url\tname\nhttps://example.com/\tHome\nhttps://example.com/pricing\tPricing'],
    ['a one-column CSV', '\uFEFFurl\nhttps://example.com/\nhttps://example.com/pricing'],
  ])('reads the url column of %s', (_name, text) => {
    expect(parseAddressList(text)).toEqual({
      ok: true,
      addresses: ['https://example.com/', 'https://example.com/pricing'],
      leftOut: [],
    });
  });

  it('says why a CSV row has no address', () => {
    const answer = parseAddressList(
      'name,url\nHome,\nAbout,about.html\nShop,https://shop.example/',
    );
    expect(answer).toMatchObject({
      addresses: ['https://shop.example/'],
      leftOut: [
        { line: 2, reason: 'notAddress' },
        { line: 3, reason: 'notAddress' },
      ],
    });
  });

  it('leaves out addresses longer than 2,048 characters, with their own reason', () => {
    const base = 'https://example.com/';
    const longest = `${base}${'a'.repeat(MAX_ADDRESS_LENGTH - base.length)}`;
    const tooLong = `${longest}b`;
    // Normalising escapes the spaces: too long once escaped.
    const escaped = `${base}${' x'.repeat(1000)}`;
    expect(addressOf(longest)).toEqual({ url: longest });
    expect(addressOf(tooLong)).toEqual({ reason: 'tooLong' });
    expect(addressOf(escaped)).toEqual({ reason: 'tooLong' });
    const answer = parseAddressList(`${longest}\n${tooLong}\nurl,x\n`);
    expect(answer).toMatchObject({
      ok: true,
      addresses: [longest],
      leftOut: [
        { line: 2, reason: 'tooLong' },
        { line: 3, reason: 'notAddress' },
      ],
    });
  });

  it('refuses more lines than it takes, whole: nothing is added', () => {
    const text = 'https://example.com/\n'.repeat(MAX_ADDRESSES + 1);
    expect(parseAddressList(text)).toEqual({ ok: false, reason: 'tooManyLines' });
  });

  it('reads a million junk-free blank lines as nothing, quickly', () => {
    expect(parseAddressList('\n'.repeat(1_000_000))).toEqual({
      ok: true,
      addresses: [],
      leftOut: [],
    });
  });

  it('cuts long left-out lines for showing', () => {
    const answer = parseAddressList(`x${'y'.repeat(1000)}`);
    expect(answer.ok && answer.leftOut[0]?.text.length).toBe(201);
  });
});

describe('csvCells', () => {
  it.each([
    ['a,b,c', ['a', 'b', 'c']],
    ['"a,1","b ""q""",c', ['a,1', 'b "q"', 'c']],
    [' a , "b" ,', ['a', 'b', '']],
  ])('splits %s', (line, cells) => {
    expect(csvCells(line, ',')).toEqual(cells);
  });
});

const line = fc.oneof(
  fc.webUrl({ withFragments: true, withQueryParameters: true }),
  fc.constantFrom('', ' ', 'url', 'ftp://x.test/', 'javascript:alert(1)', 'https://', 'a,b', '"'),
  fc.string(),
);

describe('parseAddressList, for any text', () => {
  it('gives distinct http(s) addresses plus a reason for every other line, and never throws', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 40 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        (lines, eol) => {
          const text = lines.join(eol);
          const answer = parseAddressList(text);
          expect(answer.ok).toBe(true);
          if (!answer.ok) return;
          expect(new Set(answer.addresses).size).toBe(answer.addresses.length);
          for (const url of answer.addresses) expect(pageOf(url)).toBe(url);
          for (const { reason } of answer.leftOut) {
            expect(['notHttp', 'notAddress', 'duplicate']).toContain(reason);
          }
          const lineNumbers = answer.leftOut.map((left) => left.line);
          expect(new Set(lineNumbers).size).toBe(lineNumbers.length);
          // Every filled line is an address or left out (a CSV header aside).
          const filled = text.split(/\r\n|\n|\r/).filter((part) => part.trim() !== '').length;
          const accounted = answer.addresses.length + answer.leftOut.length;
          expect(accounted === filled || accounted === filled - 1).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws on any string at all', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 2000 }), (text) => {
        const answer = parseAddressList(text);
        expect(typeof answer.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});

/** Addresses near the edges of what URL parsing keeps as it is: case, ports, dots, escapes. */
const nearlyParsed = fc
  .tuple(
    fc.constantFrom('https://', 'http://', 'HTTPS://', 'ftp://', 'https:/', 'https:///', ''),
    fc.array(fc.constantFrom(...'abz09-.', 'A', 'xn--', 'www.', '0x', '%41', '@', '[::1]', 'é'), {
      maxLength: 12,
    }),
    fc.constantFrom('', ':80', ':443', ':8080', ':0', ':99999', ':'),
    fc.array(
      fc.constantFrom(
        ...'aZ09-._~!$&()*+,;=:@/?#',
        ...` %"'<>\\^\`{|}[]\t`,
        '/..',
        '/.',
        '%2e',
        '%2E',
        '%41',
        '%zz',
        'xn--',
        'é',
      ),
      { maxLength: 16 },
    ),
  )
  .map((parts) => parts[0] + parts[1].join('') + parts[2] + parts[3].join(''));
/** Addresses made only of the characters kept as they are: most are taken as they are. */
const keptAsTheyAre = fc
  .tuple(
    fc.constantFrom('https://', 'http://'),
    fc.array(fc.constantFrom(...'abz0189-.'), { minLength: 1, maxLength: 20 }),
    fc.array(fc.constantFrom(...'aZ09-._~!$&()*+,;=:@/?#'), { maxLength: 30 }),
  )
  .map((parts) => `${parts[0]}${parts[1].join('')}/${parts[2].join('')}`);

describe('asParsed', () => {
  it('gives an address as URL parsing gives it, its fragment dropped', () => {
    expect(asParsed('https://audit.example/section-1/page-2?x=1&y=(2)#top')).toBe(
      'https://audit.example/section-1/page-2?x=1&y=(2)',
    );
    expect(asParsed('http://a-b.c0.example/')).toBe('http://a-b.c0.example/');
  });

  it.each([
    'https://Example.com/',
    'https://example.com',
    'https://example.com:443/',
    'https://127.0.0.1/',
    'https://example.123/',
    'https://xn--nxasmq6b.example/',
    'https://example.com/a/../b',
    'https://example.com/%41',
    'https://example.com/a b',
    'https://user@example.com/',
    ' https://example.com/',
  ])('leaves %s to URL parsing', (text) => {
    expect(asParsed(text)).toBeNull();
  });

  it('whenever it gives an address, gives what URL parsing gives', () => {
    fc.assert(
      fc.property(fc.oneof(nearlyParsed, keptAsTheyAre), (text) => {
        const fast = asParsed(text);
        if (fast !== null) expect(fast).toBe(pageOf(text));
      }),
      { numRuns: 5000 },
    );
  });
});
