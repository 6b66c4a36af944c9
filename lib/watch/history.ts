// The history the service does not keep: one record per analysis the extension saw, per account
// (its local id, as the rating cache keys it) and report, in IndexedDB so it survives restarts.
// Bounded, oldest dropped first; in all, watched pages' records go last, since every list,
// export and audit answer brings records of pages nobody watches. Writing is best effort: a
// failure is logged, never turned into a failed answer, and a failed write leaves nothing half
// done (one transaction).
import type { IDBPTransaction } from 'idb';
import { hostOf } from '../url-parts';
import { allOrNone, closeDb, type Db, db, type HistoryDb, type StoredRecord } from './history-db';
import type { HistoryRecord, ReportHistory } from './model';

export type { StoredRecord };

export const MAX_RECORDS_PER_REPORT = 100;
export const MAX_RECORDS = 50_000;

/** How many records are kept per report and in all (tests use smaller ones). */
export interface HistoryBounds {
  perReport: number;
  total: number;
}
const BOUNDS: HistoryBounds = { perReport: MAX_RECORDS_PER_REPORT, total: MAX_RECORDS };

/** Whether report `reportId` of `service` is watched: its records are dropped last. */
export type IsWatched = (service: string, reportId: number) => boolean;

export interface WriteOptions {
  bounds?: HistoryBounds;
  /** Reads which reports are watched, before the write (none when absent). */
  watched?: () => Promise<IsWatched>;
}

type WriteTx = IDBPTransaction<HistoryDb, ['records'], 'readwrite'>;

/** Writes under way: callers need not wait for them, reads do. */
const writing = new Set<Promise<unknown>>();

/** Closes the database; the next use opens it again (tests start each case afresh). */
export function closeHistory(): void {
  writing.clear();
  closeDb();
}

/** Resolves when the writes started so far have ended. */
export const historyWritten = () => Promise.all(writing);

/** The reads see every write started before them. */
async function readable(): Promise<Db> {
  await historyWritten();
  return db();
}

const reportRange = (service: string, reportId: number, upTo = Number.POSITIVE_INFINITY) =>
  IDBKeyRange.bound([service, reportId, Number.NEGATIVE_INFINITY], [service, reportId, upTo]);

/** The kind of failure only: a storage error's message may quote what was being written. */
export function warnWatch(what: string, error: unknown) {
  const kind = error instanceof Error ? error.name : typeof error;
  console.warn(`Site Report: could not ${what} (${kind}).`);
}

export const toRecord = ({ at, result, score, failed }: StoredRecord): HistoryRecord => ({
  at,
  result,
  ...(score !== undefined && { score }),
  ...(failed !== undefined && { failed }),
});

/** Deletes the first `count` records a cursor goes through. */
async function deleteFirst(open: () => ReturnType<WriteTx['store']['openCursor']>, count: number) {
  for (let cursor = await open(), left = count; cursor && left > 0; left--) {
    await cursor.delete();
    cursor = await cursor.continue();
  }
}

/**
 * Whether two records are one analysis: the same generated_at with the same outcome. A service
 * whose clock counts whole seconds gives two analyses of one second the same generated_at; one
 * that rated otherwise is another analysis.
 */
function sameAnalysis(a: HistoryRecord, b: HistoryRecord): boolean {
  if (a.result !== b.result || a.score !== b.score) return false;
  // A list's answer carries no checks: it agrees with a read's.
  if (!a.failed || !b.failed) return true;
  const keys = (record: HistoryRecord) => record.failed?.map((check) => check.key).join();
  return keys(a) === keys(b);
}

/** Adds `record` unless it is known; whether it was new. */
async function recordOne(tx: WriteTx, record: StoredRecord, perReport: number): Promise<boolean> {
  const { service, reportId, at } = record;
  const byReport = tx.store.index('report');
  let cursor = await byReport.openCursor([service, reportId, at]);
  for (; cursor; cursor = await cursor.continue()) {
    if (!sameAnalysis(cursor.value, record)) continue;
    // Seen before; a list may have carried no checks that a read of it now does.
    if (!cursor.value.failed && record.failed) await cursor.update(record);
    return false;
  }
  await tx.store.add(record);
  const range = reportRange(service, reportId);
  await deleteFirst(() => byReport.openCursor(range), (await byReport.count(range)) - perReport);
  return true;
}

/**
 * A full history is trimmed this share below its bound, so that the next answers find room: the
 * trim walks past the watched pages' records, and walking them at every answer would be slow.
 */
const TRIM_ROOM = 0.01;

/**
 * Brings the records in all down to `total` (and the room below it): the oldest of unwatched
 * reports first, watched ones' only when they alone are more.
 */
