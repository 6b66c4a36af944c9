import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { afterEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../server/db';
import { startService } from '../../server/service';
import { api, KEY, OTHER_KEY, start } from './helpers';

const { Database } = sqlite;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('storage', () => {
  it('keeps reports, projects and passwords across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-report-persist-'));
    dirs.push(dir);
    const file = join(dir, 'nested', 'site-report.db');
    const options = { db: file, apiKeys: [KEY, OTHER_KEY], serveSamples: true };

    const first = await startService(options);
    const created = await api(first, 'POST', '/reports', {
      form: { url: `${first.url}/samples/good`, privacy: 2, password: 'pw' },
    });
    expect(created.status).toBe(201);
    await first.seed([{ url: 'https://other.test/', result: 'bad' }], OTHER_KEY);
    const before = (await api(first, 'GET', '/reports')).body.data;
    await first.close();

    const second = await startService(options);
    try {
      const after = await api(second, 'GET', '/reports');
      expect(after.body.data).toEqual(before);
      expect((await api(second, 'GET', '/projects')).body.data).toHaveLength(1);
      expect((await api(second, 'GET', '/reports', { key: OTHER_KEY })).body.data).toHaveLength(1);
      // The password still opens the report's page, and only the password does.
      const unlock = (password: string) =>
        fetch(`${second.url}/reports/${created.body.data.id}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ password }).toString(),
        });
      expect((await unlock('wrong')).status).toBe(403);
      const unlocked = await unlock('pw');
      expect(unlocked.status).toBe(200);
      expect(await unlocked.text()).toContain(`${first.url}/samples/good`);
      // The next report gets the next id.
      const [next] = await second.seed([{ url: 'https://more.test/', result: 'good' }]);
      expect(next).toBe(created.body.data.id + 2);
    } finally {
      await second.close();
    }

    const db = new Database(file, { readOnly: true });
    try {
      expect(db.get('PRAGMA user_version')).toEqual({ user_version: SCHEMA_VERSION });
      // Keys are stored only as hashes.
      const accounts = db.all('SELECT key_hash FROM accounts') as { key_hash: string }[];
      expect(accounts).toHaveLength(2);
      for (const { key_hash } of accounts) {
        expect(key_hash).toMatch(/^[0-9a-f]{64}$/);
        expect([KEY, OTHER_KEY]).not.toContain(key_hash);
      }
    } finally {
      db.close();
    }
  });

  it('keeps two services on two files apart, and leaves no lock behind when they stop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-report-persist-'));
    dirs.push(dir);
    const files = [join(dir, 'one.db'), join(dir, 'two.db')] as const;
    const one = await start({ db: files[0] });
    const two = await start({ db: files[1] });
    await one.seed([{ url: 'https://one.test/', result: 'good' }]);
    await two.seed([
      { url: 'https://two.test/a', result: 'bad' },
      { url: 'https://two.test/b', result: 'decent' },
    ]);
    const urls = async (service: typeof one) =>
      (await api(service, 'GET', '/reports')).body.data.map(
        (report: { url: string }) => report.url,
      );
    expect(await urls(one)).toEqual(['https://one.test/']);
    expect(await urls(two)).toEqual(['https://two.test/b', 'https://two.test/a']);
    await Promise.all([one.close(), two.close()]);

    for (const [file, count] of [
      [files[0], 1],
      [files[1], 2],
    ] as const) {
      // The file layer locks by creating a directory beside the database; a stopped service
      // must not leave it, or the next start would find its database busy.
      expect(existsSync(`${file}.lock`)).toBe(false);
      const db = new Database(file, { readOnly: true });
      try {
        expect(db.get('SELECT count(*) AS n FROM reports')).toEqual({ n: count });
      } finally {
        db.close();
      }
    }
  });

  it('refuses a database from a newer version of the service', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-report-persist-'));
    dirs.push(dir);
    const file = join(dir, 'future.db');
    const db = new Database(file);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    await expect(startService({ db: file })).rejects.toThrow(/newer than this service knows/);
  });
});
