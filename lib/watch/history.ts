// The history the service does not keep: one record per analysis the extension saw, per service
// (its base URL, as the rating cache keys it) and report, in IndexedDB so it survives restarts.
// Bounded, oldest dropped first. Writing is best effort: a failure is logged, never turned into
// a failed answer, and a failed write leaves nothing half done (one transaction).
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB } from 'idb';
import type { Report } from '../api/model';
import { parseChecks } from '../rating/checks';
import type { FailedCheck, HistoryRecord, ReportHistory } from './model';

export const MAX_RECORDS_PER_REPORT = 100;
export const MAX_RECORDS = 50_000;

/** How many records are kept per report and in all (tests use smaller ones). */
export interface HistoryBounds {
  perReport: number;
  total: number;
}
const BOUNDS: HistoryBounds = { perReport: MAX_RECORDS_PER_REPORT, total: MAX_RECORDS };

/** A record as stored: the analysis, and whose it is. */
export interface StoredRecord extends HistoryRecord {
  service: string;
  reportId: number;
  url: string;
  project?: string;
}

interface HistoryDb extends DBSchema {
  records: {
    key: number;
    value: StoredRecord;
    indexes: { report: [string, number, number]; at: number; service: string };
  };
}

const DB_NAME = 'site-report-history';
type Db = IDBPDatabase<HistoryDb>;
type WriteTx = IDBPTransaction<HistoryDb, ['records'], 'readwrite'>;

let opened: Promise<Db> | undefined;
/** Writes under way: callers need not wait for them, reads do. */
const writing = new Set<Promise<unknown>>();

function db(): Promise<Db> {
  opened ??= openDB<HistoryDb>(DB_NAME, 1, {
    upgrade(database) {
      const records = database.createObjectStore('records', { autoIncrement: true });
      // One record per analysis: a report's generated_at is seen once.
      records.createIndex('report', ['service', 'reportId', 'at'], { unique: true });
      records.createIndex('at', 'at');
      records.createIndex('service', 'service');
    },
  }).catch((error) => {
    opened = undefined;
    throw error;
  });
  return opened;
}

/** Closes the database; the next use opens it again (tests start each case afresh). */
export function closeHistory(): void {
  const current = opened;
  opened = undefined;
  writing.clear();
  void current?.then(
    (database) => database.close(),
    () => undefined,
  );
}

/** The reads see every write started before them. */
async function readable(): Promise<Db> {
  await Promise.all(writing);
  return db();
}

const reportRange = (service: string, reportId: number, upTo = Number.POSITIVE_INFINITY) =>
  IDBKeyRange.bound([service, reportId, Number.NEGATIVE_INFINITY], [service, reportId, upTo]);

function warnNotSaved(what: string, error: unknown) {
  // The kind of failure only: a storage error's message may quote what was being written.
  const kind = error instanceof Error ? error.name : typeof error;
  console.warn(`Site Report: the history could not ${what} (${kind}).`);
}

export const toRecord = ({ at, result, score, failed }: StoredRecord): HistoryRecord => ({
  at,
  result,
  ...(score !== undefined && { score }),
  ...(failed !== undefined && { failed }),
});

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

/** A new analysis recorded, with the one before it (null: the first known). */
export interface Recorded {
  reportId: number;
  previous: HistoryRecord | null;
  record: HistoryRecord;
}

async function deleteOldest(
  cursorOf: () => ReturnType<WriteTx['store']['openCursor']>,
  count: number,
) {
  let cursor = await cursorOf();
  for (let left = count; cursor && left > 0; left--) {
    await cursor.delete();
    cursor = await cursor.continue();
  }
}

async function recordOne(
  tx: WriteTx,
  record: StoredRecord,
  perReport: number,
): Promise<Recorded | null> {
  const { service, reportId, at } = record;
  const byReport = tx.store.index('report');
  const key = await byReport.getKey([service, reportId, at]);
  if (key !== undefined) {
    // Seen before; a list may have carried no checks that a read of it now does.
    const existing = await tx.store.get(key);
    if (existing && !existing.failed && record.failed) await tx.store.put(record, key);
    return null;
  }
  const before = await byReport.openCursor(reportRange(service, reportId, at), 'prev');
  await tx.store.add(record);
  const kept = await byReport.count(reportRange(service, reportId));
  if (kept > perReport) {
    await deleteOldest(() => byReport.openCursor(reportRange(service, reportId)), kept - perReport);
  }
  return { reportId, previous: before ? toRecord(before.value) : null, record: toRecord(record) };
}

/**
 * Records the analyses of one answer of the service at `service`, each generated_at once, in one
 * transaction; what was new. Never rejects (nothing is recorded on a failure). Answers need not
 * wait for it: later reads do.
 */
