// XML's lexical rules as the sitemap reader (sitemap-xml.ts) needs them: names, the XML
// declaration, the characters XML allows, and references, of which only the five predefined
// entities and character references exist: nothing is ever expanded.

export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const PREDEFINED: ReadonlyMap<string, string> = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);

// XML 1.0's name characters; a qualified name has at most one colon, inside.
const NAME_START =
  'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D' +
  '\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NCNAME = `[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040]*`;
export const QNAME = new RegExp(`^(?:${NCNAME}:)?${NCNAME}$`, 'u');
export const PI_TARGET = new RegExp(`^${NCNAME}$`, 'u');
const S = '[ \\t\\r\\n]';
export const XML_DECLARATION = new RegExp(
  `^<\\?xml${S}+version${S}*=${S}*(["'])1\\.[0-9]+\\1` +
    `(?:${S}+encoding${S}*=${S}*(["'])[A-Za-z][A-Za-z0-9._-]*\\2)?` +
    `(?:${S}+standalone${S}*=${S}*(["'])(?:yes|no)\\3)?${S}*\\?>$`,
);
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML forbids.
export const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export const isSpace = (code: number) =>
  code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
/** Whether the text (from `from` to `to`) is all white space. */
export const allSpace = (text: string, from = 0, to = text.length) => {
  for (let i = from; i < to; i++) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
};
const isXmlChar = (code: number) =>
  code === 0x09 ||
  code === 0x0a ||
  code === 0x0d ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/** What a reference (between `&` and `;`) stands for; null when XML knows no such reference. */
function referenced(ref: string): string | null {
  const known = PREDEFINED.get(ref);
  if (known !== undefined) return known;
  const hex = ref.startsWith('#x');
  const digits = ref.slice(hex ? 2 : 1);
  if (!ref.startsWith('#') || !(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) return null;
  const code = Number.parseInt(digits, hex ? 16 : 10);
  return isXmlChar(code) ? String.fromCodePoint(code) : null;
}

/** Character data with its references replaced; null when one is not XML's. */
export function decoded(text: string): string | null {
  let amp = text.indexOf('&');
  if (amp < 0) return text;
  let out = '';
  let from = 0;
  while (amp >= 0) {
    const semicolon = text.indexOf(';', amp);
    const char = semicolon < 0 ? null : referenced(text.slice(amp + 1, semicolon));
    if (char === null) return null;
    out += text.slice(from, amp) + char;
    from = semicolon + 1;
    amp = text.indexOf('&', from);
  }
  return out + text.slice(from);
}

/** XML reads every line end as one line feed. */
export const lineEnds = (text: string) =>
  text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;

/** Thrown inside the reader: the text is not (acceptable) XML. */
export class NotWellFormed extends Error {}
export const refuse = (): never => {
  throw new NotWellFormed();
};

/** Whether an element may declare `prefix` for the namespace `value` (xmlns:prefix="value"). */
export function mayDeclare(prefix: string, value: string): boolean {
  if (prefix === 'xml') return value === XML_NS;
  return prefix !== 'xmlns' && value !== '' && value !== XML_NS && value !== XMLNS_NS;
}

/** Where the comment starting at `at` (`<!--`) ends, or -1 when not all of it is there yet. */
export function commentEnd(text: string, at: number): number {
  const end = text.indexOf('-->', at + 4);
  if (end < 0) return -1;
  const body = text.slice(at + 4, end);
  if (body.includes('--') || body.endsWith('-')) refuse();
  return end + 3;
}

/**
 * Where the DOCTYPE starting at `at` ends (past its `>`), or -1 when its end has not come in yet.
 * One with an internal subset that declares anything is refused: only white space may be in it.
 */
export function doctypeEnd(text: string, at: number): number {
  if (!isSpace(text.charCodeAt(at + 9))) refuse();
  let quote = '';
  for (let i = at + 9; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return i + 1;
    else if (char === '[') {
      const close = text.indexOf(']', i);
      if (close < 0) return -1;
      if (!allSpace(text.slice(i + 1, close))) refuse();
      let after = close + 1;
      while (after < text.length && isSpace(text.charCodeAt(after))) after++;
      if (after >= text.length) return -1;
      if (text[after] !== '>') refuse();
      return after + 1;
    }
  }
  return -1;
}

/**
 * An attribute's value, from its `=` at `at` (white space around it allowed) to its closing quote
 * (`close`), references replaced; null when its end has not come in yet. Refuses what is not XML.
 */
export function attributeValue(text: string, at: number): { value: string; close: number } | null {
  if (text[at] !== '=') refuse();
  let k = at + 1;
  while (k < text.length && isSpace(text.charCodeAt(k))) k++;
  if (k >= text.length) return null;
  const quote = text[k] as string;
  if (quote !== '"' && quote !== "'") refuse();
  const close = text.indexOf(quote, k + 1);
  if (close < 0) return null;
  const raw = text.slice(k + 1, close);
  if (raw.includes('<')) refuse();
  return { value: decoded(raw) ?? refuse(), close };
}
