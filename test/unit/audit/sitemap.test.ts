// The sitemap reader: urlset, index (3 levels, loops refused), gzip by its magic bytes, robots.txt
// and a site's home, and every failure as data with its reason. XML is read as it streams in.
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { MAX_ADDRESS_LENGTH, MAX_FILE_URLS } from '../../../lib/audit/limits';
import {
  MAX_SITEMAP_FILES,
  MAX_SITEMAP_LEVELS,
  MAX_SITEMAP_TOTAL_BYTES,
  readSitemap,
  robotsSitemaps,
} from '../../../lib/audit/sitemap';
import { gunzip, SITEMAP_FETCH_TIMEOUT_MS } from '../../../lib/audit/sitemap-fetch';

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
  return { deps: { fetch }, asked };
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
      leftOut: [],
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
      leftOut: [],
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

  it('refuses a sitemap file of more than 50,000 addresses', async () => {
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

  it('reads CDATA, entities and prefixed names, and a gzip body that comes a byte at a time', async () => {
    const xml = `<s:urlset xmlns:s="${NS}"><s:url><s:loc><![CDATA[${S}/a?x=1&y=2]]></s:loc></s:url><s:url><s:loc>${S}/b?x=1&amp;y=2</s:loc></s:url></s:urlset>`;
    const zipped = gzipSync(xml);
    const trickle = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of zipped) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const deps = { fetch: async () => new Response(trickle) };
    expect(await readSitemap(`${S}/map.xml.gz`, deps)).toMatchObject({
      ok: true,
      addresses: [`${S}/a?x=1&y=2`, `${S}/b?x=1&y=2`],
    });
  });

  it('refuses a DOCTYPE that declares an entity, expanding nothing', async () => {
    const { deps } = site({
      [`${S}/map.xml`]: `<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY a "${S}/a">]><urlset xmlns="${NS}"><url><loc>&a;</loc></url></urlset>`,
      [`${S}/page.xml`]: {
        type: 'text/html',
        body: `<!DOCTYPE urlset [<!ENTITY a "x">]><urlset><url><loc>&a;</loc></url></urlset>`,
      },
    });
    expect(await readSitemap(`${S}/map.xml`, deps)).toEqual({
      ok: false,
      failure: { reason: 'notSitemap', url: `${S}/map.xml` },
    });
    expect(await readSitemap(`${S}/page.xml`, deps)).toMatchObject({
      failure: { reason: 'htmlPage' },
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

/** A body that sends its first bytes, then nothing more: it never ends. */
const stalled = (first: string) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(first));
      },
    }),
  );

describe('a stale or stalled child sitemap', () => {
  it('is skipped and named (a 404, a refused fetch, junk), and the rest is kept', async () => {
    const { deps } = site({
      [`${S}/index.xml`]: index(
        `${S}/one.xml`,
        `${S}/gone.xml`,
        `${S}/refused.xml`,
        `${S}/junk.xml`,
        `${S}/two.xml`,
      ),
      [`${S}/one.xml`]: urlset(`${S}/1`),
      [`${S}/refused.xml`]: new TypeError('Failed to fetch'),
      [`${S}/junk.xml`]: 'Hello there.',
      [`${S}/two.xml`]: urlset(`${S}/2`),
    });
    expect(await readSitemap(`${S}/index.xml`, deps)).toEqual({
      ok: true,
      addresses: [`${S}/1`, `${S}/2`],
      files: 6,
      leftOut: [
        { kind: 'sitemap', failure: { reason: 'httpStatus', url: `${S}/gone.xml`, status: 404 } },
        { kind: 'sitemap', failure: { reason: 'network', url: `${S}/refused.xml` } },
        { kind: 'sitemap', failure: { reason: 'notSitemap', url: `${S}/junk.xml` } },
      ],
    });
  });

  it("skips a robots.txt's failing sitemap too, and fails only when the first file does", async () => {
    const { deps } = site({
      [`${S}/robots.txt`]: `Sitemap: ${S}/gone.xml\nSitemap: ${S}/one.xml\n`,
      [`${S}/one.xml`]: urlset(`${S}/1`),
    });
    expect(await readSitemap(`${S}/`, deps)).toMatchObject({
      ok: true,
      addresses: [`${S}/1`],
      leftOut: [{ kind: 'sitemap', failure: { url: `${S}/gone.xml`, status: 404 } }],
    });
    expect(await readSitemap(`${S}/gone.xml`, deps)).toMatchObject({
      ok: false,
      failure: { reason: 'httpStatus', status: 404 },
    });
  });

  it('follows http(s) children only, naming the others without fetching them', async () => {
    const { deps, asked } = site({
      [`${S}/index.xml`]: index('ftp://site.test/a.xml', 'javascript:alert(1)', `${S}/one.xml`),
      [`${S}/robots.txt`]: 'Sitemap: file:///etc/passwd\nSitemap: /one.xml',
      [`${S}/one.xml`]: urlset(`${S}/1`),
    });
    expect(await readSitemap(`${S}/index.xml`, deps)).toMatchObject({
      ok: true,
      addresses: [`${S}/1`],
      leftOut: [
        { kind: 'sitemap', failure: { reason: 'notHttp', url: 'ftp://site.test/a.xml' } },
        { kind: 'sitemap', failure: { reason: 'notHttp', url: 'javascript:alert(1)' } },
      ],
    });
    expect(await readSitemap(`${S}/robots.txt`, deps)).toMatchObject({
      ok: true,
      leftOut: [{ kind: 'sitemap', failure: { reason: 'notHttp', url: 'file:///etc/passwd' } }],
    });
    expect(asked.every((url) => url.startsWith(S))).toBe(true);
  });

  it(`gives up on a stalled body after the deadline (${SITEMAP_FETCH_TIMEOUT_MS / 1000} s unless told)`, async () => {
    const deps = {
      timeoutMs: 20,
      fetch: async (url: string) =>
        url.endsWith('/index.xml')
          ? new Response(index(`${S}/slow.xml`, `${S}/one.xml`))
          : url.endsWith('/one.xml')
            ? new Response(urlset(`${S}/1`))
            : stalled('<urlset>'),
    };
    expect(await readSitemap(`${S}/index.xml`, deps)).toMatchObject({
      ok: true,
      addresses: [`${S}/1`],
      leftOut: [{ kind: 'sitemap', failure: { reason: 'timeout', url: `${S}/slow.xml` } }],
    });
    expect(await readSitemap(`${S}/slow.xml`, deps)).toEqual({
      ok: false,
      failure: { reason: 'timeout', url: `${S}/slow.xml` },
    });
    // A fetch that never answers at all, even ignoring its signal.
    const silent = { timeoutMs: 20, fetch: () => new Promise<Response>(() => {}) };
    expect(await readSitemap(`${S}/map.xml`, silent)).toMatchObject({
      failure: { reason: 'timeout' },
    });
  });

  it('stops at once when cancelled, the fetch told so through its signal', async () => {
    const stop = new AbortController();
    const signals: AbortSignal[] = [];
    const deps = {
      signal: stop.signal,
      fetch: async (_url: string, init: RequestInit) => {
        if (init.signal) signals.push(init.signal);
        return stalled('<urlset>');
      },
    };
    const answer = readSitemap(`${S}/map.xml`, deps);
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    stop.abort();
    expect(await answer).toEqual({
      ok: false,
      failure: { reason: 'cancelled', url: `${S}/map.xml` },
    });
    expect(signals[0]?.aborted).toBe(true);
  });
});

