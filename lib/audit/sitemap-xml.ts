// A sitemap's `<loc>`s, read from its XML as the text comes in, without building a document: a
// small tokenizer that refuses what a browser's XML parser refuses (XML that is not well-formed,
// namespaces included), so that a file is a sitemap exactly when the DOM reader took it for one.
// Nothing is ever expanded: only XML's five entities and character references are known, and a
// DOCTYPE that declares anything (an entity, an element…) is refused.

import {
  allSpace,
  attributeValue,
  commentEnd,
  decoded,
  doctypeEnd,
  isSpace,
  lineEnds,
  mayDeclare,
  NOT_XML_CHAR,
  NotWellFormed,
  PI_TARGET,
  QNAME,
  refuse,
  XML_DECLARATION,
  XML_NS,
} from './xml-lexical';

export interface LocsFound {
  /** Well-formed XML, declaring nothing. */
  wellFormed: boolean;
  /** The root element's local name, once its start tag was read (even if broken later). */
  root: string | null;
  /** The first `maxLocs` texts (trimmed, not empty) of the first `loc` of each entry. */
  locs: string[];
  /** How many such texts there were, those past `maxLocs` included. */
  count: number;
}

/** A root's entries: `url` in a urlset, `sitemap` in a sitemapindex (any namespace). */
const ENTRY: Readonly<Record<string, string>> = { urlset: 'url', sitemapindex: 'sitemap' };

interface Open {
  name: string;
  /** Prefixes this element declares, if any. */
  prefixes: Map<string, string> | null;
}

/**
 * Reads the `loc`s of a urlset's `url`s or a sitemapindex's `sitemap`s from text given in pieces
 * (`write`), keeping at most `maxLocs` of them; `end` says what was found.
 */
export class LocReader {
  private rest = '';
  /** Text not tried yet: an unfinished token is tried again once this has grown as long as it. */
  private waiting: string[] = [];
  private waitingLength = 0;
  private atStart = true;
  private stage: 'prolog' | 'root' | 'epilog' = 'prolog';
  private doctype = false;
  private readonly open: Open[] = [];
  /** Each prefix's declarations in scope, the innermost last: a lookup does not walk `open`. */
  private readonly scopes = new Map<string, string[]>();
  private readonly names = new Set<string>();
  private entry: string | undefined;
  private inEntry = false;
  private locTaken = false;
  private capture: string | null = null;
  private broken = false;
  private readonly found: LocsFound = { wellFormed: true, root: null, locs: [], count: 0 };

  constructor(private readonly maxLocs: number) {}

  write(text: string): void {
    if (this.broken) return;
    if (NOT_XML_CHAR.test(text)) {
      this.broken = true;
      return;
    }
    this.waiting.push(text);
    this.waitingLength += text.length;
    // A token across many pieces is not tried again for each: linear time however long it is.
    if (this.waitingLength >= this.rest.length) this.run(false);
  }

  end(): LocsFound {
    if (!this.broken) this.run(true);
    if (this.broken || this.stage !== 'epilog' || this.rest !== '') this.found.wellFormed = false;
    return this.found;
  }

  private run(final: boolean) {
    const text = this.rest + this.waiting.join('');
    this.waiting = [];
    this.waitingLength = 0;
    let at = 0;
    try {
      for (;;) {
        const next = this.token(text, at, final);
        if (next < 0) break;
        at = next;
        this.atStart = false;
      }
    } catch (error) {
      if (!(error instanceof NotWellFormed)) throw error;
      this.broken = true;
    }
    this.rest = text.slice(at);
  }

  /** Reads the token at `at`: where the next one starts, or -1 when it is not all there yet. */
  private token(text: string, at: number, final: boolean): number {
    if (at >= text.length) return -1;
    if (text.charCodeAt(at) !== 0x3c /* < */) return this.text(text, at, final);
    // Enough to tell `<![CDATA[` and `<!DOCTYPE ` from the rest.
    if (!final && text.length - at < 10) return -1;
    const second = text[at + 1];
    if (second === '/') return this.endTag(text, at);
    if (second === '?') return this.instruction(text, at);
    if (second !== '!') return this.startTag(text, at);
    if (text.startsWith('<!--', at)) return commentEnd(text, at);
    if (text.startsWith('<![CDATA[', at)) return this.cdata(text, at);
    if (text.startsWith('<!DOCTYPE', at)) return this.doctypeDeclaration(text, at);
    return refuse();
  }

  private text(text: string, at: number, final: boolean): number {
    let end = text.indexOf('<', at);
    if (end < 0) {
      if (!final) return -1;
      end = text.length;
    }
    // White space between elements, most of a sitemap's text: nothing in it to check or keep.
    if (this.capture === null && allSpace(text, at, end)) return end;
    const data = text.slice(at, end);
    if (this.stage !== 'root') {
      if (!allSpace(data)) refuse();
      return end;
    }
    if (data.includes(']]>')) refuse();
    if (this.capture !== null) this.capture += decoded(lineEnds(data)) ?? refuse();
    else if (data.includes('&') && decoded(data) === null) refuse();
    return end;
  }

  private cdata(text: string, at: number): number {
    if (this.stage !== 'root') refuse();
    const end = text.indexOf(']]>', at + 9);
    if (end < 0) return -1;
    if (this.capture !== null) this.capture += lineEnds(text.slice(at + 9, end));
    return end + 3;
  }

