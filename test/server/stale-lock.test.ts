// A database file a killed process left locked: the service starts on it when no live service
// uses it, and otherwise says what to do without touching the lock.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../server/db';
import { claimDatabaseFile, STALE_LOCK_MS } from '../../server/file-lock';
import { startService } from '../../server/service';
import { api, KEY } from './helpers';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function databaseFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-report-lock-'));
  dirs.push(dir);
  return join(dir, 'site-report.db');
}

/** A lock directory as the file layer makes it, taken `age` ms ago. */
function leaveLock(file: string, age: number): string {
  const lock = `${file}.lock`;
  mkdirSync(lock);
  const then = new Date(Date.now() - age);
  utimesSync(lock, then, then);
  return lock;
}

/** Deletes every report in a transaction, then kills its own process before it commits. */
const KILLED_MID_WRITE = `
import sqlite from 'node-sqlite3-wasm';
const db = new sqlite.Database(process.argv[1]);
db.exec('BEGIN IMMEDIATE; DELETE FROM report_creations; DELETE FROM reports;');
process.kill(process.pid, 'SIGKILL');
`;

describe('a database file left locked', () => {
  it('starts on the file a process killed mid-write left, its unfinished write undone', async () => {
    const file = databaseFile();
    const first = await startService({ db: file, apiKeys: [KEY] });
    await first.seed([
      { url: 'https://kept.test/a', result: 'good' },
      { url: 'https://kept.test/b', result: 'bad' },
    ]);
    await first.close();

    const killed = spawnSync(process.execPath, [
      '--input-type=module',
      '-e',
      KILLED_MID_WRITE,
      file,
    ]);
    expect(killed.signal).toBe('SIGKILL');
    expect(existsSync(`${file}.lock`)).toBe(true);
    expect(existsSync(`${file}-journal`)).toBe(true);

    const lines: string[] = [];
    const second = await startService({
      db: file,
      apiKeys: [KEY],
      log: (line) => lines.push(line),
    });
    try {
      expect(lines[0]).toMatch(/^Removed .*site-report\.db\.lock, left by a process that stopped/);
      const reports = (await api(second, 'GET', '/reports')).body.data;
      expect(reports.map((report: { url: string }) => report.url).sort()).toEqual([
        'https://kept.test/a',
        'https://kept.test/b',
      ]);
      expect(existsSync(`${file}.lock`)).toBe(false);
    } finally {
      await second.close();
    }
    // A stopped service leaves no record of itself either.
    expect(existsSync(`${file}.services`)).toBe(false);
  });

  it('removes a lock whose recorded service has died', () => {
    const file = databaseFile();
    new Store(file).close();
    // A service that was killed: its record stays, its process is gone.
    const dead = claimDatabaseFile(file, { isAlive: () => true });
    const lock = leaveLock(file, STALE_LOCK_MS);
    const store = new Store(file, { isAlive: (pid) => pid !== process.pid });
    try {
      expect(store.staleLockRemoved).toBe(true);
      expect(existsSync(lock)).toBe(false);
      // The dead service's record went with it; only the open store's is left.
      expect(readdirSync(`${file}.services`)).toHaveLength(1);
    } finally {
      store.close();
      dead.release();
    }
  });

  it('leaves the lock of a live service alone and says what to do', () => {
    const file = databaseFile();
    new Store(file).close();
    const live = new Store(file);
    try {
      const lock = leaveLock(file, 60_000);
      expect(() => new Store(file, { busyTimeoutMs: 50 })).toThrow(
        `The database ${file} is locked (${lock} exists): another Site Report Service uses it (process ${process.pid}): stop that service, or start this one with another --db FILE. If nothing else uses the file any more, remove ${lock} and start again.`,
      );
      expect(existsSync(lock)).toBe(true);
      rmSync(lock, { recursive: true });
    } finally {
      live.close();
    }
    // The refused store left its record neither.
    expect(existsSync(`${file}.services`)).toBe(false);
  });

  it('waits for a lock held a moment ago and removes it only once it is stale', () => {
    const file = databaseFile();
    new Store(file).close();
    const lock = leaveLock(file, 0);
    let waited = 0;
    const claim = claimDatabaseFile(file, {
      sleep: (ms) => {
        waited += ms;
      },
      now: () => Date.now() + waited,
    });
    try {
      expect(claim.staleLockRemoved).toBe(true);
      expect(waited).toBeGreaterThanOrEqual(STALE_LOCK_MS - 50);
      expect(existsSync(lock)).toBe(false);
    } finally {
      claim.release();
    }
  });

  it('keeps a lock its reader lets go of while it is waited for', () => {
    const file = databaseFile();
    new Store(file).close();
    const lock = leaveLock(file, 0);
    const claim = claimDatabaseFile(file, { sleep: () => rmSync(lock, { recursive: true }) });
    try {
      expect(claim.staleLockRemoved).toBe(false);
    } finally {
      claim.release();
    }
  });
});
