// Add pages' preview: narrowing, what starts checked, the count by host, and the one job.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KnownPage } from '../../../lib/audit/known';
import {
  atMostOf,
  auditJob,
  countByHost,
  hostOfParsed,
  isChecked,
  narrow,
  selectionNeeds,
} from '../../../lib/audit/selection';
import { MAX_AUDIT_ITEMS } from '../../../lib/job-limits';
import { pageOf } from '../../../lib/url-parts';

const A = 'https://a.test/';
const known = new Map<string, KnownPage>([
  [`${A}old`, { url: `${A}old`, reportId: 7, rating: 'good', reportUrl: `${A}old` }],
]);

describe('the preview', () => {
  it('narrows by "address contains" (any case), then "at most N"', () => {
    const all = [`${A}Blog/1`, `${A}shop`, `${A}blog/2`, `${A}blog/3`];
    expect(narrow(all, { contains: ' BLOG ', atMost: 2 })).toEqual([`${A}Blog/1`, `${A}blog/2`]);
    expect(narrow(all, { contains: '', atMost: null })).toEqual(all);
    expect(narrow(all, { contains: '', atMost: 0 })).toEqual([]);
  });

  it.each([
    ['', null],
    ['12', 12],
    [' 3 ', 3],
    ['-1', null],
    ['1.5', null],
    ['abc', null],
  ])('reads "at most" %j as %j', (text, value) => {
    expect(atMostOf(text)).toBe(value);
  });

  it('starts known pages unchecked, unless they are to be re-analyzed; a choice wins', () => {
    expect(isChecked(`${A}new`, known, new Map(), false)).toBe(true);
    expect(isChecked(`${A}old`, known, new Map(), false)).toBe(false);
    expect(isChecked(`${A}old`, known, new Map(), true)).toBe(true);
    expect(isChecked(`${A}old`, known, new Map([[`${A}old`, true]]), false)).toBe(true);
    expect(isChecked(`${A}new`, known, new Map([[`${A}new`, false]]), true)).toBe(false);
  });

  it('counts by host, most first', () => {
    expect(countByHost([`${A}1`, 'https://b.test/1', `${A}2`, 'http://c.test:8080/'])).toEqual([
      { host: 'a.test', count: 2 },
      { host: 'b.test', count: 1 },
      { host: 'c.test:8080', count: 1 },
    ]);
  });

  // Generating 500 web addresses takes seconds when the browsers' tests share the CPU.
  it("cuts the host out of any address in URL parsing's form, as URL parsing reads it", {
    timeout: 60_000,
  }, () => {
    const authority = { withUserInfo: true, withPort: true, withIPv4: true, withIPv6: true };
    fc.assert(
      fc.property(
        fc.webUrl({ authoritySettings: authority, withQueryParameters: true }),
        (text) => {
          const url = pageOf(text);
          if (url) expect(hostOfParsed(url)).toBe(new URL(url).host);
        },
      ),
      { numRuns: 500 },
    );
    expect(hostOfParsed('https://a%40b:c@d.test:81/x@y')).toBe('d.test:81');
  });

  it('counts by host as URL parsing reads each address, in runs of one host or mixed', () => {
    const address = fc.constantFrom(
      'https://a.test/',
      'https://a.test/x',
      'https://a.test:8080/x',
      'https://a.test.b/x',
      'https://u@a.test/x',
      'http://a.test/x',
      'https://b.test/a.test/',
    );
    fc.assert(
      fc.property(fc.array(address, { maxLength: 30 }), (addresses) => {
        const counts = new Map<string, number>();
        for (const url of addresses) {
          const { host } = new URL(url);
          counts.set(host, (counts.get(host) ?? 0) + 1);
        }
        const expected = [...counts].map(([host, count]) => ({ host, count }));
        expect(countByHost(addresses)).toEqual(expect.arrayContaining(expected));
        expect(countByHost(addresses)).toHaveLength(expected.length);
      }),
    );
  });

  it(`says what the selection needs, and whether it fits one job of ${MAX_AUDIT_ITEMS}`, () => {
    expect(selectionNeeds([`${A}new`, `${A}old`], known)).toEqual({
      creates: 1,
      reanalyses: 1,
      fits: true,
    });
    const many = Array.from({ length: MAX_AUDIT_ITEMS + 1 }, (_, n) => `${A}${n}`);
    expect(selectionNeeds(many, known).fits).toBe(false);
  });

  it('makes one audit job: creates for new pages, re-analyses for known ones, the password once', () => {
    expect(auditJob([`${A}new`, `${A}old`], known, { privacy: 2, password: 'pw' })).toEqual({
      kind: 'audit',
      items: [
        { type: 'create', url: `${A}new`, privacy: 2 },
        { type: 'update', id: 7, results: true },
      ],
      password: 'pw',
    });
    expect(auditJob([`${A}new`], known, { privacy: 0, password: 'ignored' })).toEqual({
      kind: 'audit',
      items: [{ type: 'create', url: `${A}new`, privacy: 0 }],
    });
  });
});
