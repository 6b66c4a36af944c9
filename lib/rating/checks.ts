// Why a page got its rating: a report's `results`, read as the contract's map of checks
// (`{ "<key>": { passed, importance, value, errors } }`), boiled down to what the pages show.
// Anything else in `results` explains nothing; it never fails a read.
import * as z from 'zod/mini';
import { IMPORTANCES } from '../api/model';

export type Importance = (typeof IMPORTANCES)[number];

/** The bounds an error gives (`length {min, max}`, `too_slow {max}`…), with its kind. */
export const CheckLimit = z.object({
  kind: z.string(),
  min: z.optional(z.number()),
  max: z.optional(z.number()),
});
export type CheckLimit = z.infer<typeof CheckLimit>;

export const Check = z.object({
  key: z.string(),
  passed: z.boolean(),
  importance: z.literal(IMPORTANCES),
  limit: z.optional(CheckLimit),
});
export type Check = z.infer<typeof Check>;

/** What the pages show: how many checks passed of how many, and the failed ones in order. */
export const RatingExplanation = z.object({
  passed: z.number(),
  total: z.number(),
  failed: z.array(Check),
});
export type RatingExplanation = z.infer<typeof RatingExplanation>;

/** `true`/`false`, as PHP may also encode them (1/0). */
const Passed = z.union([
  z.boolean(),
  z.pipe(
    z.literal([0, 1]),
    z.transform((value: 0 | 1) => value === 1),
  ),
]);

/** A known importance in any letter case; anything else counts as low. */
const ImportanceField = z.catch(
  z.pipe(
    z.string(),
    z.transform((text) => {
      const lower = text.toLowerCase();
      return (IMPORTANCES as readonly string[]).includes(lower) ? (lower as Importance) : 'low';
    }),
  ),
  'low' as Importance,
);

const Bound = z.catch(
  z.optional(
    z.pipe(
      z.union([z.number(), z.string().check(z.regex(/^\s*-?\d+(\.\d+)?\s*$/))]),
      z.transform(Number),
    ),
  ),
  undefined,
);
const Bounds = z.object({ min: Bound, max: Bound });

const Entry = z.object({
  passed: Passed,
  importance: ImportanceField,
  errors: z.catch(z.optional(z.looseObject({})), undefined),
});

const Results = z.looseObject({});

/** The first error that carries a bound, as a limit. */
function limitOf(errors: Record<string, unknown> | undefined): CheckLimit | undefined {
  for (const [kind, detail] of Object.entries(errors ?? {})) {
    const bounds = Bounds.safeParse(detail);
    if (!bounds.success) continue;
    const { min, max } = bounds.data;
    if (min === undefined && max === undefined) continue;
    return { kind, ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
  }
  return undefined;
}

/**
 * The checks in `results`, in its order; null when it holds none (absent, another shape). Entries
 * that are not checks are left out.
 */
export function parseChecks(results: unknown): Check[] | null {
  const map = Results.safeParse(results);
  if (!map.success) return null;
  const checks: Check[] = [];
  for (const [key, value] of Object.entries(map.data)) {
    const entry = Entry.safeParse(value);
    if (!entry.success) continue;
    const { passed, importance, errors } = entry.data;
    const limit = passed ? undefined : limitOf(errors);
    checks.push({ key, passed, importance, ...(limit && { limit }) });
  }
  return checks.length > 0 ? checks : null;
}

const RANK: Record<Importance, number> = { high: 0, medium: 1, low: 2 };

/** The passed count against the total, and the failed checks, most important first. */
export function explainRating(checks: Check[]): RatingExplanation {
  const failed = checks
    .filter((check) => !check.passed)
    .sort((a, b) => RANK[a.importance] - RANK[b.importance]);
  return { passed: checks.length - failed.length, total: checks.length, failed };
}

/** `results` as the pages get it: the explanation, or null when there is nothing to explain. */
export function explanationOf(results: unknown): RatingExplanation | null {
  const checks = parseChecks(results);
  return checks ? explainRating(checks) : null;
}

/** A check with the kinds of its errors (`missing`, `length`…), as a comparison says them. */
export const CheckOutcome = z.extend(Check, { errors: z.array(z.string()) });
export type CheckOutcome = z.infer<typeof CheckOutcome>;

/** The kinds of a failed check's errors; a passed check has none worth saying. */
function errorKinds(entry: unknown, passed: boolean): string[] {
  if (passed || typeof entry !== 'object' || entry === null) return [];
  const errors = (entry as { errors?: unknown }).errors;
  // PHP encodes an empty map as `[]`: an array holds no kinds.
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return [];
  return Object.keys(errors);
}

/** Every check of `results` with its error kinds; null when it holds none (as parseChecks). */
export function readCheckOutcomes(results: unknown): CheckOutcome[] | null {
  const checks = parseChecks(results);
  if (!checks) return null;
  const entries = results as Record<string, unknown>;
  return checks.map((check) => ({
    ...check,
    errors: errorKinds(entries[check.key], check.passed),
  }));
}
