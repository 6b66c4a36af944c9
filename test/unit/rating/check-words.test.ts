// A failed check in words: its name from the catalogue (or humanised) and its limits.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Check } from '../../../lib/rating/checks';
import { checkLine, checkName, humanise, NAMED_CHECKS } from '../../../lib/rating/words';

const LOCALES = join(import.meta.dirname, '../../../public/_locales');
const catalogue = (locale: string) =>
  JSON.parse(readFileSync(join(LOCALES, locale, 'messages.json'), 'utf8')) as Record<
    string,
    { message: string }
  >;

/** The check keys CONTRACT.md lists. */
const CONTRACT_KEYS =
  'title meta_description headings content_keywords image_keywords image_format in_page_links load_time page_size http_requests defer_javascript dom_size text_compression structured_data meta_viewport https_encryption seo_friendly_url language favicon gsb content_length text_html_ratio charset deprecated_html_tags 404_page noindex robots sitemap plaintext_email social inline_css'.split(
    ' ',
  );

describe('check names', () => {
  it('names every key of the contract', () => {
    expect([...NAMED_CHECKS].sort()).toEqual([...CONTRACT_KEYS].sort());
    expect(NAMED_CHECKS).toHaveLength(31);
  });

  it.each(['en', 'de'])('has a name for each of them in %s, none the same as another', (locale) => {
    const messages = catalogue(locale);
    const names = NAMED_CHECKS.map((key) => messages[`check_name_${key}`]?.message);
    expect(names.every((name) => typeof name === 'string' && name.length > 0)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  it('takes a known key’s name from the catalogue', () => {
    expect(checkName('meta_description')).toBe('Meta description');
    expect(checkName('404_page')).toBe('Page for missing addresses (404)');
    expect(checkName('load_time')).toBe('Load time');
  });

  it.each([
    ['text_html_ratio_v2', 'Text html ratio v2'],
    ['status', 'Status'],
    ['canonical', 'Canonical'],
    ['open-graph', 'Open graph'],
    ['__weird__key', 'Weird key'],
    ['x', 'X'],
    ['___', '___'],
    ['', ''],
  ])('humanises any other key: %j → %j', (key, name) => {
    expect(humanise(key)).toBe(name);
    expect(checkName(key)).toBe(name);
  });

  it('does not take a name for a key that only looks like a catalogue entry', () => {
    expect(checkName('toString')).toBe('ToString');
    expect(checkName('__proto__')).toBe('Proto');
  });
});

describe('checkLine', () => {
  const failed = (key: string, limit?: Check['limit']): Check => ({
    key,
    passed: false,
    importance: 'high',
    ...(limit && { limit }),
  });

  it.each([
    [failed('title', { kind: 'length', min: 10, max: 60 }), 'Title length: 10–60 characters'],
    [failed('title', { kind: 'length', max: 60 }), 'Title length: at most 60 characters'],
    [
      failed('meta_description', { kind: 'length', min: 50 }),
      'Meta description length: at least 50 characters',
    ],
    [failed('load_time', { kind: 'too_slow', max: 1 }), 'Load time: at most 1 s'],
    [failed('load_time', { kind: 'too_slow', max: 2.5 }), 'Load time: at most 2.5 s'],
    [failed('page_size', { kind: 'too_large', max: 500 * 1024 }), 'Page size: at most 500 kB'],
    [failed('page_size', { kind: 'too_large', max: 2 * 1024 * 1024 }), 'Page size: at most 2 MB'],
    [failed('http_requests', { kind: 'too_many', max: 50 }), 'HTTP requests: at most 50'],
    [failed('content_length', { kind: 'too_few', min: 500 }), 'Amount of text: at least 500'],
    [failed('dom_size', { kind: 'too_large', min: 10, max: 1500 }), 'DOM size: 10–1,500'],
    [failed('headings'), 'Headings'],
    [failed('my_check', { kind: 'too_small', min: 3 }), 'My check: at least 3'],
  ])('%j reads %j', (check, line) => {
    expect(checkLine(check)).toBe(line);
  });
});
