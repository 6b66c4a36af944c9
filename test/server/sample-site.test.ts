// The sample site to audit: a sitemap index of two sitemaps (one gzipped) listing 30 pages the
// service can analyse, a robots.txt naming the index, broken and looping sitemaps, all readable
// from another origin (a page of the extension fetches them).
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SAMPLE_SITE_PATHS, SITE_PAGE_COUNT, sitePageUrl } from '../../server/sample-site';
import { api, start } from './helpers';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe('the sample site', () => {
  it('lists its 30 pages in an index of a plain and a gzipped sitemap, named by robots.txt', async () => {
    const service = await start({ serveSamples: true });
    const robots = await fetch(`${service.url}/robots.txt`);
    expect(robots.headers.get('access-control-allow-origin')).toBe('*');
    expect(await robots.text()).toContain(`Sitemap: ${service.url}${SAMPLE_SITE_PATHS.index}`);

    const index = await fetch(`${service.url}${SAMPLE_SITE_PATHS.index}`);
    expect(index.headers.get('access-control-allow-origin')).toBe('*');
    const children = locs(await index.text());
    expect(children).toEqual([
      `${service.url}${SAMPLE_SITE_PATHS.plain}`,
      `${service.url}${SAMPLE_SITE_PATHS.gzipped}`,
    ]);
    const plain = locs(await (await fetch(children[0] as string)).text());
    const gzipped = await fetch(children[1] as string);
    const bytes = Buffer.from(await gzipped.arrayBuffer());
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    const more = locs(gunzipSync(bytes).toString('utf8'));
    expect([...plain, ...more]).toEqual(
      Array.from({ length: SITE_PAGE_COUNT }, (_, index) => sitePageUrl(service.url, index + 1)),
    );
  });

  it('serves pages the service analyses', async () => {
    const service = await start({ serveSamples: true });
    const created = await api(service, 'POST', '/reports', {
      form: { url: sitePageUrl(service.url, 2) },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ url: sitePageUrl(service.url, 2), result: 'decent' });
  });

  it('has a broken sitemap, a looping index, a login page and 404s readable from any origin', async () => {
    const service = await start({ serveSamples: true });
    const broken = await (await fetch(`${service.url}${SAMPLE_SITE_PATHS.broken}`)).text();
    expect(broken).toContain('<urlset');
    expect(broken).not.toContain('</urlset>');
    const loop = await (await fetch(`${service.url}${SAMPLE_SITE_PATHS.loop}`)).text();
    expect(locs(loop)).toEqual([`${service.url}${SAMPLE_SITE_PATHS.loop}`]);
    const login = await fetch(`${service.url}${SAMPLE_SITE_PATHS.login}`);
    expect(login.headers.get('content-type')).toContain('text/html');
    const missing = await fetch(`${service.url}/site/missing.xml`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('has a page the service cannot fetch, whose fetch error names an address of reports and a limit', async () => {
    const service = await start({ serveSamples: true, monthlyQuota: 10 });
    const page = `${service.url}${SAMPLE_SITE_PATHS.redirectLoop}`;
    const first = await fetch(page, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(`${page}?limit=10`);
    const again = await fetch(`${page}?limit=10`, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe(`${page}?limit=10`);

    const refused = await api(service, 'POST', '/reports', { form: { url: page } });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: {
        url: [
          `The url could not be fetched: it redirects more than 5 times, the last time to ${page}?limit=10.`,
        ],
      },
      status: 422,
    });
    // It is the page's own error, not the quota: the quota is untouched.
    const created = await api(service, 'POST', '/reports', {
      form: { url: sitePageUrl(service.url, 1) },
    });
    expect(created.status).toBe(201);
  });

  it('is not served without the samples', async () => {
    const service = await start();
    expect((await fetch(`${service.url}${SAMPLE_SITE_PATHS.index}`)).status).toBe(404);
    expect((await fetch(`${service.url}/robots.txt`)).status).toBe(404);
  });
});
