// The service's storage: SQLite through better-sqlite3, with numbered migrations recorded in
// the database's `user_version`. Each API key is an account (stored by a hash of the key, never
// the key itself); projects and reports belong to an account.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

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

export class Store {
  readonly db: Database.Database;

  constructor(file: string) {
    if (file !== ':memory:' && !file.startsWith('file:'))
      mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    // SQLite's lower() and LIKE fold ASCII only; search must be case-insensitive for any letter.
    this.db.function('fold', { deterministic: true }, (text: unknown) =>
      typeof text === 'string' ? text.toLowerCase() : text,
    );
    migrate(this.db);
  }

  close(): void {
    this.db.close();
  }

  /** The account of an API key, created on its first use. */
  accountId(apiKey: string): number {
    const keyHash = hashApiKey(apiKey);
    this.db
      .prepare('INSERT INTO accounts (key_hash, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING')
      .run(keyHash, dbTime());
    const row = this.db.prepare('SELECT id FROM accounts WHERE key_hash = ?').get(keyHash) as {
      id: number;
    };
    return row.id;
  }

  /** When the account was made (its key's first use), as stored. */
  accountCreatedAt(accountId: number): string | undefined {
    const row = this.db.prepare('SELECT created_at FROM accounts WHERE id = ?').get(accountId) as
      | { created_at: string }
      | undefined;
    return row?.created_at;
  }

  listReports(accountId: number, query: ReportQuery): Page<ReportRow> {
    const where = ['r.account_id = @accountId'];
    const params: Record<string, unknown> = { accountId, limit: query.limit, offset: query.offset };
    if (query.search) {
      where.push('instr(fold(r.url), @search) > 0');
      params.search = query.search.toLowerCase();
    }
    if (query.project !== undefined) {
      where.push('p.name = @project');
      params.project = query.project;
    }
    if (query.result) {
      where.push('r.result = @result');
      params.result = query.result;
    }
    const from = `FROM reports r JOIN projects p ON p.id = r.project_id WHERE ${where.join(' AND ')}`;
    const direction = query.sort === 'asc' ? 'ASC' : 'DESC';
    const order = `${REPORT_SORT[query.sortBy]} ${direction}, r.id ${direction}`;
    const rows = this.db
      .prepare(`SELECT ${REPORT_COLUMNS} ${from} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
      .all(params) as ReportRow[];
    const { total } = this.db.prepare(`SELECT count(*) AS total ${from}`).get(params) as {
      total: number;
    };
    return { rows, total };
  }

  /** A report of any account (for its web page, where privacy decides what is shown). */
  findReport(id: number): ReportRow | undefined {
    return this.db
      .prepare(
        `SELECT ${REPORT_COLUMNS} FROM reports r JOIN projects p ON p.id = r.project_id WHERE r.id = ?`,
      )
      .get(id) as ReportRow | undefined;
  }

  getReport(accountId: number, id: number): ReportRow | undefined {
    const row = this.findReport(id);
    return row && row.account_id === accountId ? row : undefined;
  }

  createReport(accountId: number, report: NewReport): ReportRow {
    const now = dbTime();
    const createdAt = report.createdAt ?? now;
    const insert = this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO projects (account_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (account_id, name)
           DO UPDATE SET created_at = min(created_at, excluded.created_at)`,
        )
        .run(accountId, report.project, createdAt, createdAt);
      const project = this.db
        .prepare('SELECT id FROM projects WHERE account_id = ? AND name = ?')
        .get(accountId, report.project) as { id: number };
      const { analysis } = report;
      const info = this.db
        .prepare(
          `INSERT INTO reports (account_id, project_id, url, result, score, results, privacy,
             password_hash, generated_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
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
        );
      this.db
        .prepare('INSERT INTO report_creations (account_id, created_at) VALUES (?, ?)')
        .run(accountId, createdAt);
      return Number(info.lastInsertRowid);
    });
    return this.findReport(insert()) as ReportRow;
  }

  /** How many reports the account made from `since` (a stored time) on, deleted ones too. */
  reportsCreatedSince(accountId: number, since: string): number {
    const { count } = this.db
      .prepare(
        'SELECT count(*) AS count FROM report_creations WHERE account_id = ? AND created_at >= ?',
      )
      .get(accountId, since) as { count: number };
    return count;
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
    const params: unknown[] = [];
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
    this.db.prepare(`UPDATE reports SET ${sets.join(', ')} WHERE id = ?`).run(...params, id);
    return this.findReport(id) as ReportRow;
  }

  /** Deletes a report; a project left without reports goes with it. */
  deleteReport(accountId: number, id: number): boolean {
    return this.db.transaction(() => {
      const row = this.getReport(accountId, id);
      if (!row) return false;
      this.db.prepare('DELETE FROM reports WHERE id = ?').run(id);
      this.db
        .prepare(
          'DELETE FROM projects WHERE id = ? AND NOT EXISTS (SELECT 1 FROM reports WHERE project_id = ?)',
        )
        .run(row.project_id, row.project_id);
      return true;
    })();
  }

  listProjects(accountId: number, query: ProjectQuery): Page<ProjectRow> {
    const where = ['p.account_id = @accountId'];
    const params: Record<string, unknown> = { accountId, limit: query.limit, offset: query.offset };
    if (query.search) {
      where.push('instr(fold(p.name), @search) > 0');
      params.search = query.search.toLowerCase();
    }
    const from = `FROM projects p WHERE ${where.join(' AND ')}`;
    const direction = query.sort === 'asc' ? 'ASC' : 'DESC';
    const rows = this.db
      .prepare(
        `SELECT p.id, p.name, p.created_at, p.updated_at,
           (SELECT count(*) FROM reports r WHERE r.project_id = p.id) AS reports_count
         ${from} ORDER BY ${PROJECT_SORT[query.sortBy]} ${direction}, p.id ${direction}
         LIMIT @limit OFFSET @offset`,
      )
      .all(params) as ProjectRow[];
    const { total } = this.db.prepare(`SELECT count(*) AS total ${from}`).get(params) as {
      total: number;
    };
    return { rows, total };
  }

  /** Deletes a project and (by the foreign key's cascade) its reports. */
  deleteProject(accountId: number, name: string): boolean {
    const info = this.db
      .prepare('DELETE FROM projects WHERE account_id = ? AND name = ?')
      .run(accountId, name);
    return info.changes > 0;
  }
}

function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > MIGRATIONS.length) {
    throw new Error(
      `The database has schema version ${version}, newer than this service knows (${MIGRATIONS.length}). Use a newer service or another --db file.`,
    );
  }
  for (let next = version; next < MIGRATIONS.length; next++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[next] as string);
      db.pragma(`user_version = ${next + 1}`);
    })();
  }
}
