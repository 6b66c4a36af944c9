// A pasted list or a .txt/.csv file of addresses: one address a line, or CSV with a `url` column.
// Every line is either an address (normalised to the page it is of, so each page comes once) or
// left out with its reason. Bounded, and it never throws: any text gives an answer.
import { pageOf } from '../url-parts';
import { MAX_ADDRESS_LENGTH, MAX_ADDRESSES, MAX_FILE_BYTES } from './limits';

export { MAX_ADDRESS_LENGTH, MAX_ADDRESSES, MAX_FILE_BYTES, MAX_FILE_URLS } from './limits';

/** A left-out line is shown at most this long. */
const MAX_SHOWN_LINE = 200;

export type LeftOutReason = 'notHttp' | 'notAddress' | 'tooLong' | 'duplicate';

export interface LeftOut {
  /** 1-based line number in the text. */
  line: number;
  text: string;
  reason: LeftOutReason;
}

export type ListAnswer =
  | { ok: true; addresses: string[]; leftOut: LeftOut[] }
  /** More than MAX_ADDRESSES lines (or the text is larger than MAX_FILE_BYTES): nothing is taken. */
  | { ok: false; reason: 'tooManyLines' | 'tooLarge' };

/**
 * An http(s) address (its fragment aside) that URL parsing gives back unchanged: lower-case scheme
 * and host (letters, digits, hyphens; no port, no `xn--`, no number last), then a path and query
 * of characters every browser keeps as they are, no `.` segment, no `%`. Most of a sitemap's
 * addresses are so; parsing 50,000 of them with `new URL` is most of a read's time.
 */
const AS_PARSED = /^https?:\/\/(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*\/[A-Za-z0-9\-._~!$&()*+,;=:@/?]*$/;

/** The address without its fragment when it is already as URL parsing gives it, else null. */
export function asParsed(text: string): string | null {
  const hash = text.indexOf('#');
  const address = hash < 0 ? text : text.slice(0, hash);
  return AS_PARSED.test(address) && !address.includes('/.') && !address.includes('xn--')
    ? address
    : null;
}

/** An address's form in the preview and the job: the page it is of, or why it is none. */
export function addressOf(
  text: string,
): { url: string } | { reason: 'notHttp' | 'notAddress' | 'tooLong' } {
  // Checked before and after normalising: escaping may lengthen it.
  if (text.trim().length > MAX_ADDRESS_LENGTH) return { reason: 'tooLong' };
  const key = asParsed(text) ?? pageOf(text);
  if (key) return key.length > MAX_ADDRESS_LENGTH ? { reason: 'tooLong' } : { url: key };
  try {
    new URL(text);
    return { reason: 'notHttp' };
  } catch {
    return { reason: 'notAddress' };
  }
}

/** One CSV row's cells (RFC 4180 quotes; a row is one line). */
export function csvCells(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

const DELIMITERS = [',', ';', '\t'];

/** The `url` column of a CSV header line, or null when the line is not such a header. */
function urlColumn(line: string): { delimiter: string; column: number } | null {
  for (const delimiter of DELIMITERS) {
    if (!line.includes(delimiter)) continue;
    const column = csvCells(line, delimiter).findIndex((cell) => cell.toLowerCase() === 'url');
    if (column >= 0) return { delimiter, column };
  }
  return line.trim().toLowerCase() === 'url' ? { delimiter: ',', column: 0 } : null;
}

/** A left-out text as shown: cut to MAX_SHOWN_LINE. */
export const shown = (text: string) =>
  text.length > MAX_SHOWN_LINE ? `${text.slice(0, MAX_SHOWN_LINE)}…` : text;

/** The addresses of a pasted list or a file's text, and the lines left out with their reasons. */
export function parseAddressList(text: string): ListAnswer {
  if (typeof text !== 'string') return { ok: true, addresses: [], leftOut: [] };
  if (text.length > MAX_FILE_BYTES) return { ok: false, reason: 'tooLarge' };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  let filled = 0;
  for (const line of lines) {
    if (line.trim() !== '' && ++filled > MAX_ADDRESSES)
      return { ok: false, reason: 'tooManyLines' };
  }
  const firstIndex = lines.findIndex((line) => line.trim() !== '');
  const csv = firstIndex >= 0 ? urlColumn(lines[firstIndex] ?? '') : null;
  const addresses: string[] = [];
  const leftOut: LeftOut[] = [];
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    if (line.trim() === '' || (csv && index === firstIndex)) return;
    const cell = csv ? (csvCells(line, csv.delimiter)[csv.column] ?? '') : line.trim();
    const found = addressOf(cell);
    if ('reason' in found) {
      leftOut.push({ line: index + 1, text: shown(line.trim()), reason: found.reason });
    } else if (seen.has(found.url)) {
      leftOut.push({ line: index + 1, text: shown(line.trim()), reason: 'duplicate' });
    } else {
      seen.add(found.url);
      addresses.push(found.url);
    }
  });
  return { ok: true, addresses, leftOut };
}
