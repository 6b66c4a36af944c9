// The sitemap reader: urlset, index (3 levels, loops refused), gzip by its magic bytes, robots.txt
// and a site's home, and every failure as data with its reason. XML goes through happy-dom's
// DOMParser, as the page's own in the browser.
import { gzipSync } from 'node:zlib';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_URLS } from '../../../lib/audit/limits';
import { gunzip, readSitemap, robotsSitemaps } from '../../../lib/audit/sitemap';

// happy-dom's Document type is its own; the reader uses only what both have.
const parser = new new Window().DOMParser() as unknown as DOMParser;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const S = 'https://site.test';

const urlset = (...locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="${NS}">${locs
    .map((loc) => `<url><loc>${loc}</loc><lastmod>2026-01-01</lastmod></url>`)
    .join('')}</urlset>`;
const index = (...locs: string[]) =>
  `<?xml version="1.0"?><sitemapindex xmlns="${NS}">${locs
    .map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`)
    .join('')}</sitemapindex>`;

type Body = string | Uint8Array | { status: number } | { type: string; body: string } | Error;

/** A fetch answering from `files` by address; anything else is a 404. */
function site(files: Record<string, Body>) {
  const asked: string[] = [];
  const fetch = async (url: string) => {
    asked.push(url);
    const file = files[url];
    if (file instanceof Error) throw file;
    if (file === undefined) return new Response('<html>Not found</html>', { status: 404 });
    if (typeof file === 'string' || file instanceof Uint8Array)
      return new Response(file as BodyInit);
    if ('status' in file) return new Response('', { status: file.status });
    return new Response(file.body, { headers: { 'content-type': file.type } });
  };
  return { deps: { fetch, parser }, asked };
}

describe('readSitemap', () => {
  it('reads a urlset, normalised and without repeats', async () => {
    const { deps } = site({
      [`${S}/sitemap.xml`]: urlset(`${S}/a`, ` ${S}/b#x `, `${S}/a`, 'ftp://site.test/c'),
    });
    expect(await readSitemap(`${S}/sitemap.xml`, deps)).toEqual({
      ok: true,
      addresses: [`${S}/a`, `${S}/b`],
      files: 1,
    });
  });

  it('follows an index of a plain and a gzipped sitemap (gzip told by its bytes, not its name)', async () => {
    const { deps } = site({
      [`${S}/index.xml`]: index(`${S}/one.xml`, `${S}/two.xml.gz`, '/three'),
      [`${S}/one.xml`]: urlset(`${S}/1`),
      [`${S}/two.xml.gz`]: gzipSync(urlset(`${S}/2`)),
      [`${S}/three`]: gzipSync(urlset(`${S}/3`)),
    });
    expect(await readSitemap(`${S}/index.xml`, deps)).toEqual({
      ok: true,
      addresses: [`${S}/1`, `${S}/2`, `${S}/3`],
      files: 4,
    });
  });

  it('follows indexes 3 levels deep, and refuses a fourth', async () => {
    const files = {
      [`${S}/l1.xml`]: index(`${S}/l2.xml`),
      [`${S}/l2.xml`]: index(`${S}/l3.xml`),
      [`${S}/l3.xml`]: urlset(`${S}/deep`),
    };
    expect(await readSitemap(`${S}/l1.xml`, site(files).deps)).toMatchObject({
      ok: true,
      addresses: [`${S}/deep`],
    });
    const deeper = {
      ...files,
      [`${S}/l3.xml`]: index(`${S}/l4.xml`),
      [`${S}/l4.xml`]: urlset(`${S}/x`),
    };
    expect(await readSitemap(`${S}/l1.xml`, site(deeper).deps)).toEqual({
      ok: false,
      failure: { reason: 'tooDeep', url: `${S}/l4.xml` },
    });
  });

  it('refuses an index loop, and reads a sitemap two indexes name once', async () => {
    const loop = site({
      [`${S}/a.xml`]: index(`${S}/b.xml`),
      [`${S}/b.xml`]: index(`${S}/a.xml`),
    });
    expect(await readSitemap(`${S}/a.xml`, loop.deps)).toEqual({
      ok: false,
      failure: { reason: 'indexLoop', url: `${S}/a.xml` },
    });
    const diamond = site({
      [`${S}/top.xml`]: index(`${S}/left.xml`, `${S}/right.xml`),
      [`${S}/left.xml`]: index(`${S}/pages.xml`),
      [`${S}/right.xml`]: index(`${S}/pages.xml`),
      [`${S}/pages.xml`]: urlset(`${S}/p`),
    });
    expect(await readSitemap(`${S}/top.xml`, diamond.deps)).toMatchObject({
      ok: true,
      addresses: [`${S}/p`],
    });
    expect(diamond.asked.filter((url) => url === `${S}/pages.xml`)).toHaveLength(1);
  });

  it("follows robots.txt's Sitemap: lines, and a home page's robots.txt", async () => {
    const files = {
      [`${S}/robots.txt`]: `User-agent: *\nDisallow: /private\nSITEMAP: ${S}/one.xml\nsitemap:/two.xml\n`,
      [`${S}/one.xml`]: urlset(`${S}/1`),
      [`${S}/two.xml`]: urlset(`${S}/2`),
    };
    expect(await readSitemap(`${S}/robots.txt`, site(files).deps)).toMatchObject({
      ok: true,
      addresses: [`${S}/1`, `${S}/2`],
    });
    const home = site(files);
    expect(await readSitemap(`${S}/`, home.deps)).toMatchObject({
      ok: true,
      addresses: [`${S}/1`, `${S}/2`],
    });
    expect(home.asked[0]).toBe(`${S}/robots.txt`);
  });

  it('tries /sitemap.xml for a home whose robots.txt names none', async () => {
    const { deps } = site({ [`${S}/sitemap.xml`]: urlset(`${S}/only`) });
    expect(await readSitemap(S, deps)).toMatchObject({ ok: true, addresses: [`${S}/only`] });
  });

  it('reads a sitemap.txt: one address a line', async () => {
    const { deps } = site({ [`${S}/sitemap.txt`]: `${S}/1\n${S}/2\n` });
    expect(await readSitemap(`${S}/sitemap.txt`, deps)).toMatchObject({
      ok: true,
      addresses: [`${S}/1`, `${S}/2`],
    });
  });

  it.each<[string, Body, string, number?]>([
    ['a broken sitemap', `<urlset xmlns="${NS}"><url><loc>${S}/1</loc><url>`, 'notSitemap'],
    ['another XML document', '<?xml version="1.0"?><rss><channel/></rss>', 'notSitemap'],
    ['plain text', 'Hello there.\nNothing to see.', 'notSitemap'],
    [
      'an HTML login page',
      {
        type: 'text/html',
        body: '<!DOCTYPE html><html><body><form><input name="password"></form></body></html>',
      },
      'htmlPage',
    ],
    ['an XHTML page', '<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>', 'htmlPage'],
    [
      'corrupt gzip',
      new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3, 4]),
      'corruptGzip',
    ],
    ['a 404', { status: 404 }, 'httpStatus', 404],
    ['a 500', { status: 500 }, 'httpStatus', 500],
    ['a refused fetch', new TypeError('Failed to fetch'), 'network'],
  ])('says what is wrong with %s, adding nothing', async (_name, body, reason, status) => {
    const { deps } = site({ [`${S}/map.xml`]: body });
    expect(await readSitemap(`${S}/map.xml`, deps)).toEqual({
      ok: false,
      failure: { reason, url: `${S}/map.xml`, ...(status !== undefined && { status }) },
    });
  });

  // happy-dom parses 50,000 entries in seconds (a browser: in milliseconds, see bench/).
  it('refuses a sitemap file of more than 50,000 addresses', { timeout: 60_000 }, async () => {
    const many = Array.from(
      { length: MAX_FILE_URLS + 1 },
      (_, n) => `<url><loc>${S}/${n}</loc></url>`,
    );
    const big = `<urlset xmlns="${NS}">${many.join('')}</urlset>`;
    const { deps } = site({ [`${S}/big.xml`]: big });
    expect(await readSitemap(`${S}/big.xml`, deps)).toEqual({
      ok: false,
      failure: { reason: 'tooManyUrls', url: `${S}/big.xml` },
    });
  });

  it('refuses what is not an http(s) address without fetching', async () => {
    const { deps, asked } = site({});
    expect(await readSitemap('file:///etc/passwd', deps)).toMatchObject({
      ok: false,
      failure: { reason: 'notAnAddress' },
    });
    expect(asked).toEqual([]);
  });
});

describe('gunzip', () => {
  it('reads gzip, and says a damaged stream is corrupt', async () => {
    const text = await gunzip(gzipSync('<urlset/>'), 'x');
    expect(new TextDecoder().decode(text)).toBe('<urlset/>');
    const cut = gzipSync('<urlset>'.repeat(100)).subarray(0, 20);
    await expect(gunzip(cut, 'x')).rejects.toMatchObject({ failure: { reason: 'corruptGzip' } });
  });

  it('stops at the bound, as a gzip bomb would go past it', async () => {
    const bomb = gzipSync(Buffer.alloc(2 * 1024 * 1024));
    await expect(gunzip(bomb, 'x', 1024 * 1024)).rejects.toMatchObject({
      failure: { reason: 'tooLarge' },
    });
  });
});

describe('robotsSitemaps', () => {
  it('takes every Sitemap: line, any case', () => {
    expect(
      robotsSitemaps(
        'User-agent: *\nSitemap: https://a.test/s.xml\r\nsitemap:   /x.xml \nAllow: /',
      ),
    ).toEqual(['https://a.test/s.xml', '/x.xml']);
  });
});
