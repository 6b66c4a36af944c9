// Host access for a sitemap: asked for in the click without waiting; the fetch is tried at once;
// only a refused fetch waits for the answer, then tries once more or says access is missing.

import { Window } from 'happy-dom';
import { describe, expect, it, vi } from 'vitest';
import { askForAccess, readWithAccess } from '../../../lib/audit/host-access';
import type { SitemapDeps } from '../../../lib/audit/sitemap';
import { originOf } from '../../../lib/url-parts';

// happy-dom's Document type is its own; the reader uses only what both have.
const parser = new new Window().DOMParser() as unknown as DOMParser;
const SITEMAP = '<urlset><url><loc>https://site.test/a</loc></url></urlset>';

function permissions(answer: Promise<boolean>) {
  return { request: vi.fn(() => answer), contains: vi.fn(async () => false) };
}

/** A fetch refused (as CORS refuses it) until `allowed()`. */
function deps(allowed: () => boolean): SitemapDeps & { calls: () => number } {
  let calls = 0;
  return {
    parser,
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
    expect(askForAccess(perms, 'https://site.test', new Set())).toBeInstanceOf(Promise);
    expect(perms.request).toHaveBeenCalledWith({ origins: ['https://site.test/*'] });
    expect(askForAccess(perms, 'https://site.test', new Set(['https://site.test']))).toBeNull();
    expect(askForAccess(perms, null, new Set())).toBeNull();
    expect(perms.request).toHaveBeenCalledTimes(1);
    expect(originOf(' https://site.test/sitemap.xml ')).toBe('https://site.test');
    expect(originOf('ftp://site.test/')).toBeNull();
  });

  it('is not waited on when the site answers (CORS): a prompt that never settles changes nothing', async () => {
    const site = deps(() => true);
    const answer = await readWithAccess('https://site.test/s.xml', site, new Promise(() => {}));
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
      Promise.resolve().then(() => {
        granted = true;
        return true;
      }),
      waiting,
    );
    expect(await answer).toMatchObject({ ok: true });
    expect(waiting).toHaveBeenCalledOnce();
    expect(site.calls()).toBe(2);
  });

  it('says access is missing when it was refused', async () => {
    const site = deps(() => false);
    expect(await readWithAccess('https://site.test/s.xml', site, Promise.resolve(false))).toEqual({
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
});
