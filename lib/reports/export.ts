// The workspace's exports as text: RFC 4180 CSV (every field quoted, so a spreadsheet splitting on
// `;` keeps it whole; a byte-order mark for Excel) and JSON, in the service's untranslated terms.
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
/** What a spreadsheet may run as a formula at a cell's start, after spaces (OWASP: prefix a quote). */
const FORMULA_START = /^[\s\u00a0\u3000]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

/** One CSV field, always quoted; neutralised when a spreadsheet would run it. */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

function csvRecord(report: ReportSummary) {
  return [
    report.id,
    report.url,
    report.project,
    report.rating,
    report.score,
    PRIVACY_WORDS[report.privacy] ?? report.privacy,
    report.generatedAt,
    report.createdAt,
  ];
}

/** A CSV file's text: byte-order mark, the header row, then one line per record (CRLF each). */
export function csvText(
  columns: readonly string[],
  records: readonly (readonly (string | number | null | undefined)[])[],
): string {
  const lines = [columns, ...records].map((cells) => cells.map(csvField).join(','));
  return `${BOM}${lines.map((line) => line + CRLF).join('')}`;
}

/** The reports as a CSV file's text, byte-order mark and header row first. */
export function reportsCsv(reports: readonly ReportSummary[]): string {
  return csvText(CSV_COLUMNS, reports.map(csvRecord));
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

/** `site-reports-YYYY-MM-DD.csv` (or `.json`, or another `prefix`), on the local date of `now`. */
export function exportFileName(
  format: ExportFormat,
  now: Date = new Date(),
  prefix = 'site-reports',
): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `${prefix}-${date}.${format}`;
}

/** The media types of the exports' files. */
export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json',
};

export interface ExportFile {
  name: string;
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
    ? { name: exportFileName('csv', now), type: EXPORT_TYPES.csv, text: reportsCsv(reports) }
    : { name: exportFileName('json', now), type: EXPORT_TYPES.json, text: reportsJson(reports) };
}
