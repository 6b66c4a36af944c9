import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { afterEach, describe, expect, it } from 'vitest';
import { api, start } from './helpers';

const { Database } = sqlite;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-report-privacy-'));
  dirs.push(dir);
  return join(dir, 'service.db');
}

function storedPassword(file: string, id: number): string | null {
  const db = new Database(file, { readOnly: true });
  try {
    return (
      db.get('SELECT password_hash FROM reports WHERE id = ?', [id]) as {
        password_hash: string | null;
      }
    ).password_hash;
  } finally {
    db.close();
  }
}

describe('report privacy', () => {
  it('stores a password only as a scrypt hash and never returns it', async () => {
    const file = tempDb();
    const service = await start({ db: file, serveSamples: true });
    const created = await api(service, 'POST', '/reports', {
      form: { url: `${service.url}/samples/good`, privacy: 2, password: 'correct horse' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ privacy: 2, password: true });
    expect(created.text).not.toContain('correct horse');
    const read = await api(service, 'GET', `/reports/${created.body.data.id}`);
    expect(read.body.data.password).toBe(true);
    expect(read.text).not.toContain('correct horse');

    const hash = storedPassword(file, created.body.data.id);
    expect(hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(hash).not.toContain('correct horse');
  });

  it('ignores a password for a public or private report', async () => {
    const service = await start({ serveSamples: true });
    const created = await api(service, 'POST', '/reports', {
      form: { url: `${service.url}/samples/good`, privacy: 1, password: 'unused' },
    });
    expect(created.body.data).toMatchObject({ privacy: 1, password: false });
  });

  it('keeps the password when privacy stays 2, replaces it when given, clears it on 0/1', async () => {
    const file = tempDb();
    const service = await start({ db: file });
    const [id] = (await service.seed([
      { url: 'https://secret.test/', result: 'good', privacy: 2, password: 'first' },
    ])) as [number];
    const firstHash = storedPassword(file, id);

    const kept = await api(service, 'PUT', `/reports/${id}`, { form: { privacy: 2 } });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ privacy: 2, password: true });
    expect(storedPassword(file, id)).toBe(firstHash);

    const replaced = await api(service, 'PUT', `/reports/${id}`, { form: { password: 'second' } });
    expect(replaced.body.data).toMatchObject({ privacy: 2, password: true });
    expect(storedPassword(file, id)).not.toBe(firstHash);

    const cleared = await api(service, 'PUT', `/reports/${id}`, { form: { privacy: 0 } });
    expect(cleared.body.data).toMatchObject({ privacy: 0, password: false });
    expect(storedPassword(file, id)).toBeNull();

    const again = await api(service, 'PUT', `/reports/${id}`, { form: { privacy: 2 } });
    expect(again.status).toBe(422);
    const protectedAgain = await api(service, 'PUT', `/reports/${id}`, {
      form: { privacy: 2, password: 'third' },
    });
    expect(protectedAgain.body.data).toMatchObject({ privacy: 2, password: true });
  });
});

describe('report web page', () => {
  async function page(url: string, init?: RequestInit) {
    const response = await fetch(url, init);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      html: await response.text(),
    };
  }

  it('shows a public report: url, rating, score and checks', async () => {
    const service = await start({ serveSamples: true });
    const created = await api(service, 'POST', '/reports', {
      form: { url: `${service.url}/samples/decent` },
    });
    const shown = await page(`${service.url}/reports/${created.body.data.id}`);
    expect(shown.status).toBe(200);
    expect(shown.type).toContain('text/html');
    expect(shown.html).toContain(`${service.url}/samples/decent`);
    expect(shown.html).toContain('decent');
    expect(shown.html).toContain('65/100');
    expect(shown.html).toContain('meta_description');
  });

  it('hides a private report as not found', async () => {
    const service = await start();
    const [id] = await service.seed([{ url: 'https://hidden.test/', result: 'good', privacy: 1 }]);
    const shown = await page(`${service.url}/reports/${id}`);
    expect(shown.status).toBe(404);
    expect(shown.html).not.toContain('hidden.test');
  });

  it('answers an unknown report as not found', async () => {
    const service = await start();
    expect((await page(`${service.url}/reports/12345`)).status).toBe(404);
  });

  it('asks for the password of a protected report and shows it only with the right one', async () => {
    const service = await start();
    const [id] = await service.seed([
      { url: 'https://locked.test/', result: 'bad', privacy: 2, password: 's3cret' },
    ]);
    const form = await page(`${service.url}/reports/${id}`);
    expect(form.status).toBe(200);
    expect(form.html).toContain('<form method="post"');
    expect(form.html).toContain('type="password"');
    expect(form.html).not.toContain('locked.test');

    const submit = (password: string) =>
      page(`${service.url}/reports/${id}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ password }).toString(),
      });
    const wrong = await submit('guess');
    expect(wrong.status).toBe(403);
    expect(wrong.html).toContain('The password is incorrect.');
    expect(wrong.html).not.toContain('locked.test');

    const right = await submit('s3cret');
    expect(right.status).toBe(200);
    expect(right.html).toContain('https://locked.test/');
  });

  it('escapes what it shows', async () => {
    const service = await start();
    const url = 'https://example.com/?q=<script>alert("x")</script>';
    const [id] = await service.seed([{ url, result: 'good' }]);
    const shown = await page(`${service.url}/reports/${id}`);
    expect(shown.html).not.toContain('<script>');
    expect(shown.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('says when a report is still being generated', async () => {
    const service = await start();
    const [id] = await service.seed([{ url: 'https://pending.test/', result: null }]);
    const shown = await page(`${service.url}/reports/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('being generated');
  });
});