async function trimTotal(tx: WriteTx, total: number, watched: IsWatched) {
  const count = await tx.store.count();
  if (count <= total) return;
  let over = count - total + Math.floor(total * TRIM_ROOM);
  const byTime = () => tx.store.index('at').openCursor();
  for (let cursor = await byTime(); cursor && over > 0; cursor = await cursor.continue()) {
    if (watched(cursor.value.service, cursor.value.reportId)) continue;
    await cursor.delete();
    over--;
  }
  await deleteFirst(byTime, over);
}

const noneWatched: IsWatched = () => false;

/**
 * Adds the records of one answer, each once, in one transaction; how many were new. Never rejects
 * (nothing is added on a failure, also when which reports are watched cannot be read). Answers
 * need not wait for it: later reads do.
 */
export function addRecords(
  records: readonly StoredRecord[],
  { bounds = BOUNDS, watched = async () => noneWatched }: WriteOptions = {},
): Promise<number> {
  if (records.length === 0) return Promise.resolve(0);
  const write = writeRecords(records, bounds, watched);
  writing.add(write);
  void write.finally(() => writing.delete(write));
  return write;
}

/** Runs `work` in one read-write transaction: all of it is stored, or none (it is aborted). */
async function inTransaction<T>(database: Db, work: (tx: WriteTx) => Promise<T>): Promise<T> {
  const tx = database.transaction('records', 'readwrite');
  return allOrNone(tx, () => work(tx));
}

async function writeRecords(
  records: readonly StoredRecord[],
  bounds: HistoryBounds,
  readWatched: () => Promise<IsWatched>,
): Promise<number> {
  try {
    // Read before the transaction: it would end while waiting on anything but the database.
    const watched = await readWatched();
    return await inTransaction(await db(), async (tx) => {
      let added = 0;
      for (const record of records) {
        if (await recordOne(tx, record, bounds.perReport)) added++;
      }
      await trimTotal(tx, bounds.total, watched);
      return added;
    });
  } catch (error) {
    warnWatch('record the history', error);
    return 0;
  }
}

/** One report's records, oldest first (one small read); none when they cannot be read. */
export async function readHistory(service: string, reportId: number): Promise<StoredRecord[]> {
  try {
    const database = await readable();
    return await database.getAllFromIndex('records', 'report', reportRange(service, reportId));
  } catch (error) {
    warnWatch('read the history', error);
    return [];
  }
}

export function historyOf(reportId: number, records: readonly StoredRecord[]): ReportHistory {
  return { reportId, url: records.at(-1)?.url ?? '', records: records.map(toRecord) };
}

/** Every kept history of the service, by report (for an export). */
export async function readAllHistories(service: string): Promise<ReportHistory[]> {
  const byReport = new Map<number, StoredRecord[]>();
  try {
    const all = await (await readable()).getAllFromIndex('records', 'service', service);
    for (const record of all.sort((a, b) => a.at - b.at)) {
      byReport.set(record.reportId, [...(byReport.get(record.reportId) ?? []), record]);
    }
  } catch (error) {
    warnWatch('read the history', error);
  }
  return [...byReport].map(([reportId, records]) => historyOf(reportId, records));
}

/** Deletes the records an index finds that `test` picks, in one transaction. Never rejects. */
async function forgetWhere(
  index: 'report' | 'service',
  query: IDBKeyRange | string,
  test: (record: StoredRecord) => boolean = () => true,
) {
  try {
    await inTransaction(await readable(), async (tx) => {
      let cursor = await tx.store.index(index).openCursor(query);
      for (; cursor; cursor = await cursor.continue()) {
        if (test(cursor.value)) await cursor.delete();
      }
    });
  } catch (error) {
    warnWatch('remove from the history', error);
  }
}

/** Forgets a deleted (or vanished) report's history. Never rejects. */
export const forgetReportHistory = (service: string, reportId: number) =>
  forgetWhere('report', reportRange(service, reportId));

/**
 * Forgets the histories of a deleted project's reports: those recorded with it, and, for records
 * without a project, those whose host is its name (the rating cache's rule). Never rejects.
 */
export function forgetProjectHistory(service: string, name: string): Promise<void> {
  const host = name.toLowerCase();
  return forgetWhere('service', service, (record) =>
    record.project !== undefined ? record.project === name : hostOf(record.url) === host,
  );
}

/** Forgets everything kept of the service. Never rejects. */
export const forgetServiceHistory = (service: string) => forgetWhere('service', service);

/** How many records are kept for `service`; 0 when that cannot be read. */
export async function countHistory(service: string): Promise<number> {
  try {
    return await (await readable()).countFromIndex('records', 'service', service);
  } catch {
    return 0;
  }
}

/**
 * The records kept under `from` (an earlier version's base URL) become `to`'s (an account's
 * local id), in one transaction: all or none.
 */
export async function moveHistory(from: string, to: string): Promise<void> {
  await inTransaction(await readable(), async (tx) => {
    let cursor = await tx.store.index('service').openCursor(from);
    for (; cursor; cursor = await cursor.continue()) {
      await cursor.update({ ...cursor.value, service: to });
    }
  });
}
