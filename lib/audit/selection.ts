// Add pages' preview: narrowing ("address contains", "at most N"), which addresses are checked
// (those with a known report start unchecked, unless they are to be re-analyzed), the count by
// host, and the one queue job that reports the checked ones.
import { MAX_AUDIT_ITEMS } from '../job-limits';
import { type PrivacyChoice, privacyInput } from '../this-page/privacy-choice';
import type { KnownPage } from './known';

export interface Narrowing {
  contains: string;
  /** At most this many addresses; null: all. */
  atMost: number | null;
}

/** The addresses that contain the text (any case), then the first `atMost` of them. */
export function narrow(addresses: readonly string[], { contains, atMost }: Narrowing): string[] {
  const needle = contains.trim().toLowerCase();
  const matching = needle
    ? addresses.filter((url) => url.toLowerCase().includes(needle))
    : [...addresses];
  return atMost !== null && atMost >= 0 ? matching.slice(0, atMost) : matching;
}

/** "At most" as typed: a whole number ≥ 0, or null for none (empty or not a number). */
export function atMostOf(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= 0 ? value : null;
}

/**
 * The user's choice, or else: a page with a known report when it is re-analyzed; any other page
 * unless it may have a report or be about to get one: its create queued already (reading the
 * same sitemap again during a run), sent with its outcome unknown, or not checked (`doubtful`
 * holds those).
 */
export function isChecked(
  url: string,
  known: ReadonlyMap<string, KnownPage>,
  choices: ReadonlyMap<string, boolean>,
  reanalyze: boolean,
  doubtful: { has(url: string): boolean } = new Set(),
): boolean {
  return choices.get(url) ?? (known.has(url) ? reanalyze : !doubtful.has(url));
}

/**
 * The host (and port) of an address in the form URL parsing gives (addressOf's): what comes
 * between `//` and the path, after any user info, whose own `@`s are escaped. Cut out of the text,
 * as parsing each of 50,000 again would take most of a read's time.
 */
export function hostOfParsed(url: string): string {
  const authority = url.slice(url.indexOf('//') + 2, authorityEnd(url));
  return authority.slice(authority.lastIndexOf('@') + 1);
}

/** Where an address's user info, host and port end: at its path's first `/`. */
function authorityEnd(url: string): number {
  const end = url.indexOf('/', url.indexOf('//') + 2);
  return end < 0 ? url.length : end;
}

/** How many addresses each host has, most first (then by name). */
export function countByHost(addresses: readonly string[]): { host: string; count: number }[] {
  const counts = new Map<string, number>();
  // A sitemap lists a host's addresses together: its host is cut out again only when it changes.
  let origin = '';
  let host = '';
  for (const url of addresses) {
    if (!(url.startsWith(origin) && url[origin.length] === '/')) {
      origin = url.slice(0, authorityEnd(url));
      host = hostOfParsed(url);
    }
    counts.set(host, (counts.get(host) ?? 0) + 1);
  }
  return [...counts]
    .map(([host, count]) => ({ host, count }))
    .sort((a, b) => b.count - a.count || a.host.localeCompare(b.host));
}

/** What the selection asks of the service: new reports, and re-analyses of known ones. */
export function selectionNeeds(selected: readonly string[], known: ReadonlyMap<string, KnownPage>) {
  const reanalyses = selected.filter((url) => known.has(url)).length;
  return {
    creates: selected.length - reanalyses,
    reanalyses,
    fits: selected.length <= MAX_AUDIT_ITEMS,
  };
}

/**
 * The queue's job (enqueueJob): a create for each new page, a re-analysis (`results=1`) for each
 * one with a known report; the password once.
 */
export function auditJob(
  selected: readonly string[],
  known: ReadonlyMap<string, KnownPage>,
  choice: PrivacyChoice,
) {
  const { privacy, password } = privacyInput(choice);
  return {
    kind: 'audit' as const,
    items: selected.map((url) => {
      const page = known.get(url);
      return page
        ? { type: 'update' as const, id: page.reportId, results: true }
        : { type: 'create' as const, url, privacy };
    }),
    ...(password !== undefined ? { password } : {}),
  };
}
