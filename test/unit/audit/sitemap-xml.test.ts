// The streaming `<loc>` reader: it agrees with the DOM reader it replaced on random sitemaps, given
// in random pieces, and refuses what a browser's XML parser refuses, and every DTD declaration.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LocReader } from '../../../lib/audit/sitemap-xml';
import { domSitemap } from './dom-sitemap-reader';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** `text` read in pieces cut at `cuts`. */
function read(text: string, cuts: number[] = [], maxLocs = 50_000) {
  const reader = new LocReader(maxLocs);
  let from = 0;
  for (const cut of [...cuts.map((at) => at % (text.length + 1))].sort((a, b) => a - b)) {
    reader.write(text.slice(from, Math.max(from, cut)));
    from = Math.max(from, cut);
  }
  reader.write(text.slice(from));
  return reader.end();
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const references = (text: string) =>
  [...text]
    .map((char, at) => {
      const code = char.codePointAt(0) ?? 0;
      return at % 2 ? `&#${code};` : `&#x${code.toString(16)};`;
    })
    .join('');

/** A document twice: as served, and as the oracle reads it (happy-dom knows no CDATA). */
type Twin = [served: string, forOracle: string];
const same = (text: string): Twin => [text, text];
const join = (parts: Twin[]): Twin => [
  parts.map((part) => part[0]).join(''),
  parts.map((part) => part[1]).join(''),
];

const space = fc.constantFrom('', ' ', '\n', '\t', '\n  ', '\r\n', ' \r\n\t');
const char = fc.constantFrom(
  ...['a', 'Z', '0', '/', '-', '.', '?', '=', ':', '&', '<', '>', '"', "'", ' ', '\n', 'é', '€'],
  ...['😀', '%', '#', ';', '\t'],
);
const text = fc.string({ unit: char, maxLength: 12 });
/** Character data in each of its forms. */
const piece: fc.Arbitrary<Twin> = fc.oneof(
  text.map((t) => same(escapeXml(t))),
  text.map((t) => same(references(t))),
  text.map((t): Twin => [`<![CDATA[${t}]]>`, escapeXml(t)]),
  // happy-dom breaks on < or > in a comment (a browser does not).
  text.map((t) => same(`<!--${t.replace(/[-<>]/g, '_')}-->`)),
  space.map(same),
);
const url = fc.webUrl().map((address) => same(escapeXml(address)));
const content = fc.array(fc.oneof(piece, url), { maxLength: 5 }).map(join);

/** An element `name` (prefixed or in a namespace of its own, at random) around `inner`. */
const element = (name: string, inner: fc.Arbitrary<Twin>, prefix: fc.Arbitrary<string>) =>
  fc.tuple(prefix, inner, space).map(([p, [served, oracle], after]): Twin => {
    const own = p === 'x' ? ' xmlns:x="urn:other"' : '';
    const tag = p ? `${p}:${name}` : name;
    return [`<${tag}${own}>${served}</${tag}${after}>`, `<${tag}${own}>${oracle}</${tag}${after}>`];
  });

function document(root: string, entry: string): fc.Arbitrary<Twin> {
  const prefix = fc.constantFrom('', 's', 'x');
  const other = fc.oneof(
    element(
      'lastmod',
      text.map((t) => same(escapeXml(t))),
      prefix,
    ),
    element('loc', content, fc.constant('x')),
    fc.constant(
      same('<image:image xmlns:image="urn:image"><image:loc>no</image:loc></image:image>'),
    ),
    fc.constant(same('<empty/>')),
  );
  const entryElement = element(
    entry,
    fc.array(fc.oneof(element('loc', content, prefix), other, piece), { maxLength: 4 }).map(join),
    prefix,
  );
  const wrongEntry = element(entry === 'url' ? 'sitemap' : 'url', content, prefix);
  const children = fc.array(
    fc.oneof(entryElement, entryElement, wrongEntry, other, space.map(same)),
    {
      maxLength: 8,
    },
  );
  return fc
    .tuple(
      fc.constantFrom('', '<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0" ?>\n'),
      fc.constantFrom('', '<!-- made by hand -->', `<!DOCTYPE ${root}>`),
      space,
      fc.constantFrom('', 's'),
      children.map(join),
      fc.constantFrom('', '\n', '<!-- end -->\n'),
    )
    .map(([declaration, before, gap, rootPrefix, [served, oracle], after]) => {
      const tag = rootPrefix ? `s:${root}` : root;
      const open = rootPrefix
        ? `<${tag} xmlns:s="${NS}">`
        : `<${tag} xmlns="${NS}" xmlns:s="${NS}">`;
      const head = `${declaration}${before}${gap}${open}`;
      const tail = `</${tag}>${after}`;
      return [head + served + tail, head + oracle + tail] as Twin;
    });
}

describe('LocReader', () => {
  it('agrees with the DOM reader on random sitemaps and indexes, however the text is cut', () => {
    const sitemap = fc.oneof(
      document('urlset', 'url'),
      document('sitemapindex', 'sitemap'),
      document('rss', 'url'),
    );
    fc.assert(
      fc.property(sitemap, fc.array(fc.nat(), { maxLength: 6 }), ([served, oracle], cuts) => {
        // XML reads each line end as a line feed; happy-dom leaves them be.
        const dom = domSitemap(oracle.replace(/\r\n?/g, '\n'));
        expect(dom.wellFormed).toBe(true);
        const found = read(served, cuts);
        expect({ wellFormed: found.wellFormed, root: found.root, locs: found.locs }).toEqual(dom);
        expect(found.count).toBe(dom.locs.length);
      }),
      { numRuns: 500 },
    );
  });

  it('decodes CDATA, entities, references and line ends in a loc, and leaves comments out', () => {
    const xml = `<urlset xmlns="${NS}"><url><loc>\r\n https://a.test/<!-- no -->?x=1&amp;y=&#x41;&#66;<![CDATA[&lt;<z>]]>&quot;\r\n</loc></url></urlset>`;
    expect(read(xml)).toEqual({
      wellFormed: true,
      root: 'urlset',
      locs: ['https://a.test/?x=1&y=AB&lt;<z>"'],
      count: 1,
    });
  });

  it('keeps at most the locs it is told to, and counts the rest', () => {
    const xml = `<urlset>${'<url><loc>https://a.test/</loc></url>'.repeat(5)}</urlset>`;
    expect(read(xml, [7, 30], 3)).toMatchObject({ wellFormed: true, count: 5 });
    expect(read(xml, [], 3).locs).toHaveLength(3);
  });

  // As Chromium's DOMParser refuses them (checked by hand), but for the DTD: Chromium expands
  // the entities it declares, which this reader never does.
  it.each([
    [
      'an entity declared',
      '<!DOCTYPE urlset [<!ENTITY a "https://x.test/">]><urlset><url><loc>&a;</loc></url></urlset>',
    ],
    [
      'a billion laughs',
      '<!DOCTYPE l [<!ENTITY l "l"><!ENTITY l2 "&l;&l;">]><urlset>&l2;</urlset>',
    ],
    ['an undeclared entity', '<urlset><url><loc>https://a.test/&nbsp;</loc></url></urlset>'],
    ['a lone ampersand', '<urlset><url><loc>https://a.test/?a=1&b=2</loc></url></urlset>'],
    ['white space before the declaration', ' <?xml version="1.0"?><urlset/>'],
    ['a declaration without version', '<?xml encoding="UTF-8"?><urlset/>'],
    ['a second declaration', '<urlset><?xml version="1.0"?></urlset>'],
    ['a comment with --', '<urlset><!-- a -- b --></urlset>'],
    ['text after the root', '<urlset></urlset>junk'],
    ['a second root', '<urlset></urlset><urlset/>'],
    ['no root', '<?xml version="1.0"?>'],
    ['an unclosed root', '<urlset><url><loc>https://a.test/</loc></url>'],
    ['a mismatched end tag', '<urlset><url></loc></urlset>'],
    ['an unquoted attribute', '<urlset a=1/>'],
    ['a repeated attribute', '<urlset a="1" a="2"/>'],
    ['< in an attribute', '<urlset a="<"/>'],
    ['attributes without space between', '<urlset a="1"b="2"/>'],
    [']]> in text', '<urlset><url><loc>https://a.test/]]></loc></url></urlset>'],
    ['a reference to no character', '<urlset>&#0;</urlset>'],
    ['a reference to a surrogate', '<urlset>&#xD800;</urlset>'],
    ['a control character', '<urlset>\u0001</urlset>'],
    ['a name starting with a digit', '<urlset><1x/></urlset>'],
    ['an undeclared prefix', '<s:urlset><s:url/></s:urlset>'],
    ['an empty prefix declaration', '<urlset xmlns:a=""/>'],
    ['the xml prefix redeclared', '<urlset xmlns:xml="urn:x"/>'],
    ['CDATA outside the root', '<![CDATA[x]]><urlset/>'],
    ['a lowercase doctype', '<!doctype urlset><urlset/>'],
  ])('refuses %s', (_name, xml) => {
    expect(read(xml).wellFormed).toBe(false);
    // Cut anywhere, the same.
    for (let cut = 1; cut < xml.length; cut += 3) expect(read(xml, [cut]).wellFormed).toBe(false);
  });

  it.each([
    ['an external DTD (never fetched)', '<!DOCTYPE urlset SYSTEM "https://x.test/a.dtd"><urlset/>'],
    ['an empty internal subset', '<!DOCTYPE urlset [ ]><urlset/>'],
    ['processing instructions', '<?xml-stylesheet href="a.xsl"?><urlset><?p?></urlset>'],
    [
      '> in text and attributes',
      '<urlset a=">"><url><loc>https://a.test/?a>b</loc></url></urlset>',
    ],
    ['spaces in end tags', '<urlset ><url><loc >x</loc ></url ></urlset >'],
  ])('takes %s', (_name, xml) => {
    expect(read(xml).wellFormed).toBe(true);
  });

  it('reads a text of one long token in time linear in its length', () => {
    const reader = new LocReader(10);
    reader.write('<urlset><url><loc>https://a.test/');
    for (let n = 0; n < 20_000; n++) reader.write('a'.repeat(100));
    reader.write('</loc></url></urlset>');
    expect(reader.end().locs[0]).toHaveLength(15 + 2_000_000);
  });

  // Read as a fetch hands them in, 64 KiB at a time (each unfinished start tag tried again as it
  // grows): these took 30 s and more when each attribute was looked for among those before it and
  // each prefix among the open elements' declarations (hours at the 50 MB bound).
  const inPieces = (text: string) =>
    read(
      text,
      Array.from({ length: Math.ceil(text.length / 65_536) }, (_, n) => n * 65_536),
    );

  it('reads a start tag of 120,000 attributes in time linear in their number', () => {
    const attributes = Array.from({ length: 120_000 }, (_, n) => `a${n}=""`).join(' ');
    const found = inPieces(`<urlset ${attributes}><url><loc>https://a.test/</loc></url></urlset>`);
    expect(found).toMatchObject({ wellFormed: true, locs: ['https://a.test/'] });
    expect(read('<urlset a="" b="" a=""/>').wellFormed).toBe(false);
  });

  it('reads 160,000 nested prefixed elements in time linear in their depth', () => {
    const depth = 160_000;
    const xml = `<p:urlset xmlns:p="urn:x">${'<p:a>'.repeat(depth)}${'</p:a>'.repeat(depth)}</p:urlset>`;
    expect(inPieces(xml)).toMatchObject({ wellFormed: true, root: 'urlset', count: 0 });
    // A prefix is declared only where it is in scope.
    expect(read('<urlset><a xmlns:p="urn:x"/><p:b/></urlset>').wellFormed).toBe(false);
    expect(read('<urlset xmlns:p="urn:x"><a xmlns:p="urn:y"/><p:b/></urlset>').wellFormed).toBe(
      true,
    );
  });
});