export function recordAnalyses(
  reports: readonly Report[],
  service: string,
  bounds: HistoryBounds = BOUNDS,
): Promise<Recorded[]> {
  const records = reports.flatMap((report) => recordOf(report, service) ?? []);
  if (records.length === 0) return Promise.resolve([]);
  const write = writeRecords(records, bounds);
  writing.add(write);
  void write.finally(() => writing.delete(write));
  return write;
}

/** Runs `work` in one read-write transaction: all of it is stored, or none (it is aborted). */
async function inTransaction<T>(database: Db, work: (tx: WriteTx) => Promise<T>): Promise<T> {
  const tx = database.transaction('records', 'readwrite');
  try {
    const result = await work(tx);
    await tx.done;
    return result;
  } catch (error) {
    // A throw midway would otherwise let the transaction commit what it did before it.
    tx.done.catch(() => undefined);
    try {
      tx.abort();
    } catch {
      // It had ended already.
    }
    throw error;
  }
}

async function writeRecords(records: StoredRecord[], bounds: HistoryBounds): Promise<Recorded[]> {
  try {
    return await inTransaction(await db(), async (tx) => {
      const recorded: Recorded[] = [];
      for (const record of records) {
        const added = await recordOne(tx, record, bounds.perReport);
        if (added) recorded.push(added);
      }
      const total = await tx.store.count();
      if (total > bounds.total) {
        await deleteOldest(() => tx.store.index('at').openCursor(), total - bounds.total);
      }
      return recorded;
    });
  } catch (error) {
    warnNotSaved('be recorded', error);
    return [];
  }
}

/** One report's records, oldest first; an empty list when none are kept or they cannot be read. */
export async function readHistory(service: string, reportId: number): Promise<StoredRecord[]> {
  try {
    return await (await readable()).getAllFromIndex(
      'records',
      'report',
      reportRange(service, reportId),
    );
  } catch (error) {
    warnNotSaved('be read', error);
    return [];
  }
}

/** The latest two records of a report, oldest first (for what changed; one small read). */
export async function latestTwo(service: string, reportId: number): Promise<StoredRecord[]> {
  try {
    const index = (await readable()).transaction('records').store.index('report');
    const latest: StoredRecord[] = [];
    let cursor = await index.openCursor(reportRange(service, reportId), 'prev');
    while (cursor && latest.length < 2) {
      latest.unshift(cursor.value);
      cursor = await cursor.continue();
    }
    return latest;
  } catch (error) {
    warnNotSaved('be read', error);
    return [];
  }
}

export function historyOf(reportId: number, records: readonly StoredRecord[]): ReportHistory {
  return { reportId, url: records.at(-1)?.url ?? '', records: records.map(toRecord) };
}

/** Every kept history of the service, by report (for an export). */
export async function readAllHistories(service: string): Promise<ReportHistory[]> {
  try {
    const all = await (await readable()).getAllFromIndex('records', 'service', service);
    const byReport = new Map<number, StoredRecord[]>();
    for (const record of all) {
      byReport.set(record.reportId, [...(byReport.get(record.reportId) ?? []), record]);
    }
    return [...byReport].map(([reportId, records]) =>
      historyOf(
        reportId,
        records.sort((a, b) => a.at - b.at),
      ),
    );
  } catch (error) {
    warnNotSaved('be read', error);
    return [];
  }
}

/** Deletes the service's records that `test` picks, in one transaction. Never rejects. */
async function forgetWhere(service: string, test: (record: StoredRecord) => boolean) {
  try {
    await inTransaction(await readable(), async (tx) => {
      let cursor = await tx.store.index('service').openCursor(service);
      while (cursor) {
        if (test(cursor.value)) await cursor.delete();
        cursor = await cursor.continue();
      }
    });
  } catch (error) {
    warnNotSaved('be removed', error);
  }
}

/** Forgets a deleted (or vanished) report's history. Never rejects. */
export async function forgetReportHistory(service: string, reportId: number): Promise<void> {
  try {
    await inTransaction(await readable(), async (tx) => {
      const keys = await tx.store.index('report').getAllKeys(reportRange(service, reportId));
      for (const key of keys) await tx.store.delete(key);
    });
  } catch (error) {
    warnNotSaved('be removed', error);
  }
}

/**
 * Forgets the histories of a deleted project's reports: those recorded with it, and, for records
 * without a project, those whose host is its name (the rating cache's rule). Never rejects.
 */
export function forgetProjectHistory(service: string, name: string): Promise<void> {
  const host = name.toLowerCase();
  return forgetWhere(service, (record) =>
    record.project !== undefined ? record.project === name : hostOf(record.url) === host,
  );
}

/** Forgets everything kept of the service. Never rejects. */
export function forgetServiceHistory(service: string): Promise<void> {
  return forgetWhere(service, () => true);
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