  private instruction(text: string, at: number): number {
    const end = text.indexOf('?>', at + 2);
    if (end < 0) return -1;
    const body = text.slice(at + 2, end);
    let targetEnd = 0;
    while (targetEnd < body.length && !isSpace(body.charCodeAt(targetEnd))) targetEnd++;
    const target = body.slice(0, targetEnd);
    if (target.toLowerCase() === 'xml') {
      // The XML declaration, at the very start of the document only.
      if (!this.atStart || !XML_DECLARATION.test(text.slice(at, end + 2))) refuse();
    } else if (!PI_TARGET.test(target)) refuse();
    return end + 2;
  }

  /** A DOCTYPE naming an external DTD (never fetched) is let be; one declaring anything is not. */
  private doctypeDeclaration(text: string, at: number): number {
    if (this.stage !== 'prolog' || this.doctype) refuse();
    const end = doctypeEnd(text, at);
    if (end >= 0) this.doctype = true;
    return end;
  }

  private checkName(name: string) {
    if (this.names.has(name)) return;
    if (!QNAME.test(name)) refuse();
    this.names.add(name);
  }

  private namespaceOf(prefix: string, declared: Map<string, string> | null): string | undefined {
    if (prefix === 'xml') return XML_NS;
    return declared?.get(prefix) ?? this.scopes.get(prefix)?.at(-1);
  }

  /** A prefix used must be declared; `xmlns` is one only on declarations (never an element's). */
  private checkPrefix(used: string, declared: Map<string, string> | null, element: boolean) {
    const colon = used.indexOf(':');
    if (colon < 0) return;
    const prefix = used.slice(0, colon);
    if (prefix === 'xmlns' ? element : this.namespaceOf(prefix, declared) === undefined) refuse();
  }

  private startTag(text: string, at: number): number {
    if (this.stage === 'epilog') refuse();
    let i = at + 1;
    while (i < text.length && !isSpace(text.charCodeAt(i)) && text[i] !== '>' && text[i] !== '/')
      i++;
    if (i >= text.length) return -1;
    const name = text.slice(at + 1, i);
    this.checkName(name);
    let attributes: Set<string> | null = null;
    let prefixes: Map<string, string> | null = null;
    let selfClosing = false;
    for (;;) {
      let j = i;
      while (j < text.length && isSpace(text.charCodeAt(j))) j++;
      if (j >= text.length) return -1;
      if (text[j] === '>') {
        i = j + 1;
        break;
      }
      if (text[j] === '/') {
        if (j + 1 >= text.length) return -1;
        if (text[j + 1] !== '>') refuse();
        selfClosing = true;
        i = j + 2;
        break;
      }
      // An attribute, after white space.
      if (j === i) refuse();
      let k = j;
      while (k < text.length && !isSpace(text.charCodeAt(k)) && text[k] !== '=' && text[k] !== '>')
        k++;
      const attribute = text.slice(j, k);
      while (k < text.length && isSpace(text.charCodeAt(k))) k++;
      if (k >= text.length) return -1;
      this.checkName(attribute);
      const read = attributeValue(text, k);
      if (read === null) return -1;
      const { value, close } = read;
      if (attributes?.has(attribute)) refuse();
      attributes ??= new Set();
      attributes.add(attribute);
      if (attribute.startsWith('xmlns:')) {
        const prefix = attribute.slice(6);
        if (!mayDeclare(prefix, value)) refuse();
        prefixes ??= new Map();
        prefixes.set(prefix, value);
      }
      i = close + 1;
    }
    this.checkPrefix(name, prefixes, true);
    if (attributes)
      for (const attribute of attributes) this.checkPrefix(attribute, prefixes, false);
    this.enter(name, prefixes);
    if (selfClosing) this.leave();
    return i;
  }

  private endTag(text: string, at: number): number {
    const end = text.indexOf('>', at + 2);
    if (end < 0) return -1;
    let nameEnd = end;
    while (nameEnd > at + 2 && isSpace(text.charCodeAt(nameEnd - 1))) nameEnd--;
    const open = this.open.at(-1)?.name;
    if (open === undefined || nameEnd - (at + 2) !== open.length || !text.startsWith(open, at + 2))
      refuse();
    this.leave();
    return end + 1;
  }

  private enter(name: string, prefixes: Map<string, string> | null) {
    // A DOM reader takes an element of that name for its parser's own error report.
    if (name === 'parsererror') refuse();
    const local = name.slice(name.indexOf(':') + 1);
    if (this.stage === 'prolog') {
      this.stage = 'root';
      this.found.root = local;
      this.entry = ENTRY[local];
    }
    this.open.push({ name, prefixes });
    for (const [prefix, uri] of prefixes ?? []) {
      const scope = this.scopes.get(prefix);
      if (scope) scope.push(uri);
      else this.scopes.set(prefix, [uri]);
    }
    const level = this.open.length;
    if (level === 2 && local === this.entry) {
      this.inEntry = true;
      this.locTaken = false;
    } else if (level === 3 && this.inEntry && !this.locTaken && local === 'loc') {
      this.locTaken = true;
      this.capture = '';
    }
  }

  private leave() {
    const level = this.open.length;
    const left = this.open.pop();
    for (const prefix of left?.prefixes?.keys() ?? []) this.scopes.get(prefix)?.pop();
    if (level === 3 && this.capture !== null) {
      const loc = this.capture.trim();
      this.capture = null;
      if (loc) {
        this.found.count++;
        if (this.found.locs.length < this.maxLocs) this.found.locs.push(loc);
      }
    } else if (level === 2) this.inEntry = false;
    if (level === 1) this.stage = 'epilog';
  }
}
