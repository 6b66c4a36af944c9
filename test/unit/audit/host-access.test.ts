// Host access for a sitemap: asked for in the click without waiting; the fetch is tried at once;
// only a refused fetch waits for the answer, then tries once more or says access is missing.

import { describe, expect, it, vi } from 'vitest';
import { askForAccess, readWithAccess } from '../../../lib/audit/host-access';
import type { SitemapDeps } from '../../../lib/audit/sitemap';
import { originOf } from '../../../lib/url-parts';

const SITEMAP = '<urlset><url><loc>https://site.test/a</loc></url></urlset>';

function permissions(answer: Promise<boolean>) {
  return { request: vi.fn(() => answer), contains: vi.fn(async () => false) };
}

/** A fetch refused (as CORS refuses it) until `allowed()`. */
function deps(allowed: () => boolean): SitemapDeps & { calls: () => number } {
  let calls = 0;
  return {
    fetch: async () => {
      calls++;
      if (!allowed()) throw new TypeError('Failed to fetch');
      return new Response(SITEMAP);
    },
    calls: () => calls,
  };
}

describe('host access', () => {
  it('is asked for at once unless known granted, and never for what is not an address', () => {
    const perms = permissions(new Promise(() => {}));
    expect(askForAccess(perms, ['https://site.test'], new Set())?.answer).toBeInstanceOf(Promise);
    expect(perms.request).toHaveBeenCalledWith({ origins: ['https://site.test/*'] });
    expect(askForAccess(perms, ['https://site.test'], new Set(['https://site.test']))).toBeNull();
    expect(askForAccess(perms, [null], new Set())).toBeNull();
    expect(perms.request).toHaveBeenCalledTimes(1);
    // Several origins (a child's found refused before): one request, those not granted.
    expect(
      askForAccess(
        perms,
        ['https://site.test', 'https://www.site.test', 'https://cdn.test', 'https://cdn.test'],
        new Set(['https://site.test']),
      )?.origins,
    ).toEqual(['https://www.site.test', 'https://cdn.test']);
    expect(perms.request).toHaveBeenLastCalledWith({
      origins: ['https://www.site.test/*', 'https://cdn.test/*'],
    });
    expect(perms.request).toHaveBeenCalledTimes(2);
    expect(originOf(' https://site.test/sitemap.xml ')).toBe('https://site.test');
    expect(originOf('ftp://site.test/')).toBeNull();
  });

  it('is not waited on when the site answers (CORS): a prompt that never settles changes nothing', async () => {
    const site = deps(() => true);
    const answer = await readWithAccess('https://site.test/s.xml', site, {
      origins: ['https://site.test'],
      answer: new Promise(() => {}),
    });
    expect(answer).toMatchObject({ ok: true, addresses: ['https://site.test/a'] });
    expect(site.calls()).toBe(1);
  });

  it('once refused, waits for the answer: granted, it reads again', async () => {
    let granted = false;
    const site = deps(() => granted);
    const waiting = vi.fn();
    const answer = readWithAccess(
      'https://site.test/s.xml',
      site,
      {
        origins: ['https://site.test'],
        answer: Promise.resolve().then(() => {
          granted = true;
          return true;
        }),
      },
      new Set(),
      waiting,
    );
    expect(await answer).toMatchObject({ ok: true });
    expect(waiting).toHaveBeenCalledOnce();
    expect(site.calls()).toBe(2);
  });

  it('says access is missing when it was refused', async () => {
    const site = deps(() => false);
    const refused = { origins: ['https://site.test'], answer: Promise.resolve(false) };
    expect(await readWithAccess('https://site.test/s.xml', site, refused)).toEqual({
      ok: false,
      failure: { reason: 'noAccess', url: 'https://site.test/s.xml' },
    });
    expect(site.calls()).toBe(1);
  });

  it('says the site is unreachable when access was there already', async () => {
    const site = deps(() => false);
    expect(await readWithAccess('https://site.test/s.xml', site, null)).toMatchObject({
      ok: false,
      failure: { reason: 'network' },
    });
  });

  it("asks for a child's origin with the sitemap's, in one request, and reads it once granted", async () => {
    const INDEX = `<sitemapindex><sitemap><loc>https://www.site.test/s.xml</loc></sitemap></sitemapindex>`;
    let granted = false;
    const fetch = vi.fn(async (url: string) => {
      if (url.startsWith('https://www.') && !granted) throw new TypeError('Failed to fetch');
      return new Response(url.startsWith('https://www.') ? SITEMAP : INDEX);
    });
    let grant: () => void = () => undefined;
    const perms = permissions(
      new Promise<boolean>((resolve) => {
        grant = () => {
          granted = true;
          resolve(true);
        };
      }),
    );
    // The person allows it once the refused child waits for the answer.
    const waiting = vi.fn(() => grant());
    // The child's origin was found refused by an earlier read: this click asks for both.
    const access = askForAccess(perms, ['https://site.test', 'https://www.site.test'], new Set());
    const answer = await readWithAccess(
      'https://site.test/index.xml',
      { fetch },
      access,
      new Set(),
      waiting,
    );
    expect(perms.request).toHaveBeenCalledOnce();
    expect(answer).toMatchObject({ ok: true, addresses: ['https://site.test/a'], leftOut: [] });
    expect(waiting).toHaveBeenCalledWith('https://www.site.test');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('names a child on an origin not asked for as needing access, and goes on', async () => {
    const INDEX = `<sitemapindex><sitemap><loc>https://cdn.test/s.xml</loc></sitemap></sitemapindex>`;
    const fetch = vi.fn(async (url: string) => {
      if (url.startsWith('https://cdn.test')) throw new TypeError('Failed to fetch');
      return new Response(INDEX);
    });
    const access = { origins: ['https://site.test'], answer: new Promise<boolean>(() => {}) };
    expect(await readWithAccess('https://site.test/index.xml', { fetch }, access)).toMatchObject({
      ok: true,
      addresses: [],
      leftOut: [
        { kind: 'sitemap', failure: { reason: 'needsAccess', url: 'https://cdn.test/s.xml' } },
      ],
    });
  });
});