describe("a read's bounds", () => {
  it('are 200 files, 200 MB in all, 3 levels, and 30 s for each fetch', () => {
    expect(MAX_SITEMAP_FILES).toBe(200);
    expect(MAX_SITEMAP_TOTAL_BYTES).toBe(200 * 1024 * 1024);
    expect(MAX_SITEMAP_LEVELS).toBe(3);
    expect(SITEMAP_FETCH_TIMEOUT_MS).toBe(30_000);
  });

  it(`reads at most ${MAX_SITEMAP_FILES} files in all`, async () => {
    const children = Array.from({ length: MAX_SITEMAP_FILES }, (_, n) => `${S}/s${n}.xml`);
    const files: Record<string, Body> = { [`${S}/index.xml`]: index(...children) };
    for (const [n, child] of children.entries()) files[child] = urlset(`${S}/p${n}`);
    expect(await readSitemap(`${S}/index.xml`, site(files).deps)).toEqual({
      ok: false,
      failure: { reason: 'tooManyFiles', url: children.at(-1) },
    });
    delete files[children.at(-1) as string];
    const fewer = { ...files, [`${S}/index.xml`]: index(...children.slice(0, -1)) };
    expect(await readSitemap(`${S}/index.xml`, site(fewer).deps)).toMatchObject({
      ok: true,
      files: MAX_SITEMAP_FILES,
    });
  });

  it(`reads at most ${MAX_SITEMAP_TOTAL_BYTES / 1024 / 1024} MB in all (here: a smaller bound)`, async () => {
    const { deps } = site({
      [`${S}/index.xml`]: index(`${S}/a.xml`, `${S}/b.xml`),
      [`${S}/a.xml`]: urlset(`${S}/${'a'.repeat(600)}`),
      [`${S}/b.xml`]: urlset(`${S}/${'b'.repeat(600)}`),
    });
    const answer = await readSitemap(`${S}/index.xml`, {
      ...deps,
      budget: { files: 10, bytes: 1500 },
    });
    expect(answer).toEqual({ ok: false, failure: { reason: 'tooMuchData', url: `${S}/b.xml` } });
  });

  it(`counts a text file's Sitemap: lines against the ${MAX_SITEMAP_LEVELS} levels`, async () => {
    const { deps } = site({
      [`${S}/robots.txt`]: `Sitemap: ${S}/a.txt`,
      [`${S}/a.txt`]: `Sitemap: ${S}/b.txt`,
      [`${S}/b.txt`]: `Sitemap: ${S}/c.xml`,
      [`${S}/c.xml`]: urlset(`${S}/deep`),
    });
    expect(await readSitemap(`${S}/robots.txt`, deps)).toEqual({
      ok: false,
      failure: { reason: 'tooDeep', url: `${S}/c.xml` },
    });
    expect(await readSitemap(`${S}/a.txt`, deps)).toMatchObject({
      ok: true,
      addresses: [`${S}/deep`],
    });
  });

  it('names an address longer than 2,048 characters, and takes the rest', async () => {
    const long = `${S}/${'x'.repeat(MAX_ADDRESS_LENGTH)}`;
    const { deps } = site({
      [`${S}/map.xml`]: urlset(`${S}/1`, long),
      [`${S}/map.txt`]: `${S}/1\n${long}\n`,
    });
    const named = { kind: 'address', text: `${long.slice(0, 200)}…`, reason: 'tooLong' };
    expect(await readSitemap(`${S}/map.xml`, deps)).toMatchObject({
      ok: true,
      addresses: [`${S}/1`],
      leftOut: [named],
    });
    expect(await readSitemap(`${S}/map.txt`, deps)).toMatchObject({
      ok: true,
      addresses: [`${S}/1`],
      leftOut: [named],
    });
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
