import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  MAX_SELECTION_LINKS,
  selectionAddresses,
  selectionLinksItem,
  takeSelectionLinks,
} from '../../../lib/reach/selection-links';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('selectionAddresses', () => {
  it('keeps http(s) links only, normalised and each once', () => {
    expect(
      selectionAddresses([
        'https://example.com/a#top',
        'https://example.com/a',
        'HTTPS://EXAMPLE.com/a',
        'http://example.com/b',
        'mailto:someone@example.com',
        'javascript:void(0)',
        'ftp://example.com/file',
        'not a link',
        42,
        null,
      ]),
    ).toEqual(['https://example.com/a', 'http://example.com/b']);
  });

  it('takes at most 500', () => {
    const hrefs = Array.from({ length: 700 }, (_, index) => `https://example.com/${index}`);
    const addresses = selectionAddresses(hrefs);
    expect(addresses).toHaveLength(MAX_SELECTION_LINKS);
    expect(addresses.at(-1)).toBe('https://example.com/499');
  });

  it('counts an address once toward the cap', () => {
    const hrefs = [...Array(600).fill('https://example.com/same'), 'https://example.com/other'];
    expect(selectionAddresses(hrefs)).toEqual([
      'https://example.com/same',
      'https://example.com/other',
    ]);
  });
});

describe('takeSelectionLinks', () => {
  it('gives the links once', async () => {
    await selectionLinksItem.setValue({ addresses: ['https://example.com/'] });
    expect(await takeSelectionLinks()).toEqual({ addresses: ['https://example.com/'] });
    expect(await takeSelectionLinks()).toBeNull();
  });

  it('ignores what is not links', async () => {
    await fakeBrowser.storage.session.set({ selectionLinks: { addresses: 'nope' } });
    expect(await takeSelectionLinks()).toBeNull();
  });
});
