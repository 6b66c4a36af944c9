// The history's exports: RFC 4180 CSV by the report exports' rules (quoted fields, CRLF, a
// byte-order mark, formula-like cells neutralised), JSON with every key, and the files' names.
import { describe, expect, it } from 'vitest';
import {
  HISTORY_CSV_COLUMNS,
  historyCsv,
  historyExportFile,
  historyJson,
} from '../../../lib/watch/history-export';
import type { ReportHistory } from '../../../lib/watch/model';

const AT = Date.UTC(2026, 10, 20, 9, 15, 2);

const HISTORIES: ReportHistory[] = [
  {
    reportId: 7,
    url: 'https://example.com/',
    records: [
      { at: AT, result: 'good', score: 91, failed: [] },
      {
        at: AT + 86_400_000,
        result: 'bad',
        score: 30,
        failed: [
          { key: 'title', importance: 'high' },
          { key: 'favicon', importance: 'low' },
        ],
      },
    ],
  },
  {
    reportId: 8,
    url: 'https://example.com/=HYPERLINK("x")',
    records: [{ at: AT, result: null }],
  },
];

describe('historyCsv', () => {
  const text = historyCsv(HISTORIES);
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');

  it('starts with a byte-order mark and a header row, and ends each line with CRLF', () => {
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(HISTORY_CSV_COLUMNS.map((column) => `"${column}"`).join(','));
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(5);
  });

  it('writes one line per analysis, oldest first, failed checks by key', () => {
    expect(lines[1]).toBe('"7","https://example.com/","2026-11-20T09:15:02.000Z","good","91",""');
    expect(lines[2]).toBe(
      '"7","https://example.com/","2026-11-21T09:15:02.000Z","bad","30","title favicon"',
    );
  });

  it('leaves unknown values empty and neutralises a cell a spreadsheet would run', () => {
    expect(lines[3]).toBe(
      '"8","https://example.com/=HYPERLINK(""x"")","2026-11-20T09:15:02.000Z","","",""',
    );
    const formula = historyCsv([
      { reportId: 9, url: '=cmd|calc', records: [{ at: AT, result: 'good' }] },
    ]);
    expect(formula).toContain('"\'=cmd|calc"');
  });
});

describe('historyJson', () => {
  it('keeps every page with its analyses, every key present, times in ISO 8601', () => {
    const parsed = JSON.parse(historyJson(HISTORIES));
    expect(parsed[1]).toEqual({
      reportId: 8,
      url: 'https://example.com/=HYPERLINK("x")',
      records: [{ at: '2026-11-20T09:15:02.000Z', result: null, score: null, failed: null }],
    });
    expect(parsed[0].records[1].failed).toEqual([
      { key: 'title', importance: 'high' },
      { key: 'favicon', importance: 'low' },
    ]);
  });
});

describe('historyExportFile', () => {
  const now = new Date(2026, 0, 5, 23, 30);

  it.each([
    ['csv', 'site-report-history-2026-01-05.csv', 'text/csv;charset=utf-8'],
    ['json', 'site-report-history-2026-01-05.json', 'application/json'],
  ] as const)('names the %s file after the local date', (format, name, type) => {
    const file = historyExportFile(format, HISTORIES, now);
    expect(file.name).toBe(name);
    expect(file.type).toBe(type);
  });
});
