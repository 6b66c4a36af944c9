// What is kept of a report answer for the Issues tab: its checks, with their error kinds, and
// when and where it was analysed; nothing when its `results` is no map of checks.
import type { Report } from '../api/model';
import { parseChecks } from '../rating/checks';
import type { KeptAnalysis, KeptCheck } from './model';

/** The error kinds of a check's raw entry (`errors: { missing: true }` → ['missing']). */
function errorKinds(entry: unknown): string[] | undefined {
  if (entry === null || typeof entry !== 'object') return undefined;
  const errors = (entry as { errors?: unknown }).errors;
  if (errors === null || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  const kinds = Object.keys(errors);
  return kinds.length > 0 ? kinds : undefined;
}

/** The checks `results` holds, with their error kinds; null when it is no map of checks. */
export function keptChecks(results: unknown): KeptCheck[] | null {
  const checks = parseChecks(results);
  if (!checks) return null;
  const raw = results as Record<string, unknown>;
  return checks.map(({ key, importance, passed, limit }) => {
    const errors = passed ? undefined : errorKinds(raw[key]);
    return {
      key,
      importance,
      passed,
      ...(errors && { errors }),
      ...(limit && { limit }),
    };
  });
}

/** What is kept of a report answer; null when it carries no details. */
export function analysisOf(report: Report, owner: string, seenAt: number): KeptAnalysis | null {
  const checks = keptChecks(report.results);
  if (!checks) return null;
  const at = report.generatedAt === null ? Number.NaN : Date.parse(report.generatedAt);
  return {
    owner,
    reportId: report.id,
    url: report.url,
    ...(report.project !== undefined && { project: report.project }),
    rating: report.rating,
    ...(report.score !== undefined && { score: report.score }),
    at: Number.isFinite(at) ? at : null,
    seenAt,
    failed: checks.filter((check) => !check.passed),
    passed: checks.filter((check) => check.passed).map((check) => check.key),
  };
}
