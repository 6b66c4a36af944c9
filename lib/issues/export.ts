// The Issues as text: a Markdown checklist (the Issues tab's, and one page's in "Why this rating")
// and a CSV of one row per page and failing check, with the exports' CSV rules (lib/reports).
import { formatNumber } from '../format-number';
import { t } from '../i18n';
import { ratingWord } from '../rating/rating-word';
import type { ExportFile } from '../reports/export';
import { csvText, exportFileName } from '../reports/export';
import type { IssueWithPages } from './model';
import { checkTitle, importanceText, problemText } from './words';

/** `- [ ] Meta description — 8 of 12 pages (high)`, each failing page indented under it. */
export function issuesMarkdown(rows: readonly IssueWithPages[]): string {
  const lines: string[] = [];
  for (const row of rows) {
    if (row.failing.length === 0) continue;
    const pages = t(
      'issues_markdownPages',
      formatNumber(row.failing.length),
      formatNumber(row.withDetails),
    );
    lines.push(`- [ ] ${checkTitle(row.key)} — ${pages} (${importanceText(row.importance)})`);
    for (const page of row.failing) {
      lines.push(`  - ${page.url} — ${ratingWord(page.rating)}: ${problemText(page.check)}`);
    }
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

export const ISSUES_CSV_COLUMNS = [
  'check',
  'importance',
  'address',
  'rating',
  'problem',
  'generated_at',
] as const;

/** One record per page and failing check, in the table's order; terms untranslated but the problem. */
export function issuesCsv(rows: readonly IssueWithPages[]): string {
  const records = rows.flatMap((row) =>
    row.failing.map((page) => [
      row.key,
      row.importance,
      page.url,
      page.rating,
      problemText(page.check),
      page.at === null ? null : new Date(page.at).toISOString(),
    ]),
  );
  return csvText(ISSUES_CSV_COLUMNS, records);
}

export function issuesFile(rows: readonly IssueWithPages[], now: Date = new Date()): ExportFile {
  return {
    name: exportFileName('csv', now, 'site-issues'),
    type: 'text/csv;charset=utf-8',
    text: issuesCsv(rows),
  };
}
