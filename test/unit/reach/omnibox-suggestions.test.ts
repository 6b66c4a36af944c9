import { describe, expect, it } from 'vitest';
import {
  escapeXml,
  type KeptReport,
  MAX_SUGGESTIONS,
  matchKept,
  mergeReports,
  suggestionOf,
  workspaceSearchPath,
} from '../../../lib/reach/omnibox-suggestions';

const kept = (url: string, seenAt = 0, reportId = 1): KeptReport => ({
  url,
  reportId,
  rating: 'good',
  seenAt,
});

describe('matchKept', () => {
  it.each([
    ['EXAMPLE.com', ['https://example.com/a']],
    ['/A', ['https://example.com/a']],
    ['other', []],
    ['   ', []],
  ])('%j finds %j', (text, urls) => {
    const reports = [kept('https://example.com/a'), kept('https://site.test/b')];
    expect(matchKept(reports, text).map((report) => report.url)).toEqual(urls);
  });

  it('gives at most six, the newest first', () => {
    const reports = Array.from({ length: 10 }, (_, index) =>
      kept(`https://example.com/${index}`, index),
    );
    const found = matchKept(reports, 'example');
    expect(found).toHaveLength(MAX_SUGGESTIONS);
    expect(found.map((report) => report.seenAt)).toEqual([9, 8, 7, 6, 5, 4]);
  });
});

describe('suggestionOf', () => {
  const url = 'https://example.com/?a=1&b=<2>"\'';

  it('escapes the address and the word inside Chromium’s XML', () => {
    expect(suggestionOf({ url }, 'Good & fine', true)).toEqual({
      content: url,
      description:
        '<url>https://example.com/?a=1&#38;b=&#60;2&#62;&#34;&#39;</url> <dim>Good &#38; fine</dim>',
    });
  });

  it('gives Firefox plain text, unescaped', () => {
    expect(suggestionOf({ url }, 'Good', false)).toEqual({
      content: url,
      description: `${url} — Good`,
    });
  });

  it('escapes every markup character', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).not.toMatch(/[<>"'&](?!#)/);
  });
});

describe('mergeReports', () => {
  it('keeps the first of each address, at most six', () => {
    const first = [kept('https://a.test/', 0, 1)];
    const second = [
      kept('https://a.test/', 0, 2),
      ...['b', 'c', 'd', 'e', 'f', 'g'].map((host) => kept(`https://${host}.test/`)),
    ];
    const merged = mergeReports(first, second);
    expect(merged).toHaveLength(6);
    expect(merged[0]?.reportId).toBe(1);
    expect(merged.map((report) => report.url)).not.toContain('https://g.test/');
  });
});

describe('workspaceSearchPath', () => {
  it('opens Reports with the text as its search, encoded', () => {
    expect(workspaceSearchPath(' a&b c ')).toBe('/sidepanel.html#tab=reports&search=a%26b+c');
  });
});
