// The workspace's exports as text: CSV for spreadsheets and JSON for programs. Pure functions,
// no browser APIs; the Reports tab downloads what they make (components/reports/).
//
// CSV choices:
// - RFC 4180: a header row, CRLF after every record (the last one too), every field quoted (a
//   spreadsheet that splits on `;`, as German Excel does, must not split a field), its quotes
//   doubled. UTF-8 with a byte-order mark, so that Excel reads "Zürich — 東京" as UTF-8.
// - The header names are the service's field names and the values are not translated (result
//   `good`/`decent`/`bad`, privacy `public`/`private`/`password` as words rather than 0/1/2, times
//   as the service sent them), so a file reads the same whatever the browser's language.
// - Formula injection: a cell that starts, after any spaces, with `=`, `+`, `-`, `@`, a tab or a
//   CR (or their full-width forms) may be run as a formula by a spreadsheet. Such a cell gets a
//   single quote `'` in front (OWASP's advice); a program reading the file sees the quote too.
import type { Privacy, ReportSummary } from '../api/model';

export type ExportFormat = 'csv' | 'json';

export const CSV_COLUMNS = [
  'id',
  'url',
  'project',
  'result',
  'score',
  'privacy',
  'generated_at',
  'created_at',
] as const;

const PRIVACY_WORDS: Record<Privacy, string> = { 0: 'public', 1: 'private', 2: 'password' };

const BOM = '\uFEFF';
const CRLF = '\r\n';
/** What a spreadsheet may run as a formula when a cell starts with it, after any spaces. */
const FORMULA_START = /^[\s\u00a0\u3000]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

/** One CSV field, always quoted; neutralised when a spreadsheet would run it. */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

function csvRecord(report: ReportSummary): string {
  const cells = [
    report.id,
    report.url,
    report.project,
    report.rating,
    report.score,
    PRIVACY_WORDS[report.privacy] ?? report.privacy,
    report.generatedAt,
    report.createdAt,
  ];
  return cells.map(csvField).join(',');
}

/** The reports as a CSV file's text, byte-order mark and header row first. */
export function reportsCsv(reports: readonly ReportSummary[]): string {
  const lines = [CSV_COLUMNS.map(csvField).join(','), ...reports.map(csvRecord)];
  return `${BOM}${lines.map((line) => line + CRLF).join('')}`;
}

/**
 * The reports as the extension understands them (ReportSummary), pretty-printed. Every object has
 * every key, in the same order: a missing project or score is `null`, not left out.
 */
export function reportsJson(reports: readonly ReportSummary[]): string {
  const plain = reports.map((report) => ({
    id: report.id,
    url: report.url,
    project: report.project ?? null,
    rating: report.rating,
    score: report.score ?? null,
    privacy: report.privacy,
    hasPassword: report.hasPassword,
    generatedAt: report.generatedAt,
    createdAt: report.createdAt,
    updatedAt: report.updatedAt,
  }));
  return `${JSON.stringify(plain, null, 2)}\n`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `site-reports-YYYY-MM-DD.csv` (or `.json`), on the local date of `now`. */
export function exportFileName(format: ExportFormat, now: Date = new Date()): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `site-reports-${date}.${format}`;
}

export interface ExportFile {
  name: string;
  /** The MIME type of the download. */
  type: string;
  text: string;
}

/** The file to download for `reports` in `format`, named after `now`'s local date. */
export function exportFile(
  format: ExportFormat,
  reports: readonly ReportSummary[],
  now: Date = new Date(),
): ExportFile {
  return format === 'csv'
    ? {
        name: exportFileName('csv', now),
        type: 'text/csv;charset=utf-8',
        text: reportsCsv(reports),
      }
    : { name: exportFileName('json', now), type: 'application/json', text: reportsJson(reports) };
}
