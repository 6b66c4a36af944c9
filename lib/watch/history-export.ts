// The watched pages' history as a file: CSV (one line per analysis) or JSON (one object per page),
// by the report exports' rules (lib/reports/export.ts), in the service's untranslated terms.
import {
  csvText,
  EXPORT_TYPES,
  type ExportFile,
  type ExportFormat,
  exportFileName,
} from '../reports/export';
import type { HistoryRecord, ReportHistory } from './model';

export const HISTORY_CSV_COLUMNS = [
  'report_id',
  'url',
  'analysed_at',
  'result',
  'score',
  'failed_checks',
] as const;

const iso = (ms: number) => new Date(ms).toISOString();

/** The failed checks' keys, space-separated; empty when the analysis did not tell them. */
const failedKeys = (record: HistoryRecord) =>
  record.failed?.map((check) => check.key).join(' ') ?? null;

/** One line per analysis, page by page, oldest first. */
export function historyCsv(histories: readonly ReportHistory[]): string {
  const records = histories.flatMap((history) =>
    history.records.map((record) => [
      history.reportId,
      history.url,
      iso(record.at),
      record.result,
      record.score,
      failedKeys(record),
    ]),
  );
  return csvText(HISTORY_CSV_COLUMNS, records);
}

/** Every page with its analyses; every key present (unknown ones `null`), times in ISO 8601. */
export function historyJson(histories: readonly ReportHistory[]): string {
  const plain = histories.map((history) => ({
    reportId: history.reportId,
    url: history.url,
    records: history.records.map((record) => ({
      at: iso(record.at),
      result: record.result,
      score: record.score ?? null,
      failed: record.failed ?? null,
    })),
  }));
  return `${JSON.stringify(plain, null, 2)}\n`;
}

/** `site-report-history-YYYY-MM-DD.csv` or `.json`, on the local date of `now`. */
export function historyExportFile(
  format: ExportFormat,
  histories: readonly ReportHistory[],
  now: Date = new Date(),
): ExportFile {
  return {
    name: exportFileName(format, now, 'site-report-history'),
    type: EXPORT_TYPES[format],
    text: format === 'csv' ? historyCsv(histories) : historyJson(histories),
  };
}
