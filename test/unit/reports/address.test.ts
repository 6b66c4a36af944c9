import { describe, expect, it } from 'vitest';
import { addressParts } from '../../../lib/url-parts';

describe('a report address split into host and the rest', () => {
  it.each([
    ['https://example.com', 'example.com', ''],
    ['https://example.com/', 'example.com', '/'],
    ['https://shop.example:8080/a/b?c=1#d', 'shop.example:8080', '/a/b?c=1#d'],
    ['http://user@example.com/x', 'user@example.com', '/x'],
    ['HTTPS://Example.COM/Pricing', 'Example.COM', '/Pricing'],
    ['https://example.com?q=1', 'example.com', '?q=1'],
    ['https://bücher.example/straße', 'bücher.example', '/straße'],
    ['not an address', 'not an address', ''],
    ['', '', ''],
  ])('%s → %s + %s', (url, host, rest) => {
    const parts = addressParts(url);
    expect(parts).toEqual({ host, rest });
    if (url.includes('://')) expect(url.endsWith(parts.host + parts.rest)).toBe(true);
  });
});
