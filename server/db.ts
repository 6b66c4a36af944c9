// The service's storage: SQLite compiled to WebAssembly (node-sqlite3-wasm, so installing needs
// no native build), with numbered migrations recorded in the database's `user_version`. Each API key is an account (stored by a hash of the key, never
// the key itself); projects and reports belong to an account.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import sqlite, { type BindValues } from 'node-sqlite3-wasm';
import { type ClaimOptions, claimDatabaseFile, type FileClaim, type FileUser } from './file-lock';

// A CommonJS module whose exports Node's ESM loader cannot name: only its default import works.
const { Database } = sqlite;
type Database = InstanceType<typeof Database>;

export type Rating = 'good' | 'decent' | 'bad';
export type Privacy = 0 | 1 | 2;
export type SortOrder = 'asc' | 'desc';

/** Migrations in order; `user_version` holds how many have run. Never edit one that shipped. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    key_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
  );
  CREATE TABLE projects (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (account_id, name)
  );
  CREATE TABLE reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    result TEXT CHECK (result IN ('good', 'decent', 'bad')),
    score INTEGER CHECK (score BETWEEN 0 AND 100),
    results TEXT,
    privacy INTEGER NOT NULL DEFAULT 0 CHECK (privacy IN (0, 1, 2)),
    password_hash TEXT,
    generated_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX reports_account_id ON reports (account_id, id);
  CREATE INDEX reports_project_id ON reports (project_id);
  `,
  // Every report made, kept when the report is deleted: what a monthly quota counts.
  `
  CREATE TABLE report_creations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL
  );
  CREATE INDEX report_creations_account ON report_creations (account_id, created_at);
  INSERT INTO report_creations (account_id, created_at) SELECT account_id, created_at FROM reports;
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Timestamps are stored as Laravel stores them: UTC `YYYY-MM-DD HH:MM:SS`, whole seconds. */
export function dbTime(date: Date = new Date()): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** A stored timestamp as Laravel serialises it: `2026-11-20T09:15:02.000000Z`. */
export function apiTime(stored: string | null): string | null {
  return stored === null ? null : `${stored.replace(' ', 'T')}.000000Z`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export interface ReportRow {
  id: number;
  account_id: number;
  project_id: number;
  project: string;
  url: string;
  result: Rating | null;
  score: number | null;
  results: string | null;
  privacy: Privacy;
  password_hash: string | null;
  generated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProjectRow {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
  reports_count: number;
}

export interface Analysed {
  result: Rating;
  score: number;
  results: unknown;
  generatedAt: string;
}

export interface NewReport {
  url: string;
  project: string;
  privacy: Privacy;
  passwordHash: string | null;
  analysis: Analysed | null;
  createdAt?: string;
  updatedAt?: string;
}

export interface ReportQuery {
  search?: string;
  project?: string;
  result?: Rating;
  sortBy: 'id' | 'generated_at' | 'url' | 'result';
  sort: SortOrder;
  limit: number;
  offset: number;
}

export interface ProjectQuery {
  search?: string;
  sortBy: 'created_at' | 'project';
  sort: SortOrder;
  limit: number;
  offset: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

const REPORT_COLUMNS = `r.id, r.account_id, r.project_id, p.name AS project, r.url, r.result, r.score,
  r.results, r.privacy, r.password_hash, r.generated_at, r.created_at, r.updated_at`;

// Whitelisted ORDER BY expressions: user input only ever picks a key of these maps. Text sorts
// ignore letter case, as the case-insensitive collation of a MySQL-backed deployment does.
const REPORT_SORT = {
  id: 'r.id',
  generated_at: 'r.generated_at',
  url: 'fold(r.url)',
  result: 'r.result',
};
const PROJECT_SORT = { created_at: 'p.created_at', project: 'fold(p.name)' };

/** Named parameters as the library binds them: each key carries its `@` prefix. */
type Params = Record<`@${string}`, string | number | null>;

type Statement = ReturnType<Database['prepare']>;

/**
 * A connection that prepares each statement once and finalizes them all when it closes: the
 * library's WebAssembly memory is not garbage-collected, and preparing costs more than running.
 * The SQL texts are a bounded set (filters and sort orders only pick among fixed fragments).
 */
class Connection {
  private readonly db: Database;
  private readonly statements = new Map<string, Statement>();

  constructor(file: string) {
    this.db = new Database(file);
  }

  /** Runs a cached statement; one that failed is dropped, as the library leaves it unreset. */
  private use<T>(sql: string, step: (statement: Statement) => T): T {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    try {
      return step(statement);
    } catch (error) {
      this.statements.delete(sql);
      statement.finalize();
      throw error;
    }
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  function(name: string, fn: Parameters<Database['function']>[1]): void {
    this.db.function(name, fn, { deterministic: true });
  }

  run(sql: string, values?: BindValues) {
    return this.use(sql, (statement) => statement.run(values));
  }

  all<T>(sql: string, values?: BindValues): T[] {
    return this.use(sql, (statement) => statement.all(values) as unknown as T[]);
  }

  /** The first row, read to the statement's end: a statement left mid-way would keep its lock. */
  get<T>(sql: string, values?: BindValues): T | undefined {
    return this.all<T>(sql, values)[0];
  }

  /** The row of a query that always has one (a count, a row just written). */
  one<T>(sql: string, values?: BindValues): T {
    const row = this.get<T>(sql, values);
    if (row === undefined) throw new Error(`No row from ${sql}`);
    return row;
  }

  /** Runs `fn` in one transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(fn: () => T): T {
    this.db.exec('BEGIN');
    try {
      const result = fn();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  close(): void {
    for (const statement of this.statements.values()) statement.finalize();
    this.statements.clear();
    this.db.close();
  }
}

export interface StoreOptions extends ClaimOptions {
  /** How long a statement waits for another connection's lock (ms). Default 5000. */
  busyTimeoutMs?: number;
}

function describeUser(user: FileUser): string {
  if (user.pid === 0) return 'a process starting or stopping';
  return user.host === hostname() ? `process ${user.pid}` : `process ${user.pid} on ${user.host}`;
}

export class Store {
  private readonly db: Connection;
  private readonly claim: FileClaim | undefined;

  constructor(file: string, options: StoreOptions = {}) {
    if (file !== ':memory:') {
      mkdirSync(dirname(file), { recursive: true });
      this.claim = claimDatabaseFile(file, options);
    }
    let db: Connection | undefined;
    try {
      db = new Connection(file);
      // No WAL: the library's file system layer has no shared memory, so SQLite keeps its
      // rollback journal whatever is asked. Writers wait for a lock held by another connection.
      db.exec(`PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
      // SQLite's lower() and LIKE fold ASCII only; search must be case-insensitive for any letter.
      db.function('fold', (text) => (typeof text === 'string' ? text.toLowerCase() : text));
      migrate(db);
    } catch (error) {
      // The WebAssembly memory is not garbage-collected: a store that failed to open is closed.
      db?.close();
      this.claim?.release();
      throw this.claim && /database is locked/.test(String(error))
        ? lockedError(file, this.claim)
        : error;
    }
    this.db = db;
  }

  /** A lock left by a service that stopped mid-write was removed on open. */
  get staleLockRemoved(): boolean {
    return this.claim?.staleLockRemoved ?? false;
  }

  close(): void {
    this.db.close();
    this.claim?.release();
  }

  /** The account of an API key, created on its first use. */
  accountId(apiKey: string): number {
    const keyHash = hashApiKey(apiKey);
    this.db.run(
      'INSERT INTO accounts (key_hash, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
      [keyHash, dbTime()],
    );
    return this.db.one<{ id: number }>('SELECT id FROM accounts WHERE key_hash = ?', [keyHash]).id;
  }

  /** When the account was made (its key's first use), as stored. */
  accountCreatedAt(accountId: number): string | undefined {
    return this.db.get<{ created_at: string }>('SELECT created_at FROM accounts WHERE id = ?', [
      accountId,
    ])?.created_at;
  }

  listReports(accountId: number, query: ReportQuery): Page<ReportRow> {
    const where = ['r.account_id = @accountId'];
    // The library refuses a value its statement does not use: the count gets no page bounds.
    const params: Params = { '@accountId': accountId };
    if (query.search) {
      where.push('instr(fold(r.url), @search) > 0');
      params['@search'] = query.search.toLowerCase();
    }
    if (query.project !== undefined) {
      where.push('p.name = @project');
      params['@project'] = query.project;
    }
    if (query.result) {
      where.push('r.result = @result');
      params['@result'] = query.result;
    }
    const from = `FROM reports r JOIN projects p ON p.id = r.project_id WHERE ${where.join(' AND ')}`;
    const direction = query.sort === 'asc' ? 'ASC' : 'DESC';
    const order = `${REPORT_SORT[query.sortBy]} ${direction}, r.id ${direction}`;
    const rows = this.db.all<ReportRow>(
      `SELECT ${REPORT_COLUMNS} ${from} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
      { ...params, '@limit': query.limit, '@offset': query.offset },
    );
    const { total } = this.db.one<{ total: number }>(`SELECT count(*) AS total ${from}`, params);
    return { rows, total };
  }

  /** A report of any account (for its web page, where privacy decides what is shown). */
  findReport(id: number): ReportRow | undefined {
    return this.db.get<ReportRow>(
      `SELECT ${REPORT_COLUMNS} FROM reports r JOIN projects p ON p.id = r.project_id WHERE r.id = ?`,
      [id],
    );
  }

  getReport(accountId: number, id: number): ReportRow | undefined {
    const row = this.findReport(id);
    return row && row.account_id === accountId ? row : undefined;
  }

  createReport(accountId: number, report: NewReport): ReportRow {
    const now = dbTime();
    const createdAt = report.createdAt ?? now;
    const id = this.db.transaction(() => {
      this.db.run(
        `INSERT INTO projects (account_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (account_id, name)
         DO UPDATE SET created_at = min(created_at, excluded.created_at)`,
        [accountId, report.project, createdAt, createdAt],
      );
      const project = this.db.one<{ id: number }>(
        'SELECT id FROM projects WHERE account_id = ? AND name = ?',
        [accountId, report.project],
      );
      const { analysis } = report;
      const info = this.db.run(
        `INSERT INTO reports (account_id, project_id, url, result, score, results, privacy,
           password_hash, generated_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          accountId,
          project.id,
          report.url,
          analysis?.result ?? null,
          analysis?.score ?? null,
          analysis ? JSON.stringify(analysis.results) : null,
          report.privacy,
          report.passwordHash,
          analysis?.generatedAt ?? null,
          createdAt,
          report.updatedAt ?? analysis?.generatedAt ?? createdAt,
        ],
      );
      this.db.run('INSERT INTO report_creations (account_id, created_at) VALUES (?, ?)', [
        accountId,
        createdAt,
      ]);
      return Number(info.lastInsertRowid);
    });
    return this.findReport(id) as ReportRow;
  }

  /** How many reports the account made from `since` (a stored time) on, deleted ones too. */
  reportsCreatedSince(accountId: number, since: string): number {
    return this.db.one<{ count: number }>(
      'SELECT count(*) AS count FROM report_creations WHERE account_id = ? AND created_at >= ?',
      [accountId, since],
    ).count;
  }

  /** Applies the changes; `updated_at` moves only when something actually changed. */
  updateReport(
    id: number,
    changes: {
      privacy?: Privacy;
      passwordHash?: string | null;
      analysis?: Analysed | null;
      /** The address the analysis ended on. */
      url?: string;
    },
  ): ReportRow {
    const current = this.findReport(id);
    if (!current) throw new Error(`Report ${id} does not exist.`);
    const sets: string[] = [];
    const params: (string | number | null)[] = [];
    if (changes.url !== undefined && changes.url !== current.url) {
      sets.push('url = ?');
      params.push(changes.url);
    }
    if (changes.privacy !== undefined && changes.privacy !== current.privacy) {
      sets.push('privacy = ?');
      params.push(changes.privacy);
    }
    if (changes.passwordHash !== undefined && changes.passwordHash !== current.password_hash) {
      sets.push('password_hash = ?');
      params.push(changes.passwordHash);
    }
    if (changes.analysis !== undefined) {
      const { analysis } = changes;
      sets.push('result = ?', 'score = ?', 'results = ?', 'generated_at = ?');
      params.push(
        analysis?.result ?? null,
        analysis?.score ?? null,
        analysis ? JSON.stringify(analysis.results) : null,
        analysis?.generatedAt ?? null,
      );
    }
    if (sets.length === 0) return current;
    sets.push('updated_at = ?');
    params.push(dbTime());
    this.db.run(`UPDATE reports SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
    return this.findReport(id) as ReportRow;
  }

  /** Deletes a report; a project left without reports goes with it. */
  deleteReport(accountId: number, id: number): boolean {
    return this.db.transaction(() => {
      const row = this.getReport(accountId, id);
      if (!row) return false;
      this.db.run('DELETE FROM reports WHERE id = ?', [id]);
      this.db.run(
        'DELETE FROM projects WHERE id = ? AND NOT EXISTS (SELECT 1 FROM reports WHERE project_id = ?)',
        [row.project_id, row.project_id],
      );
      return true;
    });
  }

  listProjects(accountId: number, query: ProjectQuery): Page<ProjectRow> {
    const where = ['p.account_id = @accountId'];
    const params: Params = { '@accountId': accountId };
    if (query.search) {
      where.push('instr(fold(p.name), @search) > 0');
      params['@search'] = query.search.toLowerCase();
    }
    const from = `FROM projects p WHERE ${where.join(' AND ')}`;
    const direction = query.sort === 'asc' ? 'ASC' : 'DESC';
    const rows = this.db.all<ProjectRow>(
      `SELECT p.id, p.name, p.created_at, p.updated_at,
         (SELECT count(*) FROM reports r WHERE r.project_id = p.id) AS reports_count
       ${from} ORDER BY ${PROJECT_SORT[query.sortBy]} ${direction}, p.id ${direction}
       LIMIT @limit OFFSET @offset`,
      { ...params, '@limit': query.limit, '@offset': query.offset },
    );
    const { total } = this.db.one<{ total: number }>(`SELECT count(*) AS total ${from}`, params);
    return { rows, total };
  }

  /** Deletes a project and (by the foreign key's cascade) its reports. */
  deleteProject(accountId: number, name: string): boolean {
    const info = this.db.run('DELETE FROM projects WHERE account_id = ? AND name = ?', [
      accountId,
      name,
    ]);
    return info.changes > 0;
  }
}

/** Why the file cannot be opened, and what to do about it. */
function lockedError(file: string, claim: FileClaim): Error {
  const users = claim.others.map(describeUser);
  const who = users.length
    ? `another Site Report Service uses it (${users.join(', ')}): stop that service, or start this one with another --db FILE`
    : `another program holds its lock: close it, or start with another --db FILE`;
  return new Error(
    `The database ${file} is locked (${claim.lock} exists): ${who}. If nothing else uses the file any more, remove ${claim.lock} and start again.`,
  );
}

function migrate(db: Connection): void {
  const version = db.one<{ user_version: number }>('PRAGMA user_version').user_version;
  if (version > MIGRATIONS.length) {
    throw new Error(
      `The database has schema version ${version}, newer than this service knows (${MIGRATIONS.length}). Use a newer service or another --db file.`,
    );
  }
  for (let next = version; next < MIGRATIONS.length; next++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[next] as string);
      db.exec(`PRAGMA user_version = ${next + 1}`);
    });
  }
}
