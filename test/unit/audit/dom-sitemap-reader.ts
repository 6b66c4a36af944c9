// The sitemap reader as it was before the streaming one: a whole document from a DOMParser
// (here happy-dom's), its root's entries walked for their first `loc`. Kept as the oracle the
// streaming reader is checked against.
import { Window } from 'happy-dom';

// happy-dom's Document type is its own; the reader uses only what both have.
const parser = new new Window().DOMParser() as unknown as DOMParser;

/** The `loc` texts of `root`'s `entry` children (namespace-agnostic, as sitemaps vary). */
function locs(root: Element, entry: string): string[] {
  const found: string[] = [];
  for (let child = root.firstElementChild; child; child = child.nextElementSibling) {
    if (child.localName !== entry) continue;
    for (let part = child.firstElementChild; part; part = part.nextElementSibling) {
      if (part.localName !== 'loc') continue;
      const text = part.textContent?.trim();
      if (text) found.push(text);
      break;
    }
  }
  return found;
}

/** What the DOM reader made of an XML text: broken, or its root's name and `loc`s. */
export function domSitemap(text: string): {
  wellFormed: boolean;
  root: string | null;
  locs: string[];
} {
  const doc = parser.parseFromString(text, 'application/xml');
  const root = doc.documentElement;
  const broken =
    !root || root.localName === 'parsererror' || doc.getElementsByTagName('parsererror').length > 0;
  if (broken) return { wellFormed: false, root: root?.localName ?? null, locs: [] };
  const entry =
    root.localName === 'urlset' ? 'url' : root.localName === 'sitemapindex' ? 'sitemap' : null;
  return { wellFormed: true, root: root.localName, locs: entry ? locs(root, entry) : [] };
}
