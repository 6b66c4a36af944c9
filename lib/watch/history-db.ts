// The database the history (history.ts) and the analyses kept (lib/issues/analyses.ts) share:
// one IndexedDB database, so that a report's records and its latest checks go together.
import {
  type DBSchema,
  type IDBPDatabase,
  type IDBPTransaction,
  openDB,
  type StoreNames,
} from 'idb';
import {
  emptySummary,
  type IssuesSummary,
  type StoredAnalysis,
  stored,
  tally,
} from './issues-summary';
import type { HistoryRecord } from './model';

/** A record as stored: the analysis, and whose it is. */
export interface StoredRecord extends HistoryRecord {
  service: string;
  reportId: number;
  url: string;
  project?: string;
}

export interface HistoryDb extends DBSchema {
  records: {
    key: number;
    value: StoredRecord;
    indexes: { report: [string, number, number]; at: number; service: string };
  };
  /** Each report's latest checks, by owner (lib/issues/analyses.ts). */
  analyses: {
    key: [string, number];
    value: StoredAnalysis;
    /** `fails`: the analyses failing a check, by `"<owner> <check>"` (issues-summary.ts). */
    indexes: { owner: string; seen: [string, number]; fails: string };
  };
  /** Each owner's counts of its analyses, kept with them (issues-summary.ts). */
  summaries: {
    key: string;
    value: IssuesSummary;
  };
}

const DB_NAME = 'site-report-history';
export type Db = IDBPDatabase<HistoryDb>;
let opened: Promise<Db> | undefined;

function abortQuietly(tx: UpgradeTx) {
  try {
    tx.abort();
  } catch {
    // Already aborted by the request that failed.
  }
}

type UpgradeTx = IDBPTransaction<HistoryDb, StoreNames<HistoryDb>[], 'versionchange'>;

/** Version 3: each analysis with its failing checks' keys, and each owner's counts of them. */
async function summarize(tx: UpgradeTx): Promise<void> {
  const summaries = new Map<string, IssuesSummary>();
  let cursor = await tx.objectStore('analyses').openCursor();
  for (; cursor; cursor = await cursor.continue()) {
    const analysis = stored(cursor.value);
    let summary = summaries.get(analysis.owner);
    if (!summary) {
      summary = emptySummary(analysis.owner);
      summaries.set(analysis.owner, summary);
    }
    tally(summary, analysis, 1);
    await cursor.update(analysis);
  }
  for (const summary of summaries.values()) await tx.objectStore('summaries').put(summary);
}

/**
 * The database, opened once (version 2 added the analyses, version 3 their counts; what an older
 * version kept is kept).
 */
export function db(): Promise<Db> {
  opened ??= openDB<HistoryDb>(DB_NAME, 3, {
    upgrade(database, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        const records = database.createObjectStore('records', { autoIncrement: true });
        // A report's records by time; records of one time in the order they were written.
        records.createIndex('report', ['service', 'reportId', 'at']);
        records.createIndex('at', 'at');
        records.createIndex('service', 'service');
      }
      if (oldVersion < 2) {
        const analyses = database.createObjectStore('analyses', {
          keyPath: ['owner', 'reportId'],
        });
        analyses.createIndex('owner', 'owner');
        analyses.createIndex('seen', ['owner', 'seenAt']);
      }
      if (oldVersion < 3) {
        database.createObjectStore('summaries', { keyPath: 'owner' });
        tx.objectStore('analyses').createIndex('fails', 'fails', { multiEntry: true });
        // The open succeeds once this transaction has completed; a failure aborts it, all or none.
        summarize(tx).catch(() => abortQuietly(tx));
      }
    },
    // Another page (or the bench) opens a newer version or deletes the database: let it.
    blocking() {
      closeDb();
    },
  }).catch((error) => {
    opened = undefined;
    throw error;
  });
  return opened;
}

/** Closes the database; the next use opens it again (tests start each case afresh). */
export function closeDb(): void {
  const current = opened;
  opened = undefined;
  void current?.then(
    (database) => database.close(),
    () => undefined,
  );
}

/**
 * Runs `work` in `tx` until the transaction has completed; a failure midway aborts it, so that
 * nothing of it is kept (a transaction left to itself commits what was done before the failure).
 */
export async function allOrNone<T>(
  tx: { abort(): void; done: Promise<void> },
  work: () => Promise<T>,
): Promise<T> {
  try {
    const result = await work();
    await tx.done;
    return result;
  } catch (error) {
    tx.done.catch(() => undefined);
    try {
      tx.abort();
    } catch {
      // Already ended (aborted by the request that failed).
    }
    throw error;
  }
}
