import { describe, expect, it } from 'vitest';
import type { ReportSummary } from '../../../lib/api/model';
import {
  CSV_COLUMNS,
  csvField,
  exportFile,
  exportFileName,
  reportsCsv,
  reportsJson,
} from '../../../lib/reports/export';

function summary(overrides: Partial<ReportSummary> = {}): ReportSummary {
  return {
    id: 7,
    url: 'https://example.com/',
    project: 'example.com',
    rating: 'good',
    score: 91,
    privacy: 0,
    hasPassword: false,
    generatedAt: '2026-11-20T09:15:02.000000Z',
    createdAt: '2026-11-20T09:14:58.000000Z',
    updatedAt: '2026-11-20T09:15:02.000000Z',
    ...overrides,
  };
}

/** `line` split at `separator` where it is outside double quotes. */
function splitOutsideQuotes(line: string, separator: string): string[] {
  const cells: string[] = [];
  let quoted = false;
  let cell = '';
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  return [...cells, cell];
}

/** The fields of a record without line breaks inside fields, unquoted. */
const fields = (record: string | undefined) =>
  (record ?? '').split('","').map((field) => field.replace(/^"|"$/g, ''));

/** The CSV's records, split the simple way (for files without line breaks inside fields). */
function records(csv: string): string[] {
  return csv.slice(1).split('\r\n');
}

describe('csvField', () => {
  it.each([
    ['plain', '"plain"'],
    [42, '"42"'],
    ['a,b', '"a,b"'],
    ['a;b', '"a;b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['Zürich — 東京', '"Zürich — 東京"'],
    ['', '""'],
    [null, '""'],
    [undefined, '""'],
  ])('%j → %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1+1', `"'+1+1"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    [' =1+1', `"' =1+1"`],
    ['\u00a0=1+1', `"'\u00a0=1+1"`],
    ['\u3000@SUM(A1)', `"'\u3000@SUM(A1)"`],
    ['\uff1d1+1', `"'\uff1d1+1"`],
    ['\uff0b1', `"'\uff0b1"`],
    ['\uff0d1', `"'\uff0d1"`],
    ['\uff20SUM(A1)', `"'\uff20SUM(A1)"`],
  ])('neutralises a cell a spreadsheet would run: %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('leaves a formula character alone when it is not at the start', () => {
    expect(csvField('https://example.com/?a=1+2')).toBe('"https://example.com/?a=1+2"');
    expect(csvField(' plain')).toBe('" plain"');
  });

  it('keeps a URL with `;` and a formula in one quoted field, for spreadsheets that split on `;`', () => {
    const field = csvField('https://evil.example/x;=HYPERLINK(A1);');
    expect(field).toBe('"https://evil.example/x;=HYPERLINK(A1);"');
    // Split as German Excel splits (on `;` outside quotes): one cell.
    expect(splitOutsideQuotes(field, ';')).toEqual([field]);
  });
});

describe('reportsCsv', () => {
  it('starts with a byte-order mark and the header row, and ends every record with CRLF', () => {
    const csv = reportsCsv([summary()]);
    expect(
      csv.startsWith(
        '\uFEFF"id","url","project","result","score","privacy","generated_at","created_at"\r\n',
      ),
    ).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(records(csv)).toEqual([
      CSV_COLUMNS.map((name) => `"${name}"`).join(','),
      '"7","https://example.com/","example.com","good","91","public","2026-11-20T09:15:02.000000Z","2026-11-20T09:14:58.000000Z"',
      '',
    ]);
  });

  it('has only the header row when there are no reports', () => {
    expect(reportsCsv([])).toBe(`\uFEFF${CSV_COLUMNS.map((name) => `"${name}"`).join(',')}\r\n`);
  });

  it('writes empty fields for what is not known (no project, score, rating or times)', () => {
    const csv = reportsCsv([
      summary({
        id: 8,
        project: undefined,
        score: undefined,
        rating: null,
        generatedAt: null,
        createdAt: null,
      }),
    ]);
    expect(records(csv)[1]).toBe('"8","https://example.com/","","","","public","",""');
  });

  it.each([
    [0, 'public'],
    [1, 'private'],
    [2, 'password'],
  ] as const)('says privacy %i as the word %s', (privacy, word) => {
    expect(fields(records(reportsCsv([summary({ privacy })]))[1])[5]).toBe(word);
  });

  it('keeps non-ASCII text as it is (UTF-8 once encoded)', async () => {
    const csv = reportsCsv([
      summary({ url: 'https://example.com/Zürich — 東京', project: 'zü.example' }),
    ]);
    expect(records(csv)[1]).toContain('"https://example.com/Zürich — 東京","zü.example",');
    const bytes = new Uint8Array(await new Blob([csv]).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(csv.slice(1));
  });

  it('quotes and neutralises project names, keeping each record on its fields', () => {
    const csv = reportsCsv([
      summary({ project: '=cmd|"/C calc"!A0' }),
      summary({ id: 9, project: 'a, "b"\r\nc' }),
    ]);
    expect(csv).toContain(`,"'=cmd|""/C calc""!A0","good",`);
    expect(csv).toContain(`,"a, ""b""\r\nc","good",`);
  });
});

describe('reportsJson', () => {
  it('is a pretty-printed array of the reports, every key in every object', () => {
    const json = reportsJson([
      summary(),
      summary({
        id: 8,
        project: undefined,
        score: undefined,
        rating: null,
        privacy: 2,
        hasPassword: true,
      }),
    ]);
    expect(json).toContain('\n  {\n    "id": 7,');
    expect(json.endsWith(']\n')).toBe(true);
    const parsed = JSON.parse(json);
    expect(parsed).toEqual([
      summary(),
      {
        ...summary({ id: 8, rating: null, privacy: 2, hasPassword: true }),
        project: null,
        score: null,
      },
    ]);
    expect(Object.keys(parsed[1])).toEqual([
      'id',
      'url',
      'project',
      'rating',
      'score',
      'privacy',
      'hasPassword',
      'generatedAt',
      'createdAt',
      'updatedAt',
    ]);
  });

  it('leaves out anything a report carries beyond its summary', () => {
    const withResults = { ...summary(), results: { secret: 'details' } } as ReportSummary;
    expect(reportsJson([withResults])).not.toContain('secret');
  });

  it('is an empty array when there are no reports', () => {
    expect(JSON.parse(reportsJson([]))).toEqual([]);
  });

  it('keeps non-ASCII text as it is', () => {
    expect(reportsJson([summary({ project: 'Zürich — 東京' })])).toContain('"Zürich — 東京"');
  });
});

describe('file names', () => {
  it.each([
    ['csv', new Date(2026, 0, 5, 23, 59), 'site-reports-2026-01-05.csv'],
    ['json', new Date(2026, 11, 31, 0, 1), 'site-reports-2026-12-31.json'],
  ] as const)('%s on a local date', (format, now, name) => {
    expect(exportFileName(format, now)).toBe(name);
  });

  it('gives each format its name, type and text', () => {
    const now = new Date(2026, 10, 20, 12);
    expect(exportFile('csv', [summary()], now)).toMatchObject({
      name: 'site-reports-2026-11-20.csv',
      type: 'text/csv;charset=utf-8',
      text: reportsCsv([summary()]),
    });
    expect(exportFile('json', [summary()], now)).toMatchObject({
      name: 'site-reports-2026-11-20.json',
      type: 'application/json',
      text: reportsJson([summary()]),
    });
  });
});
