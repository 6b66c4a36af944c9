// The analyses the service's answers carry, recorded in the history (history.ts) as the background
// sees them: each one's rating, score and failed checks (read from its `results` by
// lib/rating/checks.ts). The watch list says whose records are dropped last. The Watched tab only
// reads the history, without this.
import type { Report } from '../api/model';
import { parseChecks } from '../rating/checks';
import { addRecords, type HistoryBounds, type StoredRecord } from './history';
import type { FailedCheck } from './model';
import { readIsWatched } from './store';

/** The analysis a report answer carries, or null when it has none (not analysed yet). */
export function recordOf(report: Report, service: string): StoredRecord | null {
  const at = report.generatedAt === null ? Number.NaN : Date.parse(report.generatedAt);
  if (!Number.isFinite(at)) return null;
  const checks = parseChecks(report.results);
  const failed: FailedCheck[] | undefined = checks
    ?.filter((check) => !check.passed)
    .map(({ key, importance }) => ({ key, importance }));
  return {
    service,
    reportId: report.id,
    url: report.url,
    ...(report.project !== undefined && { project: report.project }),
    at,
    result: report.rating,
    ...(report.score !== undefined && { score: report.score }),
    ...(failed && { failed }),
  };
}

/**
 * Records the analyses of one answer of the service at `service`, each once; how many were new.
 * Never rejects. Answers need not wait for it: later reads do.
 */
export function recordAnalyses(
  reports: readonly Report[],
  service: string,
  bounds?: HistoryBounds,
): Promise<number> {
  return addRecords(
    reports.flatMap((report) => recordOf(report, service) ?? []),
    { ...(bounds && { bounds }), watched: readIsWatched },
  );
}
