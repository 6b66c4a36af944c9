// What the address bar's `sr` keyword suggests: kept reports whose address holds the typed text,
// each as its address and rating word. Chromium reads a suggestion's description as XML; Firefox
// shows it as plain text (MDN's compatibility notes), so only Chromium's is escaped and marked up.
import type { Rating } from '../api/model';

/** The most suggestions shown for one text. */
export const MAX_SUGGESTIONS = 6;

export interface KeptReport {
  url: string;
  reportId: number;
  rating: Rating | null;
  /** When it was seen (ms); newer first among equals. */
  seenAt: number;
}

export interface Suggestion {
  /** What the address bar fills in, and what Enter hands back: the report's address. */
  content: string;
  description: string;
}

/** `text` safe inside Chromium's XML description. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The kept reports whose address holds `text` (any letter case), newest first, at most `limit`. */
export function matchKept(
  reports: readonly KeptReport[],
  text: string,
  limit = MAX_SUGGESTIONS,
): KeptReport[] {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return [];
  return reports
    .filter((report) => report.url.toLowerCase().includes(wanted))
    .sort((a, b) => b.seenAt - a.seenAt)
    .slice(0, limit);
}

/** The suggestion for a report; `markup`: Chromium's XML description, else plain text. */
export function suggestionOf(
  report: Pick<KeptReport, 'url'>,
  ratingWord: string,
  markup: boolean,
): Suggestion {
  const description = markup
    ? `<url>${escapeXml(report.url)}</url> <dim>${escapeXml(ratingWord)}</dim>`
    : `${report.url} — ${ratingWord}`;
  return { content: report.url, description };
}

/** The reports of both sources, each address once (the first's), at most `limit`. */
export function mergeReports(
  first: readonly KeptReport[],
  second: readonly KeptReport[],
  limit = MAX_SUGGESTIONS,
): KeptReport[] {
  const seen = new Set<string>();
  const merged: KeptReport[] = [];
  for (const report of [...first, ...second]) {
    if (seen.has(report.url)) continue;
    seen.add(report.url);
    merged.push(report);
  }
  return merged.slice(0, limit);
}

/** The workspace on Reports with `text` as its search (the Reports tab reads its filters there). */
export function workspaceSearchPath(text: string): `/sidepanel.html#${string}` {
  const params = new URLSearchParams({ tab: 'reports', search: text.trim() });
  return `/sidepanel.html#${params.toString()}`;
}
