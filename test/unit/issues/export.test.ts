// The Issues as text: the problem in words (named checks, unknown keys, unknown error kinds), the
// Markdown checklist, one page's checklist, and the CSV with the exports' rules (formula-safe).
import { describe, expect, it } from 'vitest';
import { problemText as comparedProblem } from '../../../components/reports/check-problem';
import { issuesCsv, issuesFile, issuesMarkdown } from '../../../lib/issues/export';
import type { IssueRow, IssueWithPages, KeptCheck } from '../../../lib/issues/model';
import { pageMarkdown } from '../../../lib/issues/page-markdown';
import {
  changeText,
  checkTitle,
  kindsText,
  pagesText,
  problemText,
} from '../../../lib/issues/words';

const T0 = Date.parse('2026-11-20T09:00:00Z');

const check = (overrides: Partial<KeptCheck> = {}): KeptCheck => ({
  key: 'meta_description',
  importance: 'high',
  passed: false,
  errors: ['missing'],
  ...overrides,
});

const rows: IssueWithPages[] = [
  {
    key: 'meta_description',
    importance: 'high',
    pages: 2,
    withDetails: 12,
    change: { newlyFailing: 2, fixed: 1 },
    failing: [
      { reportId: 1, url: 'https://a.example/', rating: 'bad', at: T0, check: check() },
      {
        reportId: 2,
        url: '=HYPERLINK("x")',
        rating: 'decent',
        at: null,
        check: check({ errors: ['length'], limit: { kind: 'length', min: 70, max: 160 } }),
      },
    ],
  },
  {
    key: 'x_custom',
    importance: 'low',
    pages: 1,
    withDetails: 12,
    change: null,
    failing: [
      {
        reportId: 3,
        url: 'https://b.example/',
        rating: 'good',
        at: T0,
        check: check({ key: 'x_custom', importance: 'low', errors: ['weird_kind'] }),
      },
    ],
  },
];

describe('words', () => {
  it.each([
    [check(), 'Meta description: missing'],
    [check({ errors: ['too_many', 'duplicate'] }), 'Meta description: too many, duplicate'],
    [
      check({ errors: ['length'], limit: { kind: 'length', min: 70, max: 160 } }),
      'Meta description length: 70–160 characters',
    ],
    [check({ key: 'x_custom', errors: ['weird_kind'] }), 'x_custom: failed'],
    [check({ errors: undefined }), 'Meta description: failed'],
  ])('says the problem of %j as %s', (failed, words) => {
    expect(problemText(failed)).toBe(words);
  });

  it('names checks, counts pages and says the change', () => {
    expect(checkTitle('404_page')).not.toBe('404_page');
    expect(checkTitle('x_custom')).toBe('x_custom');
    expect(pagesText({ ...rows[0], pages: 8 } as IssueRow)).toBe('8 of 12');
    expect(changeText(rows[0] as IssueRow)).toBe('2 newly failing, 1 fixed');
    expect(changeText(rows[1] as IssueRow)).toBe('');
  });
});

describe('the error kinds', () => {
  const KINDS = [
    ['missing', 'missing'],
    ['length', 'wrong length'],
    ['too_many', 'too many'],
    ['too_few', 'too few'],
    ['too_small', 'too small'],
    ['too_large', 'too large'],
    ['too_slow', 'too slow'],
    ['duplicate', 'duplicate'],
    ['bad_format', 'wrong format'],
    ['bad_tags', 'wrong tags'],
    ['failed', 'failed'],
    ['weird_kind', 'failed'],
  ] as const;

  it.each(KINDS)('read %s as "%s", in the Issues tab and the Comparison alike', (kind, words) => {
    expect(kindsText([kind])).toBe(words);
    expect(problemText(check({ key: 'x_custom', errors: [kind] }))).toBe(`x_custom: ${words}`);
    const compared = { key: 'x_custom', importance: 'high' as const, passed: false };
    expect(comparedProblem({ ...compared, errors: [kind] })).toBe(words);
  });

  it('say each word once, and "failed" for none', () => {
    expect(kindsText(['missing', 'weird', 'failed', 'missing'])).toBe('missing, failed');
    expect(kindsText([])).toBe('failed');
  });
});

describe('Markdown', () => {
  it('is a checklist of the checks with their pages indented', () => {
    expect(issuesMarkdown(rows)).toBe(
      [
        '- [ ] Meta description — 2 of 12 pages (high)',
        '  - https://a.example/ — Bad: Meta description: missing',
        '  - =HYPERLINK("x") — Decent: Meta description length: 70–160 characters',
        '- [ ] x_custom — 1 of 12 pages (low)',
        '  - https://b.example/ — Good: x_custom: failed',
        '',
      ].join('\n'),
    );
  });

  it("lists one page's failed checks", () => {
    const text = pageMarkdown([
      { key: 'title', importance: 'high', passed: false },
      { key: 'favicon', importance: 'low', passed: false },
    ]);
    expect(text).toBe('- [ ] Title (high)\n- [ ] Favicon (low)\n');
  });
});

describe('CSV', () => {
  it('has one row per page and failing check, quoted and formula-safe', () => {
    const lines = issuesCsv(rows)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines).toEqual([
      '"check","importance","address","rating","problem","generated_at"',
      '"meta_description","high","https://a.example/","bad","Meta description: missing","2026-11-20T09:00:00.000Z"',
      '"meta_description","high","\'=HYPERLINK(""x"")","decent","Meta description length: 70–160 characters",""',
      '"x_custom","low","https://b.example/","good","x_custom: failed","2026-11-20T09:00:00.000Z"',
      '',
    ]);
    expect(issuesFile(rows, new Date(2026, 10, 28)).name).toBe('site-issues-2026-11-28.csv');
  });
});
