// The database the history (history.ts) and the analyses kept (lib/issues/analyses.ts) share:
// one IndexedDB database, so that a report's records and its latest checks go together.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { HistoryRecord, KeptAnalysis } from './model';

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
    value: KeptAnalysis;
    indexes: { owner: string; seen: [string, number] };
  };
}

const DB_NAME = 'site-report-history';
export type Db = IDBPDatabase<HistoryDb>;
let opened: Promise<Db> | undefined;

/** The database, opened once (version 2 added the analyses; the records are kept). */
export function db(): Promise<Db> {
  opened ??= openDB<HistoryDb>(DB_NAME, 2, {
    upgrade(database, oldVersion) {
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
