// Two reports' checks side by side: which fail only in one, in both, or in neither. Pure: the
// words are the page's (components/reports/Comparison.tsx); here only the reading and grouping.
import type { CheckOutcome, Importance } from '../rating/checks';

/** One check of either report: its outcome in each (absent where that report has no such check). */
export interface ComparedCheck {
  key: string;
  /** The higher of the two, when the reports disagree. */
  importance: Importance;
  a?: CheckOutcome;
  b?: CheckOutcome;
}

export const GROUPS = ['onlyA', 'onlyB', 'both', 'neither'] as const;
export type Group = (typeof GROUPS)[number];
export type Comparison = Record<Group, ComparedCheck[]>;

const RANK: Record<Importance, number> = { high: 0, medium: 1, low: 2 };

const fails = (outcome: CheckOutcome | undefined) => outcome !== undefined && !outcome.passed;

/** Where a check belongs: a check a report does not have does not fail there. */
export function groupOf({ a, b }: Pick<ComparedCheck, 'a' | 'b'>): Group {
  if (fails(a)) return fails(b) ? 'both' : 'onlyA';
  return fails(b) ? 'onlyB' : 'neither';
}

/**
 * The checks of both reports in the four groups, each sorted by importance (high first), then by
 * name (`nameOf` gives a key's name in words; the key itself by default).
 */
export function compareChecks(
  a: readonly CheckOutcome[],
  b: readonly CheckOutcome[],
  nameOf: (key: string) => string = (key) => key,
): Comparison {
  const byKey = new Map<string, ComparedCheck>();
  for (const [side, checks] of [
    ['a', a],
    ['b', b],
  ] as const) {
    for (const check of checks) {
      const known = byKey.get(check.key);
      if (!known) {
        byKey.set(check.key, { key: check.key, importance: check.importance, [side]: check });
        continue;
      }
      known[side] = check;
      if (RANK[check.importance] < RANK[known.importance]) known.importance = check.importance;
    }
  }
  const comparison: Comparison = { onlyA: [], onlyB: [], both: [], neither: [] };
  for (const check of byKey.values()) comparison[groupOf(check)].push(check);
  const names = new Map([...byKey.keys()].map((key) => [key, nameOf(key)]));
  const order = (x: ComparedCheck, y: ComparedCheck) =>
    RANK[x.importance] - RANK[y.importance] ||
    (names.get(x.key) ?? x.key).localeCompare(names.get(y.key) ?? y.key) ||
    (x.key < y.key ? -1 : x.key > y.key ? 1 : 0);
  for (const group of GROUPS) comparison[group].sort(order);
  return comparison;
}

/**
 * How the page names each report: its address, or, when both have the same address, the address
 * with when it was generated (`timeOf`), or with its id when even those are the same.
 */
export function reportLabels(
  a: { id: number; url: string; generatedAt: string | null },
  b: { id: number; url: string; generatedAt: string | null },
  timeOf: (iso: string | null) => string,
  withTime: (url: string, time: string) => string,
  withId: (url: string, id: number) => string,
): [string, string] {
  if (a.url !== b.url) return [a.url, b.url];
  const [timeA, timeB] = [timeOf(a.generatedAt), timeOf(b.generatedAt)];
  if (timeA && timeB && timeA !== timeB) return [withTime(a.url, timeA), withTime(b.url, timeB)];
  return [withId(a.url, a.id), withId(b.url, b.id)];
}
