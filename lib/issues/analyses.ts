// The analyses kept: each report's latest checks, per owner, in the history's IndexedDB database
// (store `analyses`), written from every answer of the service that carries parseable `results`
// (service-answers.ts feeds it where it records the history). Bounded per owner, the least recently
// seen dropped first. Best effort like the history: a failed write is logged, never an error.
import type { IDBPTransaction } from 'idb';
import type { Report } from '../api/model';
import { parseChecks } from '../rating/checks';
import { hostOf } from '../url-parts';
import { warnWatch } from '../watch/history';
import { db, type HistoryDb } from '../watch/history-db';
import type { KeptAnalysis, KeptCheck } from './model';

export const MAX_ANALYSES_PER_OWNER = 50_000;

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

const writing = new Set<Promise<unknown>>();

/** Resolves when the writes started so far have ended (reads wait for them). */
export const analysesWritten = () => Promise.all(writing);

function tracked<T>(work: Promise<T>): Promise<T> {
  writing.add(work);
  void work.finally(() => writing.delete(work));
  return work;
}

const ownerRange = (owner: string) =>
  IDBKeyRange.bound([owner, Number.NEGATIVE_INFINITY], [owner, Number.POSITIVE_INFINITY]);

export interface KeepOptions {
  /** Reports kept per owner (tests use a smaller one). */
  bound?: number;
  now?: () => number;
}

/**
 * Keeps the details of the reports of one answer of `owner`'s service, in one transaction: each
 * one's latest (an older analysis than the one kept only counts as seen). How many were written.
 * Never rejects; answers need not wait for it.
 */
export function keepAnalyses(
  reports: readonly Report[],
  owner: string,
  { bound = MAX_ANALYSES_PER_OWNER, now = Date.now }: KeepOptions = {},
): Promise<number> {
  const seenAt = now();
  const kept = reports.flatMap((report) => analysisOf(report, owner, seenAt) ?? []);
  if (kept.length === 0) return Promise.resolve(0);
  return tracked(writeAnalyses(kept, owner, bound));
}

type WriteTx = IDBPTransaction<HistoryDb, ('analyses' | 'records')[], 'readwrite'>;

/**
 * The checks that failed at the report's analysis before `analysis`: the history's last record
 * before it that has them, else the analysis kept before it; undefined when neither knows.
 */
async function beforeOf(tx: WriteTx, analysis: KeptAnalysis, stored: KeptAnalysis | undefined) {
  if (stored && stored.at === analysis.at) return stored.before;
  if (analysis.at === null) return undefined;
  const { owner, reportId, at } = analysis;
  const range = IDBKeyRange.bound(
    [owner, reportId, Number.NEGATIVE_INFINITY],
    [owner, reportId, at],
    false,
    true,
  );
  let cursor = await tx.objectStore('records').index('report').openCursor(range, 'prev');
  for (; cursor; cursor = await cursor.continue()) {
    if (cursor.value.failed) return cursor.value.failed;
  }
  return stored?.failed.map(({ key, importance }) => ({ key, importance }));
}

async function writeAnalyses(kept: KeptAnalysis[], owner: string, bound: number) {
  try {
    const tx = (await db()).transaction(['analyses', 'records'], 'readwrite');
    const store = tx.objectStore('analyses');
    for (const analysis of kept) {
      const stored = await store.get([owner, analysis.reportId]);
      if (stored?.at != null && analysis.at !== null && stored.at > analysis.at) {
        await store.put({ ...stored, seenAt: analysis.seenAt });
        continue;
      }
      const before = await beforeOf(tx, analysis, stored);
      await store.put(before ? { ...analysis, before } : analysis);
    }
    const seen = store.index('seen');
    let over = (await store.index('owner').count(owner)) - bound;
    for (let cursor = await seen.openCursor(ownerRange(owner)); cursor && over > 0; over--) {
      await cursor.delete();
      cursor = await cursor.continue();
    }
    await tx.done;
    return kept.length;
  } catch (error) {
    warnWatch('keep the details', error);
    return 0;
  }
}

/** Every kept analysis of `owner`; none when they cannot be read. */
export async function readAnalyses(owner: string): Promise<KeptAnalysis[]> {
  try {
    await analysesWritten();
    return await (await db()).getAllFromIndex('analyses', 'owner', owner);
  } catch (error) {
    warnWatch('read the details', error);
    return [];
  }
}

/** How many analyses `owner` has kept (the bench's size). */
export async function countAnalyses(owner: string): Promise<number> {
  await analysesWritten();
  return (await db()).countFromIndex('analyses', 'owner', owner);
}

async function forgetWhere(owner: string, test: (analysis: KeptAnalysis) => boolean) {
  try {
    await analysesWritten();
    const tx = (await db()).transaction('analyses', 'readwrite');
    let cursor = await tx.store.index('owner').openCursor(owner);
    for (; cursor; cursor = await cursor.continue()) {
      if (test(cursor.value)) await cursor.delete();
    }
    await tx.done;
  } catch (error) {
    warnWatch('remove the details', error);
  }
}

/** Forgets a deleted (or vanished) report's details. Never rejects. */
export function forgetReportAnalysis(owner: string, reportId: number): Promise<void> {
  return tracked(
    (async () => {
      try {
        await (await db()).delete('analyses', [owner, reportId]);
      } catch (error) {
        warnWatch('remove the details', error);
      }
    })(),
  );
}

/**
 * Forgets the details of a deleted project's reports: those kept with it, and, without a project,
 * those whose host is its name (the history's rule). Never rejects.
 */
export function forgetProjectAnalyses(owner: string, name: string): Promise<void> {
  const host = name.toLowerCase();
  return forgetWhere(owner, (analysis) =>
    analysis.project !== undefined ? analysis.project === name : hostOf(analysis.url) === host,
  );
}

/** Forgets every analysis kept for `owner` (its account was removed). Never rejects. */
export function forgetOwnerAnalyses(owner: string): Promise<void> {
  return forgetWhere(owner, () => true);
}

/**
 * The analyses kept under `from` (an earlier version's base URL) become `to`'s, in one
 * transaction: all or none.
 */
export async function moveAnalyses(from: string, to: string): Promise<void> {
  await analysesWritten();
  const tx = (await db()).transaction('analyses', 'readwrite');
  try {
    let cursor = await tx.store.index('owner').openCursor(from);
    for (; cursor; cursor = await cursor.continue()) {
      const moved = { ...cursor.value, owner: to };
      await cursor.delete();
      await tx.store.put(moved);
    }
    await tx.done;
  } catch (error) {
    // A failure midway must not leave half of them moved.
    tx.done.catch(() => undefined);
    tx.abort();
    throw error;
  }
}
